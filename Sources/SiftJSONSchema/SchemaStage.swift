import SiftCore

/// A pack's `schema:` section: the record (or one of its fields) checked against a JSON Schema.
/// One walk names every failing keyword; a valid record allocates nothing.
struct SchemaStage: Stage {
    let program: SchemaProgram
    /// The field the schema applies to; nil for the whole record.
    let field: FieldPath?
    let file: String

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        guard let value = field.map({ $0.first(in: record) }) ?? record else { return StageResult() }
        // One walk: a valid record leaves the collector empty (nothing allocated).
        return StageResult(violations: program.violations(value, prefix: field?.components ?? []))
    }

    func explain(_ language: Language) -> String {
        SchemaExplain(program: program, language: language).text(file: file, field: field?.description)
    }
}
