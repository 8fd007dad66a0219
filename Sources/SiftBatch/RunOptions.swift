import SiftCore
import Foundation
import SiftJSON
import SiftMessages
#if canImport(Glibc)
    import Glibc
#endif

/// How a batch run behaves.
package struct RunOptions: Sendable {
    /// Threads that parse and evaluate records. Results come out in input order whatever the number.
    public var workers: Int
    /// Records evaluated together before they are settled and written.
    public var batchSize: Int
    public var language: Language
    public var asOfMillis: Int64
    /// Longer lines become `input.too_large` results.
    public var maxRecordBytes: Int
    public var environment: RunEnvironment
    /// Which result lines are written.
    public var results: ResultSelection = .all
    /// What a record that names a key twice in one object means (`--duplicate-keys`).
    public var duplicateKeys: DuplicateKeys = .reject
    /// Objects and arrays that no rule reads are validated but not recorded inside, when every
    /// pack says what it reads (docs/PERFORMANCE.md, "Skipping what no rule reads"). False
    /// records every record in full (`sift run --read-all`): the same results, more slowly.
    /// Runs that settle state (receipts) and JSON-array files always read records in full.
    public var skipsUnread = true
    /// A field echoed in each result line as `"key"`, to join results back to records.
    public var key: FieldPath?
    /// Keep counts per field and pack and the top failing values (for `--summary-json`).
    public var detailedSummary = false
    /// Write each line's result as soon as no more input is waiting, instead of per batch.
    public var streaming = false
    /// Read regular files through a read-only mapping of their pages (`--no-mmap` turns it off:
    /// every file through `read`). Pipes, FIFOs and gzip files are read either way.
    public var mapsFiles = true
    /// Check only this share of the records (`--shard K/N`): the records whose ordinal in the
    /// whole run (counting from 0, over all sources, blank lines not counted) is K-1 modulo N.
    public var shard: Shard?
    /// Called after each block of records with the counts so far: one block at a time, in input
    /// order, on whichever of the run's threads wrote that block.
    public var progress: (@Sendable (RunProgress) -> Void)?
    /// Asked between blocks (before a block's claims are made durable and its results written);
    /// true ends the run with `RunInterrupted` (a signal). The block in flight is dropped.
    public var shouldStop: (@Sendable () -> Bool)?
    /// Called once every result is written, with the run's counts, before the stages make
    /// their state final (a ledger's provisional claims): the CLI writes and syncs its files
    /// here, so that a failure to do so leaves the claims provisional, dropped with the run.
    public var beforeFinish: (@Sendable (RunSummary) throws -> Void)?

    public init(
        workers: Int = 1, batchSize: Int = 2048, language: Language = .en, asOfMillis: Int64,
        maxRecordBytes: Int = 16 << 20, environment: RunEnvironment = RunEnvironment()
    ) {
        self.workers = max(1, workers)
        self.batchSize = max(1, batchSize)
        self.language = language
        self.asOfMillis = asOfMillis
        self.maxRecordBytes = maxRecordBytes
        self.environment = environment
    }
}

/// One of N deterministic shares of a run's records (`--shard K/N`, K from 1).
package struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int

    /// Parses `K/N` with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        index = k
        count = n
    }

    /// True when the record with this 0-based ordinal belongs to the shard.
    @inline(__always) func contains(_ ordinal: Int) -> Bool { ordinal % count == index - 1 }
}

/// How far a run has come: for progress displays.
package struct RunProgress: Sendable {
    public var records: Int
    public var invalid: Int
    /// Input bytes read so far, over all sources.
    public var bytes: Int
}

/// Which result lines a run writes (`--results`).
package enum ResultSelection: String, Sendable, CaseIterable {
    case all, invalid, none
}

/// Where a run's outputs go, each in input order, a block of lines at a time.
package struct RunSinks {
    /// Result lines (JSONL), valid during the call only: a block's lines are handed over
    /// where the worker wrote them, without a copy.
    public var results: (UnsafeRawBufferPointer) throws -> Void
    /// Records with no violation, each exactly as read and ending with a newline.
    public var accepted: (([UInt8]) throws -> Void)?
    /// Records with a violation, and unreadable ones unless `errors` is set.
    public var rejected: (([UInt8]) throws -> Void)?
    /// Records that could not be read (bad JSON, not an object).
    public var errors: (([UInt8]) throws -> Void)?

    public init(
        results: @escaping (UnsafeRawBufferPointer) throws -> Void, accepted: (([UInt8]) throws -> Void)? = nil,
        rejected: (([UInt8]) throws -> Void)? = nil, errors: (([UInt8]) throws -> Void)? = nil
    ) {
        self.results = results
        self.accepted = accepted
        self.rejected = rejected
        self.errors = errors
    }

    var copiesRecords: Bool { accepted != nil || rejected != nil || errors != nil }
}

/// A run stopped between blocks because it was asked to (`RunOptions.shouldStop`).
package struct RunInterrupted: Error, Sendable {
    /// Records whose results were handed to the sinks before the stop.
    public var records: Int
}

/// The sinks are closures of one run: called one block at a time, by the run's threads in
/// turn (its own, its writer's, or a worker's), never at once. Not for sharing.
@available(*, unavailable)
extension RunSinks: Sendable {}
