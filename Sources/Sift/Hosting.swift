import Foundation

extension Date {
    /// Milliseconds since 1970, as Sift's as-of times are given.
    var siftMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension Pipeline {
    /// Checks one record given as JSON, as of `asOf` (default: now). Stateless: any thread.
    public func validate(json data: Data, asOf: Date = Date()) -> RecordVerdict {
        validate(json: [UInt8](data), asOfMillis: asOf.siftMillis)
    }

    /// Checks one record given as a Swift value, encoded with `JSONEncoder` (dates as ISO 8601 text).
    public func validate(_ value: some Encodable, asOf: Date = Date()) throws -> RecordVerdict {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return validate(json: try encoder.encode(value), asOf: asOf)
    }

    /// Resolves one link as an app's router would: the route (destination, typed parameters),
    /// or why the link is refused.
    public func route(_ url: URL, pack: String? = nil) throws(RouteResult.Refusal) -> RouteResult {
        try route(url.absoluteString, pack: pack)
    }
}

/// A session for packs that keep state across records (receipt replay, a ledger), shared by
/// concurrent tasks: records are settled one at a time, in the order their calls arrive.
/// Each call gives its own as-of time (default: now), so a long-lived session never goes stale.
///
///     let session = try RecordSession(pipeline: try RulesLoader.load(path: "rules/iap.yaml"), ledger: .file("claims.sqlite"))
///     let verdict = await session.validate(json: body)
///     try await session.checkpoint()
public actor RecordSession {
    private let session: Session
    /// The rules it applies.
    public nonisolated let pipeline: Pipeline

    /// A session over `pipeline`. `ledger` replaces every ledger the rules name (a SQLite file,
    /// or a database with `SiftLedgerPostgres`), as `sift run --ledger` does; `overrides` replaces
    /// other paths the rules name, as `sift run`'s options do (`["ledger": path]` is the same as
    /// `ledger: .file(path)`). A record that names a key twice in one object is
    /// `input.duplicate_key` unless `duplicateKeys` says which member counts.
    public init(
        pipeline: Pipeline, ledger: LedgerConfiguration? = nil, overrides: [String: String] = [:], duplicateKeys: DuplicateKeys = .reject
    ) throws {
        var environment = RunEnvironment(overrides: overrides)
        if let ledger { environment.use(ledger) }
        try self.init(pipeline: pipeline, environment: environment, duplicateKeys: duplicateKeys)
    }

    package init(pipeline: Pipeline, environment: RunEnvironment, duplicateKeys: DuplicateKeys = .reject) throws {
        self.pipeline = pipeline
        self.environment = environment
        self.duplicateKeys = duplicateKeys
        session = try Session(pipeline: pipeline, asOfMillis: nil, environment: environment)
        session.duplicateKeys = duplicateKeys
        isStateless = session.isStateless
    }

    /// Checks and settles one record given as JSON bytes, as of `asOf`. Its claims (a
    /// receipt's transactions in a ledger) are committed before the verdict is returned; if
    /// they cannot be, the verdict is `record.unsettled` and nothing is credited. A record whose
    /// claims lost a race with another host's is settled again, as if it came after them.
    public func validate(json bytes: [UInt8], asOf: Date = Date()) -> RecordVerdict {
        do {
            return try Session.settlingAgain {
                let verdict = session.validate(json: bytes, asOfMillis: asOf.siftMillis)
                try session.checkpoint()
                return verdict
            }
        } catch {
            return Self.unsettled(error)
        }
    }

    /// A record parsed and checked outside the session (on any thread), to be settled in it
    /// (`settle(_:)`): the work that needs no state is done in parallel, settling in turn.
    package struct Checked: Sendable {
        /// Its verdict already, when it needs no settling (unreadable, or a stateless pipeline's).
        let verdict: RecordVerdict?
        let record: JSONValue?
        let results: [PackResult]
    }

    /// Parses and checks one record without settling it, as of `asOfMillis`: any thread.
    package nonisolated func check(json bytes: [UInt8], asOfMillis: Int64) -> Checked {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes, duplicateKeys: duplicateKeys) } catch {
            return Checked(verdict: RecordVerdict(inputError: RecordVerdict.InputError(error)), record: nil, results: [])
        }
        guard doc.root.kind == .object else { return Checked(verdict: RecordVerdict(inputError: .notObject), record: nil, results: []) }
        let results = pipeline.evaluate(doc.root, context: EvaluationContext(record: doc.root, asOfMillis: asOfMillis))
        return Checked(verdict: nil, record: doc.root, results: results)
    }

    /// Settles records checked by `check(json:asOfMillis:)` as one block, in order: their claims
    /// are committed together before the verdicts are returned (each `record.unsettled`, nothing
    /// credited, when they cannot be). A block that lost a race is settled again.
    package func settle(_ records: [Checked]) -> [RecordVerdict] {
        do {
            return try Session.settlingAgain {
                // The ledger is asked for every key of the block at once (one round trip), not key by key.
                if session.prepares { session.prepare(records.map(\.results)) }
                let verdicts = records.map { c in
                    c.verdict ?? c.record.map { session.settle(c.results, record: $0) } ?? RecordVerdict(inputError: .notObject)
                }
                try session.checkpoint()
                return verdicts
            }
        } catch {
            return records.map { $0.verdict ?? Self.unsettled(error) }
        }
    }

    /// Where its ledger is, for reading entitlements (`entitlements(account:)`).
    nonisolated let environment: RunEnvironment
    /// The store entitlements are read through, once opened.
    let reader = EntitlementReader()

    /// What a record that names a key twice means, as the session was made with.
    private nonisolated let duplicateKeys: DuplicateKeys
    /// True when no stage keeps state across records (no ledger, no replay): its records need no settling.
    package nonisolated let isStateless: Bool

    private static func unsettled(_ error: any Error) -> RecordVerdict {
        RecordVerdict(
            inputError: RecordVerdict.InputError(
                reason: ReasonCode.Record.unsettled,
                localized: LocalizedText(
                    en: "the record could not be settled (\(error)); nothing was credited",
                    zh: "无法结算此记录（\(error)）；未入账")))
    }

    /// Checks and settles one record given as JSON data, as of `asOf`.
    public func validate(json data: Data, asOf: Date = Date()) -> RecordVerdict { validate(json: [UInt8](data), asOf: asOf) }

    /// Checks and settles one record given as JSON text, as of `asOf`.
    public func validate(json text: String, asOf: Date = Date()) -> RecordVerdict { validate(json: Array(text.utf8), asOf: asOf) }

    /// Makes what was settled so far durable. Each `validate` already commits its claims;
    /// this is kept for hosts written before it did.
    public func checkpoint() throws { try session.checkpoint() }

    /// Ends the session: everything settled is made durable. Call it once, last.
    public func finish() throws { try session.finish() }

    /// The verdicts of a stream of JSON records, in the stream's order, each as of the moment
    /// it is checked. A record is read and checked only when its verdict is asked for, so a
    /// slow reader slows the checking and nothing piles up; stopping early leaves the rest
    /// of the records unread and unsettled. The verdicts end when the records end, and throw
    /// what they throw.
    public nonisolated func verdicts<Records: AsyncSequence>(for records: Records) -> RecordSession.Verdicts<Records>
    where Records.Element: DataProtocol {
        RecordSession.Verdicts(session: self, records: records) { [UInt8]($0) }
    }

    /// The verdicts of a stream of JSON texts (lines), in order, read as they are asked for.
    public nonisolated func verdicts<Lines: AsyncSequence>(for lines: Lines) -> RecordSession.Verdicts<Lines>
    where Lines.Element == String {
        RecordSession.Verdicts(session: self, records: lines) { Array($0.utf8) }
    }
}

extension RecordSession {
    /// The verdicts of a stream of records (`RecordSession.verdicts(for:)`): each record is read
    /// and checked when its verdict is asked for.
    public struct Verdicts<Records: AsyncSequence>: AsyncSequence {
        public typealias Element = RecordVerdict
        let session: RecordSession
        let records: Records
        let bytes: @Sendable (Records.Element) -> [UInt8]

        /// Reads the next record and checks it.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: Records.AsyncIterator
            let session: RecordSession
            let bytes: @Sendable (Records.Element) -> [UInt8]

            /// The next record's verdict, or nil after the last record.
            public mutating func next() async throws -> RecordVerdict? {
                guard let record = try await base.next() else { return nil }
                return await session.validate(json: bytes(record))
            }
        }

        /// An iterator that starts at the first record.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: records.makeAsyncIterator(), session: session, bytes: bytes)
        }
    }
}

extension RecordSession.Verdicts: Sendable where Records: Sendable {}
extension RecordSession.Verdicts.AsyncIterator: Sendable where Records.AsyncIterator: Sendable {}
