import SiftJSON
import SiftConfig

/// Compiled rules: immutable, `Sendable`, shared by all workers of a run.
public struct Pipeline: Sendable {
    package let packs: [Pack]
    /// Warnings from compiling (for example a regex class that admits '|').
    public let warnings: [Diagnostic]
    /// Rule-file texts by path, for showing errors with their source line.
    public let sources: [String: String]
    /// The parts of a record the packs read (every field path their rules name), or nil when
    /// they may read any part (a section such as `receipts:`, a check that reads the whole
    /// record, a closed record). The batch runner skips the rest (`ReadTree`; a tree can also
    /// read everything, when a path names the record itself).
    package let reads: ReadTree?

    /// The packs' names, in the order they are applied.
    public var packNames: [String] { packs.map(\.name) }

    package init(packs: [Pack], warnings: [Diagnostic], sources: [String: String], reads: ReadTree? = nil) {
        self.packs = packs
        self.warnings = warnings
        self.sources = sources
        self.reads = reads
    }

    /// Evaluates one record with every pack that applies to it, without settlers.
    /// Stateful checks (replay) need a `Session`.
    package func evaluate(_ record: JSONValue, context: EvaluationContext) -> [PackResult] {
        var out: [PackResult] = []
        for (i, pack) in packs.enumerated() where pack.selector.matches(record) {
            out.append(PackResult(packIndex: i, pack: pack.name, stages: pack.stages.map { $0.evaluate(record, in: context) }))
        }
        return out
    }

    /// Evaluates one record into `verdict`, which is emptied first but keeps its capacity, so
    /// that a worker reusing one verdict allocates nothing for a valid record. Only for
    /// pipelines whose stages keep no state across records (see `Session.isStateless`).
    package func evaluate(_ record: JSONValue, context: EvaluationContext, into verdict: inout RecordVerdict) {
        Self.empty(&verdict.violations)
        Self.empty(&verdict.output)
        verdict.inputError = nil
        Self.empty(&verdict.packViolationEnds)
        // The names of the packs that apply overwrite the last record's only where they differ:
        // mostly the same packs apply, and a name kept costs no reference count.
        var applied = 0
        for p in packs.indices {
            // Borrowed for the call: `packs` keeps the pack alive (no retain and release per record).
            let applies = Unmanaged.passUnretained(packs[p])._withUnsafeGuaranteedRef {
                $0.evaluate(record, in: context, into: &verdict)
            }
            guard applies else { continue }
            if applied == verdict.packs.count {
                verdict.packs.append(packs[p].name)
            } else if verdict.packs[applied] != packs[p].name {
                verdict.packs[applied] = packs[p].name
            }
            applied += 1
            verdict.packViolationEnds.append(verdict.violations.count)
        }
        while verdict.packs.count > applied { verdict.packs.removeLast() }
        if applied == 0 { verdict.violations.append(Session.noPackViolation(self)) }
    }

    /// Empties `array`, keeping its capacity. The few elements a record leaves are dropped one by
    /// one: `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`, about 90
    /// instructions even when the array is empty.
    @inline(__always)
    private static func empty<T>(_ array: inout [T]) {
        guard array.count > 4 else {
            while !array.isEmpty { array.removeLast() }
            return
        }
        array.removeAll(keepingCapacity: true)
    }

    /// Packs whose names are given, in order; all when `names` is empty.
    public func restricted(to names: Set<String>) -> Pipeline {
        names.isEmpty
            ? self : Pipeline(packs: packs.filter { names.contains($0.name) }, warnings: warnings, sources: sources, reads: reads)
    }
}

/// The stage results of one pack for one record.
package struct PackResult: Sendable {
    public var packIndex: Int
    public var pack: String
    public var stages: [StageResult]
}
