import Foundation
import Sift
import SiftCore

/// The rules being served and the session that settles their records: replaced whole by a
/// reload, so a request in flight finishes with the rules it started with.
final class ServedRules: Sendable {
    let pipeline: Pipeline
    /// Settles records whose packs keep state (a ledger); records of stateless packs are checked
    /// on the request's own task, in parallel.
    let session: RecordSession
    /// True when no stage keeps state across records.
    let isStateless: Bool
    /// When they were loaded (milliseconds since 1970).
    let loadedMs = Session.nowMillis()
    /// Groups the records of requests that arrive together into one ledger block.
    private let queue: SettleQueue

    init(pipeline: Pipeline, session: RecordSession) {
        self.pipeline = pipeline
        self.session = session
        isStateless = session.isStateless
        queue = SettleQueue(session: session)
    }

    /// The verdicts of `records` (JSON texts), in order, as of now: checked in parallel with other
    /// requests, settled as one block (their credits committed before this returns).
    func verdicts(_ records: [[UInt8]], duplicateKeys: DuplicateKeys) async -> [RecordVerdict] {
        let now = Session.nowMillis()
        if isStateless { return records.map { pipeline.validate(json: $0, asOfMillis: now, duplicateKeys: duplicateKeys) } }
        let checked = records.map { session.check(json: $0, asOfMillis: now) }
        return await queue.settle(checked)
    }

}

/// Settles requests' records in groups (group commit): while one group is settled (its ledger
/// commit), the records of requests that arrive meanwhile wait, and are then settled together as
/// one block, in the order they arrived. Each request's verdicts are returned once its group is
/// committed; a group that cannot be committed answers every record in it `record.unsettled`.
actor SettleQueue {
    let session: RecordSession
    private var waiting: [(records: [RecordSession.Checked], done: CheckedContinuation<[RecordVerdict], Never>)] = []
    private var draining = false

    init(session: RecordSession) { self.session = session }

    func settle(_ records: [RecordSession.Checked]) async -> [RecordVerdict] {
        await withCheckedContinuation { done in
            waiting.append((records, done))
            if !draining {
                draining = true
                Task { await drain() }
            }
        }
    }

    /// Settles every group waiting, one after another; requests that arrive while a group is
    /// settled wait for the next.
    private func drain() async {
        while !waiting.isEmpty {
            let group = waiting
            waiting = []
            let verdicts = await session.settle(group.flatMap(\.records))
            var at = 0
            for (records, done) in group {
                done.resume(returning: Array(verdicts[at..<at + records.count]))
                at += records.count
            }
        }
        draining = false
    }
}

/// Where the served rules are, and how to load them again (SIGHUP, `POST /v1/reload`).
public struct RuleSource: Sendable {
    /// Loads the rules and makes their session; throws `RuleSource.Refused` with the rendered
    /// diagnostics when the rules have errors (nothing is replaced then).
    public let load: @Sendable () throws -> (pipeline: Pipeline, session: RecordSession)

    /// A source that loads with `load`.
    public init(load: @escaping @Sendable () throws -> (pipeline: Pipeline, session: RecordSession)) {
        self.load = load
    }

    /// Rules that did not load: their problems, as `sift lint` writes them.
    public struct Refused: Error, CustomStringConvertible {
        /// The diagnostics, `file:line:col: error: message` with carets.
        public let diagnostics: String
        /// Rules refused with `diagnostics`.
        public init(diagnostics: String) { self.diagnostics = diagnostics }
        /// The diagnostics.
        public var description: String { diagnostics }
    }
}

/// The current rules, swapped by a reload under a lock.
final class CurrentRules: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: ServedRules
    private let source: RuleSource

    init(source: RuleSource) throws {
        self.source = source
        let (pipeline, session) = try source.load()
        rules = ServedRules(pipeline: pipeline, session: session)
    }

    var current: ServedRules { lock.withLock { rules } }

    /// Loads the rules again; on success they serve the next request, and the packs are returned.
    /// Rules with errors are refused and the old ones go on serving. One reload at a time.
    func reload() throws -> [String] {
        try reloading.withLock {
            let (pipeline, session) = try source.load()
            let next = ServedRules(pipeline: pipeline, session: session)
            lock.withLock { rules = next }
            return pipeline.packs.map(\.name)
        }
    }
    private let reloading = NSLock()
}
