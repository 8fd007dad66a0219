import SiftCore
import SiftJSON

/// An app version as Apple writes `originalApplicationVersion` and `CFBundleVersion`: numbers
/// separated by dots, compared number by number ("13" is after "2", "2" equals "2.0").
struct AppVersion: Sendable, Comparable, CustomStringConvertible {
    let parts: [Int]
    let description: String

    /// Nil unless `text` is one or more runs of digits separated by single dots.
    init?(_ text: String) {
        var parts: [Int] = []
        for piece in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !piece.isEmpty, piece.count <= 9, piece.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let n = Int(piece) else {
                return nil
            }
            parts.append(n)
        }
        self.parts = parts
        self.description = text
    }

    static func < (a: AppVersion, b: AppVersion) -> Bool {
        for i in 0..<max(a.parts.count, b.parts.count) {
            let x = i < a.parts.count ? a.parts[i] : 0, y = i < b.parts.count ? b.parts[i] : 0
            if x != y { return x < y }
        }
        return false
    }

    static func == (a: AppVersion, b: AppVersion) -> Bool { !(a < b) && !(b < a) }
}

/// A verified app transaction (`signedAppTransactionInfo`, from StoreKit's AppTransaction):
/// this app's bundle, an accepted `receiptType` (its environment), the app's Apple id in
/// Production, the original version and purchase date; with `paid_before_version`, whether
/// the user bought the app while it was paid.
struct AppTransactionCheck {
    let policy: AppStorePolicy
    let path: String

    func check(_ a: JSONValue, _ f: inout Findings) -> AppStoreResult.AppTransaction? {
        let p = policy
        p.checkBundle(a, at: path, what: ("the app transaction", "应用交易"), &f)
        let env = a["receiptType"]?.string
        if env == nil || !p.environments.contains(env!) {
            f.fail(
                "\(path).receiptType", .AppStore.environment,
                "the app transaction is from \(env ?? "no environment"); accepted: \(p.environments.sorted().joined(separator: ", "))",
                "应用交易环境为 \(env ?? "无")，允许的环境：\(p.environments.sorted().joined(separator: ", "))", a["receiptType"])
        }
        p.checkAppAppleID(a, environment: env, at: path, &f)
        let version = a["originalApplicationVersion"]?.string
        if version == nil || version!.isEmpty {
            malformed("originalApplicationVersion", "is missing or not text", "缺失或不是文本", a, &f)
        }
        let purchased = a["originalPurchaseDate"]?.integer.map(Int64.init)
        if purchased == nil { malformed("originalPurchaseDate", "is missing or not milliseconds since 1970", "缺失或不是毫秒时间戳", a, &f) }
        var preorder: Int64?
        if let v = a["preorderDate"], !v.isNull {
            preorder = v.integer.map(Int64.init)
            if preorder == nil { malformed("preorderDate", "is not milliseconds since 1970", "不是毫秒时间戳", a, &f) }
        }
        var paid: Bool?
        if let before = p.paidBeforeVersion, let version, !version.isEmpty {
            if let v = AppVersion(version) {
                paid = v < before
            } else {
                malformed(
                    "originalApplicationVersion", "'\(version)' is not numbers and dots, so it cannot be compared with \(before)",
                    "'\(version)' 不是以点分隔的数字，无法与 \(before) 比较", a, &f)
            }
        }
        guard let version, let purchased else { return nil }
        return AppStoreResult.AppTransaction(
            originalApplicationVersion: version, originalPurchaseMs: purchased, preorderMs: preorder, paidBuyer: paid)
    }

    private func malformed(_ key: String, _ en: String, _ zh: String, _ a: JSONValue, _ f: inout Findings) {
        f.fail("\(path).\(key)", .AppStore.claimMalformed, "\(key) \(en)", "\(key) \(zh)", a[key])
    }
}
