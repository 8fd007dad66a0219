import SiftCore
import SiftJSON

/// What a receipt allows: its status and the purchases that may be credited (`verdict.receipt`).
public struct ReceiptResult: StageOutput, Equatable {
    /// A purchase that may be credited to the record's order.
    public struct Purchase: Sendable, Equatable {
        /// The App Store product identifier.
        public let productID: String
        /// `consumable`, `non_consumable`, `auto_renewable` or `non_renewing`.
        public let type: String
        /// The purchase's transaction id: credit each once.
        public let transactionID: String
        /// The first transaction of a subscription or restored purchase.
        public let originalTransactionID: String?
        /// How many were bought.
        public let quantity: Int64
        /// For a subscription: until when it is active (ms since 1970).
        public let expiresMs: Int64?
        /// The same buyer had it credited before (a retry, or the same purchase by its other
        /// path): creditable again, to be granted idempotently by `transactionID`.
        public var redelivery: PriorArrival?
        /// An arrival without an owner (a notification) claimed it first; this one bound it.
        public var firstSeen: PriorArrival?

        /// A purchase with the given fields (for tests and hosts that build results).
        public init(
            productID: String, type: String, transactionID: String, originalTransactionID: String?, quantity: Int64,
            expiresMs: Int64?
        ) {
            self.productID = productID
            self.type = type
            self.transactionID = transactionID
            self.originalTransactionID = originalTransactionID
            self.quantity = quantity
            self.expiresMs = expiresMs
        }
    }

    public var key: String { "receipt" }
    /// Apple's status code (0 for a valid receipt).
    public let status: Int
    /// `Production` or `Sandbox`, when known.
    public let environment: String?
    /// True when Apple says asking again may succeed (21002, 21005, 21009, 211xx).
    public let retryable: Bool
    /// The purchases to credit; empty when nothing may be credited.
    public let creditable: [Purchase]

    package func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("status", status)
        if let environment { w.field("environment", environment) }
        w.field("retryable", retryable)
        w.key("creditable")
        w.beginArray()
        for p in creditable {
            w.beginObject()
            w.field("product_id", p.productID)
            w.field("type", p.type)
            w.field("transaction_id", p.transactionID)
            if let o = p.originalTransactionID { w.field("original_transaction_id", o) }
            w.key("quantity"); w.int(Int(p.quantity))
            if let e = p.expiresMs { w.key("expires_ms"); w.int(Int(e)) }
            if let r = p.redelivery {
                w.key("redelivery")
                r.write(into: &w)
            }
            if let f = p.firstSeen {
                w.key("first_seen")
                f.write(into: &w)
            }
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}

extension RecordVerdict {
    /// The receipt's status and creditable purchases, when a receipt pack checked the record.
    public var receipt: ReceiptResult? { output(ReceiptResult.self) }
}
