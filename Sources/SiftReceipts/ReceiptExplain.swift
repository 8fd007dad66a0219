import SiftCore
import SiftMessages

extension ReceiptStage {
    /// `sift explain` of the section: each check in the order it is made, with its codes.
    func explain(_ language: Language) -> String {
        let p = policy
        let zh = language == .zh
        func line(_ en: String, _ zhText: String) -> String { "  - " + (zh ? zhText : en) }
        let products = p.products.keys.sorted().map { "\($0) (\(p.products[$0]!.type.rawValue))" }.joined(separator: ", ")
        let environments = p.environments.sorted().joined(separator: zh ? " 或 " : " or ")
        let bundles = p.bundleIDs.sorted().joined(separator: zh ? " 或 " : " or ")
        let sandbox = p.sandboxUsers.sorted().joined(separator: ", ")
        let place = p.responsePath.isEmpty ? (zh ? "记录本身" : "the record") : p.responsePath
        let idRule = p.transactionIDFormat.rule(original: false).localized
        var lines = [
            zh ? "收据检查，位置 \(place)（\(p.rule)）：" : "receipt at \(place) (\(p.rule)):",
            line("status must be 0; other codes give receipt.status.<name>", "status 必须为 0；其他状态码给出 receipt.status.<名称>"),
            line(
                "environment must be \(environments)" + (sandbox.isEmpty ? "" : "; sandbox allowed for users \(sandbox)")
                    + " [receipt.environment]",
                "环境必须为 \(environments)" + (sandbox.isEmpty ? "" : "；以下用户可用沙盒：\(sandbox)") + " [receipt.environment]"),
            line("bundle id must be \(bundles) [receipt.bundle_id]", "bundle id 必须为 \(bundles) [receipt.bundle_id]"),
            line("\(idRule.en) [receipt.transaction_id]", "\(idRule.zh) [receipt.transaction_id]"),
            line("products: \(products) [receipt.product_unknown]", "商品：\(products) [receipt.product_unknown]"),
            line("refunded or revoked transactions are not credited [receipt.refunded]", "已退款或撤销的交易不入账 [receipt.refunded]"),
            line(
                "subscriptions are credited while the group's latest expiry\(p.grace ? " (or grace period)" : "") is after the as-of "
                    + "time [receipt.subscription_expired]",
                "订阅在其组的最晚到期时间\(p.grace ? "（或宽限期）" : "")晚于评估时间时入账 [receipt.subscription_expired]"),
        ]
        if p.latestReceiptInfo == .expiryOnly {
            lines.append(
                line(
                    "latest_receipt_info only dates subscriptions: its purchases are not credited, checked or claimed",
                    "latest_receipt_info 仅用于订阅到期时间：其中的购买不入账、不检查、不登记"))
        }
        if p.replayKey == .transactionAndOriginal {
            lines.append(
                line(
                    "a transaction, and the original transaction of a non-consumable or subscription, is credited to one order "
                        + "and user only (sent again by them, it is creditable again, marked redelivery); such a purchase needs "
                        + "original_transaction_id [receipt.replayed_transaction, receipt.original_transaction_id_missing]",
                    "一笔交易（以及非消耗型商品或订阅的原始交易）只入账给一个订单和用户（同一订单和用户再次发送时仍可入账，标记为 redelivery）；"
                        + "此类购买必须有 original_transaction_id [receipt.replayed_transaction, receipt.original_transaction_id_missing]"))
        } else {
            lines.append(
                line(
                    "a transaction is credited to one order and user only (its original transaction is not bound; sent again by "
                        + "them, it is creditable again, marked redelivery) [receipt.replayed_transaction]",
                    "一笔交易只入账给一个订单和用户（不绑定原始交易；同一订单和用户再次发送时仍可入账，标记为 redelivery）[receipt.replayed_transaction]"))
        }
        lines.append(
            line(
                "every problem of a purchase is reported: one that cannot be credited is still looked up for replays",
                "报告购买的每个问题：不能入账的购买也会检查是否被重放"))
        lines.append(
            p.malformedPurchases == .notCreditable
                ? line(
                    "a purchase list with an element that is not an object: nothing is credited, the good purchases are still "
                        + "claimed [receipt.purchase_malformed]",
                    "购买列表中有非对象元素时：不入账，但其中正常的购买仍会登记 [receipt.purchase_malformed]")
                : line(
                    "an element of a purchase list that is not an object is reported; the others are credited "
                        + "[receipt.purchase_malformed]",
                    "购买列表中的非对象元素会被报告；其他购买照常入账 [receipt.purchase_malformed]"))
        if let l = p.ledger { lines.append(line("ledger: \(l)", "台账：\(l)")) }
        return lines.joined(separator: "\n")
    }
}
