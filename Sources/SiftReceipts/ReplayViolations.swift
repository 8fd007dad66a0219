import SiftCore
import SiftMessages
import SiftConfig

/// The violations replay settling reports: a purchase another buyer holds, and one a refund took back.
enum ReplayViolations {
    static func replayed(_ t: Transaction, _ prior: Owner, original: Bool, _ rule: Mark, _ codes: ReplayCodes) -> Violation {
        let id = (original ? t.originalTransactionID : t.transactionID) ?? ""
        let key = original ? codes.originalField : codes.idField
        let account = CreditNote(prior.note)?.account
        let given = { (text: String?) in text.map(Message.verbatim) ?? M.none() }
        let who = M.owner(
            messages: [
                "order": given(prior.order), "user": given(prior.user), "account": account.map { M.ownerAccount(["token": $0]) } ?? .empty,
            ])
        return Violation(
            field: "\(t.path).\(key)", reason: codes.replayed,
            message: M.replayed(["key": key, "id": id], messages: ["who": who, "what": .localized(codes.replayedWhat)]).localized,
            value: id, rule: rule)
    }

    /// A purchase a REFUND or REVOKE notification marked: its own transaction, or (a
    /// non-consumable) its original, which another transaction's refund marked. The message names
    /// the transaction refunded and the one refused.
    static func markedRefunded(_ t: Transaction, _ mark: Owner, original: Bool, _ pending: ReceiptPending) -> Violation {
        let id = t.transactionID ?? ""
        let refunded = MarkNote(mark.note)?.transactionID
        let message: LocalizedText
        if !original || refunded == id {
            message = M.refundedMarked(["id": id]).localized
        } else {
            let other = refunded.map { M.otherTransaction(["id": $0]) } ?? M.someTransaction()
            let original = t.originalTransactionID ?? ""
            message = M.refusedForRefund(["id": id, "original": original], messages: ["other": other]).localized
        }
        return Violation(
            field: "\(t.path).\(pending.codes.idField)", reason: pending.codes.refunded, message: message, value: id, rule: pending.rule)
    }
}

private typealias M = ReceiptsMessages
