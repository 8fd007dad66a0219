import Foundation
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
    /// A field echoed in each result line as `"key"`, to join results back to records.
    public var key: FieldPath?
    /// Keep counts per field and pack and the top failing values (for `--summary-json`).
    public var detailedSummary = false
    /// Write each line's result as soon as no more input is waiting, instead of per batch.
    public var streaming = false
    /// Check only this share of the records (`--shard K/N`): the records whose ordinal in the
    /// whole run (counting from 0, over all sources, blank lines not counted) is K-1 modulo N.
    public var shard: Shard?
    /// Called after each block of records with the counts so far: one block at a time, in input
    /// order, on whichever of the run's threads wrote that block.
    public var progress: (@Sendable (RunProgress) -> Void)?
    /// Asked between blocks (before a block's claims are made durable and its results written);
    /// true ends the run with `RunInterrupted` (a signal). The block in flight is dropped.
    public var shouldStop: (@Sendable () -> Bool)?

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

/// Applies a pipeline to files and streams: every input record yields exactly one result
/// line, in input order; a bad line becomes an error result and the run goes on.
package struct BatchRunner: Sendable {
    public let pipeline: Pipeline
    public let options: RunOptions

    /// Input bytes per batch; a batch's parsed documents live until it is written.
    static let maxBatchBytes = 8 << 20

    public init(pipeline: Pipeline, options: RunOptions) {
        self.pipeline = pipeline
        self.options = options
    }

    /// Runs over `sources`, handing each block of result lines to `write`.
    public func run(_ sources: [InputSource], write: ([UInt8]) throws -> Void) throws -> RunSummary {
        try withoutActuallyEscaping(write) { write in try run(sources, to: RunSinks(results: { try write(Array($0)) })) }
    }

    /// Runs over `sources`, handing result lines and copies of the records to `sinks`.
    public func run(_ sources: [InputSource], to sinks: RunSinks) throws -> RunSummary {
        let started = Date()
        let session = try Session(pipeline: pipeline, asOfMillis: options.asOfMillis, environment: options.environment)
        let run = RunState(runner: self, session: session, sinks: sinks)
        defer { run.waitForWrites() }  // also when a source fails: nothing is written after the run returns
        for source in sources {
            do {
                try runSource(source, run)
                if case .file(let path) = source {
                    var st = stat()
                    if stat(path, &st) == 0 { run.bytesBefore += Int(st.st_size) }
                    run.report(bytes: 0)
                }
            } catch let e as ReadError {
                run.summary.unreadable.append("\(source): \(e.message)")
            }
        }
        try run.settleWrites()
        try session.finish()
        var summary = run.summary
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    private func runSource(_ source: InputSource, _ run: RunState) throws {
        let name = source.description
        let fd: Int32
        switch source {
        case .standardInput: fd = 0
        case .file(let path):
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        }
        defer { if fd != 0 { close(fd) } }
        // A gzip-compressed file is read as JSON lines through zlib, whatever its name.
        var gzip: GzipReader?
        if case .file = source, GzipReader.isGzip(fd: fd) { gzip = try GzipReader(fd: fd) }
        if case .file(let path) = source, path.hasSuffix(".json"), gzip == nil {
            return try runWholeDocument(fd: fd, name: name, run)
        }
        let reader = LineReader(fd: fd, maxLineBytes: options.maxRecordBytes, gzip: gzip)
        // Several workers on a file each take whole blocks in turn (no step waits for the slowest).
        if case .file = source, !options.streaming, options.workers > 1, run.session.isStateless {
            try run.settleWrites()
            return try BlockPipeline(reader: reader, name: name, run: run, pipeline: pipeline).run(workers: options.workers)
        }
        // Reading ahead pays when a core is free for it; with a worker on every core, the reader
        // would only hold one up (2 workers on 2 cores: 0.58 s -> 0.62 s on the benchmark job).
        if case .file = source, !options.streaming, options.workers < ProcessInfo.processInfo.activeProcessorCount {
            return try runPrefetching(reader, name: name, run)
        }
        var block = LineBlock()
        var first = true
        while true {
            let ref: LineRef?
            do { ref = try reader.next(into: &block) } catch {
                // Damaged input (a cut-off gzip file): the records read before the damage still get results.
                run.keepShare(&block)
                if !block.lines.isEmpty { try process(block, name: name, run) }
                throw error
            }
            if let ref, first {
                first = false
                // Standard input holding a JSON array rather than JSONL.
                if case .standardInput = source,
                    block.bytes(from: ref.start).first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "[")
                {
                    let firstLine = RawRecord(line: ref.line, bytes: block.bytes(from: ref.start), tooLarge: ref.tooLarge)
                    return try runStandardInputArray(firstLine, reader, name: name, run)
                }
            }
            // Bounded by records and by bytes: parsed documents are kept until the batch is settled.
            // Streaming, a batch also ends whenever no more input is waiting.
            let full = block.lines.count >= options.batchSize || block.bytes.count >= Self.maxBatchBytes
            let idle = options.streaming && ref != nil && !reader.hasInputWaiting()
            if full || idle || (ref == nil && !block.lines.isEmpty) {
                run.keepShare(&block)
                if !block.lines.isEmpty { try process(block, name: name, run) }
                block.removeAll()
                run.report(bytes: reader.bytesRead)
            }
            if ref == nil { return }
        }
    }

    /// A file of lines: the next block is read in the background while this one is processed.
    private func runPrefetching(_ reader: LineReader, name: String, _ run: RunState) throws {
        let prefetcher = BlockPrefetcher(reader: reader, batchSize: options.batchSize, maxBytes: Self.maxBatchBytes)
        defer { prefetcher.waitForReads() }  // the caller closes the file
        var block = LineBlock()
        while true {
            let fill = prefetcher.take(&block)
            run.keepShare(&block)
            // Damaged input (a cut-off gzip file): the records read before the damage still get results.
            if !block.lines.isEmpty { try process(block, name: name, run) }
            if let error = fill.error { throw error }
            run.report(bytes: fill.bytesRead)
            if fill.ended { return }
        }
    }

    /// Standard input that starts with '[': the whole input is one JSON array of records.
    private func runStandardInputArray(_ first: RawRecord, _ reader: LineReader, name: String, _ run: RunState) throws {
        // Rebuild the text with its blank lines, so line numbers stay true.
        var all = [UInt8](repeating: 0x0A, count: first.line - 1) + first.bytes + [0x0A]
        var line = first.line
        while let more = try reader.next() {
            if more.tooLarge {
                // The array cannot be parsed without this line: one error result, nothing lost silently.
                while try reader.next() != nil {}
                let verdict = RecordVerdict(
                    inputError: RecordVerdict.InputError(
                        reason: ReasonCode.Input.tooLarge,
                        localized: LocalizedText(
                            en: "line \(more.line) of the JSON array is longer than the record size limit",
                            zh: "JSON 数组的第 \(more.line) 行超过记录大小上限")))
                guard run.takesNext() else { return }
                var e = run.emitter()
                e.emit(source: name, line: more.line, record: nil, root: nil, verdict: verdict)
                return try run.flush(&e)
            }
            all += [UInt8](repeating: 0x0A, count: more.line - line - 1) + more.bytes + [0x0A]
            line = more.line
        }
        try runArray(all, name: name, firstLine: 1, run)
    }

    /// A `.json` file: one object, or an array whose elements are the records.
    private func runWholeDocument(fd: Int32, name: String, _ run: RunState) throws {
        var all: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw ReadError(message: String(cString: strerror(errno))) }
            if n == 0 { break }
            all += block[..<n]
        }
        if all.starts(with: LineReader.byteOrderMark) { all.removeFirst(LineReader.byteOrderMark.count) }
        // A `.json` file may still hold one record per line: if it is not one JSON value
        // but its lines are, read it as JSONL so that no record is lost.
        if all.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) != UInt8(ascii: "["),
            (try? JSONDocument(bytes: all, duplicateKeys: .last)) == nil
        {
            let lines = Self.lines(all, maxRecordBytes: options.maxRecordBytes)
            if lines.lines.count > 1 {
                for start in stride(from: 0, to: lines.lines.count, by: options.batchSize) {
                    var part = lines
                    part.lines = Array(lines.lines[start..<min(start + options.batchSize, lines.lines.count)])
                    run.keepShare(&part)
                    if !part.lines.isEmpty { try process(part, name: name, run) }
                }
                return
            }
        }
        try runArray(all, name: name, firstLine: 1, run)
    }

    /// The non-blank lines of a buffer, with 1-based line numbers.
    static func lines(_ bytes: [UInt8], maxRecordBytes: Int) -> LineBlock {
        var out = LineBlock()
        out.bytes = ByteBuffer(capacity: bytes.count)
        out.bytes.append(bytes)
        var line = 0
        for slice in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            var b = slice
            if b.last == 0x0D { b = b.dropLast() }
            if b.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let tooLarge = b.count > maxRecordBytes
            out.lines.append(LineRef(line: line, start: b.startIndex, count: tooLarge ? 0 : b.count, tooLarge: tooLarge))
        }
        return out
    }

    private func runArray(_ bytes: [UInt8], name: String, firstLine: Int, _ run: RunState) throws {
        var e = run.emitter()
        let doc: JSONDocument
        // Parsed without refusing repeated keys, so that each record of an array is judged alone.
        let rejects = options.duplicateKeys == .reject
        do { doc = try JSONDocument(bytes: bytes, duplicateKeys: rejects ? .last : options.duplicateKeys) } catch {
            guard run.takesNext() else { return }
            let line = firstLine + bytes.prefix(error.offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            bytes.withUnsafeBytes {
                e.emit(source: name, line: line, record: $0, root: nil, verdict: RecordVerdict(inputError: RecordVerdict.InputError(error)))
            }
            return try run.flush(&e)
        }
        let isArray = doc.root.kind == .array
        let records = isArray ? doc.root.elements : [doc.root]
        var line = firstLine, scanned = 0
        for (i, r) in records.enumerated() {
            let entry = doc.tape[r.index]
            line += bytes[scanned..<entry.start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            scanned = entry.start
            guard run.takesNext() else { continue }
            let verdict: RecordVerdict
            if r.kind != .object {
                verdict = RecordVerdict(inputError: .notObject)
            } else if rejects, var duplicate = doc.duplicateKey(within: r) {
                // The path within the record: the result line gives its index.
                if isArray, let path = duplicate.duplicateKeyPath, let dot = path.firstIndex(of: ".") {
                    duplicate.duplicateKeyPath = String(path[path.index(after: dot)...])
                }
                verdict = RecordVerdict(inputError: RecordVerdict.InputError(duplicate))
            } else {
                verdict = run.session.validate(r)
            }
            // A string element's tape span leaves out its quotes.
            let span = r.kind == .string ? (entry.start - 1)..<(entry.end + 1) : entry.start..<entry.end
            e.emit(
                source: name, line: line, index: isArray ? i : nil,
                record: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: doc.buffer[span])),
                root: r.kind == .object ? r : nil, verdict: verdict)
            if e.pendingBytes >= Self.maxBatchBytes { try run.flush(&e) }
        }
        try run.flush(&e)
    }

    /// Parses, evaluates and writes a block of lines, in input order.
    private func process(_ block: LineBlock, name: String, _ run: RunState) throws {
        if run.session.isStateless {
            try processOnWorkers(block, name: name, run)
        } else {
            try processAndSettle(block, name: name, run)
        }
    }

    /// No stage keeps state across records: each worker finishes a contiguous share of the
    /// block into its own buffer (parse, evaluate, write), and the shares are written in order.
    private func processOnWorkers(_ block: LineBlock, name: String, _ run: RunState) throws {
        let n = block.lines.count
        let workers = options.workers == 1 || n < 64 ? 1 : min(options.workers, n, run.scratch.count)
        let share = (n + workers - 1) / workers
        let scratch = run.scratch, pipeline = self.pipeline, options = self.options
        let work: @Sendable (Int) -> Void = { w in
            // Locals for the block, so that the verdict is handed to the emitter without a copy.
            var verdict = RecordVerdict()
            let worker = scratch[w]  // once for the block, not a retain and release per line
            var emitter = worker.takeEmitter()
            // One context for the block: its record is the worker's document, whichever line that holds.
            var context = EvaluationContext(record: worker.document.root, asOfMillis: options.asOfMillis)
            context.texts = worker.texts
            block.bytes.withUnsafeBytes { buffer in
                let bytes = UnsafeRawBufferPointer(buffer)
                for i in (w * share)..<min(n, (w + 1) * share) {
                    worker.finish(block.lines[i], in: bytes, source: name, pipeline: pipeline, context: context, &verdict, &emitter)
                }
            }
            worker.emitter = emitter
        }
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        // The previous block is written by now; its emitters become the workers' empty ones, and
        // this block's are written while the workers go on with the next.
        try run.settleWrites()
        for w in 0..<workers {
            let filled = scratch[w].emitter
            scratch[w].emitter = scratch[w].spare
            scratch[w].spare = filled
        }
        run.writeSparesInBackground(workers)
    }

    /// Stages keep state across records (replay): evaluate on the workers, then settle and
    /// write on this thread in input order.
    private func processAndSettle(_ block: LineBlock, name: String, _ run: RunState) throws {
        let slots = Slots(count: block.lines.count)
        let pipeline = self.pipeline, asOf = options.asOfMillis, duplicateKeys = options.duplicateKeys
        let evaluate: @Sendable (Int) -> Void = { i in
            slots.set(
                i,
                block.withLine(i) {
                    Self.evaluate($0, tooLarge: block.lines[i].tooLarge, pipeline: pipeline, asOf: asOf, duplicateKeys: duplicateKeys)
                })
        }
        let count = block.lines.count
        if options.workers == 1 || count < 64 {
            for i in 0..<count { evaluate(i) }
        } else {
            let workers = min(options.workers, count)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var i = w
                while i < count { evaluate(i); i += workers }
            }
        }
        var e = run.emitter()
        for i in 0..<count {
            let slot = slots.take(i)
            let verdict: RecordVerdict
            if let record = slot.record {
                verdict = run.session.settle(slot.results, record: record)
            } else {
                verdict = RecordVerdict(inputError: slot.error)
            }
            let ref = block.lines[i]
            block.withLine(i) { bytes in
                e.emit(source: name, line: ref.line, record: ref.tooLarge ? nil : bytes, root: slot.record, verdict: verdict)
            }
        }
        try run.flush(&e)
    }

    static let tooLarge = RecordVerdict.InputError(
        reason: ReasonCode.Input.tooLarge,
        localized: LocalizedText(en: "the line is longer than the record size limit", zh: "该行超过记录大小上限"))

    static func evaluate(
        _ bytes: UnsafeRawBufferPointer, tooLarge: Bool, pipeline: Pipeline, asOf: Int64, duplicateKeys: DuplicateKeys
    ) -> Evaluated {
        if tooLarge { return Evaluated(record: nil, results: [], error: Self.tooLarge) }
        let doc = JSONDocument(capacity: bytes.count, duplicateKeys: duplicateKeys)
        do { try doc.reparse(bytes) } catch {
            return Evaluated(record: nil, results: [], error: RecordVerdict.InputError(error))
        }
        guard doc.root.kind == .object else { return Evaluated(record: nil, results: [], error: .notObject) }
        let context = EvaluationContext(record: doc.root, asOfMillis: asOf)
        return Evaluated(record: doc.root, results: pipeline.evaluate(doc.root, context: context), error: nil)
    }
}

/// What one run carries from source to source.
final class RunState {
    let session: Session
    let sinks: RunSinks
    let options: RunOptions
    var summary: RunSummary
    /// One per worker, kept for the whole run.
    let scratch: [WorkerScratch]

    init(runner: BatchRunner, session: Session, sinks: RunSinks) {
        self.session = session
        self.sinks = sinks
        self.options = runner.options
        summary = RunSummary(detailed: runner.options.detailedSummary)
        let options = runner.options
        scratch =
            session.isStateless
            ? (0..<options.workers).map { _ in
                WorkerScratch(
                    RecordEmitter(options: options, copiesRecords: sinks.copiesRecords), sites: runner.pipeline.siteRange,
                    duplicateKeys: options.duplicateKeys)
            } : []
    }

    /// Input bytes of the sources already finished.
    var bytesBefore = 0

    /// Tells `options.progress` how far the run is, `bytes` into the current source.
    func report(bytes: Int) {
        options.progress?(RunProgress(records: summary.records, invalid: summary.invalid, bytes: bytesBefore + bytes))
    }

    /// Records seen so far in the run (for `--shard`).
    private var ordinal = 0

    /// Counts one record; true when it belongs to this run's shard (always, without one).
    func takesNext() -> Bool {
        defer { ordinal += 1 }
        return options.shard?.contains(ordinal) ?? true
    }

    /// Drops the lines of `block` that belong to other shards.
    func keepShare(_ block: inout LineBlock) {
        guard options.shard != nil else { ordinal += block.lines.count; return }
        var kept: [LineRef] = []
        for ref in block.lines where takesNext() { kept.append(ref) }
        block.lines = kept
    }

    /// A fresh emitter for records handled on this thread.
    func emitter() -> RecordEmitter { RecordEmitter(options: options, copiesRecords: sinks.copiesRecords) }

    /// Writes what `e` holds to the sinks, in order, adds its counts, and empties it. The claims
    /// its records made (a ledger) are committed first: no result says "credited" before that.
    func flush(_ e: inout RecordEmitter) throws {
        try settleWrites()
        try session.checkpoint()
        summary.merge(e.summary)
        try write(&e)
    }

    /// Adds `e`'s counts, hands its output to the sinks, empties it and reports progress
    /// (`bytesRead` into the current source). For one block at a time, in input order.
    func commit(_ e: inout RecordEmitter, bytesRead: Int) throws {
        try checkStop()
        summary.merge(e.summary)
        try write(&e)
        report(bytes: bytesRead)
    }

    /// Hands what `e` holds to the sinks and empties it (its counts are taken separately).
    private func write(_ e: inout RecordEmitter) throws {
        if e.results.count > 0 { try e.results.withUnsafeBytes { try sinks.results(UnsafeRawBufferPointer($0)) } }
        if !e.accepted.isEmpty { try sinks.accepted?(e.accepted) }
        if !e.rejected.isEmpty { try (sinks.rejected ?? { _ in })(e.rejected) }
        if !e.errors.isEmpty { try (sinks.errors ?? sinks.rejected ?? { _ in })(e.errors) }
        e.reset()
    }

    // Writing a block overlaps with working on the next one: one block at a time is written on
    // this serial queue, and `settleWrites()` waits for it before anything else is written.
    private let writer = DispatchQueue(label: "sift.run.writer")
    private let writing = DispatchGroup()
    private var writeError: (any Error)?

    /// Waits until the block being written in the background is out.
    func waitForWrites() { writing.wait() }

    /// Waits until the block being written in the background is out; rethrows its error, or
    /// `RunInterrupted` when the run was asked to stop.
    func settleWrites() throws {
        waitForWrites()
        if let e = writeError { writeError = nil; throw e }
        try checkStop()
    }

    /// Throws `RunInterrupted` when `options.shouldStop` says so.
    private func checkStop() throws {
        if options.shouldStop?() == true { throw RunInterrupted(records: summary.records) }
    }

    /// Takes the counts of the workers' `spare` emitters now and writes their bytes in the
    /// background, in worker order. The spares are not touched again before `settleWrites()`.
    func writeSparesInBackground(_ workers: Int) {
        for w in 0..<workers {
            summary.merge(scratch[w].spare.summary)
            scratch[w].spare.summary = RunSummary(detailed: options.detailedSummary)
        }
        // The block holds no reference to the run: the run waits for it before it ends
        // (`waitForWrites`), and the sinks' closures must not outlive the run.
        nonisolated(unsafe) let state = Unmanaged.passUnretained(self)
        writing.enter()
        writer.async { [writing] in
            Self.writeSpares(state, workers)
            writing.leave()
        }
    }

    /// On the writer thread; the writer and the run's thread take turns (`settleWrites`).
    private static func writeSpares(_ state: Unmanaged<RunState>, _ workers: Int) {
        let run = state.takeUnretainedValue()
        do { for w in 0..<workers { try run.write(&run.scratch[w].spare) } } catch { run.writeError = error }
    }
}

/// Turns verdicts into outputs: counts them, writes the selected result lines, and copies
/// each record's bytes to accepted, rejected or errors. One per worker, or per thread.
struct RecordEmitter {
    let options: RunOptions
    let copiesRecords: Bool
    var results: JSONWriter
    /// The source and pack names of result lines, encoded once.
    var fragments = ResultLine.Fragments()
    var accepted: [UInt8] = []
    var rejected: [UInt8] = []
    var errors: [UInt8] = []
    var summary: RunSummary

    init(options: RunOptions, copiesRecords: Bool, reserving capacity: Int = 1 << 20) {
        self.options = options
        self.results = JSONWriter(capacity: capacity)
        self.copiesRecords = copiesRecords
        summary = RunSummary(detailed: options.detailedSummary)
    }

    /// Bytes waiting to be written.
    var pendingBytes: Int { results.count + accepted.count + rejected.count + errors.count }

    /// One record's outcome. `record` is its text as read (nil when it was too large to keep);
    /// `index` its position in a JSON array; `root` the parsed record, for `--key`.
    mutating func emit(
        source: String, line: Int, index: Int? = nil, record: UnsafeRawBufferPointer?, root: JSONValue?,
        verdict: RecordVerdict
    ) {
        summary.count(verdict)
        let valid = verdict.isValid
        if !valid, summary.detailed { summary.sample(source: source, line: line, record: record, verdict: verdict) }
        if options.results == .all || (options.results == .invalid && !valid) {
            let key: ResultLine.Key? = options.key.map { k in root.flatMap { k.first(in: $0) }.map { .value($0) } ?? .missing }
            ResultLine.write(
                source: source, line: line, index: index, key: key, verdict: verdict, language: options.language, into: &results,
                reusing: &fragments)
        }
        guard copiesRecords, let record else { return }
        if valid {
            accepted.append(contentsOf: record)
            accepted.append(0x0A)
        } else if verdict.inputError != nil {
            errors.append(contentsOf: record)
            errors.append(0x0A)
        } else {
            rejected.append(contentsOf: record)
            rejected.append(0x0A)
        }
    }

    mutating func reset() {
        results.reset()
        accepted.removeAll(keepingCapacity: true)
        rejected.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        summary = RunSummary(detailed: options.detailedSummary)
    }
}

/// A worker's reusable state: one document re-filled per record, and its emitter (its share
/// of result lines, record copies and counts). Each is touched by one worker at a time.
final class WorkerScratch: @unchecked Sendable {
    let document: JSONDocument
    var emitter: RecordEmitter
    /// The emitter of the block before, while the run writes it in the background.
    var spare: RecordEmitter
    /// Violation words this worker made, reused by records that fail alike.
    let texts: ViolationTexts

    init(_ emitter: RecordEmitter, sites: Range<Int>, duplicateKeys: DuplicateKeys) {
        self.document = JSONDocument(capacity: 1 << 16, duplicateKeys: duplicateKeys)
        self.emitter = emitter
        self.texts = ViolationTexts(sites: sites)
        self.spare = emitter
    }

    /// The emitter, moved out (an empty one is left in its place) for a worker to fill as a local.
    func takeEmitter() -> RecordEmitter {
        var taken = RecordEmitter(options: emitter.options, copiesRecords: emitter.copiesRecords, reserving: 0)
        swap(&taken, &emitter)
        return taken
    }

    /// Parses, evaluates and writes the line `ref` of a block's `bytes`, reading it where it lies.
    /// `context` is the one for this worker's records: its record is `document`'s root.
    func finish(
        _ ref: LineRef, in bytes: UnsafeRawBufferPointer, source: String, pipeline: Pipeline, context: EvaluationContext,
        _ verdict: inout RecordVerdict, _ emitter: inout RecordEmitter
    ) {
        if ref.tooLarge {
            return emitter.emit(
                source: source, line: ref.line, record: nil, root: nil, verdict: RecordVerdict(inputError: BatchRunner.tooLarge))
        }
        let line = UnsafeRawBufferPointer(rebasing: bytes[ref.start..<(ref.start + ref.count)])
        var problem: RecordVerdict.InputError?
        do throws(JSONParseError) { try document.reparse(borrowing: line) } catch { problem = RecordVerdict.InputError(error) }
        if problem == nil, context.record.kind != .object { problem = .notObject }
        if let error = problem {
            return emitter.emit(source: source, line: ref.line, record: line, root: nil, verdict: RecordVerdict(inputError: error))
        }
        pipeline.evaluate(context.record, context: context, into: &verdict)
        emitter.emit(source: source, line: ref.line, record: line, root: context.record, verdict: verdict)
    }
}

/// A record after the parallel phase.
struct Evaluated: Sendable {
    var record: JSONValue?
    var results: [PackResult]
    var error: RecordVerdict.InputError?
}

/// Result slots written by workers at distinct indices, then read by one thread.
private final class Slots: @unchecked Sendable {
    // Each index is written by exactly one worker before any is read.
    private let items: UnsafeMutableBufferPointer<Evaluated?>
    init(count: Int) {
        items = .allocate(capacity: count)
        items.initialize(repeating: nil)
    }
    deinit {
        _ = items.deinitialize()
        items.deallocate()
    }
    func set(_ i: Int, _ e: Evaluated) { items[i] = e }
    func take(_ i: Int) -> Evaluated { items[i]! }
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

extension Pipeline {
    /// `sift run`'s batch path over `files` with one worker and result lines in memory: what the
    /// allocation benchmarks in `Benchmarks/` measure (they are another package, so they reach
    /// it through this SPI). Returns the number of result-line bytes.
    @_spi(Benchmarks) public func benchmarkRun(files: [String], asOfMillis: Int64) throws -> Int {
        let options = RunOptions(workers: 1, asOfMillis: asOfMillis, environment: RunEnvironment(useLedgers: false))
        var bytes = 0
        _ = try BatchRunner(pipeline: self, options: options).run(files.map(InputSource.file)) { bytes += $0.count }
        return bytes
    }
}
