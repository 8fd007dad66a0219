import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Checks one record's verifyReceipt response against the policy. Replays are settled
/// afterwards, in input order, by `ReplaySettler`.
struct ReceiptStage: Stage {
    let policy: ReceiptPolicy

    /// Violations of one record, and the rule they point to.
    struct Findings {
        var result = StageResult()
        let rule: Mark

        mutating func fail(_ field: String, _ reason: ReasonCode, _ message: Message, _ value: JSONValue? = nil) {
            fail(field, reason, message.localized, value)
        }

        mutating func fail(_ field: String, _ reason: ReasonCode, _ message: LocalizedText, _ value: JSONValue? = nil) {
            result.violations.append(Violation(field: field, reason: reason, message: message, valueOf: value, rule: rule))
        }
    }

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var f = Findings(rule: policy.rule)
        let p = policy
        let response = p.response.map { $0.first(in: record) } ?? record
        guard let response, response.kind == .object else {
            f.fail(p.responsePath, .Receipt.missing, M.missing(), response)
            return f.result
        }
        guard let code = status(response, &f) else { return f.result }
        guard let receipt = response["receipt"], receipt.kind == .object else {
            f.fail(p.path("receipt"), .Receipt.receiptMissing, M.receiptMissing(), response["receipt"])
            return f.result
        }
        // A purchase list that is missing or not an array stops the record: nothing else can be
        // trusted. A malformed element does not: the other purchases are still read and claimed.
        var reader = TransactionReader(rule: p.rule, idFormat: p.transactionIDFormat)
        let inApp = reader.read(receipt["in_app"], at: p.path("receipt.in_app"), required: true)
        let latest = reader.read(
            response["latest_receipt_info"], at: p.path("latest_receipt_info"), required: false,
            expiryOnly: p.latestReceiptInfo == .expiryOnly)
        guard let inApp, let latest else {
            f.result.violations += reader.violations.filter { $0.reason == .Receipt.inAppMalformed || $0.reason == .Receipt.inAppMissing }
            f.result.output = [Self.output(status: code, environment: response["environment"]?.string, retryable: false, credits: [])]
            return f.result
        }
        let user = AppleValue.text(p.userField.first(in: record))
        let environment = checkEnvironment(response, receipt, user: user, &f)
        checkBundle(receipt, &f)
        let receiptAccepted = f.result.violations.isEmpty
        f.result.violations += reader.violations
        var purchases = creditable(inApp: inApp, latest: latest, receipt: receipt, response: response, record: record, context, &f)
        if !receiptAccepted { purchases = Purchases() }
        // every_seen remembers what could have been credited: not a purchase without its original id.
        let seen =
            p.replay == .everySeen
            ? distinct(inApp + latest).filter { t in
                t.isWellFormed && t.creditable && !(t.productID.flatMap { p.products[$0] }.map { needsOriginal(t, $0) } ?? false)
            } : []
        let order = AppleValue.text(p.orderField.first(in: record))
        let creditable = reader.malformedPurchases == 0 || p.malformedPurchases == .creditOthers
        f.result.pending = ReceiptPending(
            candidates: purchases.candidates, lookedUp: purchases.lookedUp, replayKey: p.replayKey, creditable: creditable,
            seen: seen, replayOwner: p.replayOwner, order: order, user: user, rule: p.rule,
            output: { settled in Self.output(status: code, environment: environment, retryable: false, credits: settled.credited) })
        f.result.output = [
            Self.output(status: code, environment: environment, retryable: false, credits: creditable ? purchases.candidates : [])
        ]
        return f.result
    }

    /// The status when it is 0; otherwise reports it (with the output's retry hint) and gives nil.
    private func status(_ response: JSONValue, _ f: inout Findings) -> Int? {
        let p = policy
        guard let statusValue = response["status"], !statusValue.isNull else {
            f.fail(p.path("status"), .Receipt.statusMissing, M.statusMissing(), nil)
            return nil
        }
        guard statusValue.kind == .number, let code = statusValue.integer else {
            f.fail(p.path("status"), .Receipt.statusMalformed, M.statusMalformed(), statusValue)
            return nil
        }
        let status = ReceiptStatus.of(code, isRetryable: AppleValue.bool(response["is-retryable"]).value)
        guard let reason = status.reason else { return code }
        f.fail(p.path("status"), reason, status.message, statusValue)
        f.result.output = [Self.output(status: code, environment: nil, retryable: status.retryable, credits: [])]
        return nil
    }

    /// The environment (Production or Sandbox), reporting one that is missing or not accepted.
    private func checkEnvironment(_ response: JSONValue, _ receipt: JSONValue, user: String?, _ f: inout Findings) -> String? {
        let p = policy
        var environment = response["environment"]?.string
        if environment == nil, p.environmentFromReceiptType {
            environment = receipt["receipt_type"]?.string.map { $0.contains("Sandbox") ? "Sandbox" : "Production" }
        }
        guard let env = environment else {
            let said = p.environmentFromReceiptType ? M.environmentNorType() : M.environmentMissing()
            f.fail(p.path("environment"), .Receipt.environmentMissing, said, response["environment"])
            return nil
        }
        let allowedUser = env == "Sandbox" && user.map { p.sandboxUsers.contains($0) } == true
        if !p.environments.contains(env), !allowedUser {
            f.fail(
                p.path("environment"), .Receipt.environment,
                M.environment(["env": env, "accepted": p.environments.sorted().joined(separator: ", ")]), response["environment"])
        }
        return env
    }

    private func checkBundle(_ receipt: JSONValue, _ f: inout Findings) {
        let p = policy
        let bundle = receipt["bundle_id"]?.string
        if bundle == nil || !p.bundleIDs.contains(bundle!) {
            let ids = p.bundleIDs.sorted()
            let bundles = LocalizedText(en: ids.joined(separator: " or "), zh: ids.joined(separator: " 或 "))
            f.fail(
                p.path("receipt.bundle_id"), .Receipt.bundleId, M.bundle(messages: ["bundles": .localized(bundles)]), receipt["bundle_id"])
        }
    }

    /// Each transaction id once, in order (a subscription's purchases appear in both lists).
    /// Purchases without a usable id are all kept.
    private func distinct(_ ts: [Transaction]) -> [Transaction] {
        var seen = Set<String>()
        return ts.filter { $0.transactionID.map { seen.insert($0).inserted } ?? true }
    }

    /// What a record's purchases come to before replays are settled.
    private struct Purchases {
        var candidates: [Candidate] = []
        var lookedUp: [(transaction: Transaction, type: ProductType?)] = []
    }

    /// The purchases that may be credited (before replays), reporting every problem of each;
    /// those that may not are still looked up, so that a replay is reported beside the rest.
    private func creditable(
        inApp: [Transaction], latest: [Transaction], receipt: JSONValue, response: JSONValue, record: JSONValue,
        _ context: EvaluationContext, _ f: inout Findings
    ) -> Purchases {
        let p = policy
        // The same transaction twice in one in_app list is a replay of itself.
        var inAppIDs = Set<String>()
        for t in inApp where t.transactionID.map({ !inAppIDs.insert($0).inserted }) == true {
            f.fail("\(t.path).transaction_id", .Receipt.replayedTransaction, M.twiceInApp(["id": t.transactionID!]), nil)
        }
        let only = p.transactionField.flatMap { AppleValue.text($0.first(in: record)) }
        var out = Purchases()
        for t in distinct((latest + inApp).filter(\.creditable)) {
            let rule = t.productID.flatMap { p.products[$0] }
            var ok = t.isWellFormed
            if let product = t.productID, rule == nil {
                f.fail("\(t.path).product_id", .Receipt.productUnknown, M.productUnknown(["product": product]), nil)
                ok = false
            }
            if let ms = t.cancellationMs {
                refunded(t, ms, &f)
                ok = false
            }
            if let rule, needsOriginal(t, rule) {
                f.fail(
                    "\(t.path).original_transaction_id", .Receipt.originalTransactionIdMissing,
                    M.originalMissing(["type": rule.type.rawValue]), nil)
                ok = false
            }
            guard only == nil || only == t.transactionID, t.transactionID != nil else { continue }
            if !ok {
                out.lookedUp.append((t, rule?.type))
            } else if let rule, rule.type != .autoRenewable {
                out.candidates.append(Candidate(transaction: t, type: rule.type))
            }
        }
        // Subscriptions: dated by both lists (latest_receipt_info's copy of a purchase first, as
        // it is the fuller, unless it is read for expiry only).
        var groups: [String: [Transaction]] = [:]
        for t in distinct(p.latestReceiptInfo == .all ? latest + inApp : inApp + latest)
        where (t.cancellationMs == nil || p.refundedPeriodsCount) && t.isWellFormed {
            guard let rule = t.productID.flatMap({ p.products[$0] }), rule.type == .autoRenewable else { continue }
            groups[rule.group, default: []].append(t)
        }
        // The as-of time once per record (a missing request_date_ms is reported once, not per group).
        let asOf = groups.isEmpty ? nil : asOfMillis(receipt, context, &f)
        for group in groups.keys.sorted() {
            switch subscription(group, groups[group]!, asOf: asOf, response: response, only: only, &f) {
            case .credit(let t)?: out.candidates.append(Candidate(transaction: t, type: .autoRenewable))
            case .lookUp(let t)?: out.lookedUp.append((t, .autoRenewable))
            case nil: break
            }
        }
        return out
    }

    /// True when the purchase has no original transaction id although the policy binds it by one.
    func needsOriginal(_ t: Transaction, _ rule: ProductRule) -> Bool {
        t.originalMissing && policy.replayKey == .transactionAndOriginal && rule.type.locksOriginalTransaction
    }

    private func refunded(_ t: Transaction, _ ms: Int64, _ f: inout Findings) {
        let id = t.transactionID ?? "(no id)"
        let why = t.cancellationReason == "1" ? M.whyApp() : (t.cancellationReason == "0" ? M.whyOther() : M.whyNone())
        let code = t.cancellationReason.map(Message.verbatim) ?? M.absent()
        f.fail(
            "\(t.path).cancellation_date_ms", .Receipt.refunded,
            M.refunded(["id": id, "at": isoTime(ms)], messages: ["code": code, "why": why]),
            nil)
    }

    static func output(status: Int, environment: String?, retryable: Bool, credits: [Candidate]) -> ReceiptResult {
        ReceiptResult(
            status: status, environment: environment, retryable: retryable,
            creditable: credits.map { c in
                let t = c.transaction
                var p = ReceiptResult.Purchase(
                    productID: t.productID ?? "", type: c.type.rawValue, transactionID: t.transactionID ?? "",
                    originalTransactionID: t.originalTransactionID, quantity: t.quantity, expiresMs: t.expiresMs)
                p.redelivery = c.redelivery
                p.firstSeen = c.firstSeen
                return p
            })
    }

    func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)? {
        try ReplaySettler.shared(environment, ledger: policy.ledger)
    }
}

private typealias M = ReceiptsMessages
