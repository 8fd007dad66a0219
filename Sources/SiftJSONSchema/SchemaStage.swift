import SiftCore
import SiftJSON
import SiftMessages

/// A pack's `schema:` section: the record (or one of its fields) checked against a JSON Schema.
/// The schema's plain properties run with the pack's fields (`SchemaLift`); this stage walks
/// the rest, naming every failing keyword. A valid record allocates nothing.
struct SchemaStage: Stage {
    /// The schema as written, for `sift explain`.
    let program: SchemaProgram
    /// What the walk runs: the schema without the lifted properties.
    let walk: SchemaProgram
    /// The field the schema applies to; nil for the whole record.
    let field: FieldPath?
    let file: String
    /// False when the walk can find nothing in a record (all it had to say was lifted).
    let walks: Bool

    init(program: SchemaProgram, walk: SchemaProgram, field: FieldPath?, file: String) {
        self.program = program
        self.walk = walk
        self.field = field
        self.file = file
        // A record is an object (one that is not is an input error before any stage): a walk left
        // with only a `type` that admits objects, and keywords of text or numbers, finds nothing.
        let start = walk.nodes[walk.entry]
        let saysMore =
            start.never || start.enumValues != nil || start.constValue != nil || start.hasObjectKeywords || start.hasArrayKeywords
            || start.hasApplicators || start.types.map { !$0.contains(.object) } == true
        walks = field != nil || saysMore
    }

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var result = StageResult()
        collect(record, into: &result.violations)
        return result
    }

    func evaluate(_ record: JSONValue, in context: EvaluationContext, into verdict: inout RecordVerdict) {
        collect(record, into: &verdict.violations)
    }

    private func collect(_ record: JSONValue, into violations: inout [Violation]) {
        guard walks, let value = field.map({ $0.first(in: record) }) ?? record else { return }
        walk.collect(value, prefix: field?.components ?? [], into: &violations)
    }

    func explain(_ language: Language) -> String {
        SchemaExplain(program: program, language: language).text(file: file, field: field?.description)
    }
}
