/// `unique_in_run`: a field's value (with `with:`, together with other fields' values) may
/// appear in one record of a run only; the second and later records with it get
/// `<field>.duplicate`, naming the first record's line. Workers digest each record's key
/// (`JSONDigest`, 16 bytes, nothing allocated); the settler remembers the digests in input order,
/// so any number of workers gives the same results as one.
struct UniqueRunStage: Stage {
    final class Rule: @unchecked Sendable {  // immutable; the probes are freed in deinit
        let path: FieldPath
        let with: [FieldPath]
        let reason: ReasonCode
        let nullIsValue: Bool
        let rule: Mark
        private let probes: [PathProbe]

        init(path: FieldPath, with: [FieldPath], reason: ReasonCode, nullIsValue: Bool, rule: Mark) {
            self.path = path
            self.with = with
            self.reason = reason
            self.nullIsValue = nullIsValue
            self.rule = rule
            probes = ([path] + with).compactMap(PathProbe.init)
        }

        deinit { for p in probes { p.deallocate() } }

        /// The record's key, or nil when the field is missing (or null): no key, nothing to compare.
        func key(of record: JSONValue) -> JSONDigest? {
            let doc = record.document
            let at = probes[0].index(in: record, from: record.index)
            guard at >= 0, nullIsValue || doc.tape[at].kind != .null else { return nil }
            guard probes.count > 1 else { return JSONDigest(JSONValue(document: doc, index: at)) }
            var builder = JSONDigest.Builder()
            for probe in probes {
                let i = probe.index(in: record, from: record.index)
                builder.add(i < 0 ? nil : JSONValue(document: doc, index: i))
            }
            return builder.finish()
        }
    }

    let rule: Rule

    /// What the settler needs: the key, inline in the result (16 bytes: no allocation).
    struct Pending: Sendable {
        let key: JSONDigest
    }

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        StageResult(pending: rule.key(of: record).map(Pending.init))
    }

    func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)? {
        UniqueRunSettler(rule, position: try environment.resources.value(for: RecordPosition.resourceKey) { RecordPosition() })
    }

    var reasonCodes: [ReasonCode] { [rule.reason] }

    func explain(_ language: Language) -> String {
        let together = rule.with.map(\.description).joined(separator: ", ")
        switch (language, rule.with.isEmpty) {
        case (.zh, true): return "字段 \(rule.path)：在本次运行中不得重复 [\(rule.reason)] (\(rule.rule))"
        case (.zh, false): return "字段 \(rule.path)：与 \(together) 一起在本次运行中不得重复 [\(rule.reason)] (\(rule.rule))"
        case (_, true): return "field \(rule.path): unique in the run [\(rule.reason)] (\(rule.rule))"
        case (_, false): return "field \(rule.path): unique in the run together with \(together) [\(rule.reason)] (\(rule.rule))"
        }
    }
}

/// Remembers each key's first record, in input order; reports the later ones.
final class UniqueRunSettler: Settler {
    private let rule: UniqueRunStage.Rule
    private let position: RecordPosition
    /// Each key seen, with where it was first seen (`RecordPosition.packed`): 24 bytes of data per key.
    private var seen: [JSONDigest: UInt64] = [:]

    init(_ rule: UniqueRunStage.Rule, position: RecordPosition) {
        self.rule = rule
        self.position = position
    }

    /// Nothing to make durable: the keys live for the run.
    func finish() {}

    func settle(_ result: inout StageResult, context: EvaluationContext) {
        guard let pending = result.pending as? UniqueRunStage.Pending else { return }
        result.pending = nil
        let here = position.packed
        guard let first = seen[pending.key] else {
            seen[pending.key] = here
            return
        }
        let place = position.describe(first)
        let value = rule.path.first(in: context.record)
        let message: LocalizedText
        if rule.with.isEmpty {
            message = LocalizedText(en: "appeared before, on \(place.en)", zh: "已在\(place.zh)出现过")
        } else {
            let together = rule.with.map(\.description).joined(separator: ", ")
            message = LocalizedText(
                en: "appeared before with the same \(together), on \(place.en)", zh: "已在\(place.zh)以相同的 \(together) 出现过")
        }
        result.violations.append(
            Violation(field: rule.path.description, reason: rule.reason, message: message, valueOf: value, rule: rule.rule))
    }
}

extension Pipeline {
    /// True when a pack has `unique_in_run`: its answers depend on every record of the run.
    package var checksUniquenessInRun: Bool { packs.contains { $0.stages.contains { $0 is UniqueRunStage } } }
}
