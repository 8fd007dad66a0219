import Foundation
import SiftCore
import SiftReceipts

/// Checks one record's signed App Store data: signature and chain first (a failure stops the
/// record with its one reason), then every claim. Replays are settled afterwards, in input
/// order, by the same settler (and ledger) as `receipt:`.
struct AppStoreStage: Stage {
    let policy: AppStorePolicy

    static let codes = ReplayCodes(
        replayed: .AppStore.replayedTransaction, alreadyCredited: .AppStore.alreadyCredited, refunded: .AppStore.refunded,
        idField: "transactionId", originalField: "originalTransactionId",
        replayedWhat: LocalizedText(en: "a replayed transaction", zh: "交易被重放"))

    /// 9999-12-31T23:59:59.999Z.
    static let latestMillis = 253_402_300_799_999

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var f = Findings(rule: policy.rule)
        let asOf = policy.asOfMillis ?? context.asOfMillis
        let path = policy.field.description
        guard let payload = verified(policy.field.first(in: record), at: path, asOf: asOf, &f) else {
            return StageResult(violations: f.violations)
        }
        switch kind(of: payload) {
        case nil:
            f.fail(
                path, .AppStore.claimMalformed, "the signed data is no transaction, renewal info or notification (kind: detect)",
                "签名数据既不是交易、续订信息，也不是通知（kind: detect）")
            return StageResult(violations: f.violations)
        case .notification:
            return NotificationCheck(stage: self).evaluate(payload, record: record, asOf: asOf, &f)
        case .renewal:
            let env = payload["environment"]?.string
            checkRenewal(payload, at: path, &f)
            let output = AppStoreResult(
                kind: "renewal", environment: env, notification: nil, transaction: nil, creditable: false, refunded: [])
            return StageResult(violations: f.violations, output: [output])
        case .transaction, .detect:
            var result = StageResult()
            let claims = TransactionClaims(policy: policy, path: path)
            let (purchase, type, ok) = claims.check(payload, record: record, asOf: asOf, &f)
            result.violations = f.violations
            let shown = output(purchase, type, kind: "transaction", environment: payload["environment"]?.string)
            result.pending = pending(purchase, type, ok: ok, record: record, shown: shown)
            result.output = [shown]
            return result
        }
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
                guard let signed = data.payload.root["signedDate"]?.integer, (0...Self.latestMillis).contains(signed) else {
                    f.fail(
                        "\(path).signedDate", .AppStore.claimMalformed,
                        "signedDate is missing or not milliseconds between 1970 and 9999 (validation_time: signed_date)",
                        "缺少 signedDate，或不是 1970 至 9999 年之间的毫秒时间戳", nil)
                    return nil
                }
                time = Int64(signed)
            }
            try policy.verifier.verify(data, at: Date(timeIntervalSince1970: Double(time) / 1000))
            return data.payload.root
        } catch {
            f.fail(path, error.code, error.en, error.zh)
            return nil
        }
    }

    /// What the payload is: as `kind` says, or (detect) from its keys; nil when it is none of
    /// the three (another kind of Apple-signed data, an app transaction say).
    private func kind(of payload: JSONValue) -> AppStorePolicy.Kind? {
        guard policy.kind == .detect else { return policy.kind }
        if payload["notificationType"] != nil { return .notification }
        if payload["transactionId"] != nil { return .transaction }
        return payload["autoRenewStatus"] != nil || payload["autoRenewProductId"] != nil ? .renewal : nil
    }

    /// Renewal info: its environment and product.
    func checkRenewal(_ r: JSONValue, at path: String, _ f: inout Findings) {
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
    func pending(_ t: Transaction?, _ type: ProductType?, ok: Bool, record: JSONValue, shown: AppStoreResult) -> ReceiptPending {
        let candidates = ok && t != nil && type != nil ? [Candidate(transaction: t!, type: type!)] : []
        let lookedUp = !ok && t != nil ? [(transaction: t!, type: type)] : []
        var pending = ReceiptPending(
            candidates: candidates, lookedUp: lookedUp, replayKey: policy.replayKey, creditable: true, seen: [],
            replayOwner: policy.replayOwner, order: AppleText.of(policy.orderField.first(in: record)),
            user: AppleText.of(policy.userField.first(in: record)), rule: policy.rule,
            output: { credited in shown.crediting(!credited.isEmpty) })
        pending.codes = Self.codes
        return pending
    }

    /// The result for a transaction (not yet credited: the settler decides).
    func output(
        _ t: Transaction?, _ type: ProductType?, kind: String, environment: String?,
        notification: AppStoreResult.Notification? = nil, refunded: [String] = []
    ) -> AppStoreResult {
        AppStoreResult(
            kind: kind, environment: environment, notification: notification,
            transaction: t.map {
                AppStoreResult.Transaction(
                    productID: $0.productID ?? "", type: type?.rawValue, transactionID: $0.transactionID ?? "",
                    originalTransactionID: $0.originalTransactionID, quantity: $0.quantity, expiresMs: $0.expiresMs)
            }, creditable: false, refunded: refunded)
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
