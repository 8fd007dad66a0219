import SiftCore
import SiftMessages
import SiftConfig

/// The violations replay settling reports: a purchase another buyer holds, and one a refund took back.
enum ReplayViolations {
    static func replayed(_ t: Transaction, _ prior: Owner, original: Bool, _ rule: Mark, _ codes: ReplayCodes) -> Violation {
        let id = (original ? t.originalTransactionID : t.transactionID) ?? ""
        let key = original ? codes.originalField : codes.idField
        let account = CreditNote(prior.note)?.account
        let who = "order \(prior.order ?? "(none)"), user \(prior.user ?? "(none)")" + (account.map { ", appAccountToken \($0)" } ?? "")
        let whoZH = "订单 \(prior.order ?? "无")、用户 \(prior.user ?? "无")" + (account.map { "、appAccountToken \($0)" } ?? "")
        return Violation(
            field: "\(t.path).\(key)", reason: codes.replayed,
            message: LocalizedText(
                en: "\(key) \(id) was already credited to \(who): \(codes.replayedWhat.en)",
                zh: "\(key) \(id) 已入账给 \(whoZH)：\(codes.replayedWhat.zh)"),
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
            message = LocalizedText(
                en: "transaction \(id) was refunded or revoked (a REFUND or REVOKE notification)",
                zh: "交易 \(id) 已退款或撤销（REFUND 或 REVOKE 通知）")
        } else {
            let other = refunded.map { "transaction \($0)" } ?? "a transaction"
            let otherZH = refunded.map { "交易 \($0)" } ?? "某笔交易"
            let original = t.originalTransactionID ?? ""
            message = LocalizedText(
                en: "transaction \(id) is refused: \(other) of the same purchase (original transaction \(original)) was refunded "
                    + "or revoked (a REFUND or REVOKE notification)",
                zh: "交易 \(id) 被拒绝：同一购买（原始交易 \(original)）的\(otherZH)已退款或撤销（REFUND 或 REVOKE 通知）")
        }
        return Violation(
            field: "\(t.path).\(pending.codes.idField)", reason: pending.codes.refunded, message: message, value: id, rule: pending.rule)
    }
}
