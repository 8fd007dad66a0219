import SiftCore
import SiftJSON
import SiftMessages

/// Subscriptions: a group is active while its latest expiry (or grace period) is after the as-of
/// time, and is credited through its newest purchase that may be credited.
extension ReceiptStage {
    enum GroupOutcome {
        /// The active group's purchase to credit.
        case credit(Transaction)
        /// The expired group's newest creditable purchase, looked up for replays only.
        case lookUp(Transaction)
    }

    /// A subscription group is active if and only if its latest expiry (or grace) is after the as-of time.
    /// It is credited through its newest in-force purchase that may be credited (with `expiry_only`,
    /// an `in_app` one).
    func subscription(
        _ group: String, _ ts: [Transaction], asOf: Int64?, response: JSONValue, only: String?,
        _ f: inout Findings
    ) -> GroupOutcome? {
        let p = policy
        let dated = ts.filter { $0.expiresMs != nil }
        for t in ts where t.expiresMs == nil && t.creditable {
            if p.missingExpiry == .malformed {
                f.fail("\(t.path).expires_date_ms", .Receipt.valueMalformed, ReceiptsMessages.expiryMissing(), nil)
            } else if dated.isEmpty {
                f.fail("\(t.path).expires_date_ms", .Receipt.subscriptionExpired, ReceiptsMessages.noExpiry(["group": group]), nil)
            }
        }
        guard let newest = dated.max(by: { $0.expiresMs! < $1.expiresMs! }) else { return nil }
        // A refunded period may extend the group (refunded_periods: count) but is never credited itself.
        let credit = dated.filter { t in
            t.cancellationMs == nil && t.creditable && t.transactionID != nil && (only == nil || only == t.transactionID)
                && !needsOriginal(t, p.products[t.productID!]!)
        }.max(by: { $0.expiresMs! < $1.expiresMs! })
        var until = newest.expiresMs!
        if p.grace, let graceUntil = graceExpiry(response, group: group, &f.result) { until = max(until, graceUntil) }
        guard let asOf else { return nil }
        guard until > asOf else {
            f.fail(
                "\(newest.path).expires_date_ms", .Receipt.subscriptionExpired,
                ReceiptsMessages.expired(["group": group, "until": isoTime(until), "as_of": isoTime(asOf)]), nil)
            return credit.map { .lookUp($0) }
        }
        return credit.map { .credit($0) }
    }

    func asOfMillis(_ receipt: JSONValue, _ context: EvaluationContext, _ f: inout Findings) -> Int64? {
        switch policy.asOf {
        case .run: return context.asOfMillis
        case .fixed(let ms): return ms
        case .requestDate:
            if let ms = AppleValue.int64(receipt["request_date_ms"]).value { return ms }
            f.fail(
                policy.path("receipt.request_date_ms"), .Receipt.valueMalformed, ReceiptsMessages.requestDate(), receipt["request_date_ms"])
            return nil
        }
    }

    /// The latest grace-period expiry for a group from `pending_renewal_info`.
    func graceExpiry(_ response: JSONValue, group: String, _ result: inout StageResult) -> Int64? {
        var best: Int64?
        for (i, item) in (response["pending_renewal_info"]?.elements ?? []).enumerated() {
            let product = item["auto_renew_product_id"]?.string ?? item["product_id"]?.string
            guard let product, policy.products[product]?.group == group else { continue }
            switch AppleValue.int64(item["grace_period_expires_date_ms"]) {
            case .value(let ms): best = max(best ?? ms, ms)
            case .absent: break
            case .malformed:
                result.violations.append(
                    Violation(
                        field: policy.path("pending_renewal_info[\(i)].grace_period_expires_date_ms"), reason: .Receipt.valueMalformed,
                        message: ReceiptsMessages.notMillis(["key": "grace_period_expires_date_ms"]).localized,
                        valueOf: item["grace_period_expires_date_ms"], rule: policy.rule))
            }
        }
        return best
    }
}
