import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Reads transactions, reporting each value that cannot be parsed.
struct TransactionReader {
    var violations: [Violation] = []
    let rule: Mark
    let idFormat: ReceiptPolicy.TransactionIDFormat

    mutating func bad(_ field: String, _ reason: ReasonCode, _ message: Message, _ value: JSONValue?) {
        violations.append(Violation(field: field, reason: reason, message: message.localized, valueOf: value, rule: rule))
    }

    /// Elements of the lists read that are not objects (`receipt.purchase_malformed`).
    var malformedPurchases = 0

    /// Reads an `in_app`-style array: nil (with a violation) if it is not an array; empty if
    /// absent (and `required` is false) or null. An element that is not an object is reported
    /// with its index and skipped; the others are read.
    /// With `expiryOnly`, purchases are read only for what dates a subscription (product,
    /// expiry, cancellation); nothing else of them is checked and they are never credited.
    mutating func read(_ array: JSONValue?, at path: String, required: Bool, expiryOnly: Bool = false) -> [Transaction]? {
        guard let array, !array.isNull else {
            if required {
                bad(path, .Receipt.inAppMissing, M.inAppMissing(), array)
                return nil
            }
            return []
        }
        guard array.kind == .array else {
            bad(path, .Receipt.inAppMalformed, M.inAppMalformed(messages: ["kind": array.kind.kindMessage]), array)
            return nil
        }
        var out: [Transaction] = []
        for (i, item) in array.elements.enumerated() {
            let p = "\(path)[\(i)]"
            // An element read for expiry only dates nothing when it is not an object: skipped.
            if expiryOnly, item.kind != .object { continue }
            guard item.kind == .object else {
                bad(
                    p, .Receipt.purchaseMalformed, M.purchaseMalformed(messages: ["kind": item.kind.kindMessage]),
                    item)
                malformedPurchases += 1
                continue
            }
            if let t = expiryOnly ? expiryOnlyTransaction(item, at: p) : transaction(item, at: p) { out.append(t) }
        }
        return out
    }

    /// A purchase with every value checked. Returned whatever is wrong with it (so that its
    /// other problems are reported too), but only a well-formed one is ever credited.
    private mutating func transaction(_ item: JSONValue, at p: String) -> Transaction {
        let before = violations.count
        let product = item["product_id"]?.string
        if product == nil {
            bad("\(p).product_id", .Receipt.valueMalformed, M.productIDMissing(), item["product_id"])
        }
        var tid = AppleValue.text(item["transaction_id"])
        if tid == nil || !idFormat.accepts(tid!) {
            let rule = idFormat.rule(original: false)
            bad("\(p).transaction_id", .Receipt.transactionId, rule, item["transaction_id"])
            tid = nil
        }
        var otid = AppleValue.text(item["original_transaction_id"])
        if let o = otid, !idFormat.accepts(o) {
            let rule = idFormat.rule(original: true)
            bad("\(p).original_transaction_id", .Receipt.transactionId, rule, item["original_transaction_id"])
            otid = nil
        }
        var quantity: Int64 = 1
        switch AppleValue.int64(item["quantity"]) {
        case .value(let q) where q >= 1: quantity = q
        case .value:
            bad("\(p).quantity", .Receipt.quantity, M.quantity(), item["quantity"])
        case .absent:
            bad("\(p).quantity", .Receipt.quantityMalformed, M.quantityMissing(), item["quantity"])
        case .malformed:
            bad("\(p).quantity", .Receipt.quantityMalformed, M.quantityNotWhole(), item["quantity"])
        }
        let expires = millis(item, "expires_date_ms", p)
        let cancelled = millis(item, "cancellation_date_ms", p)
        if case .malformed = AppleValue.bool(item["is_trial_period"]) {
            bad("\(p).is_trial_period", .Receipt.valueMalformed, M.trialMalformed(), item["is_trial_period"])
        }
        var t = Transaction(
            path: p, productID: product, transactionID: tid, originalTransactionID: otid, quantity: quantity,
            expiresMs: expires.value, cancellationMs: cancelled.value,
            cancellationReason: AppleValue.text(item["cancellation_reason"]), isWellFormed: violations.count == before)
        t.originalMissing = AppleValue.text(item["original_transaction_id"]) == nil
        return t
    }

    /// A `latest_receipt_info` purchase under `expiry_only`: its product (nil when it has none:
    /// it then dates nothing) and its dates; only dates that cannot be read are reported.
    private mutating func expiryOnlyTransaction(_ item: JSONValue, at p: String) -> Transaction? {
        let before = violations.count
        let expires = millis(item, "expires_date_ms", p)
        let cancelled = millis(item, "cancellation_date_ms", p)
        guard let product = item["product_id"]?.string else { return nil }
        var t = Transaction(
            path: p, productID: product, transactionID: AppleValue.text(item["transaction_id"]), originalTransactionID: nil,
            quantity: 1, expiresMs: expires.value, cancellationMs: cancelled.value, cancellationReason: nil,
            isWellFormed: violations.count == before)
        t.creditable = false
        return t
    }

    /// A `_ms` date, with a violation when it is present but unreadable.
    mutating func millis(_ item: JSONValue, _ key: String, _ p: String) -> AppleField<Int64> {
        let v = item[key]
        let parsed = AppleValue.int64(v)
        if case .malformed = parsed {
            bad("\(p).\(key)", .Receipt.valueMalformed, M.notMillis(["key": key]), v)
        }
        return parsed
    }
}

private typealias M = ReceiptsMessages
