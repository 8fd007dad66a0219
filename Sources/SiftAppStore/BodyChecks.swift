import SiftCore
import SiftJSON

extension AppStorePolicy {
    /// `bundleId` of `body` is one of `bundle_id`; `what` names the data in messages
    /// ("the notification", "the app transaction").
    func checkBundle(_ body: JSONValue, at path: String, what: (en: String, zh: String), _ f: inout Findings) {
        let bundle = body["bundleId"]?.string
        guard bundle == nil || !bundleIDs.contains(bundle!) else { return }
        f.fail(
            "\(path).bundleId", .AppStore.bundleId,
            "\(what.en) is for another app (\(bundle ?? "none")); expected \(bundleIDs.sorted().joined(separator: " or "))",
            "\(what.zh)属于其他应用（\(bundle ?? "无")）；应为 \(bundleIDs.sorted().joined(separator: " 或 "))", body["bundleId"])
    }

    /// In Production, `appAppleId` of `body` is `app_apple_id` (Apple sends none in the sandbox).
    func checkAppAppleID(_ body: JSONValue, environment: String?, at path: String, _ f: inout Findings) {
        guard environment == "Production", let want = appAppleID, body["appAppleId"]?.integer.map(Int64.init) != want else { return }
        f.fail(
            "\(path).appAppleId", .AppStore.appAppleId, "appAppleId is not \(want), this app's Apple id", "appAppleId 不是本应用的 \(want)",
            body["appAppleId"])
    }
}
