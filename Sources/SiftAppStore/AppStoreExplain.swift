import SiftCore
import SiftMessages

extension AppStoreStage {
    /// `sift explain` of the section: each check in the order it is made, with its codes.
    func explain(_ language: Language) -> String {
        let p = policy
        let zh = language == .zh
        func line(_ en: String, _ zhText: String) -> String { "  - " + (zh ? zhText : en) }
        let envs = p.environments.sorted().joined(separator: zh ? " 或 " : " or ")
        let bundles = p.bundleIDs.sorted().joined(separator: zh ? " 或 " : " or ")
        let products = p.products.keys.sorted().map { "\($0) (\(p.products[$0]!.type.rawValue))" }.joined(separator: ", ")
        let time =
            p.validationTime == .signedDate
            ? (zh ? "签名时间（signedDate，精确到秒）" : "its signedDate (whole seconds)") : (zh ? "评估时间" : "the as-of time")
        var lines = [
            (zh ? "App Store 签名数据，位置 \(p.field)（\(p.rule)）：" : "App Store signed data at \(p.field) (\(p.rule)):")
                + (p.field.hasWildcard
                    ? (zh ? "每个元素单独检查、单独入账：" : " each element checked and credited on its own") : ""),
            line(
                "at most \(p.maxTokenBytes) bytes; three base64url parts; JSON objects without repeated keys "
                    + "[app_store.too_large, app_store.malformed_segments, app_store.malformed_base64, app_store.malformed_json]",
                "最多 \(p.maxTokenBytes) 字节；三段 base64url；JSON 对象且键不重复 "
                    + "[app_store.too_large, app_store.malformed_segments, app_store.malformed_base64, app_store.malformed_json]"),
            line(
                "alg ES256 only; no jwk, jku or x5u; x5c of exactly 3 certificates [app_store.algorithm, app_store.header_key, app_store.x5c]",
                "只接受 alg ES256；不接受 jwk、jku、x5u；x5c 恰好 3 张证书 [app_store.algorithm, app_store.header_key, app_store.x5c]"),
            line(
                "the chain verifies to one of \(p.verifier.roots.count) trusted root(s), with Apple's marker extensions, valid at \(time) "
                    + "[app_store.chain, app_store.certificate_oid, app_store.certificate_expired]",
                "证书链验证到 \(p.verifier.roots.count) 个受信任根证书之一，带 Apple 标记扩展，并在\(time)有效 "
                    + "[app_store.chain, app_store.certificate_oid, app_store.certificate_expired]"),
            line("the ES256 signature verifies with the leaf's key [app_store.signature]", "ES256 签名可用叶证书密钥验证 [app_store.signature]"),
            line("then every claim is checked and every failure reported:", "然后检查每一项声明，报告所有不通过的项："),
            line("bundle id \(bundles) [app_store.bundle_id]", "bundle id 为 \(bundles) [app_store.bundle_id]"),
            line("environment \(envs) [app_store.environment]", "环境为 \(envs) [app_store.environment]"),
            line(
                "products: \(products) [app_store.product_unknown, app_store.product_type]",
                "商品：\(products) [app_store.product_unknown, app_store.product_type]"),
            line("revoked (refunded) transactions are not credited [app_store.refunded]", "已撤销（退款）的交易不入账 [app_store.refunded]"),
            line(
                "subscriptions are credited until expiresDate\(p.graceSeconds > 0 ? " + \(p.graceSeconds) s" : "") "
                    + "[app_store.subscription_expired]",
                "订阅在 expiresDate\(p.graceSeconds > 0 ? " + \(p.graceSeconds) 秒" : "") 之前入账 [app_store.subscription_expired]"),
        ]
        if !p.familySharedAccepted {
            lines.append(line("family-shared purchases are refused [app_store.family_shared]", "拒绝家人共享的购买 [app_store.family_shared]"))
        }
        if let token = p.accountTokenField {
            let when = p.accountToken == .whenPresent
            lines.append(
                line(
                    "appAccountToken must equal the record's \(token)" + (when ? ", when the record has it" : "")
                        + " [app_store.account_token]",
                    (when ? "记录中有 \(token) 时，" : "") + "appAccountToken 必须等于记录的 \(token) [app_store.account_token]"))
        }
        if !p.upgradedAccepted {
            lines.append(line("upgraded subscriptions are not credited [app_store.upgraded]", "已升级的订阅不入账 [app_store.upgraded]"))
        }
        lines.append(
            line(
                "a transaction is credited to one buyer only (appAccountToken, else order and user), shared with receipt: "
                    + "packs on the same ledger; the same buyer again is creditable, marked redelivery [app_store.replayed_transaction]",
                "一笔交易只入账给一个买家（appAccountToken，否则订单和用户），与使用同一台账的 receipt: 规则包共享；同一买家再次发送仍可入账，"
                    + "标记为 redelivery [app_store.replayed_transaction]"))
        lines.append(
            line(
                "notifications: types \(p.notificationTypes.map { $0.sorted().joined(separator: ", ") } ?? "any"); exactly one of data, "
                    + "summary, externalPurchaseToken, appData as the type requires; a non-empty notificationUUID, each taken once; "
                    + "inner signed data verified and agreeing with the notification "
                    + "[app_store.notification_type, app_store.claim_malformed, app_store.inner_mismatch, app_store.notification_duplicate]",
                "通知：类型" + (p.notificationTypes.map { " " + $0.sorted().joined(separator: ", ") } ?? "不限") + "；"
                    + "按类型恰好带 data、summary、externalPurchaseToken、appData 之一；notificationUUID 非空且只接受一次；"
                    + "内层签名数据单独验证并与通知一致 "
                    + "[app_store.notification_type, app_store.claim_malformed, app_store.inner_mismatch, app_store.notification_duplicate]"
            ))
        lines.append(
            line(
                "each verified transaction has an entitlement: active, grace_period, billing_retry, expired, revoked or refunded "
                    + "(from data.status, the notification type, the renewal info and the dates); only a credit notification's "
                    + "transaction is checked as a purchase: any other notification is valid whatever state it reports",
                "每笔验证通过的交易都有权益状态：active、grace_period、billing_retry、expired、revoked 或 refunded"
                    + "（依据 data.status、通知类型、续订信息和日期）；只有 credit 类通知的交易按购买检查，其他通知无论报告何种状态都有效"))
        lines.append(line("what each notification type means (its action):", "每种通知类型的含义（动作）："))
        for (action, types) in actionTable() {
            let w = action.words
            let other = action == .inform ? (zh ? "，以及其他所有类型" : ", and every other type") : ""
            lines.append("    - \(action.rawValue)" + (zh ? "：" + w.zh + "：" : ": " + w.en + ": ") + types + other)
        }
        if let v = p.paidBeforeVersion {
            lines.append(
                line(
                    "app transactions: originalApplicationVersion before \(v) (compared number by number) is a paid buyer",
                    "应用交易：originalApplicationVersion 早于 \(v)（逐段按数字比较）即为付费购买者"))
        }
        if let l = p.ledger { lines.append(line("ledger: \(l)", "台账：\(l)")) }
        return lines.joined(separator: "\n")
    }

    /// Every action with the types that have it (the rules' over Apple's defaults), in the
    /// order of `NotificationAction`; `inform` also takes every type not named.
    private func actionTable() -> [(NotificationAction, String)] {
        var table = NotificationAction.defaults
        for (k, v) in policy.actions { table[k] = v }
        return NotificationAction.allCases.map { action in
            (action, table.filter { $0.value == action }.keys.sorted().joined(separator: ", "))
        }
    }
}
