import SiftJSON
import SiftMessages
import SiftConfig

/// One compiled rule pack: the records it applies to, its stages and its examples.
package final class Pack: Sendable {
    public let name: String
    /// The file it was written in.
    public let file: String
    public let selector: Selector
    /// The compiled stages, in order (fields first, then plugin sections).
    public let stages: [any Stage]
    public let examples: [Example]
    /// `fail_when:` and `warn_when:`, judged after a run.
    public let thresholds: PackThresholds?
    /// What the author says the pack is for (`description:`).
    public let description: LocalizedText?
    /// The stages again for the batch path: the fields stage typed (it appends its violations
    /// straight to the verdict instead of going through a `StageResult`), then the others.
    let fields: FieldsStage?
    let plugins: [any Stage]

    init(
        name: String, file: String, selector: Selector, stages: [any Stage], examples: [Example], thresholds: PackThresholds? = nil,
        description: LocalizedText? = nil
    ) {
        self.name = name
        self.file = file
        self.selector = selector
        self.stages = stages
        self.examples = examples
        self.thresholds = thresholds
        self.description = description
        self.fields = stages.first as? FieldsStage
        self.plugins = Array(stages.dropFirst(fields == nil ? 0 : 1))
    }

    /// The batch path: when the pack applies to `record`, appends its violations and outputs to
    /// `verdict` and returns true. A method of the pack, so that its selector, stages and plugin
    /// list are read where they lie (copied out of it, each would cost a retain and a release).
    func evaluate(_ record: JSONValue, in context: EvaluationContext, into verdict: inout RecordVerdict) -> Bool {
        // Most packs select every record: answered here, without the call (about 50 instructions).
        guard selector.conditions.isEmpty || selector.matches(record) else { return false }
        fields?.evaluate(record, in: context, appendingTo: &verdict.violations)
        for i in plugins.indices { plugins[i].evaluate(record, in: context, into: &verdict) }
        return true
    }
}

/// A record written in a rule file with its expected outcome, run by `sift test`.
package struct Example: Sendable {
    public let name: String?
    /// The record as JSON text, converted from YAML.
    public let json: String
    public let expectation: Expectation
    public enum Expectation: Sendable, Equatable {
        /// No violation.
        case valid
        /// Invalid, for any reason.
        case invalid
        /// Exactly these reason codes (as a set).
        case reasons([ReasonCode])
    }
    public let mark: Mark
    /// Stage outputs the verdict must contain, as JSON text per key (`route:` is `output: {route: ...}`):
    /// every member given must be there with that value; members not given are not compared.
    public var outputs: [(key: String, json: String)] = []
    /// Check the record with every pack of the rules (`packs: all`), not only this example's pack.
    public var allPacks = false
}
