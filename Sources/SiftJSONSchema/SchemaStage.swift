import SiftCore

/// A pack's `schema:` section: the record (or one of its fields) checked against a JSON Schema.
/// A valid record is answered by a walk that stops at nothing and allocates nothing; an invalid
/// one is walked again to name every failing keyword.
struct SchemaStage: Stage {
    let program: SchemaProgram
    /// The field the schema applies to; nil for the whole record.
    let field: FieldPath?
    let file: String

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        guard let value = field.map({ $0.first(in: record) }) ?? record else { return StageResult() }
        if program.isValid(value) { return StageResult() }
        return StageResult(violations: program.violations(value, prefix: field?.components ?? []))
    }

    func explain(_ language: Language) -> String {
        SchemaExplain(program: program, language: language).text(file: file, field: field?.description)
    }
}
