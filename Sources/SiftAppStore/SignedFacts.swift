import SiftCore
import SiftReceipts
import SiftJSON

extension AppStoreResult {
    /// What a server keeps of a verified transaction besides its ids (Apple's
    /// JWSTransactionDecodedPayload), each present when the transaction has it.
    public struct SignedFacts: Sendable, Equatable {
        /// `appAccountToken`, lower-cased: the account the app bound the purchase to.
        public var appAccountToken: String?
        /// `signedDate`: when Apple signed the transaction.
        public var signedMs: Int64?
        /// `purchaseDate`: when this transaction was bought (a renewal: when it renewed).
        public var purchaseMs: Int64?
        /// `originalPurchaseDate`: when the original transaction was bought.
        public var originalPurchaseMs: Int64?
        /// `revocationDate`: when Apple refunded or revoked it.
        public var revocationMs: Int64?
        /// `revocationReason`: 1 an issue in the app, 0 another reason.
        public var revocationReason: Int?
        /// `webOrderLineItemId`: the subscription period, the same across devices.
        public var webOrderLineItemID: String?
        /// `offerType`: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
        public var offerType: Int?
        /// `offerIdentifier`: the promotional offer or offer code's reference name.
        public var offerIdentifier: String?
        /// `offerDiscountType`: `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`.
        public var offerDiscountType: String?
        /// `offerPeriod`: the offer's duration, ISO 8601 (`P1M`).
        public var offerPeriod: String?

        /// No facts (hosts that build results).
        public init() {}

        /// The facts of a verified transaction's payload.
        init(_ t: JSONValue) {
            func ms(_ key: String) -> Int64? { t[key]?.integer.map(Int64.init) }
            appAccountToken = t["appAccountToken"]?.string?.lowercased()
            signedMs = ms("signedDate")
            purchaseMs = ms("purchaseDate")
            originalPurchaseMs = ms("originalPurchaseDate")
            revocationMs = ms("revocationDate")
            revocationReason = t["revocationReason"]?.integer
            webOrderLineItemID = t["webOrderLineItemId"]?.string
            offerType = t["offerType"]?.integer
            offerIdentifier = t["offerIdentifier"]?.string
            offerDiscountType = t["offerDiscountType"]?.string
            offerPeriod = t["offerPeriod"]?.string
        }

        /// The facts as fields of the result line's `transaction` object (docs/OUTPUT.md).
        package func write(into w: inout JSONWriter) {
            if let a = appAccountToken { w.field("app_account_token", a) }
            for (key, value) in [
                ("signed_ms", signedMs), ("purchase_ms", purchaseMs), ("original_purchase_ms", originalPurchaseMs),
                ("revocation_ms", revocationMs),
            ] {
                if let value {
                    w.key(key)
                    w.int(Int(value))
                }
            }
            if let r = revocationReason { w.key("revocation_reason"); w.int(r) }
            if let id = webOrderLineItemID { w.field("web_order_line_item_id", id) }
            if let o = offerType { w.key("offer_type"); w.int(o) }
            if let o = offerIdentifier { w.field("offer_identifier", o) }
            if let o = offerDiscountType { w.field("offer_discount_type", o) }
            if let o = offerPeriod { w.field("offer_period", o) }
        }
    }
}

extension AppStoreResult.Transaction {
    /// The result's transaction: the purchase as read, and the facts of its payload.
    init(_ t: SiftReceipts.Transaction, type: ProductType?, payload: JSONValue?) {
        self.init(
            productID: t.productID ?? "", type: type?.rawValue, transactionID: t.transactionID ?? "",
            originalTransactionID: t.originalTransactionID, quantity: t.quantity, expiresMs: t.expiresMs)
        if let payload { facts = AppStoreResult.SignedFacts(payload) }
    }
}
