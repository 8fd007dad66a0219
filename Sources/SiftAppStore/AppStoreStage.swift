import Foundation
import SiftCore
import SiftReceipts
import SiftJSON
import SiftMessages
import SiftConfig

/// Checks one record's signed App Store data: signature and chain first (a failure stops the
/// record with its one reason), then every claim. Replays are settled afterwards, in input
/// order, by the same settler (and ledger) as `receipt:`.
struct AppStoreStage: Stage {
    let policy: AppStorePolicy

    static let codes = ReplayCodes(
        replayed: .AppStore.replayedTransaction, refunded: .AppStore.refunded,
        idField: "transactionId", originalField: "originalTransactionId",
        replayedWhat: LocalizedText(en: "a replayed transaction", zh: "交易被重放"))

    /// 9999-12-31T23:59:59.999Z.
    static let latestMillis = 253_402_300_799_999

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        let asOf = policy.asOfMillis ?? context.asOfMillis
        guard policy.field.hasWildcard else {
            let at = SignedAt(value: policy.field.first(in: record), path: policy.field.description, container: container(record, []))
            return evaluate(at, record: record, asOf: asOf)
        }
        // An API response: every element on its own, settled on its own.
        var violations: [Violation] = [], parts: [(pending: ReceiptPending, violations: Int)] = [], shownAll: [AppStoreResult] = []
        for match in policy.field.resolve(in: record) {
            let at = SignedAt(value: match.value, path: policy.field.concrete(match.indices), container: container(record, match.indices))
            let one = evaluate(at, record: record, asOf: asOf)
            var shown = (one.output.first as? AppStoreResult) ?? AppStoreResult.unverified
            shown.path = at.path
            var pending = (one.pending as? ReceiptPending) ?? ReceiptPending.nothing(shown, policy.rule)
            let inner = pending.output, path = at.path, fallback = shown
            pending.output = { settled in
                var r = inner(settled) as? AppStoreResult ?? fallback
                r.path = path
                return r
            }
            shownAll.append(shown)
            violations += one.violations
            parts.append((pending, one.violations.count))
        }
        let list = ReceiptPendingList(parts: parts) { outputs in AppStoreResults(elements: outputs.compactMap { $0 as? AppStoreResult }) }
        return StageResult(violations: violations, output: [AppStoreResults(elements: shownAll)], pending: list)
    }

    /// Where one signed text is: its value, its concrete path, and the object holding it (whose
    /// `signedRenewalInfo` and `status` go with a `signedTransactionInfo`).
    struct SignedAt {
        let value: JSONValue?
        let path: String
        let container: JSONValue?
    }

    /// The object holding the field (for `...signedTransactionInfo`), at the element's positions.
    private func container(_ record: JSONValue, _ indices: [Int]) -> JSONValue? {
        guard case .key("signedTransactionInfo")? = policy.field.components.last else { return nil }
        let parent = FieldPath(Array(policy.field.components.dropLast()))
        return parent.components.isEmpty ? record : parent.first(in: record, binding: indices)
    }

    /// One signed text: verified first (a failure stops it with its one reason), then checked as its kind.
    private func evaluate(_ at: SignedAt, record: JSONValue, asOf: Int64) -> StageResult {
        var f = Findings(rule: policy.rule)
        guard let payload = verified(at.value, at: at.path, asOf: asOf, &f) else { return StageResult(violations: f.violations) }
        switch kind(of: payload) {
        case nil:
            f.fail(
                at.path, .AppStore.claimMalformed,
                "the signed data is no transaction, renewal info, notification or app transaction (kind: detect)",
                "签名数据既不是交易、续订信息、通知，也不是应用交易（kind: detect）")
            return StageResult(violations: f.violations)
        case .notification:
            return NotificationCheck(stage: self, path: at.path).evaluate(payload, record: record, asOf: asOf, &f)
        case .renewal:
            checkRenewal(payload, at: at.path, &f)
            let output = AppStoreResult(
                kind: "renewal", environment: payload["environment"]?.string, notification: nil, transaction: nil, creditable: false,
                refunded: [])
            return StageResult(violations: f.violations, output: [output])
        case .appTransaction:
            var output = AppStoreResult(
                kind: "app_transaction", environment: payload["receiptType"]?.string, notification: nil, transaction: nil,
                creditable: false, refunded: [])
            output.appTransaction = AppTransactionCheck(policy: policy, path: at.path).check(payload, &f)
            return StageResult(violations: f.violations, output: [output])
        case .transaction, .detect:
            return transaction(payload, at, record: record, asOf: asOf, &f)
        }
    }

    /// A signed transaction (of a record or an API response), with the signed renewal info
    /// beside it feeding its entitlement when it is of the same subscription. A `status` beside
    /// it is not signed, so it is not believed: the state comes from signed data only.
    private func transaction(_ payload: JSONValue, _ at: SignedAt, record: JSONValue, asOf: Int64, _ f: inout Findings) -> StageResult {
        var renewal: JSONValue?
        if let inner = at.container?["signedRenewalInfo"] {
            let path = String(at.path.dropLast("signedTransactionInfo".count)) + "signedRenewalInfo"
            renewal = verified(inner, at: path, asOf: asOf, &f)
            if let r = renewal {
                checkRenewal(r, at: path, &f)
                if !Self.sameSubscription(payload, r, at: path, &f) { renewal = nil }
            }
        }
        let claims = TransactionClaims(policy: policy, path: at.path)
        let (purchase, type, ok) = claims.check(payload, record: record, asOf: asOf, &f)
        var shown = output(purchase, type, payload, kind: "transaction", environment: payload["environment"]?.string)
        shown.entitlement = EntitlementRules.of(transaction: payload, renewal: renewal, status: nil, type: nil, subtype: nil, asOf: asOf)
        var result = StageResult(violations: f.violations, output: [shown])
        result.pending = pending(
            purchase, type, ok: ok && f.violations.isEmpty, record: record, shown: shown, account: verifiedToken(payload, record),
            via: policy.field.hasWildcard ? "api_response" : "transaction")
        if var pending = result.pending as? ReceiptPending {
            pending.entitlement = EntitlementRules.row(
                transaction: payload, renewal: renewal, status: nil, notification: nil, signedMs: nil, via: pending.via)
            result.pending = pending
        }
        return result
    }

    /// The transaction's `appAccountToken` as the buyer, when the record's `account_token_field`
    /// names the same token; nil otherwise. The token is the transaction's, not the sender's:
    /// anyone who replays the signed transaction brings it too, so only a record whose own account
    /// field agrees (checked by `account_token_field`) is that buyer. Without the field, order and
    /// user decide.
    private func verifiedToken(_ payload: JSONValue, _ record: JSONValue) -> String? {
        guard let token = payload["appAccountToken"]?.string?.lowercased(), let field = policy.accountTokenField,
            field.first(in: record)?.string?.lowercased() == token
        else { return nil }
        return token
    }

    /// The renewal info is of the transaction's subscription (the same `originalTransactionId`);
    /// `app_store.inner_mismatch` otherwise, and its facts are not used.
    static func sameSubscription(_ t: JSONValue, _ r: JSONValue, at path: String, _ f: inout Findings) -> Bool {
        let a = t["originalTransactionId"]?.string, b = r["originalTransactionId"]?.string
        guard a != b else { return true }
        f.fail(
            "\(path).originalTransactionId", .AppStore.innerMismatch,
            "the renewal info is of subscription \(b ?? "(none)"), the transaction of \(a ?? "(none)")",
            "续订信息属于订阅 \(b ?? "无")，交易属于 \(a ?? "无")", r["originalTransactionId"])
        return false
    }

    /// The payload of the signed data at `value`, once its chain and signature verified; nil
    /// (with the one reason) otherwise.
    func verified(_ value: JSONValue?, at path: String, asOf: Int64, _ f: inout Findings) -> JSONValue? {
        guard let value, let text = value.string, !text.isEmpty else {
            f.fail(path, .AppStore.tokenMissing, "the record has no signed App Store data here", "记录中此处没有 App Store 签名数据", value)
            return nil
        }
        do {
            let data = try SignedData(text, maxBytes: policy.maxTokenBytes)
            var time = asOf
            if policy.validationTime == .signedDate {
                // Read before the signature is checked (as Apple's library does offline), so
                // bounded: years 1970 to 9999.
                // An app transaction is signed at its receiptCreationDate (it has no signedDate).
                let root = data.payload.root
                let key = root["signedDate"] == nil && root["receiptType"] != nil ? "receiptCreationDate" : "signedDate"
                guard let signed = root[key]?.integer, (0...Self.latestMillis).contains(signed) else {
                    f.fail(
                        "\(path).\(key)", .AppStore.claimMalformed,
                        "\(key) is missing or not milliseconds between 1970 and 9999 (validation_time: signed_date)",
                        "缺少 \(key)，或不是 1970 至 9999 年之间的毫秒时间戳", nil)
                    return nil
                }
                // Whole seconds, as Apple's library and RFC 5280's times have them: data signed in
                // the last second of a certificate's validity is within it.
                time = Int64(signed) / 1000 * 1000
            }
            try policy.verifier.verify(data, at: Date(timeIntervalSince1970: Double(time) / 1000))
            return data.payload.root
        } catch {
            f.fail(path, error.code, error.en, error.zh)
            return nil
        }
    }

    /// What the payload is: as `kind` says, or (detect) from its keys; nil when it is none of
    /// the four (another kind of Apple-signed data).
    private func kind(of payload: JSONValue) -> AppStorePolicy.Kind? {
        guard policy.kind == .detect else { return policy.kind }
        if payload["notificationType"] != nil { return .notification }
        if payload["transactionId"] != nil { return .transaction }
        if payload["receiptType"] != nil { return .appTransaction }
        return payload["autoRenewStatus"] != nil || payload["autoRenewProductId"] != nil ? .renewal : nil
    }

    /// Renewal info: its environment and product.
    func checkRenewal(_ r: JSONValue, at path: String, _ f: inout Findings) {
        // Renewal info has no bundleId: its environment and products are what can be checked.
        if let env = r["environment"]?.string, !policy.environments.contains(env) {
            f.fail(
                "\(path).environment", .AppStore.environment,
                "the renewal info is from \(env); accepted: \(policy.environments.sorted().joined(separator: ", "))",
                "续订信息环境为 \(env)，允许的环境：\(policy.environments.sorted().joined(separator: ", "))", r["environment"])
        }
        for key in ["productId", "autoRenewProductId"] {
            if let product = r[key]?.string, policy.products[product] == nil {
                f.fail(
                    "\(path).\(key)", .AppStore.productUnknown, "product \(product) is not in the allowlist", "商品 \(product) 不在允许列表中",
                    r[key])
            }
        }
    }

    /// What the settler needs: the purchase as a candidate when every claim held, otherwise
    /// looked up only (a replay is still reported). `shown` is the output without credit.
    func pending(
        _ t: Transaction?, _ type: ProductType?, ok: Bool, record: JSONValue, shown: AppStoreResult, account: String?, via: String
    ) -> ReceiptPending {
        let candidates = ok && t != nil && type != nil ? [Candidate(transaction: t!, type: type!)] : []
        let lookedUp = !ok && t != nil ? [(transaction: t!, type: type)] : []
        var pending = ReceiptPending(
            candidates: candidates, lookedUp: lookedUp, replayKey: policy.replayKey, creditable: true, seen: [],
            replayOwner: policy.replayOwner, order: AppleText.of(policy.orderField.first(in: record)),
            user: AppleText.of(policy.userField.first(in: record)), rule: policy.rule,
            output: { settled in shown.settled(settled) })
        pending.codes = Self.codes
        pending.account = account
        pending.via = via
        return pending
    }

    /// The result for a transaction (not yet credited: the settler decides), with the signed
    /// facts a server keeps from `payload`.
    func output(
        _ t: Transaction?, _ type: ProductType?, _ payload: JSONValue?, kind: String, environment: String?,
        notification: AppStoreResult.Notification? = nil, refunded: [String] = []
    ) -> AppStoreResult {
        AppStoreResult(
            kind: kind, environment: environment, notification: notification,
            transaction: t.map { AppStoreResult.Transaction($0, type: type, payload: payload) }, creditable: false, refunded: refunded)
    }

    func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)? {
        try ReplaySettler.shared(environment, ledger: policy.ledger)
    }
}

/// A record value as text (an order or user id written as a string or a number).
enum AppleText {
    static func of(_ v: JSONValue?) -> String? {
        guard let v else { return nil }
        if let s = v.string { return s }
        return v.kind == .number ? v.rawText : nil
    }
}

extension AppStoreResult {
    /// An element of an API response that failed verification.
    static let unverified = AppStoreResult(
        kind: "unverified", environment: nil, notification: nil, transaction: nil, creditable: false, refunded: [])
}

extension ReceiptPending {
    /// A part that credits, claims and looks up nothing: its output as it is.
    static func nothing(_ shown: AppStoreResult, _ rule: Mark) -> ReceiptPending {
        var p = ReceiptPending(
            candidates: [], lookedUp: [], replayKey: .transaction, creditable: false, seen: [], replayOwner: .any, order: nil, user: nil,
            rule: rule, output: { _ in shown })
        p.codes = AppStoreStage.codes
        return p
    }
}
