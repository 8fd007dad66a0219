import SiftCore
import SiftReceipts
import SiftJSON
import SiftMessages
import SiftConfig

/// The violations of one record, each pointing at the section's rule.
struct Findings {
    let rule: Mark
    var violations: [Violation] = []

    mutating func fail(_ field: String, _ reason: ReasonCode, _ en: String, _ zh: String, _ value: JSONValue? = nil) {
        violations.append(Violation(field: field, reason: reason, message: LocalizedText(en: en, zh: zh), valueOf: value, rule: rule))
    }
}

/// A verified transaction's claims against the policy: every claim that fails is reported.
struct TransactionClaims {
    let policy: AppStorePolicy
    /// Where the transaction is, for violations' fields: `signed_transaction`, or
    /// `notification.data.signedTransactionInfo`.
    let path: String

    /// The purchase (nil when it has no usable transaction id) and whether every claim holds.
    func check(_ t: JSONValue, record: JSONValue, asOf: Int64, _ f: inout Findings) -> (Transaction?, ProductType?, ok: Bool) {
        let p = policy
        let before = f.violations.count
        let bundle = text(t, "bundleId", &f)
        if let bundle, !p.bundleIDs.contains(bundle) {
            f.fail(
                "\(path).bundleId", .AppStore.bundleId,
                "the transaction is for another app (\(bundle)); expected \(p.bundleIDs.sorted().joined(separator: " or "))",
                "交易属于其他应用（\(bundle)）；应为 \(p.bundleIDs.sorted().joined(separator: " 或 "))", t["bundleId"])
        }
        checkEnvironment(t, &f)
        let product = text(t, "productId", &f)
        let rule = product.flatMap { p.products[$0] }
        if let product, rule == nil {
            f.fail(
                "\(path).productId", .AppStore.productUnknown, "product \(product) is not in the allowlist",
                "商品 \(product) 不在允许列表中", t["productId"])
        }
        if let rule, let typeText = text(t, "type", &f), AppStorePolicy.types[typeText] != rule.type {
            f.fail(
                "\(path).type", .AppStore.productType, "the transaction's type is \(typeText); the product is \(rule.type.rawValue)",
                "交易类型为 \(typeText)；该商品为 \(rule.type.rawValue)", t["type"])
        }
        let id = text(t, "transactionId", &f)
        let original = t["originalTransactionId"]?.string
        let quantity = checkQuantity(t, &f)
        let expires = millis(t, "expiresDate", &f)
        if let revoked = millis(t, "revocationDate", &f) {
            let reason = t["revocationReason"]?.integer.map { $0 == 1 ? "an issue in the app" : "another reason" } ?? "no reason given"
            f.fail(
                "\(path).revocationDate", .AppStore.refunded,
                "transaction \(id ?? "") was refunded or revoked at \(CivilTime.isoTime(revoked)) (\(reason))",
                "交易 \(id ?? "") 已于 \(CivilTime.isoTime(revoked)) 退款或撤销", t["revocationDate"])
        }
        if rule?.type == .autoRenewable { checkExpiry(expires, asOf: asOf, t, &f) }
        checkOwnership(t, record: record, &f)
        checkLists(t, &f)
        let purchase = id.map {
            Transaction(
                path: path, productID: product, transactionID: $0, originalTransactionID: original, quantity: quantity ?? 1,
                expiresMs: expires, cancellationMs: nil, cancellationReason: nil, isWellFormed: true)
        }
        return (purchase, rule?.type, f.violations.count == before)
    }

    private func checkEnvironment(_ t: JSONValue, _ f: inout Findings) {
        guard let env = text(t, "environment", &f), !policy.environments.contains(env) else { return }
        f.fail(
            "\(path).environment", .AppStore.environment,
            "the transaction is from \(env); accepted: \(policy.environments.sorted().joined(separator: ", "))",
            "交易环境为 \(env)，允许的环境：\(policy.environments.sorted().joined(separator: ", "))", t["environment"])
    }

    private func checkQuantity(_ t: JSONValue, _ f: inout Findings) -> Int64? {
        guard let v = t["quantity"] else { return 1 }
        guard let q = v.integer.map(Int64.init) else {
            f.fail("\(path).quantity", .AppStore.claimMalformed, "quantity is not a whole number", "quantity 不是整数", v)
            return nil
        }
        if q < policy.quantityMin || policy.quantityMax.map({ q > $0 }) == true {
            let bounds = "\(policy.quantityMin)" + (policy.quantityMax.map { " to \($0)" } ?? " or more")
            f.fail("\(path).quantity", .AppStore.quantity, "quantity \(q) is outside \(bounds)", "数量 \(q) 超出范围 \(bounds)", v)
        }
        return q
    }

    private func checkExpiry(_ expires: Int64?, asOf: Int64, _ t: JSONValue, _ f: inout Findings) {
        guard let expires else {
            if t["expiresDate"] == nil {
                f.fail(
                    "\(path).expiresDate", .AppStore.claimMalformed, "a subscription transaction needs expiresDate",
                    "订阅交易缺少 expiresDate")
            }
            return
        }
        let until = expires &+ policy.graceSeconds &* 1000
        if until <= asOf {
            f.fail(
                "\(path).expiresDate", .AppStore.subscriptionExpired,
                "the subscription expired at \(CivilTime.isoTime(expires))"
                    + (policy.graceSeconds > 0 ? " (grace \(policy.graceSeconds) s)" : "") + ", before \(CivilTime.isoTime(asOf))",
                "订阅已于 \(CivilTime.isoTime(expires)) 过期，早于 \(CivilTime.isoTime(asOf))", t["expiresDate"])
        }
    }

    private func checkOwnership(_ t: JSONValue, record: JSONValue, _ f: inout Findings) {
        if !policy.familySharedAccepted, t["inAppOwnershipType"]?.string == "FAMILY_SHARED" {
            f.fail(
                "\(path).inAppOwnershipType", .AppStore.familyShared, "a family-shared purchase is not accepted (family_shared: refuse)",
                "不接受家人共享的购买（family_shared: refuse）", t["inAppOwnershipType"])
        }
        if let field = policy.accountTokenField { checkAccountToken(t, field, record: record, &f) }
    }

    /// `appAccountToken` equals the record's `account_token_field` (case aside). A record without
    /// the field fails under `account_token: required` and is not checked under `when_present`;
    /// a field that is there but not text (null, a number) fails under both.
    private func checkAccountToken(_ t: JSONValue, _ field: FieldPath, record: JSONValue, _ f: inout Findings) {
        let value = field.first(in: record)
        let want = value?.string?.lowercased()
        let got = t["appAccountToken"]?.string?.lowercased()
        func fail(_ en: String, _ zh: String, _ v: JSONValue?) { f.fail("\(path).appAccountToken", .AppStore.accountToken, en, zh, v) }
        if value == nil {
            guard policy.accountToken == .required else { return }
            fail(
                "the record has no \(field) to bind the purchase to (account_token: required)",
                "记录中没有 \(field)，无法绑定购买（account_token: required）", nil)
        } else if want == nil {
            fail("the record's \(field) is not text, so the purchase cannot be bound to it", "记录的 \(field) 不是文本，无法绑定购买", value)
        } else if got == nil {
            fail(
                "the transaction has no appAccountToken to bind it to the record's \(field)", "交易没有 appAccountToken，无法与记录的 \(field) 绑定",
                t["appAccountToken"])
        } else if got != want {
            fail(
                "appAccountToken differs from the record's \(field): bought by another account",
                "appAccountToken 与记录的 \(field) 不同：由其他账户购买", t["appAccountToken"])
        }
    }

    private func checkLists(_ t: JSONValue, _ f: inout Findings) {
        if let allowed = policy.storefronts, let s = t["storefront"]?.string ?? Optional(""), !allowed.contains(s) {
            f.fail(
                "\(path).storefront", .AppStore.storefront, "storefront '\(s)' is not in \(allowed.sorted().joined(separator: ", "))",
                "店面 '\(s)' 不在 \(allowed.sorted().joined(separator: ", ")) 中", t["storefront"])
        }
        if let allowed = policy.transactionReasons, let r = t["transactionReason"]?.string ?? Optional(""), !allowed.contains(r) {
            f.fail(
                "\(path).transactionReason", .AppStore.transactionReason,
                "transactionReason '\(r)' is not in \(allowed.sorted().joined(separator: ", "))",
                "transactionReason '\(r)' 不在 \(allowed.sorted().joined(separator: ", ")) 中", t["transactionReason"])
        }
        if !policy.upgradedAccepted, t["isUpgraded"]?.bool == true {
            f.fail(
                "\(path).isUpgraded", .AppStore.upgraded,
                "the subscription was upgraded: the higher level's transaction is credited instead",
                "该订阅已升级：应入账更高级别的交易", t["isUpgraded"])
        }
    }

    /// The transaction as it is, for a notification that does not credit it: no claim checked.
    static func read(_ t: JSONValue, policy: AppStorePolicy, path: String) -> (Transaction?, ProductType?) {
        guard let id = t["transactionId"]?.string, !id.isEmpty else { return (nil, nil) }
        let product = t["productId"]?.string
        let purchase = Transaction(
            path: path, productID: product, transactionID: id, originalTransactionID: t["originalTransactionId"]?.string,
            quantity: t["quantity"]?.integer.map(Int64.init) ?? 1, expiresMs: t["expiresDate"]?.integer.map(Int64.init),
            cancellationMs: nil,
            cancellationReason: nil, isWellFormed: true)
        return (purchase, product.flatMap { policy.products[$0]?.type })
    }

    /// A text claim, reported when present but not text, or missing.
    private func text(_ t: JSONValue, _ key: String, _ f: inout Findings) -> String? {
        if let s = t[key]?.string, !s.isEmpty { return s }
        f.fail("\(path).\(key)", .AppStore.claimMalformed, "\(key) is missing or not text", "缺少 \(key) 或不是文本", t[key])
        return nil
    }

    /// A date claim in milliseconds: nil when absent; reported when present but not a whole number.
    private func millis(_ t: JSONValue, _ key: String, _ f: inout Findings) -> Int64? {
        guard let v = t[key], !v.isNull else { return nil }
        guard v.kind == .number, let ms = v.integer else {
            f.fail("\(path).\(key)", .AppStore.claimMalformed, "\(key) is not milliseconds since 1970", "\(key) 不是毫秒时间戳", v)
            return nil
        }
        return Int64(ms)
    }
}
