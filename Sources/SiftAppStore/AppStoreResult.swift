import SiftCore
import SiftReceipts
import SiftJSON

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
        /// The signed facts a server keeps (`SignedFacts`): the buyer's token, the dates, the
        /// refund, the offer.
        public var facts = SignedFacts()
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
        /// `signedDate`: when Apple signed it, in milliseconds since 1970; order a subscription's
        /// notifications by it (they may arrive out of order).
        public var signedMs: Int64? = nil
        /// Delivered before (its `notificationUUID` was taken): act on it idempotently; Apple
        /// sends a notification again until the endpoint acknowledges it.
        public var redelivery = false
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
    public internal(set) var notification: Notification?
    /// The verified transaction (of a notification too), when there is one.
    public let transaction: Transaction?
    /// What the user is entitled to, for a verified transaction.
    public var entitlement: Entitlement? = nil
    /// The verified app transaction, for `kind` app_transaction (and RESCIND_CONSENT).
    public var appTransaction: AppTransaction? = nil
    /// True when the transaction may be credited: verified, every claim holds, not another
    /// buyer's. Grant idempotently by transaction id: a redelivery is creditable again.
    public internal(set) var creditable: Bool
    /// The same buyer had it credited before (a retry, or the same purchase by its other path).
    public internal(set) var redelivery: PriorArrival? = nil
    /// An arrival without an owner (a notification) claimed it first; this one bound it.
    public internal(set) var firstSeen: PriorArrival? = nil
    /// Transaction ids a REFUND or REVOKE notification marked refunded in the ledger.
    public let refunded: [String]

    /// The notification's action, for `kind` notification.
    public var action: NotificationAction? { notification?.action }

    /// The same result, as settled: credited (with what the settler found of earlier arrivals)
    /// or not, and a notification delivered before marked so.
    func settled(_ settled: Settled) -> AppStoreResult {
        var r = self
        let credited = settled.credited.first
        r.creditable = credited != nil
        r.redelivery = credited?.redelivery
        r.firstSeen = credited?.firstSeen
        if settled.repeated, var n = r.notification {
            n.redelivery = true
            r.notification = n
        }
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
            if let ms = n.signedMs { w.key("signed_ms"); w.int(Int(ms)) }
            if n.redelivery { w.field("redelivery", true) }
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
            t.facts.write(into: &w)
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
        if let r = redelivery {
            w.key("redelivery")
            r.write(into: &w)
        }
        if let f = firstSeen {
            w.key("first_seen")
            f.write(into: &w)
        }
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
