import SiftJSON
import SiftConfig

/// A field rule a pack section makes from rules of its own (the `schema:` section lifts a
/// schema's plain properties into them), run by the pack with its `fields:` (one pass over the
/// record for both) and reported with the section's reason codes, words and locations. A field
/// absent, or inside a value of another kind, is not checked; one that is `required` is then
/// reported as `<path>.required` at `rule`. `sift explain` leaves them to the section.
package struct SectionField: Sendable {
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

extension FieldRule {
    /// The rule of a section's field; not shown by the fields' `explain`.
    convenience init(_ field: SectionField) {
        self.init(
            path: field.path, required: field.required ? .always : .never, nullIsValue: field.nullIsValue, firstOnly: false,
            reasonPrefix: field.path.description,
            checks: field.checks.map { PluginCheckNode(kind: $0.kind, check: $0.check, reason: $0.reason, message: nil, rule: $0.rule) },
            rule: field.rule, explained: false)
    }
}
