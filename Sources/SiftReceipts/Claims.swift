import SiftCore
import SiftMessages
import SiftConfig

// What replay detection works on, shared by the families that credit App Store purchases
// (`receipt:` and `app_store:`): one ledger, one key space (`t:<transaction id>`,
// `o:<original transaction id>`), so a purchase credited through one is a replay in the other.

/// One purchase: from `in_app` / `latest_receipt_info`, or a signed transaction.
package struct Transaction: Sendable {
    /// Where it is in the record: `receipt.receipt.in_app[0]`.
    package let path: String
    /// Nil when missing or not text (reported).
    package let productID: String?
    /// Nil when missing or not in the policy's id format (reported): such a purchase is never
    /// credited nor looked up for replays.
    package let transactionID: String?
    /// Nil when missing or malformed (a malformed one is reported).
    package let originalTransactionID: String?
    package let quantity: Int64
    package let expiresMs: Int64?
    package let cancellationMs: Int64?
    package let cancellationReason: String?
    /// False when one of its values could not be read (a violation says which): it is then
    /// still checked for product and refund, so every problem is reported, but never credited.
    package let isWellFormed: Bool
    /// False for a `latest_receipt_info` purchase read under `latest_receipt_info: expiry_only`:
    /// it only dates its subscription group.
    package var creditable = true
    /// True when there is no `original_transaction_id` at all (the stage decides whether that
    /// is a problem: it is where the original id binds the purchase).
    package var originalMissing = false

    package init(
        path: String, productID: String?, transactionID: String?, originalTransactionID: String?, quantity: Int64,
        expiresMs: Int64?, cancellationMs: Int64?, cancellationReason: String?, isWellFormed: Bool
    ) {
        self.path = path
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.quantity = quantity
        self.expiresMs = expiresMs
        self.cancellationMs = cancellationMs
        self.cancellationReason = cancellationReason
        self.isWellFormed = isWellFormed
    }
}

/// What settling found of a record's part, for its output.
package struct Settled: Sendable {
    /// The purchases credited (a redelivery among them, marked).
    package let credited: [Candidate]
    /// The record was delivered before: one of its once-keys was taken.
    package let repeated: Bool

    package init(credited: [Candidate], repeated: Bool) {
        self.credited = credited
        self.repeated = repeated
    }
}

/// A transaction that may be credited, once replays are ruled out.
package struct Candidate: Sendable {
    package let transaction: Transaction
    package let type: ProductType
    /// Set by the settler when the purchase was claimed before by the same buyer (a retry, or the
    /// same purchase by its other path): creditable again, marked `redelivery`.
    package var redelivery: PriorArrival?
    /// Set by the settler when an arrival without an owner claimed it first, and this one bound it.
    package var firstSeen: PriorArrival?

    package init(transaction: Transaction, type: ProductType) {
        self.transaction = transaction
        self.type = type
    }
}

/// The codes a family reports replays with (`receipt.replayed_transaction`, ...).
package struct ReplayCodes: Sendable {
    package let replayed: ReasonCode
    /// A transaction a notification marked refunded (`r:<id>` in the claims).
    package let refunded: ReasonCode
    /// How the family names the two ids in violations' fields and messages.
    package let idField: String
    package let originalField: String
    /// What was replayed, ending the message: "a replayed receipt" / "收据被重放".
    package let replayedWhat: LocalizedText

    package init(
        replayed: ReasonCode, refunded: ReasonCode, idField: String, originalField: String, replayedWhat: LocalizedText
    ) {
        self.replayed = replayed
        self.refunded = refunded
        self.idField = idField
        self.originalField = originalField
        self.replayedWhat = replayedWhat
    }

    static let receipt = ReplayCodes(
        replayed: .Receipt.replayedTransaction, refunded: .Receipt.refunded,
        idField: "transaction_id", originalField: "original_transaction_id",
        replayedWhat: ReceiptsMessages.replayedReceipt().localized)
}

/// What the settler needs to finish a record.
package struct ReceiptPending: Sendable {
    package let candidates: [Candidate]
    /// Purchases that cannot be credited (refunded, unknown product, malformed, expired) but
    /// are looked up so that a replay is reported beside their other problems; never claimed.
    package let lookedUp: [(transaction: Transaction, type: ProductType?)]
    package let replayKey: ReceiptPolicy.ReplayKey
    /// False when the record's candidates are only looked up (a replay is still reported), neither
    /// claimed nor credited: a purchase list with a malformed element, under `malformed_purchases:
    /// not_creditable`. Sent again without it, they are credited.
    package let creditable: Bool
    /// With `replay: every_seen`: every well-formed purchase of the record, to remember.
    package let seen: [Transaction]
    package let replayOwner: ReceiptPolicy.ReplayOwner
    package let order: String?
    package let user: String?
    package let rule: Mark
    /// The record's output, given what settling found: the purchases credited, and whether the
    /// record was delivered before (a once-key taken).
    package var output: @Sendable (_ settled: Settled) -> any StageOutput
    package var codes = ReplayCodes.receipt
    /// The buyer's `appAccountToken` (signed data only): it outranks `order` and `user`.
    package var account: String?
    /// How the purchase arrived, kept with its claim: `receipt`, `transaction`, `notification`,
    /// `api_response`.
    package var via = "receipt"
    /// Keys taken once (`n:<notificationUUID>`): one taken before makes the record a redelivery
    /// (Apple sends a notification again until it is acknowledged): its purchases are settled as
    /// any arrival (creditable again to the same buyer), its refund marks and lifts were made the
    /// first time. Taken when the record has no violation at all (a delivery that failed may come
    /// again and is then settled afresh).
    package var once: [String] = []
    /// Refund marks to record (`r:<id>`, `r:o:<original id>`): a purchase whose transaction
    /// (or bound original) is marked is never credited again.
    package var marks: [String] = []
    /// Refund marks to lift (REFUND_REVERSED): claimed keys removed, when the record has no
    /// violation at all and is not a repeated delivery.
    package var lifts: [String] = []
    /// The refund (for `marks`) or the reversal (for `lifts`): its signing time and transaction.
    package var markNote: MarkNote?
    /// The entitlement the record's verified signed data gives (App Store): written to the ledger,
    /// with the buyer's ids, when the record has no violation, a delivery made again too.
    package var entitlement: EntitlementRow?

    /// True when what the record writes depends on keys it only reads, which a block of another
    /// run could write beside its own (write skew): refund marks and their lifts (every credit
    /// reads marks), and once-keys taken only when the purchases it looks up show no problem. Its
    /// block is then alone (`ClaimsStore.blockAlone()`). Everything else a record reads and
    /// decides on, it also claims, and the claims' unique keys decide races.
    package var needsBlockAlone: Bool { !marks.isEmpty || !lifts.isEmpty || (!once.isEmpty && !lookedUp.isEmpty) }

    package init(
        candidates: [Candidate], lookedUp: [(transaction: Transaction, type: ProductType?)], replayKey: ReceiptPolicy.ReplayKey,
        creditable: Bool, seen: [Transaction], replayOwner: ReceiptPolicy.ReplayOwner, order: String?, user: String?, rule: Mark,
        output: @escaping @Sendable (_ settled: Settled) -> any StageOutput
    ) {
        self.candidates = candidates
        self.lookedUp = lookedUp
        self.replayKey = replayKey
        self.creditable = creditable
        self.seen = seen
        self.replayOwner = replayOwner
        self.order = order
        self.user = user
        self.rule = rule
        self.output = output
    }
}

/// Several purchases' pending parts in one record, each settled on its own (the elements of
/// an App Store Server API response: `signedTransactions[*]`): a repeated notification or a
/// replay in one element leaves the others as they are.
package struct ReceiptPendingList: Sendable {
    /// Each element's part and how many of the stage's violations (in order) are its own.
    package let parts: [(pending: ReceiptPending, violations: Int)]
    /// The record's output, given each part's settled output in order.
    package let combine: @Sendable (_ outputs: [any StageOutput]) -> any StageOutput

    package init(
        parts: [(pending: ReceiptPending, violations: Int)], combine: @escaping @Sendable (_ outputs: [any StageOutput]) -> any StageOutput
    ) {
        self.parts = parts
        self.combine = combine
    }
}

/// What a refund mark remembers of the refund that made it, so that a reversal lifts only the
/// marks of its own transaction's refund signed before it (or at the same time): a reversal delivered again after a
/// second refund of the same transaction leaves the second mark alone, and reversing one
/// transaction's refund leaves the original's mark another transaction's refund made.
package struct MarkNote: Sendable, Equatable {
    /// The notification's `signedDate`, in milliseconds.
    package let signedMs: Int64
    package let transactionID: String

    package init(signedMs: Int64, transactionID: String) {
        self.signedMs = signedMs
        self.transactionID = transactionID
    }

    /// As kept in the claims: `<signedMs> <transaction id>`.
    package var text: String { "\(signedMs) \(transactionID)" }

    package init?(_ text: String?) {
        guard let parts = text?.split(separator: " ", maxSplits: 1), parts.count == 2, let ms = Int64(parts[0]) else { return nil }
        self.init(signedMs: ms, transactionID: String(parts[1]))
    }

    /// Whether this reversal lifts the mark at `key` noted `note`: the same transaction's,
    /// signed before it. A mark without a note (kept by an older Sift) is lifted when it is the
    /// transaction's own (`r:<id>`), never an original's.
    package func lifts(_ note: String?, key: String) -> Bool {
        guard let made = MarkNote(note) else { return key == "r:" + transactionID }
        return made.transactionID == transactionID && made.signedMs <= signedMs
    }
}
