import SiftCore

/// A pack's `schema:` section: the record (or one of its fields) checked against a JSON Schema.
/// The schema's plain properties run as field rules (`SchemaLift`), the rest in one walk that
/// names every failing keyword; a valid record allocates nothing.
struct SchemaStage: Stage {
    /// The schema as written, for `sift explain`.
    let program: SchemaProgram
    /// The field the schema applies to; nil for the whole record.
    let field: FieldPath?
    let file: String
    /// What runs: the walk without the lifted properties, and their field rules.
    private let walk: SchemaProgram
    private let fields: PluginFields
    /// False when the walk can find nothing in a record (all it had to say was lifted).
    let walks: Bool

    init(program: SchemaProgram, field: FieldPath?, file: String) {
        self.program = program
        self.field = field
        self.file = file
        (walk, fields) = SchemaLift.lift(program, prefix: field?.components ?? [])
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
        collect(record, context, into: &result.violations)
        return result
    }

    func evaluate(_ record: JSONValue, in context: EvaluationContext, into verdict: inout RecordVerdict) {
        collect(record, context, into: &verdict.violations)
    }

    private func collect(_ record: JSONValue, _ context: EvaluationContext, into violations: inout [Violation]) {
        guard let value = field.map({ $0.first(in: record) }) ?? record else { return }
        fields.evaluate(record, in: context, appendingTo: &violations)
        if walks { walk.collect(value, prefix: field?.components ?? [], into: &violations) }
    }

    var violationSites: Range<Int> { fields.sites }

    func explain(_ language: Language) -> String {
        SchemaExplain(program: program, language: language).text(file: file, field: field?.description)
    }
}
