import SiftCore

/// A compiled `receipt:` section: what a creditable purchase looks like.
struct ReceiptPolicy: Sendable {
    enum AsOf: Sendable {
        /// The run's as-of time (`--as-of`, or now).
        case run
        case fixed(Int64)
        /// The receipt's own `request_date_ms`.
        case requestDate
    }

    /// Path of the verifyReceipt response in the record; nil for the record itself.
    let response: FieldPath?
    let orderField: FieldPath
    let userField: FieldPath
    /// When set, only the transaction whose id is in this record field is credited.
    let transactionField: FieldPath?
    let environments: Set<String>
    let sandboxUsers: Set<String>
    let bundleIDs: Set<String>
    let products: [String: ProductRule]
    let asOf: AsOf
    let grace: Bool
    /// The ledger file, if the policy keeps one.
    let ledger: String?
    let rule: Mark

    var responsePath: String { response?.description ?? "" }

    func path(_ suffix: String) -> String {
        responsePath.isEmpty ? suffix : "\(responsePath).\(suffix)"
    }
}
