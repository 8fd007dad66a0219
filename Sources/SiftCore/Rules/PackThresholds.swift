import SiftConfig

/// Limits on a run's results written in a pack: `fail_when:` sets exit code 5 when crossed,
/// `warn_when:` prints a warning. Judged after the run (`sift run`), beside the command line's
/// `--max-invalid-ratio`, `--warn-invalid-ratio` and `--max-reason`.
///
///     fail_when:
///       invalid_ratio: 0.05          # more than 5% of the records this pack applies to break its rules
///       reasons: {phone.regex: 100}  # phone.regex more than 100 times in the run
///     warn_when:
///       invalid_ratio: 0.01
package struct PackThresholds: Sendable, Equatable {
    /// One level's limits.
    public struct Limits: Sendable, Equatable {
        /// Invalid records over the records the pack applied to, 0...1; crossed when above.
        public var invalidRatio: Double?
        /// Most occurrences of each code in the run; crossed when above.
        public var reasons: [ReasonCode: Int] = [:]
        /// Where the level is written.
        public var mark: Mark
    }

    public var fail: Limits?
    public var warn: Limits?
}

extension PackCompiler {
    static let thresholdKeys = ["invalid_ratio", "reasons"]

    /// `fail_when:` and `warn_when:` of a pack, or nil when it has neither.
    mutating func compileThresholds(_ node: ConfigNode) -> PackThresholds? {
        let fail = node["fail_when"].flatMap { limits($0, "fail_when") }
        let warn = node["warn_when"].flatMap { limits($0, "warn_when") }
        return fail == nil && warn == nil ? nil : PackThresholds(fail: fail, warn: warn)
    }

    private mutating func limits(_ node: ConfigNode, _ key: String) -> PackThresholds.Limits? {
        guard let pairs = node.pairs else {
            diagnostics.error(CoreMessages.takesMappingInvalidRatioReasons(["key": "\(key)"]), at: node.mark)
            return nil
        }
        var limits = PackThresholds.Limits(mark: node.mark)
        for p in pairs {
            let k = p.key.scalarText ?? ""
            switch k {
            case "invalid_ratio":
                let ratio: Double? =
                    switch p.value.resolved {
                    case .int(let i)?: Double(i)
                    case .double(let d)?: d
                    default: nil
                    }
                guard let ratio, (0...1).contains(ratio) else {
                    diagnostics.error(
                        CoreMessages.invalidRatioShareRecordsFrom(messages: ["value_kind": p.value.kindMessage]),
                        at: p.value.mark)
                    continue
                }
                limits.invalidRatio = ratio
            case "reasons":
                for r in p.value.pairs ?? [] {
                    guard let code = r.key.scalarText, case .int(let n)? = r.value.resolved, n >= 0 else {
                        diagnostics.error(CoreMessages.eachReasonLimitCodeN(), at: r.value.mark)
                        continue
                    }
                    limits.reasons[ReasonCode(code)] = n
                }
                if p.value.pairs == nil { diagnostics.error(CoreMessages.reasonsTakesMappingCodeN(), at: p.value.mark) }
            default:
                diagnostics.error(
                    CoreMessages.unknownKeyKeys(
                        ["k": "\(k)", "key": "\(key)", "threshold_keys": "\(Self.thresholdKeys.joined(separator: ", "))"],
                        messages: ["hint": Suggestion.hint(k, in: Self.thresholdKeys)]), at: p.key.mark)
            }
        }
        return limits
    }
}
