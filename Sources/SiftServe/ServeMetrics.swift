import Foundation
import SiftAppStore
import SiftCore
import SiftReceipts

/// The counters `GET /metrics` gives in Prometheus' text format (docs/SERVE.md, "Metrics").
final class ServeMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var verdicts: [Bool: Int] = [:]
    private var reasons: [String: Int] = [:]
    private var credits = 0
    private var redeliveries = 0
    private var settleSeconds = 0.0
    private var settles = 0
    private var reloads: [String: Int] = [:]
    private var inFlight = 0

    /// Counts a request to `endpoint` answered with `status`.
    func request(_ endpoint: String, status: Int) {
        lock.withLock { requests["\(endpoint)\u{0}\(status)", default: 0] += 1 }
    }

    func started() { lock.withLock { inFlight += 1 } }
    func ended() { lock.withLock { inFlight -= 1 } }

    /// Counts verdicts: valid or not, each violation's reason, the purchases credited and those
    /// credited again (redeliveries); and how long settling took.
    func verdicts(_ list: [RecordVerdict], settleSeconds seconds: Double) {
        var valid = 0, codes: [String: Int] = [:], credited = 0, again = 0
        for v in list {
            if v.isValid { valid += 1 }
            for x in v.violations { codes[x.reason.text, default: 0] += 1 }
            if let e = v.inputError { codes[e.reason.text, default: 0] += 1 }
            for o in v.output {
                if let a = o as? AppStoreResult, a.creditable { if a.redelivery == nil { credited += 1 } else { again += 1 } }
                if let r = o as? ReceiptResult {
                    for p in r.creditable { if p.redelivery == nil { credited += 1 } else { again += 1 } }
                }
            }
        }
        lock.withLock {
            verdicts[true, default: 0] += valid
            verdicts[false, default: 0] += list.count - valid
            for (c, n) in codes { reasons[c, default: 0] += n }
            credits += credited
            redeliveries += again
            settleSeconds += seconds
            settles += 1
        }
    }

    func reload(_ outcome: String) { lock.withLock { reloads[outcome, default: 0] += 1 } }

    /// The text `GET /metrics` answers.
    var text: String {
        lock.withLock {
            var out: [String] = []
            func family(_ name: String, _ type: String, _ help: String, _ samples: [(String, String)]) {
                out.append("# HELP \(name) \(help)")
                out.append("# TYPE \(name) \(type)")
                for (labels, value) in samples { out.append("\(name)\(labels) \(value)") }
            }
            family(
                "sift_requests_total", "counter", "Requests answered, by endpoint and status.",
                requests.sorted { $0.key < $1.key }.map { key, n in
                    let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
                    return ("{endpoint=\"\(parts[0])\",status=\"\(parts[1])\"}", "\(n)")
                })
            family(
                "sift_verdicts_total", "counter", "Records given a verdict, valid or not.",
                [("{valid=\"true\"}", "\(verdicts[true] ?? 0)"), ("{valid=\"false\"}", "\(verdicts[false] ?? 0)")])
            family(
                "sift_reasons_total", "counter", "Violations and input errors, by reason code.",
                reasons.sorted { $0.key < $1.key }.map { ("{reason=\"\(Self.escaped($0.key))\"}", "\($0.value)") })
            family("sift_credits_total", "counter", "Purchases reported creditable for the first time.", [("", "\(credits)")])
            family(
                "sift_redeliveries_total", "counter", "Purchases reported creditable again to the same buyer (a retry).",
                [("", "\(redeliveries)")])
            family(
                "sift_settle_seconds", "summary", "Time spent settling requests' records (the ledger's share of a request).",
                [("_sum", String(format: "%.6f", settleSeconds)), ("_count", "\(settles)")])
            family("sift_in_flight", "gauge", "Requests being answered now.", [("", "\(inFlight)")])
            family(
                "sift_reloads_total", "counter", "Rule reloads, by outcome.",
                reloads.sorted { $0.key < $1.key }.map { ("{outcome=\"\($0.key)\"}", "\($0.value)") })
            return out.joined(separator: "\n") + "\n"
        }
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
            of: "\n", with: "\\n")
    }
}
