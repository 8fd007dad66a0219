/// Applies a pipeline to records one after another, carrying state across them
/// (replay detection). Hosts use one session per batch or per stream; it is not shared
/// between threads. The batch runner evaluates in parallel and settles through a session.
public final class Session {
    public let pipeline: Pipeline
    public let asOfMillis: Int64
    private let settlers: [[(any Settler)?]]

    /// - Parameter asOfMillis: the time that "now", expiry and `not_after` compare to.
    public init(pipeline: Pipeline, asOfMillis: Int64, environment: RunEnvironment = RunEnvironment()) throws {
        self.pipeline = pipeline
        self.asOfMillis = asOfMillis
        var environment = environment
        environment.resources = SessionResources()
        let env = environment
        self.settlers = try pipeline.packs.map { pack in try pack.stages.map { try $0.makeSettler(env) } }
    }

    /// Parses and checks one record given as JSON bytes.
    public func validate(json bytes: [UInt8]) -> RecordVerdict {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes) } catch { return RecordVerdict(inputError: InputError(error)) }
        guard doc.root.kind == .object else { return RecordVerdict(inputError: .notObject) }
        return validate(doc.root)
    }

    /// Checks one parsed record.
    public func validate(_ record: JSONValue) -> RecordVerdict {
        let context = EvaluationContext(record: record, asOfMillis: asOfMillis)
        return settle(pipeline.evaluate(record, context: context), record: record)
    }

    /// True when no stage keeps state across records: records may then be finished on any
    /// worker, in any order, without `settle`.
    public var isStateless: Bool { settlers.allSatisfy { $0.allSatisfy { $0 == nil } } }

    /// The verdict for one record's stage results when no stage keeps state across records.
    static func verdict(_ results: [PackResult], pipeline: Pipeline) -> RecordVerdict {
        guard !results.isEmpty else { return noPack(pipeline) }
        var verdict = RecordVerdict()
        for r in results {
            verdict.packs.append(r.pack)
            for s in r.stages {
                if verdict.violations.isEmpty { verdict.violations = s.violations } else { verdict.violations += s.violations }
                if verdict.output.isEmpty { verdict.output = s.output } else { verdict.output += s.output }
            }
        }
        return verdict
    }

    static func noPack(_ pipeline: Pipeline) -> RecordVerdict {
        RecordVerdict(violations: [noPackViolation(pipeline)])
    }

    static func noPackViolation(_ pipeline: Pipeline) -> Violation {
        let names = pipeline.packs.map { "\($0.name) (\($0.selector))" }.joined(separator: ", ")
        return Violation(field: "", reason: "record.no_pack",
                         message: LocalizedText(en: "no rule pack applies to this record (packs: \(names))",
                                                zh: "没有适用于此记录的规则包（规则包：\(names)）"))
    }

    /// Settles results that were evaluated elsewhere (on a worker), in input order.
    public func settle(_ results: [PackResult], record: JSONValue) -> RecordVerdict {
        let context = EvaluationContext(record: record, asOfMillis: asOfMillis)
        guard !results.isEmpty else { return Self.noPack(pipeline) }
        var verdict = RecordVerdict()
        for var r in results {
            verdict.packs.append(r.pack)
            for s in r.stages.indices {
                settlers[r.packIndex][s]?.settle(&r.stages[s], context: context)
                verdict.violations += r.stages[s].violations
                verdict.output += r.stages[s].output
            }
        }
        return verdict
    }

    /// Makes state settled so far durable (a ledger commit), for long-lived hosts.
    public func checkpoint() throws {
        for row in settlers { for s in row { try s?.checkpoint() } }
    }

    /// Ends the session: settlers flush what they keep (a ledger).
    public func finish() throws {
        var done = Set<ObjectIdentifier>()
        for row in settlers { for s in row { if let s, done.insert(ObjectIdentifier(s)).inserted { try s.finish() } } }
    }
}
