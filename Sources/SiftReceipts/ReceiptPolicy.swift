import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// A compiled `receipt:` section: what a creditable purchase looks like.
package struct ReceiptPolicy: Sendable {
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
    /// Which transactions replay detection remembers.
    let replay: ReplayScope
    /// Whether a re-delivery to the same order and user is allowed (`already_credited`) or a replay.
    let replayOwner: ReplayOwner
    /// Whether `latest_receipt_info` is credited, or read for subscription expiry only.
    let latestReceiptInfo: LatestReceiptInfoUse
    /// Whether a subscription purchase without `expires_date_ms` is expired or malformed.
    let missingExpiry: MissingExpiry
    /// Whether a response without `environment` may be read from `receipt.receipt_type`.
    let environmentFromReceiptType: Bool
    /// Whether refunded subscription periods still count toward their group's latest expiry.
    let refundedPeriodsCount: Bool
    /// Whether the good purchases of a list with a malformed element are credited.
    let malformedPurchases: MalformedPurchases
    /// Which ids bind a purchase to its first order and user.
    let replayKey: ReplayKey
    /// What a (original) transaction id must look like.
    let transactionIDFormat: TransactionIDFormat

    package enum ReplayKey: String, Sendable, CaseIterable {
        /// The transaction id only: a restored or family-shared purchase (same original, new
        /// transaction) may be credited to another user.
        case transaction
        /// Also the original transaction id of non-consumables and subscriptions.
        case transactionAndOriginal = "transaction_and_original"
    }

    enum TransactionIDFormat: String, Sendable, CaseIterable {
        /// Decimal digits, as the App Store sends them (at most 19).
        case decimal
        /// Any text of 1 to `maxTextBytes` bytes (masked ids, test environments). Compared exactly.
        case anyText = "any_text"

        static let maxTextBytes = 256

        func accepts(_ id: String) -> Bool {
            switch self {
            case .decimal: AppleValue.isDecimal(id)
            case .anyText: !id.isEmpty && id.utf8.count <= Self.maxTextBytes
            }
        }

        /// The rule a refused id breaks, for messages.
        func rule(original: Bool) -> Message {
            let what = original ? ReceiptsMessages.originalID() : ReceiptsMessages.transactionID()
            switch self {
            case .decimal: return ReceiptsMessages.idDecimal(messages: ["what": what])
            case .anyText: return ReceiptsMessages.idText(["max": "\(Self.maxTextBytes)"], messages: ["what": what])
            }
        }
    }

    enum MalformedPurchases: String, Sendable, CaseIterable {
        /// Claimed in the replay ledger (so they cannot be credited later), not credited.
        case notCreditable = "not_creditable"
        /// Credited as if the malformed element were not there (it is still reported).
        case creditOthers = "credit_others"
    }

    enum ReplayScope: String, Sendable, CaseIterable {
        /// Only credited transactions are remembered.
        case credited
        /// Every well-formed purchase of every record whose status is 0 is remembered.
        case everySeen = "every_seen"
    }

    package enum ReplayOwner: String, Sendable, CaseIterable {
        /// The same order and user may get a transaction again (`receipt.already_credited`).
        case orderAndUser = "order_and_user"
        /// Any second use is a replay, whoever makes it.
        case any
    }

    enum LatestReceiptInfoUse: String, Sendable, CaseIterable {
        case all
        /// Only for the expiry of subscriptions: never credited, nor checked for products or replays.
        case expiryOnly = "expiry_only"
    }

    enum MissingExpiry: String, Sendable, CaseIterable {
        case expired
        case malformed
    }
    let rule: Mark

    var responsePath: String { response?.description ?? "" }

    func path(_ suffix: String) -> String {
        responsePath.isEmpty ? suffix : "\(responsePath).\(suffix)"
    }
}
