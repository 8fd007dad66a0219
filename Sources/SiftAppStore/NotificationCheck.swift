import SiftCore
import SiftReceipts
import SiftJSON

/// An App Store Server Notification V2 (`signedPayload`), verified already: its shape, its
/// type and the action that type means, and the signed data inside it (transaction, renewal
/// info, app transaction), each verified with its own chain and agreeing with the body.
///
/// Only a `credit` notification's transaction is checked as a purchase to credit. Any other
/// notification is valid when it verifies, names this app and passes its own checks, whatever
/// state its transaction is in: that state is the entitlement, never a violation.
struct NotificationCheck {
    let stage: AppStoreStage
    /// Where the notification is: `signedPayload`, `notificationHistory[3].signedPayload`.
    let path: String
    var policy: AppStorePolicy { stage.policy }

    func evaluate(_ n: JSONValue, record: JSONValue, asOf: Int64, _ f: inout Findings) -> StageResult {
        let type = n["notificationType"]?.string ?? ""
        let subtype = n["subtype"]?.string
        let action = NotificationAction.of(type: type, subtype: subtype, overrides: policy.actions)
        if type.isEmpty {
            f.fail(
                "\(path).notificationType", .AppStore.claimMalformed, "the notification has no notificationType",
                "通知没有 notificationType", n["notificationType"])
        } else if let allowed = policy.notificationTypes, !allowed.contains(type), !allowed.contains(type + "." + (subtype ?? "")) {
            f.fail(
                "\(path).notificationType", .AppStore.notificationType,
                "notification \(type)\(subtype.map { "." + $0 } ?? "") is not in notification_types",
                "通知 \(type)\(subtype.map { "." + $0 } ?? "") 不在 notification_types 中", n["notificationType"])
        }
        let env = NotificationShape(policy: policy, path: path).check(n, type: type, subtype: subtype, &f)
        let data = n["data"]?.kind == .object ? n["data"] : nil
        let inner = verifyInner(n, data, asOf: asOf, &f)
        var purchase: Transaction?, productType: ProductType?, ok = false
        if let t = inner.transaction {
            if action == .credit {
                let claims = TransactionClaims(policy: policy, path: "\(path).data.signedTransactionInfo")
                (purchase, productType, ok) = claims.check(t, record: record, asOf: asOf, &f)
            } else {
                (purchase, productType) = TransactionClaims.read(t, policy: policy, path: "\(path).data.signedTransactionInfo")
            }
        }
        // A refund mark is made whenever its transaction verified and is this app's, whatever else
        // is wrong with the notification: a mark lost would let the refunded purchase be credited
        // later. A reversal lifts the marks only when the notification passed every check.
        let keys = refundKeys(inner.transaction)
        var note = AppStoreResult.Notification(type: type, subtype: subtype, uuid: n["notificationUUID"]?.string, action: action)
        note.signedMs = n["signedDate"]?.integer.map(Int64.init)
        var shown = stage.output(
            purchase, productType, inner.transaction, kind: "notification", environment: env, notification: note,
            refunded: action == .refund ? keys.filter { !$0.hasPrefix("r:o:") }.map { String($0.dropFirst(2)) } : [])
        shown.entitlement = inner.transaction.map {
            EntitlementRules.of(
                transaction: $0, renewal: inner.renewal, status: data?["status"]?.integer, type: type, subtype: subtype, asOf: asOf)
        }
        shown.appTransaction = inner.appTransaction
        var pending = stage.pending(
            action == .credit ? purchase : nil, productType, ok: ok && f.violations.isEmpty, record: record, shown: shown,
            account: inner.transaction?["appAccountToken"]?.string, via: "notification")
        if let uuid = note.uuid, !uuid.isEmpty { pending.once = ["n:" + uuid] }
        pending.entitlement = inner.transaction.flatMap {
            EntitlementRules.row(
                transaction: $0, renewal: inner.renewal, status: data?["status"]?.integer, notification: note, signedMs: note.signedMs,
                via: "notification")
        }
        if action == .refund || action == .restore, let id = inner.transaction?["transactionId"]?.string {
            // Without a signing time a refund is never lifted, and a reversal lifts nothing.
            let signed = n["signedDate"]?.integer.map(Int64.init) ?? (action == .refund ? Int64.max : Int64.min)
            pending.markNote = MarkNote(signedMs: signed, transactionID: id)
            if action == .refund { pending.marks = keys } else { pending.lifts = keys }
        }
        var result = StageResult(violations: f.violations, output: [shown])
        result.pending = pending
        return result
    }

    /// The signed data inside: each verified on its own and agreeing with the body.
    private func verifyInner(_ n: JSONValue, _ data: JSONValue?, asOf: Int64, _ f: inout Findings)
        -> (transaction: JSONValue?, renewal: JSONValue?, appTransaction: AppStoreResult.AppTransaction?)
    {
        var transaction: JSONValue?, renewal: JSONValue?, app: AppStoreResult.AppTransaction?
        if let signed = data?["signedTransactionInfo"] {
            let at = "\(path).data.signedTransactionInfo"
            transaction = stage.verified(signed, at: at, asOf: asOf, &f)
            if let t = transaction { agree(t, data, at: at, keys: ["bundleId", "environment"], &f) }
        }
        if let signed = data?["signedRenewalInfo"] {
            let at = "\(path).data.signedRenewalInfo"
            renewal = stage.verified(signed, at: at, asOf: asOf, &f)
            if let r = renewal {
                agree(r, data, at: at, keys: ["environment"], &f)
                stage.checkRenewal(r, at: at, &f)
                if let t = transaction, !AppStoreStage.sameSubscription(t, r, at: at, &f) { renewal = nil }
            }
        }
        if let appData = n["appData"], appData.kind == .object, let signed = appData["signedAppTransactionInfo"] {
            let at = "\(path).appData.signedAppTransactionInfo"
            if let a = stage.verified(signed, at: at, asOf: asOf, &f) {
                agree(a, appData, at: at, keys: ["bundleId"], &f)
                if a["receiptType"]?.string != appData["environment"]?.string {
                    mismatch(at, "receiptType", a["receiptType"], appData["environment"], &f)
                }
                app = AppTransactionCheck(policy: policy, path: at).check(a, &f)
            }
        }
        return (transaction, renewal, app)
    }

    /// The claims keys a refund marks and a reversal lifts: `r:<id>`, and `r:o:<original id>` for
    /// products bound by their original transaction. None unless the transaction is this app's.
    private func refundKeys(_ t: JSONValue?) -> [String] {
        guard let t, let id = t["transactionId"]?.string, t["bundleId"]?.string.map(policy.bundleIDs.contains) == true else { return [] }
        var keys = ["r:" + id]
        // A subscription's refund takes back the refunded period only; a non-consumable's, its original too.
        let locks = t["productId"]?.string.flatMap { policy.products[$0] }?.type.refundMarksOriginal == true
        if locks, policy.replayKey == .transactionAndOriginal, let original = t["originalTransactionId"]?.string {
            keys.append("r:o:" + original)
        }
        return keys
    }

    /// The inner signed data names the same `keys` as the body.
    private func agree(_ inner: JSONValue, _ body: JSONValue?, at path: String, keys: [String], _ f: inout Findings) {
        for key in keys where inner[key]?.string != body?[key]?.string {
            mismatch(path, key, inner[key], body?[key], &f)
        }
    }

    private func mismatch(_ path: String, _ key: String, _ inner: JSONValue?, _ body: JSONValue?, _ f: inout Findings) {
        let a = inner?.string, b = body?.string
        let name = path.hasSuffix("signedAppTransactionInfo") ? "appData" : "data"
        f.fail(
            "\(path).\(key)", .AppStore.innerMismatch,
            "the inner signed data says \(key) \(a ?? "(none)"), the notification's \(name) \(b ?? "(none)")",
            "内层签名数据的 \(key) 为 \(a ?? "无")，通知 \(name) 中为 \(b ?? "无")", inner)
    }
}
