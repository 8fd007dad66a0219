/// Field rules a plugin family makes from rules of its own (the `schema:` section lifts a
/// schema's plain properties into them): the `fields:` rule loop, with the plugin's reason
/// codes, words and locations. A field absent, or inside a value of another kind, is not
/// checked; one that is `required` is then reported as `<path>.required` at `rule`.
package struct PluginFields: Sendable {
    /// One field and its checks.
    package struct Field: Sendable {
        /// One check, with the reason code and location every failure of it reports.
        package struct Check: Sendable {
            package var kind: String
            package var check: any ValueCheck
            package var reason: ReasonCode
            package var rule: Mark

            package init(kind: String, check: any ValueCheck, reason: ReasonCode, rule: Mark) {
                self.kind = kind
                self.check = check
                self.reason = reason
                self.rule = rule
            }
        }

        package var path: FieldPath
        /// A null is a value the checks see (as JSON Schema has it), not a missing field.
        package var nullIsValue: Bool
        /// Absent, it is reported (`is required but missing`); only for fields of the record itself.
        package var required: Bool
        package var checks: [Check]
        /// Where `required` is written.
        package var rule: Mark

        package init(path: FieldPath, nullIsValue: Bool, required: Bool = false, checks: [Check], rule: Mark) {
            self.path = path
            self.nullIsValue = nullIsValue
            self.required = required
            self.checks = checks
            self.rule = rule
        }
    }

    private let stage: FieldsStage

    package init(_ fields: [Field]) {
        stage = FieldsStage(
            rules: fields.map { f in
                FieldRule(
                    path: f.path, required: f.required ? .always : .never, nullIsValue: f.nullIsValue, firstOnly: false,
                    reasonPrefix: f.path.description,
                    checks: f.checks.map {
                        PluginCheckNode(kind: $0.kind, check: $0.check, reason: $0.reason, message: nil, rule: $0.rule)
                    },
                    rule: f.rule)
            })
    }

    /// True when there are no fields.
    package var isEmpty: Bool { stage.rules.isEmpty }

    /// Appends the violations of `record` (the whole record, whatever field the plugin applies to).
    package func evaluate(_ record: JSONValue, in context: EvaluationContext, appendingTo violations: inout [Violation]) {
        stage.evaluate(record, in: context, appendingTo: &violations)
    }

    /// The violation sites of the fields, for a worker's kept words.
    package var sites: Range<Int> {
        guard let first = stage.rules.first, let last = stage.rules.last else { return 0..<0 }
        return first.site..<(last.site + last.checks.count + 1)
    }
}
