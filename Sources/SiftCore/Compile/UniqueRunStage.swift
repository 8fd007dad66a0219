import SiftJSON
import SiftMessages
import SiftConfig

/// `unique_in_run`: a field's value (with `with:`, together with other fields' values) may
/// appear in one record of a run only; the second and later records with it get
/// `<field>.duplicate`, naming the first record's line. Workers digest each record's key
/// (`JSONDigest`, 16 bytes, nothing allocated); the settler remembers the digests in input order,
/// so any number of workers gives the same results as one.
///
/// `unique_across_runs`: the same, with the keys claimed in the run's ledger (`KeyClaims`), so
/// that a value used by an earlier run, or by another run at the same time on any host, is a
/// duplicate too; exactly once, as receipts are credited.
struct UniqueRunStage: Stage {
    final class Rule: @unchecked Sendable {  // immutable; the probes are freed in deinit
        let path: FieldPath
        let with: [FieldPath]
        let reason: ReasonCode
        let nullIsValue: Bool
        let rule: Mark
        /// For `unique_across_runs`: where the ledger's claims are opened, and the keys' prefix.
        let acrossRuns: (claims: KeyClaimsOpener, prefix: String)?
        private let probes: [PathProbe]

        init(
            path: FieldPath, with: [FieldPath], reason: ReasonCode, nullIsValue: Bool, rule: Mark,
            acrossRuns: (claims: KeyClaimsOpener, prefix: String)? = nil
        ) {
            self.path = path
            self.with = with
            self.reason = reason
            self.nullIsValue = nullIsValue
            self.rule = rule
            self.acrossRuns = acrossRuns
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

        /// The key as canonical JSON, the same in every process (`[value, with...]`).
        func stableKey(of record: JSONValue) -> [UInt8] {
            var out: [UInt8] = [UInt8(ascii: "[")]
            for (n, p) in ([path] + with).enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                if let v = p.first(in: record) { JSONCanonical.canonicalBytes(v, into: &out) } else { out += Array("missing".utf8) }
            }
            out.append(UInt8(ascii: "]"))
            return out
        }
    }

    let rule: Rule

    /// What the settler needs: the key, inline in the result (16 bytes: no allocation).
    struct Pending: Sendable {
        let key: JSONDigest
        /// For `unique_across_runs`: the key as the ledger knows it.
        var stable: [UInt8]?
    }

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        guard let key = rule.key(of: record) else { return StageResult() }
        return StageResult(pending: Pending(key: key, stable: rule.acrossRuns == nil ? nil : rule.stableKey(of: record)))
    }

    func makeSettler(_ environment: RunEnvironment) throws -> (any Settler)? {
        let position = try environment.resources.value(for: RecordPosition.resourceKey) { RecordPosition() }
        guard let across = rule.acrossRuns, environment.useLedgers else { return UniqueRunSettler(rule, position: position, claims: nil) }
        guard let claims = try across.claims(environment) else {
            throw RunSetupError(
                "'unique_across_runs' of '\(rule.path)' (\(rule.rule)) keeps its keys in a ledger: "
                    + "give one with --ledger FILE|URL (or SIFT_LEDGER)")
        }
        return UniqueRunSettler(rule, position: position, claims: claims)
    }

    var reasonCodes: [ReasonCode] { [rule.reason] }

    func explain(_ language: Language) -> String {
        let together = rule.with.map(\.description).joined(separator: ", ")
        let scope =
            rule.acrossRuns == nil
            ? CoreMessages.uniqueInRun().localized
            : CoreMessages.uniqueAcrossRuns().localized
        switch (language, rule.with.isEmpty) {
        case (.zh, true): return "字段 \(rule.path)：\(scope.zh) [\(rule.reason)] (\(rule.rule))"
        case (.zh, false): return "字段 \(rule.path)：与 \(together) 一起\(scope.zh) [\(rule.reason)] (\(rule.rule))"
        case (_, true): return "field \(rule.path): \(scope.en) [\(rule.reason)] (\(rule.rule))"
        case (_, false): return "field \(rule.path): \(scope.en) together with \(together) [\(rule.reason)] (\(rule.rule))"
        }
    }
}

/// Remembers each key's first record, in input order; reports the later ones.
final class UniqueRunSettler: Settler {
    private let rule: UniqueRunStage.Rule
    private let position: RecordPosition
    /// Each key seen, with where it was first seen (`RecordPosition.packed`): 24 bytes of data per key.
    private var seen: [JSONDigest: UInt64] = [:]
    /// The ledger's claims, for `unique_across_runs`.
    private let claims: (any KeyClaims)?
    /// Keys first seen in blocks not yet kept: forgotten again if those blocks are settled again.
    private var added = BlockUndoLog<JSONDigest>()

    init(_ rule: UniqueRunStage.Rule, position: RecordPosition, claims: (any KeyClaims)?) {
        self.rule = rule
        self.position = position
        self.claims = claims
    }

    var prepares: Bool { claims != nil }

    func prepare(_ results: [StageResult], next: [StageResult]?) {
        guard let claims, let prefix = rule.acrossRuns?.prefix else { return }
        claims.prefetch(prefix: prefix, values: results.compactMap { ($0.pending as? UniqueRunStage.Pending)?.stable })
    }

    func send() throws { try claims?.send() }
    func confirm() throws { try claims?.confirm() }
    func blockEnded(_ event: BlockEvent) {
        added.blockEnded(event) { seen[$0] = nil }
    }
    func finish() throws { try claims?.finish() }

    func settle(_ result: inout StageResult, context: EvaluationContext) {
        guard let pending = result.pending as? UniqueRunStage.Pending else { return }
        result.pending = nil
        let place: Message, before: Bool
        if let claims, let prefix = rule.acrossRuns?.prefix, let stable = pending.stable {
            guard let prior = claims.claim(prefix: prefix, value: stable, place: position.note) else { return }
            // The same record of the same named input, claimed by another run: a re-run (after a
            // kill) gets the first answer. A host's records are counted per session and standard
            // input has no name ("-": every Spark partition, every pipe), so only a file's place
            // says it is the same record.
            if !prior.thisRun, let source = position.source, source != "-", prior.place == position.note { return }
            place = RecordPosition.describeNote(prior.place)
            before = prior.thisRun
        } else {
            guard let first = seen[pending.key] else {
                seen[pending.key] = position.packed
                added.append(pending.key)
                return
            }
            place = position.describe(first)
            before = true
        }
        let value = rule.path.first(in: context.record)
        let together = rule.with.map(\.description).joined(separator: ", ")
        let template: MessageTemplate
        switch (before, rule.with.isEmpty) {
        case (true, true): template = CoreMessages.appearedBefore
        case (true, false): template = CoreMessages.appearedBeforeWith
        case (false, true): template = CoreMessages.usedByOtherRun
        case (false, false): template = CoreMessages.usedByOtherRunWith
        }
        let message = template(["together": together], messages: ["place": place]).localized
        result.violations.append(
            Violation(field: rule.path.description, reason: rule.reason, message: message, valueOf: value, rule: rule.rule))
    }
}

extension Pipeline {
    /// True when a pack has `unique_in_run`: its answers depend on every record of the run.
    package var checksUniquenessInRun: Bool { packs.contains { $0.stages.contains { $0 is UniqueRunStage } } }
}
