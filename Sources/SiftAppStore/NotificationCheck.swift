import SiftCore
import SiftReceipts

/// An App Store Server Notification V2 (`signedPayload`), verified already: its type, its
/// `data` (bundle, environment, app), and the signed transaction and renewal info inside it,
/// each verified with its own chain and agreeing with `data`.
struct NotificationCheck {
    let stage: AppStoreStage
    var policy: AppStorePolicy { stage.policy }

    func evaluate(_ n: JSONValue, record: JSONValue, asOf: Int64, _ f: inout Findings) -> StageResult {
        let path = policy.field.description
        let type = n["notificationType"]?.string ?? ""
        let subtype = n["subtype"]?.string
        if let allowed = policy.notificationTypes, !allowed.contains(type), !allowed.contains(type + "." + (subtype ?? "")) {
            f.fail(
                "\(path).notificationType", .AppStore.notificationType,
                "notification \(type)\(subtype.map { "." + $0 } ?? "") is not in notification_types",
                "通知 \(type)\(subtype.map { "." + $0 } ?? "") 不在 notification_types 中", n["notificationType"])
        }
        let data = n["data"]
        let env = data?["environment"]?.string
        checkData(data, at: "\(path).data", &f)
        // The inner signed data, each verified on its own.
        var transaction: JSONValue?
        if let inner = data?["signedTransactionInfo"] {
            let at = "\(path).data.signedTransactionInfo"
            transaction = stage.verified(inner, at: at, asOf: asOf, &f)
            if let t = transaction { agree(t, data, at: at, bundle: true, &f) }
        }
        if let inner = data?["signedRenewalInfo"] {
            let at = "\(path).data.signedRenewalInfo"
            if let r = stage.verified(inner, at: at, asOf: asOf, &f) {
                agree(r, data, at: at, bundle: false, &f)
                stage.checkRenewal(r, at: at, &f)
            }
        }
        let refund = policy.refundTypes.contains(type) || policy.refundTypes.contains(type + "." + (subtype ?? ""))
        var purchase: Transaction?, productType: ProductType?, ok = false
        if let t = transaction, !refund {
            let claims = TransactionClaims(policy: policy, path: "\(path).data.signedTransactionInfo")
            (purchase, productType, ok) = claims.check(t, record: record, asOf: asOf, &f)
        }
        // A refund or revocation is recorded whenever its transaction verified and is this app's,
        // whatever else is wrong with the notification: a mark lost would let the refunded
        // purchase be credited later.
        var marks: [String] = []
        if refund, let t = transaction, let id = t["transactionId"]?.string, t["bundleId"]?.string.map(policy.bundleIDs.contains) == true {
            marks.append("r:" + id)
            let locks = t["productId"]?.string.flatMap { policy.products[$0] }?.type.locksOriginalTransaction == true
            if locks, policy.replayKey == .transactionAndOriginal, let original = t["originalTransactionId"]?.string {
                marks.append("r:o:" + original)
            }
        }
        let refunded = marks.filter { !$0.hasPrefix("r:o:") }.map { String($0.dropFirst(2)) }
        let note = AppStoreResult.Notification(type: type, subtype: subtype, uuid: n["notificationUUID"]?.string)
        let shown = stage.output(purchase, productType, kind: "notification", environment: env, notification: note, refunded: refunded)
        var pending = stage.pending(purchase, productType, ok: ok && f.violations.isEmpty, record: record, shown: shown)
        if let uuid = note.uuid {
            let seen = Violation(
                field: "\(path).notificationUUID", reason: .AppStore.notificationDuplicate,
                message: LocalizedText(en: "notification \(uuid) was received before", zh: "通知 \(uuid) 之前已收到"), value: uuid,
                rule: policy.rule)
            pending.once = [(key: "n:" + uuid, violation: seen)]
        }
        pending.marks = marks
        var result = StageResult(violations: f.violations, output: [shown])
        result.pending = pending
        return result
    }

    /// `data`: the app's bundle, an accepted environment, and (Production) the app's Apple id.
    private func checkData(_ data: JSONValue?, at path: String, _ f: inout Findings) {
        guard let data, data.kind == .object else {
            f.fail(path, .AppStore.claimMalformed, "the notification has no data object", "通知中没有 data 对象", data)
            return
        }
        let bundle = data["bundleId"]?.string
        if bundle == nil || !policy.bundleIDs.contains(bundle!) {
            f.fail(
                "\(path).bundleId", .AppStore.bundleId,
                "the notification is for another app (\(bundle ?? "none")); expected \(policy.bundleIDs.sorted().joined(separator: " or "))",
                "通知属于其他应用（\(bundle ?? "无")）；应为 \(policy.bundleIDs.sorted().joined(separator: " 或 "))", data["bundleId"])
        }
        let env = data["environment"]?.string
        if env == nil || !policy.environments.contains(env!) {
            f.fail(
                "\(path).environment", .AppStore.environment,
                "the notification is from \(env ?? "no environment"); accepted: \(policy.environments.sorted().joined(separator: ", "))",
                "通知环境为 \(env ?? "无")，允许的环境：\(policy.environments.sorted().joined(separator: ", "))", data["environment"])
        }
        if env == "Production", let want = policy.appAppleID, data["appAppleId"]?.integer.map(Int64.init) != want {
            f.fail(
                "\(path).appAppleId", .AppStore.appAppleId, "appAppleId is not \(want), this app's Apple id", "appAppleId 不是本应用的 \(want)",
                data["appAppleId"])
        }
    }

    /// The inner signed data names the same bundle (transactions) and environment as `data`.
    private func agree(_ inner: JSONValue, _ data: JSONValue?, at path: String, bundle: Bool, _ f: inout Findings) {
        for key in bundle ? ["bundleId", "environment"] : ["environment"] {
            let a = inner[key]?.string, b = data?[key]?.string
            if a != b {
                f.fail(
                    "\(path).\(key)", .AppStore.innerMismatch,
                    "the inner signed data says \(key) \(a ?? "(none)"), the notification's data \(b ?? "(none)")",
                    "内层签名数据的 \(key) 为 \(a ?? "无")，通知 data 中为 \(b ?? "无")", inner[key])
            }
        }
    }
}
