import SiftCore
import SiftReceipts
import SiftJSON

extension AppStoreResult {
    /// What the user is entitled to after this transaction (or notification): the product, its
    /// state and dates, from the signed transaction, the renewal info and the notification's
    /// `data.status`, as Apple's documentation defines them (docs/APP-STORE.md, "Entitlements").
    public struct Entitlement: Sendable, Equatable {
        /// Where the subscription (or purchase) stands: what the server should grant.
        public enum State: String, Sendable, CaseIterable {
            /// Paid for and within its period (or a purchase that does not expire).
            case active
            /// Billing failed; Apple keeps retrying and the service stays on until `graceExpiresMs`.
            case gracePeriod = "grace_period"
            /// Billing failed, with no grace period left: Apple keeps retrying, the service may stop.
            case billingRetry = "billing_retry"
            /// The period ended and did not renew.
            case expired
            /// Revoked: Family Sharing taken away, or Apple revoked it (`data.status` 5).
            case revoked
            /// Refunded (`revocationDate`, or a REFUND notification).
            case refunded
        }

        /// The App Store product identifier.
        public let productID: String
        /// Where it stands.
        public let state: State
        /// The end of the paid period (`expiresDate`), in milliseconds since 1970.
        public let expiresMs: Int64?
        /// The end of the billing grace period (`gracePeriodExpiresDate`).
        public let graceExpiresMs: Int64?
        /// `autoRenewStatus` of the renewal info: whether it renews (false keeps access until expiry).
        public let autoRenew: Bool?
        /// `expirationIntent` of the renewal info: 1 cancelled, 2 billing error, 3 price increase not
        /// agreed, 4 product not available, 5 other.
        public let expirationIntent: Int?
        /// What it was computed from, in order: `expires_ms` or `grace_expires_ms` (the run's as-of
        /// time is past that date, whatever Apple said when it signed), `status` (Apple's word when
        /// it signed), `notification` (the type), `renewal_info`, `transaction`.
        public let sources: [String]

        package func write(into w: inout JSONWriter) {
            w.beginObject()
            w.field("product_id", productID)
            w.field("state", state.rawValue)
            if let e = expiresMs { w.key("expires_ms"); w.int(Int(e)) }
            if let g = graceExpiresMs { w.key("grace_expires_ms"); w.int(Int(g)) }
            if let a = autoRenew { w.field("auto_renew", a) }
            if let i = expirationIntent { w.key("expiration_intent"); w.int(i) }
            w.key("from")
            w.beginArray()
            for s in sources { w.string(s) }
            w.endArray()
            w.endObject()
        }
    }
}

/// The entitlement rules, pure: the same inputs give the same state.
enum EntitlementRules {
    /// `data.status` of notifications and of Get All Subscription Statuses.
    static let statuses: [Int: AppStoreResult.Entitlement.State] = [
        1: .active, 2: .expired, 3: .billingRetry, 4: .gracePeriod, 5: .revoked,
    ]

    /// The entitlement of a verified transaction `t`, with its verified renewal info `renewal`,
    /// the `status` beside it and the notification's type; the dates are compared with `asOf`.
    ///
    /// In order: a refund or revocation (the transaction's `revocationDate`, a REFUND or REVOKE
    /// notification, status 5); then Apple's `status` and what the notification type says
    /// (EXPIRED, GRACE_PERIOD_EXPIRED, DID_FAIL_TO_RENEW with and without GRACE_PERIOD), both
    /// Apple's word when it signed; then
    /// the dates: before `expiresDate` active; after it, in billing retry (renewal info's
    /// `isInBillingRetryPeriod`) a grace period while `gracePeriodExpiresDate` is ahead, otherwise
    /// billing retry; otherwise expired. A purchase without `expiresDate` is active.
    static func of(
        transaction t: JSONValue, renewal: JSONValue?, status: Int?, type: String?, subtype: String?, asOf: Int64
    ) -> AppStoreResult.Entitlement {
        var sources = ["transaction"]
        let expires = t["expiresDate"]?.integer.map(Int64.init)
        let grace = renewal?["gracePeriodExpiresDate"]?.integer.map(Int64.init)
        if renewal != nil { sources.insert("renewal_info", at: 0) }
        func state() -> AppStoreResult.Entitlement.State {
            let revoked = t["revocationDate"].map { !$0.isNull } == true
            if type == "REFUND" { sources.insert("notification", at: 0); return .refunded }
            if type == "REVOKE" { sources.insert("notification", at: 0); return .revoked }
            if revoked { return t["inAppOwnershipType"]?.string == "FAMILY_SHARED" ? .revoked : .refunded }
            if let status, let s = statuses[status] { sources.insert("status", at: 0); return s }
            if let s = byType(type, subtype) { sources.insert("notification", at: 0); return s }
            guard let expires else { return .active }
            if expires > asOf { return .active }
            if renewal?["isInBillingRetryPeriod"]?.bool == true { return (grace ?? Int64.min) > asOf ? .gracePeriod : .billingRetry }
            return .expired
        }
        var s = state()
        // Apple's word (`status`, the notification's type) holds when it signed; a run as of a later
        // time than the paid period's end says the period is over, naming the date that ended it.
        // As the dates alone would say (the same rules as `state()`): in billing retry a grace period
        // while `gracePeriodExpiresDate` is ahead, then billing retry; otherwise expired.
        let retrying = renewal?["isInBillingRetryPeriod"]?.bool == true
        if s == .active, let expires, expires <= asOf {
            s = retrying ? ((grace ?? Int64.min) > asOf ? .gracePeriod : .billingRetry) : .expired
            sources.insert("expires_ms", at: 0)
        } else if s == .gracePeriod, let grace, grace <= asOf {
            // Only a known end of the grace period ends it.
            s = retrying ? .billingRetry : .expired
            sources.insert("grace_expires_ms", at: 0)
        }
        return AppStoreResult.Entitlement(
            productID: t["productId"]?.string ?? "", state: s, expiresMs: expires, graceExpiresMs: grace,
            autoRenew: renewal?["autoRenewStatus"]?.integer.map { $0 == 1 }, expirationIntent: renewal?["expirationIntent"]?.integer,
            sources: sources)
    }

    /// What the notification type alone says of the state, when it says anything.
    private static func byType(_ type: String?, _ subtype: String?) -> AppStoreResult.Entitlement.State? {
        switch (type, subtype) {
        case ("EXPIRED", _), ("GRACE_PERIOD_EXPIRED", _): return .expired
        case ("DID_FAIL_TO_RENEW", "GRACE_PERIOD"): return .gracePeriod
        case ("DID_FAIL_TO_RENEW", nil): return .billingRetry
        default: return nil
        }
    }
}

extension EntitlementRules {
    /// The ledger's row for verified transaction `t` (`EntitlementRow`): the state Apple's word
    /// gives as of `signedMs`, when it signed (the store compares each later read with the dates),
    /// or nil without a transaction id.
    static func row(
        transaction t: JSONValue, renewal: JSONValue?, status: Int?, notification: AppStoreResult.Notification?, signedMs: Int64?,
        via: String
    ) -> EntitlementRow? {
        guard let id = t["transactionId"]?.string else { return nil }
        let signed = signedMs ?? t["signedDate"]?.integer.map(Int64.init) ?? 0
        let e = of(transaction: t, renewal: renewal, status: status, type: notification?.type, subtype: notification?.subtype, asOf: signed)
        var row = EntitlementRow(
            originalTransactionID: t["originalTransactionId"]?.string ?? id, transactionID: id, productID: e.productID,
            account: t["appAccountToken"]?.string?.lowercased(), state: e.state.rawValue, expiresMs: e.expiresMs,
            graceExpiresMs: e.graceExpiresMs, billingRetry: renewal?["isInBillingRetryPeriod"]?.bool == true, autoRenew: e.autoRenew,
            signedMs: signed, via: via)
        if let n = notification {
            row.notificationUUID = n.uuid
            row.notificationType = n.type + (n.subtype.map { "." + $0 } ?? "")
        }
        return row
    }
}
