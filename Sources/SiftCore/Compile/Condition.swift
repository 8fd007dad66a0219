import SiftJSON
import SiftMessages

/// The condition of a `when:` check or of `required: {when: ...}`: a check on the value being
/// checked, or on another field named by `field:`. A field given relative to the checked one
/// (`.kind`) has its `[*]` bound to the checked element's positions (`context.indices`).
struct Condition: Sendable {
    /// The check on the subject; nil for a presence condition.
    let check: (any CheckNode)?
    let field: FieldPath?
    /// How the author wrote `field:` (`.kind` or `category`), for explanations.
    let fieldText: String?
    /// `present: true` / `present: false` (and `has:`): the condition is whether the field is
    /// there (and not null), not what it holds.
    let present: Bool?

    /// Where the condition's subject is, when it is another field (shared by copies).
    let subject: Subject?

    init(check: any CheckNode, field: FieldPath?, fieldText: String?) {
        self.check = check
        self.field = field
        self.fieldText = fieldText
        present = nil
        subject = field.map(Subject.init)
    }

    /// A presence condition on `field`.
    init(present: Bool, field: FieldPath, fieldText: String) {
        check = nil
        self.field = field
        self.fieldText = fieldText
        self.present = present
        subject = Subject(field)
    }

    /// True when the condition holds. A missing or null field never satisfies a check, even
    /// under `not:`; `present: false` is the condition that holds for one.
    func holds(_ value: JSONValue?, _ context: EvaluationContext) -> Bool {
        let found = subject.map { $0.value(in: context) } ?? value
        if let present { return (found.map { !$0.isNull } ?? false) == present }
        // A formula reads the record, whether or not the checked field is there.
        if subject == nil, let check, check.readsRecord { return check.passes(found ?? context.record, context) }
        guard let subject = found, !subject.isNull, let check else { return false }
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
        switch (present, language) {
        case (true?, .zh): return on + "已填写"
        case (false?, .zh): return on + "未填写"
        case (true?, _): return on + "is present"
        case (false?, _): return on + "is missing"
        case (nil, _): return on + (check?.summary(language) ?? "")
        }
    }
}
