import SiftCore

extension AppStoreStage {
    /// `sift explain` of the section: each check in the order it is made, with its codes.
    func explain(_ language: Language) -> String {
        let p = policy
        let zh = language == .zh
        func line(_ en: String, _ zhText: String) -> String { "  - " + (zh ? zhText : en) }
        let envs = p.environments.sorted().joined(separator: zh ? " 或 " : " or ")
        let bundles = p.bundleIDs.sorted().joined(separator: zh ? " 或 " : " or ")
        let products = p.products.keys.sorted().map { "\($0) (\(p.products[$0]!.type.rawValue))" }.joined(separator: ", ")
        let time = p.validationTime == .signedDate ? (zh ? "签名时间（signedDate）" : "its signedDate") : (zh ? "评估时间" : "the as-of time")
        var lines = [
            zh ? "App Store 签名数据，位置 \(p.field)（\(p.rule)）：" : "App Store signed data at \(p.field) (\(p.rule)):",
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
            lines.append(
                line(
                    "appAccountToken must equal the record's \(token) [app_store.account_token]",
                    "appAccountToken 必须等于记录的 \(token) [app_store.account_token]"))
        }
        if !p.upgradedAccepted {
            lines.append(line("upgraded subscriptions are not credited [app_store.upgraded]", "已升级的订阅不入账 [app_store.upgraded]"))
        }
        lines.append(
            line(
                "a transaction is credited to one order and user only, shared with receipt: packs on the same ledger "
                    + "[app_store.replayed_transaction, app_store.already_credited]",
                "一笔交易只入账给一个订单和用户，与使用同一台账的 receipt: 规则包共享 [app_store.replayed_transaction, app_store.already_credited]"))
        lines.append(
            line(
                "notifications: types \(p.notificationTypes.map { $0.sorted().joined(separator: ", ") } ?? "any"); "
                    + "\(p.refundTypes.sorted().joined(separator: ", ")) mark the transaction refunded; inner signed data verified "
                    + "and agreeing with data; each notificationUUID once "
                    + "[app_store.notification_type, app_store.inner_mismatch, app_store.notification_duplicate]",
                "通知：类型" + (p.notificationTypes.map { " " + $0.sorted().joined(separator: ", ") } ?? "不限") + "；"
                    + "\(p.refundTypes.sorted().joined(separator: ", ")) 会把交易标记为已退款；内层签名数据单独验证并与 data 一致；"
                    + "每个 notificationUUID 只接受一次 [app_store.notification_type, app_store.inner_mismatch, app_store.notification_duplicate]")
        )
        if let l = p.ledger { lines.append(line("ledger: \(l)", "台账：\(l)")) }
        return lines.joined(separator: "\n")
    }
}
