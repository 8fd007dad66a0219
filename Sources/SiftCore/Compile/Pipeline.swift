/// Compiled rules: immutable, `Sendable`, shared by all workers of a run.
public struct Pipeline: Sendable {
    public let packs: [Pack]
    /// Warnings from compiling (for example a regex class that admits '|').
    public let warnings: [Diagnostic]
    /// Rule-file texts by path, for showing errors with their source line.
    public let sources: [String: String]

    public init(packs: [Pack], warnings: [Diagnostic], sources: [String: String]) {
        self.packs = packs
        self.warnings = warnings
        self.sources = sources
    }

    /// Evaluates one record with every pack that applies to it, without settlers.
    /// Stateful checks (replay) need a `Session`.
    public func evaluate(_ record: JSONValue, context: EvaluationContext) -> [PackResult] {
        var out: [PackResult] = []
        for (i, pack) in packs.enumerated() where pack.selector.matches(record) {
            out.append(PackResult(packIndex: i, pack: pack.name, stages: pack.stages.map { $0.evaluate(record, in: context) }))
        }
        return out
    }

    /// Packs whose names are given, in order; all when `names` is empty.
    public func restricted(to names: Set<String>) -> Pipeline {
        names.isEmpty ? self : Pipeline(packs: packs.filter { names.contains($0.name) }, warnings: warnings, sources: sources)
    }
}

/// The stage results of one pack for one record.
public struct PackResult: Sendable {
    public var packIndex: Int
    public var pack: String
    public var stages: [StageResult]
}
