import SiftCore
import SiftJSON

/// The shape of a verified notification, as Apple's responseBodyV2DecodedPayload defines it:
/// a non-empty `notificationUUID`; exactly one of `data`, `summary`, `externalPurchaseToken` and
/// `appData`, the one its type carries; `data.signedTransactionInfo` for every documented type
/// that concerns a transaction; and a body naming this app, an accepted environment and (in
/// Production) the app's Apple id. Each failure is `app_store.claim_malformed` (or the bundle,
/// environment and app id codes) at its exact field.
struct NotificationShape {
    let policy: AppStorePolicy
    /// Where the notification is: `signedPayload`, `notificationHistory[3].signedPayload`.
    let path: String

    static let bodies = ["data", "summary", "externalPurchaseToken", "appData"]

    /// Types whose `data` carries no transaction: TEST, and the Advanced Commerce API's own
    /// (whose contents Apple does not list).
    static let withoutTransaction: Set<String> = ["TEST", "METADATA_UPDATE", "MIGRATION", "PRICE_CHANGE"]

    /// The body `type` carries; nil for a type Apple does not document (any one body).
    static func body(type: String, subtype: String?) -> String? {
        if type == "RENEWAL_EXTENSION" && subtype == "SUMMARY" { return "summary" }
        if type == "EXTERNAL_PURCHASE_TOKEN" { return "externalPurchaseToken" }
        if type == "RESCIND_CONSENT" { return "appData" }
        return NotificationAction.knownTypes.contains(type) ? "data" : nil
    }

    /// Checks the shape; returns the body's environment (for the result).
    func check(_ n: JSONValue, type: String, subtype: String?, _ f: inout Findings) -> String? {
        if n["notificationUUID"]?.string.map({ !$0.isEmpty }) != true {
            f.fail(
                "\(path).notificationUUID", .AppStore.claimMalformed,
                "notificationUUID is missing, empty or not text: the notification cannot be taken once",
                "notificationUUID 缺失、为空或不是文本：无法保证通知只处理一次", n["notificationUUID"])
        }
        let named = type + (subtype.map { "." + $0 } ?? "")
        let present = Self.bodies.filter { n[$0] != nil }
        let want = Self.body(type: type, subtype: subtype)
        if present.count != 1 {
            let has = present.isEmpty ? "none" : present.joined(separator: ", ")
            f.fail(
                path, .AppStore.claimMalformed,
                "a notification carries exactly one of data, summary, externalPurchaseToken and appData; this \(named) has \(has)",
                "通知只能带 data、summary、externalPurchaseToken、appData 中的一个；此 \(named) 通知带有 \(present.isEmpty ? "无" : has)")
        } else if let want, present[0] != want {
            f.fail(
                "\(path).\(present[0])", .AppStore.claimMalformed, "a \(named) notification carries \(want), not \(present[0])",
                "\(named) 通知应带 \(want)，而不是 \(present[0])", nil)
        }
        var environment: String?
        for name in present {
            environment = environment ?? checkBody(n[name]!, name, &f)
        }
        if want == "data", !Self.withoutTransaction.contains(type), let data = n["data"], data.kind == .object,
            data["signedTransactionInfo"] == nil
        {
            f.fail(
                "\(path).data.signedTransactionInfo", .AppStore.claimMalformed,
                "a \(named) notification carries data.signedTransactionInfo; this one has none",
                "\(named) 通知应带 data.signedTransactionInfo，此通知没有", nil)
        }
        return environment
    }

    /// The body names this app, an accepted environment and (Production) the app's Apple id.
    /// An external purchase token has no environment: a `SANDBOX` id is Sandbox, as Apple's
    /// library reads it.
    private func checkBody(_ body: JSONValue, _ name: String, _ f: inout Findings) -> String? {
        let at = "\(path).\(name)"
        guard body.kind == .object else {
            f.fail(at, .AppStore.claimMalformed, "the notification's \(name) is not an object", "通知的 \(name) 不是对象", body)
            return nil
        }
        policy.checkBundle(body, at: at, what: ("the notification", "通知"), &f)
        let env: String?
        if name == "externalPurchaseToken" {
            env = body["externalPurchaseId"]?.string.map { $0.hasPrefix("SANDBOX") ? "Sandbox" : "Production" }
        } else {
            env = body["environment"]?.string
        }
        if env == nil || !policy.environments.contains(env!) {
            f.fail(
                "\(at).\(name == "externalPurchaseToken" ? "externalPurchaseId" : "environment")", .AppStore.environment,
                "the notification is from \(env ?? "no environment"); accepted: \(policy.environments.sorted().joined(separator: ", "))",
                "通知环境为 \(env ?? "无")，允许的环境：\(policy.environments.sorted().joined(separator: ", "))",
                name == "externalPurchaseToken" ? body["externalPurchaseId"] : body["environment"])
        }
        policy.checkAppAppleID(body, environment: env, at: at, &f)
        return env
    }
}
