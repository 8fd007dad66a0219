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
    public func route(_ url: URL, pack: String? = nil) throws(RouteRefusal) -> RouteResult {
        try route(url.absoluteString, pack: pack)
    }
}

/// A session for packs that keep state across records (receipt replay, a ledger), shared by
/// concurrent tasks: records are settled one at a time, in the order their calls arrive.
/// Each call gives its own as-of time (default: now), so a long-lived session never goes stale.
///
///     let session = try RecordSession(pipeline: try RulesLoader.load(path: "rules/iap.yaml"))
///     let verdict = await session.validate(json: body)
///     try await session.checkpoint()
public actor RecordSession {
    private let session: Session
    /// The rules it applies.
    public nonisolated let pipeline: Pipeline

    /// A session over `pipeline`; `environment` names ledgers and other per-run settings.
    public init(pipeline: Pipeline, environment: RunEnvironment = RunEnvironment()) throws {
        self.pipeline = pipeline
        session = try Session(pipeline: pipeline, asOfMillis: nil, environment: environment)
    }

    /// Checks and settles one record given as JSON bytes, as of `asOf`.
    public func validate(json bytes: [UInt8], asOf: Date = Date()) -> RecordVerdict {
        session.validate(json: bytes, asOfMillis: asOf.siftMillis)
    }

    /// Checks and settles one record given as JSON data, as of `asOf`.
    public func validate(json data: Data, asOf: Date = Date()) -> RecordVerdict { validate(json: [UInt8](data), asOf: asOf) }

    /// Checks and settles one record given as JSON text, as of `asOf`.
    public func validate(json text: String, asOf: Date = Date()) -> RecordVerdict { validate(json: Array(text.utf8), asOf: asOf) }

    /// Makes what was settled so far durable (a ledger commit).
    public func checkpoint() throws { try session.checkpoint() }

    /// Ends the session: everything settled is made durable. Call it once, last.
    public func finish() throws { try session.finish() }

    /// The verdicts of a stream of JSON records, in the stream's order, each as of the moment
    /// it is checked. The stream of verdicts ends when the records end, and throws what they throw.
    public nonisolated func verdicts<Records: AsyncSequence & Sendable>(for records: Records) -> AsyncThrowingStream<RecordVerdict, any Error>
    where Records.Element: DataProtocol {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await record in records { continuation.yield(await self.validate(json: [UInt8](record))) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The verdicts of a stream of JSON texts (lines), in order.
    public nonisolated func verdicts<Lines: AsyncSequence & Sendable>(for lines: Lines) -> AsyncThrowingStream<RecordVerdict, any Error>
    where Lines.Element == String {
        verdicts(for: BytesOfLines(lines: lines))
    }
}

/// A stream of texts as a stream of their UTF-8 bytes.
private struct BytesOfLines<Lines: AsyncSequence & Sendable>: AsyncSequence, Sendable where Lines.Element == String {
    typealias Element = [UInt8]
    let lines: Lines

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Lines.AsyncIterator
        mutating func next() async throws -> [UInt8]? { try await base.next().map { Array($0.utf8) } }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: lines.makeAsyncIterator()) }
}
