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
    }

    public var key: String { "app_store" }
    /// `transaction`, `renewal` or `notification`.
    public let kind: String
    /// `Production`, `Sandbox`, `Xcode` or `LocalTesting`, as signed.
    public let environment: String?
    /// The notification's type, for `kind` notification.
    public let notification: Notification?
    /// The verified transaction (of a notification too), when there is one.
    public let transaction: Transaction?
    /// True when the transaction may be credited: verified, every claim holds, not a replay.
    public let creditable: Bool
    /// Transaction ids a REFUND or REVOKE notification marked refunded in the ledger.
    public let refunded: [String]

    /// The same result, credited or not.
    func crediting(_ yes: Bool) -> AppStoreResult {
        AppStoreResult(
            kind: kind, environment: environment, notification: notification, transaction: transaction, creditable: yes,
            refunded: refunded)
    }

    package func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("kind", kind)
        if let environment { w.field("environment", environment) }
        if let n = notification {
            w.key("notification")
            w.beginObject()
            w.field("type", n.type)
            if let s = n.subtype { w.field("subtype", s) }
            if let u = n.uuid { w.field("uuid", u) }
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

extension RecordVerdict {
    /// The signed transaction or notification, when an `app_store:` pack checked the record.
    public var appStore: AppStoreResult? { output(AppStoreResult.self) }
}
