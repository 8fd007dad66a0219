import SiftCore

/// Checks one record's verifyReceipt response against the policy. Replays are settled
/// afterwards, in input order, by `ReplaySettler`.
struct ReceiptStage: Stage {
    let policy: ReceiptPolicy

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var result = StageResult()
        let p = policy
        func fail(_ field: String, _ reason: String, _ en: String, _ zh: String, _ value: JSONValue? = nil) {
            result.violations.append(Violation(field: field, reason: reason, message: LocalizedText(en: en, zh: zh),
                                               valueOf: value, rule: p.rule))
        }
        let response = p.response.map { $0.first(in: record) } ?? record
        guard let response, response.kind == .object else {
            fail(p.responsePath, "receipt.missing", "the record holds no verifyReceipt response here", "记录中此处没有 verifyReceipt 响应", response)
            return result
        }
        // Status.
        guard let statusValue = response["status"], !statusValue.isNull else {
            fail(p.path("status"), "receipt.status_missing", "the response has no status", "响应缺少 status", nil)
            return result
        }
        guard statusValue.kind == .number, let code = statusValue.integer else {
            fail(p.path("status"), "receipt.status_malformed", "status must be a number, as Apple sends it", "status 必须是数字", statusValue)
            return result
        }
        let isRetryable = AppleValue.bool(response["is-retryable"]).value
        let status = ReceiptStatus.of(code, isRetryable: isRetryable)
        let order = AppleValue.text(p.orderField.first(in: record))
        let user = AppleValue.text(p.userField.first(in: record))
        if let reason = status.reason {
            fail(p.path("status"), reason, status.message.en, status.message.zh, statusValue)
            result.output = [("receipt", Self.output(status: code, environment: nil, retryable: status.retryable, credits: []))]
            return result
        }
        guard let receipt = response["receipt"], receipt.kind == .object else {
            fail(p.path("receipt"), "receipt.receipt_missing", "status is 0 but the response has no receipt object", "状态为 0 但响应中没有 receipt 对象", response["receipt"])
            return result
        }
        // Environment.
        let environment = response["environment"]?.string
            ?? receipt["receipt_type"]?.string.map { $0.contains("Sandbox") ? "Sandbox" : "Production" }
        if let env = environment {
            let allowedUser = env == "Sandbox" && user.map { p.sandboxUsers.contains($0) } == true
            if !p.environments.contains(env), !allowedUser {
                fail(p.path("environment"), "receipt.environment",
                     "the receipt is from \(env); accepted: \(p.environments.sorted().joined(separator: ", "))",
                     "收据环境为 \(env)，允许的环境：\(p.environments.sorted().joined(separator: ", "))", response["environment"])
            }
        } else {
            fail(p.path("environment"), "receipt.environment", "the response says neither environment nor receipt_type", "响应中没有 environment 或 receipt_type", nil)
        }
        // Bundle id.
        let bundle = receipt["bundle_id"]?.string
        if bundle == nil || !p.bundleIDs.contains(bundle!) {
            fail(p.path("receipt.bundle_id"), "receipt.bundle_id",
                 "the receipt is for another app; expected \(p.bundleIDs.sorted().joined(separator: " or "))",
                 "收据属于其他应用；应为 \(p.bundleIDs.sorted().joined(separator: " 或 "))", receipt["bundle_id"])
        }
        // A receipt from another app or an unaccepted environment credits nothing.
        let receiptAccepted = result.violations.isEmpty
        // Transactions.
        var reader = TransactionReader(rule: p.rule)
        let inApp = reader.read(receipt["in_app"], at: p.path("receipt.in_app"))
        let latest = reader.read(response["latest_receipt_info"], at: p.path("latest_receipt_info"))
        result.violations += reader.violations
        var byID: [String: Transaction] = [:]
        var order_: [String] = []
        for t in (latest ?? []) + (inApp ?? []) where byID[t.transactionID] == nil {
            byID[t.transactionID] = t
            order_.append(t.transactionID)
        }
        let transactions = order_.map { byID[$0]! }
        let asOf: Int64?
        switch p.asOf {
        case .run: asOf = context.asOfMillis
        case .fixed(let ms): asOf = ms
        case .requestDate:
            asOf = AppleValue.int64(receipt["request_date_ms"]).value
            if asOf == nil {
                fail(p.path("receipt.request_date_ms"), "receipt.value_malformed", "request_date_ms is missing or not milliseconds", "request_date_ms 缺失或不是毫秒时间戳", receipt["request_date_ms"])
            }
        }
        let only = p.transactionField.flatMap { AppleValue.text($0.first(in: record)) }
        var candidates: [Candidate] = []
        var groups: [String: [Transaction]] = [:]
        for t in transactions {
            guard let rule = p.products[t.productID] else {
                fail("\(t.path).product_id", "receipt.product_unknown", "product \(t.productID) is not in the allowlist", "商品 \(t.productID) 不在允许列表中", nil)
                continue
            }
            if let ms = t.cancellationMs {
                let why = t.cancellationReason == "1" ? "an issue in the app" : (t.cancellationReason == "0" ? "another reason" : "no reason given")
                let whyZH = t.cancellationReason == "1" ? "应用内问题" : (t.cancellationReason == "0" ? "其他原因" : "未说明原因")
                fail("\(t.path).cancellation_date_ms", "receipt.refunded",
                     "transaction \(t.transactionID) was refunded or revoked at \(isoTime(ms)) (cancellation_reason \(t.cancellationReason ?? "absent"): \(why))",
                     "交易 \(t.transactionID) 已于 \(isoTime(ms)) 退款或撤销（原因：\(whyZH)）", nil)
                continue
            }
            if rule.type == .autoRenewable {
                guard t.expiresMs != nil else {
                    fail("\(t.path).expires_date_ms", "receipt.value_malformed", "a subscription transaction needs expires_date_ms", "订阅交易缺少 expires_date_ms", nil)
                    continue
                }
                groups[rule.group, default: []].append(t)
                continue
            }
            if only == nil || only == t.transactionID { candidates.append(Candidate(transaction: t, type: rule.type)) }
        }
        // Subscriptions: active if and only if the group's latest expiry (or grace) is after the as-of time.
        for group in groups.keys.sorted() {
            let ts = groups[group]!
            let newest = ts.max { $0.expiresMs! < $1.expiresMs! }!
            var until = newest.expiresMs!
            if p.grace, let graceUntil = graceExpiry(response, group: group, &result) { until = max(until, graceUntil) }
            guard let asOf else { continue }
            if until > asOf {
                if only == nil || only == newest.transactionID {
                    candidates.append(Candidate(transaction: newest, type: .autoRenewable))
                }
            } else {
                fail("\(newest.path).expires_date_ms", "receipt.subscription_expired",
                     "the subscription (\(group)) expired at \(isoTime(until)), before \(isoTime(asOf))",
                     "订阅（\(group)）已于 \(isoTime(until)) 过期，早于 \(isoTime(asOf))", nil)
            }
        }
        if !receiptAccepted { candidates = [] }
        result.pending = ReceiptPending(candidates: candidates, order: order, user: user, status: code, environment: environment, rule: p.rule)
        result.output = [("receipt", Self.output(status: code, environment: environment, retryable: false, credits: candidates))]
        return result
    }

    /// The latest grace-period expiry for a group from `pending_renewal_info`.
    private func graceExpiry(_ response: JSONValue, group: String, _ result: inout StageResult) -> Int64? {
        var best: Int64?
        for (i, item) in (response["pending_renewal_info"]?.elements ?? []).enumerated() {
            let product = item["auto_renew_product_id"]?.string ?? item["product_id"]?.string
            guard let product, policy.products[product]?.group == group else { continue }
            switch AppleValue.int64(item["grace_period_expires_date_ms"]) {
            case .value(let ms): best = max(best ?? ms, ms)
            case .absent: break
            case .malformed:
                result.violations.append(Violation(
                    field: policy.path("pending_renewal_info[\(i)].grace_period_expires_date_ms"), reason: "receipt.value_malformed",
                    message: LocalizedText(en: "grace_period_expires_date_ms is not milliseconds since 1970", zh: "grace_period_expires_date_ms 不是毫秒时间戳"),
                    valueOf: item["grace_period_expires_date_ms"], rule: policy.rule))
            }
        }
        return best
    }

    static func output(status: Int, environment: String?, retryable: Bool, credits: [Candidate]) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("status", status)
        if let environment { w.field("environment", environment) }
        w.field("retryable", retryable)
        w.key("creditable")
        w.beginArray()
        for c in credits {
            let t = c.transaction
            w.beginObject()
            w.field("product_id", t.productID)
            w.field("type", c.type.rawValue)
            w.field("transaction_id", t.transactionID)
            if let o = t.originalTransactionID { w.field("original_transaction_id", o) }
            w.key("quantity"); w.int(Int(t.quantity))
            if let e = t.expiresMs { w.key("expires_ms"); w.int(Int(e)) }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)? {
        let path = environment.useLedgers ? (environment.overrides["ledger"] ?? policy.ledger) : nil
        // Receipt packs of one session share their claims (and a ledger file), so a transaction
        // credited through one pack is seen by the others.
        return try environment.resources.value(for: "receipt.claims:" + (path ?? "")) {
            try ReplaySettler(ledger: path.map { try Ledger(path: $0) })
        }
    }

    func explain(_ language: Language) -> String {
        let products = policy.products.keys.sorted().map { "\($0) (\(policy.products[$0]!.type.rawValue))" }.joined(separator: ", ")
        var lines = [
            "receipt at \(policy.responsePath.isEmpty ? "the record" : policy.responsePath) (\(policy.rule)):",
            "  - status must be 0; other codes give receipt.status.<name>",
            "  - environment must be \(policy.environments.sorted().joined(separator: " or "))"
                + (policy.sandboxUsers.isEmpty ? "" : "; sandbox allowed for users \(policy.sandboxUsers.sorted().joined(separator: ", "))") + " [receipt.environment]",
            "  - bundle id must be \(policy.bundleIDs.sorted().joined(separator: " or ")) [receipt.bundle_id]",
            "  - products: \(products) [receipt.product_unknown]",
            "  - refunded or revoked transactions are not credited [receipt.refunded]",
            "  - subscriptions are credited while the group's latest expiry\(policy.grace ? " (or grace period)" : "") is after the as-of time [receipt.subscription_expired]",
            "  - a transaction is credited to one order and user only [receipt.already_credited, receipt.replayed_transaction]",
        ]
        if let l = policy.ledger { lines.append("  - ledger: \(l)") }
        if language == .zh { lines[0] = "收据检查，位置 \(policy.responsePath.isEmpty ? "记录本身" : policy.responsePath)（\(policy.rule)）：" }
        return lines.joined(separator: "\n")
    }
}
