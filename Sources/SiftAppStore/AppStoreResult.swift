import SiftCore

/// What signed App Store data comes to (`verdict.appStore`): its kind, the verified
/// transaction and whether it may be credited, or the notification.
public struct AppStoreResult: StageOutput, Equatable {
    /// A verified transaction.
    public struct Transaction: Sendable, Equatable {
        /// The App Store product identifier.
        public let productID: String
        /// `consumable`, `non_consumable`, `auto_renewable` or `non_renewing`, when the product is known.
        public let type: String?
        /// The transaction id: credit each once.
        public let transactionID: String
        /// The first transaction of a subscription or restored purchase.
        public let originalTransactionID: String?
        /// How many were bought.
        public let quantity: Int64
        /// For a subscription: its expiry, in milliseconds since 1970.
        public let expiresMs: Int64?
    }

    /// A verified notification's type.
    public struct Notification: Sendable, Equatable {
        /// `notificationType`: `ONE_TIME_CHARGE`, `DID_RENEW`, `REFUND`, ...
        public let type: String
        /// `subtype`, when the notification has one.
        public let subtype: String?
        /// `notificationUUID`: each is taken once.
        public let uuid: String?
        /// What the server must do with it: credit, keep, revoke, refund, restore or inform.
        public let action: NotificationAction
    }

    /// A verified app transaction (`signedAppTransactionInfo`): who bought the app, and when.
    public struct AppTransaction: Sendable, Equatable {
        /// `originalApplicationVersion`: the build number (CFBundleVersion) the user first
        /// bought, except on macOS (CFBundleShortVersionString); always "1.0" in the sandbox.
        public let originalApplicationVersion: String
        /// `originalPurchaseDate`, in milliseconds since 1970.
        public let originalPurchaseMs: Int64
        /// `preorderDate`, when the app was pre-ordered.
        public let preorderMs: Int64?
        /// True when `originalApplicationVersion` is before `paid_before_version` (compared
        /// number by number); nil without that option.
        public let paidBuyer: Bool?
    }

    public var key: String { "app_store" }
    /// `transaction`, `renewal`, `notification` or `app_transaction`; in the elements of an
    /// API response (`field` with `[*]`) also `unverified`, for an element that failed verification.
    public let kind: String
    /// Where the signed data is (`signedTransactions[2]`), for the elements of an API response only.
    public var path: String? = nil
    /// `Production`, `Sandbox`, `Xcode` or `LocalTesting`, as signed.
    public let environment: String?
    /// The notification's type, for `kind` notification.
    public let notification: Notification?
    /// The verified transaction (of a notification too), when there is one.
    public let transaction: Transaction?
    /// What the user is entitled to, for a verified transaction.
    public var entitlement: Entitlement? = nil
    /// The verified app transaction, for `kind` app_transaction (and RESCIND_CONSENT).
    public var appTransaction: AppTransaction? = nil
    /// True when the transaction may be credited: verified, every claim holds, not a replay.
    public internal(set) var creditable: Bool
    /// Transaction ids a REFUND or REVOKE notification marked refunded in the ledger.
    public let refunded: [String]

    /// The notification's action, for `kind` notification.
    public var action: NotificationAction? { notification?.action }

    /// The same result, credited or not.
    func crediting(_ yes: Bool) -> AppStoreResult {
        var r = self
        r.creditable = yes
        return r
    }

    package func write(into w: inout JSONWriter) {
        w.beginObject()
        if let path { w.field("path", path) }
        w.field("kind", kind)
        if let environment { w.field("environment", environment) }
        if let n = notification {
            w.key("notification")
            w.beginObject()
            w.field("type", n.type)
            if let s = n.subtype { w.field("subtype", s) }
            if let u = n.uuid { w.field("uuid", u) }
            w.field("action", n.action.rawValue)
            w.endObject()
        }
        if let t = transaction {
            w.key("transaction")
            w.beginObject()
            w.field("product_id", t.productID)
            if let type = t.type { w.field("type", type) }
            w.field("transaction_id", t.transactionID)
            if let o = t.originalTransactionID { w.field("original_transaction_id", o) }
            w.key("quantity"); w.int(Int(t.quantity))
            if let e = t.expiresMs { w.key("expires_ms"); w.int(Int(e)) }
            w.endObject()
        }
        if let e = entitlement {
            w.key("entitlement")
            e.write(into: &w)
        }
        if let a = appTransaction {
            w.key("app_transaction")
            w.beginObject()
            w.field("original_application_version", a.originalApplicationVersion)
            w.key("original_purchase_ms"); w.int(Int(a.originalPurchaseMs))
            if let p = a.preorderMs { w.key("preorder_ms"); w.int(Int(p)) }
            if let b = a.paidBuyer { w.field("paid_buyer", b) }
            w.endObject()
        }
        w.field("creditable", creditable)
        if !refunded.isEmpty {
            w.key("refunded")
            w.beginArray()
            for id in refunded { w.string(id) }
            w.endArray()
        }
        w.endObject()
    }
}

/// The results of an API response's elements (`field` with `[*]`), in order; the result line
/// has them as a list under `app_store`.
public struct AppStoreResults: StageOutput, Equatable {
    public var key: String { "app_store" }
    /// One per element, each with its `path`.
    public let elements: [AppStoreResult]

    package func write(into w: inout JSONWriter) {
        w.beginArray()
        for e in elements { e.write(into: &w) }
        w.endArray()
    }
}

extension RecordVerdict {
    /// The signed transaction or notification, when an `app_store:` pack with a single `field`
    /// checked the record.
    public var appStore: AppStoreResult? { output(AppStoreResult.self) }
    /// Every element's result, when the pack's `field` has `[*]` (an API response); the one
    /// result otherwise.
    public var appStoreElements: [AppStoreResult] { output(AppStoreResults.self)?.elements ?? appStore.map { [$0] } ?? [] }
}
