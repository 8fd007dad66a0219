/// The condition of a `when:` check or of `required: {when: ...}`: a check on the value being
/// checked, or on another field named by `field:`. A field given relative to the checked one
/// (`.kind`) has its `[*]` bound to the checked element's positions (`context.indices`).
struct Condition: Sendable {
    let check: any CheckNode
    let field: FieldPath?
    /// How the author wrote `field:` (`.kind` or `category`), for explanations.
    let fieldText: String?

    /// Where the condition's subject is, when it is another field (shared by copies).
    let subject: Subject?

    init(check: any CheckNode, field: FieldPath?, fieldText: String?) {
        self.check = check
        self.field = field
        self.fieldText = fieldText
        subject = field.map(Subject.init)
    }

    /// True when the condition holds. A missing or null field never satisfies a condition.
    func holds(_ value: JSONValue?, _ context: EvaluationContext) -> Bool {
        guard let subject = subject.map({ $0.value(in: context) }) ?? value, !subject.isNull else { return false }
        return check.passes(subject, context)
    }

    /// The field a condition is about, found without reference counts when its path has no
    /// `[*]` (a probe), else with its `[*]` bound to the checked element's positions.
    final class Subject: Sendable {
        let field: FieldPath
        private let probe: PathProbe?

        init(_ field: FieldPath) {
            self.field = field
            probe = PathProbe(field)
        }

        deinit { probe?.deallocate() }

        @inline(__always)
        func value(in context: EvaluationContext) -> JSONValue? {
            guard let probe else { return field.first(in: context.record, binding: context.indices) }
            let record = context.record
            let at = probe.index(in: record, from: record.index)
            return at < 0 ? nil : JSONValue(document: record.document, index: at)
        }
    }

    func summary(_ language: Language) -> String {
        let on = fieldText.map { language == .zh ? "字段 \($0) " : "field \($0) " } ?? ""
        return on + check.summary(language)
    }
}
