import SiftJSON
import SiftMessages
import SiftConfig

/// A pack's `examples:`: each record with what `sift test` expects of it.
extension PackCompiler {
    mutating func compileExamples(_ node: ConfigNode?) -> [Example] {
        guard let node else { return [] }
        guard let items = node.items else {
            diagnostics.error(CoreMessages.examplesListRecordValidTrue(), at: node.mark)
            return []
        }
        let keys = ["name", "record", "json", "valid", "reasons", "route", "output", "packs"]
        var out: [Example] = []
        for item in items {
            if let example = compileExample(item, keys: keys) { out.append(example) }
        }
        return out
    }

    /// One item of `examples:`; nil, after its errors, when it is not a mapping or has no record.
    mutating func compileExample(_ item: ConfigNode, keys: [String]) -> Example? {
        guard let pairs = item.pairs else {
            diagnostics.error(
                CoreMessages.exampleMappingRecordValidReasons(messages: ["item_kind": item.kindMessage]), at: item.mark)
            return nil
        }
        for p in pairs where !keys.contains(p.key.scalarText ?? "") {
            let k = p.key.scalarText ?? ""
            diagnostics.error(
                CoreMessages.unknownKeyExampleKeys(
                    ["k": "\(k)", "keys": "\(keys.joined(separator: ", "))"], messages: ["hint": Suggestion.hint(k, in: keys)]),
                at: p.key.mark)
        }
        let json = exampleJSON(item)
        let (valid, reasons) = expectedOutcome(of: item)
        guard let json else { return nil }
        let expectation: Example.Expectation =
            valid == true ? .valid : (reasons.map { .reasons($0.map { ReasonCode($0) }) } ?? .invalid)
        var example = Example(name: item["name"]?.scalarText, json: json, expectation: expectation, mark: item.mark)
        if let r = item["route"] { example.outputs.append(("route", NodeJSON.json(r))) }
        for p in item["output"]?.pairs ?? [] { if let k = p.key.scalarText { example.outputs.append((k, NodeJSON.json(p.value))) } }
        if let p = item["packs"] {
            if p.scalarText == "all" {
                example.allPacks = true
            } else {
                diagnostics.error(CoreMessages.packsExampleAllCheckRecord(), at: p.mark)
            }
        }
        return example
    }

    /// An example's record as JSON text, from 'record' (YAML) or 'json'; nil, after an error, without either.
    mutating func exampleJSON(_ item: ConfigNode) -> String? {
        if let r = item["record"] {
            if r.pairs == nil {
                diagnostics.error(CoreMessages.recordMappingRecordSFields(messages: ["r_kind": r.kindMessage]), at: r.mark)
            }
            return NodeJSON.json(r)
        } else if let j = item["json"]?.scalarText {
            return j
        } else {
            diagnostics.error(CoreMessages.exampleNeedsRecordYamlJson(), at: item.mark)
            return nil
        }
    }

    /// An example's 'valid' and 'reasons', as written; reports a bad 'valid', neither given, or both contradicting.
    mutating func expectedOutcome(of item: ConfigNode) -> (valid: Bool?, reasons: [String]?) {
        var reasons: [String]? = nil
        if let r = item["reasons"] {
            reasons = (r.items ?? [r]).compactMap(\.scalarText)
        }
        var valid: Bool?
        if let v = item["valid"] {
            if case .bool(let b)? = v.resolved {
                valid = b
            } else {
                diagnostics.error(CoreMessages.validTrueFalse(messages: ["v_kind": v.kindMessage]), at: v.mark)
            }
        }
        if valid == nil, reasons == nil {
            diagnostics.error(CoreMessages.sayWhatExampleExpectsValid(), at: item.mark)
        }
        if valid == true, let r = reasons, !r.isEmpty {
            diagnostics.error(CoreMessages.exampleCannotValidTrueList(), at: item["valid"]!.mark)
        }
        return (valid, reasons)
    }
}
