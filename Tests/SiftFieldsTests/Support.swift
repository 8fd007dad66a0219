import Sift
import Testing

/// Compiles rules given as YAML text; fails the test with the rendered diagnostics if they do not load.
func compile(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Pipeline {
    let result = RulesLoader(registry: .builtIn()).load(text: yaml, file: "t.yaml")
    guard let p = result.pipeline else {
        Issue.record("rules did not load:\n\(result.rendered())", sourceLocation: sourceLocation)
        throw LoadFailed()
    }
    return p
}

struct LoadFailed: Error {}

/// The first error of rules given as YAML (file `r.yaml`), as `r.yaml:2:18: error: message`; empty when they load.
func firstError(_ yaml: String) -> String {
    let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
    return r.errors.first.map { "\($0.mark.map { "\($0)" } ?? "-"): error: \($0.message)" } ?? ""
}

/// 2026-11-21T00:00:00Z
let asOf: Int64 = 1_795_219_200_000

/// The reason codes for one record given as JSON.
func reasons(_ pipeline: Pipeline, _ json: String) throws -> [ReasonCode] {
    try Session(pipeline: pipeline, asOfMillis: asOf).validate(json: Array(json.utf8)).reasons
}

/// Rules with one field `v` and the given check (YAML, one line).
func field(_ check: String) throws -> Pipeline {
    try compile("fields:\n  v:\n    - \(check)\n")
}

/// Reasons for `{"v": <json>}`.
func check(_ pipeline: Pipeline, _ valueJSON: String) throws -> [ReasonCode] {
    try reasons(pipeline, "{\"v\": \(valueJSON)}")
}

/// The violations' messages in a language.
func messages(_ pipeline: Pipeline, _ json: String, _ language: Language = .en) throws -> [String] {
    try Session(pipeline: pipeline, asOfMillis: asOf).validate(json: Array(json.utf8)).violations.map { $0.message.text(language) }
}
