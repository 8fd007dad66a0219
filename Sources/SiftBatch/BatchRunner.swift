@_spi(Batch) import SiftCore
import Foundation
import SiftJSON
import SiftMessages
#if canImport(Glibc)
    import Glibc
#endif

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
        defer { run.waitForWork() }  // also when a source fails: nothing is written after the run returns
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
            // The parts of this source are settled and written before the next source begins.
            try settleQueue(keepingBack: 0, run)
            try releaseHeld(run)
        }
        try run.settleWrites()
        var summary = run.summary
        summary.seconds = Date().timeIntervalSince(started)
        try options.beforeFinish?(summary)
        try session.finish()
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
        // A regular file is read where it lies in memory; a pipe, a FIFO, gzip, standard input
        // (read from where it stands, not from its file's start) through `read`. So is a run
        // that settles receipts: it reads its records again after waiting for the ledger, when
        // a file cut short could no longer be told apart.
        var mapped: MappedFile?
        if case .file = source, gzip == nil, options.mapsFiles, run.session.isStateless { mapped = MappedFile(fd: fd) }
        let reader = LineReader(
            fd: fd, maxLineBytes: options.maxRecordBytes, gzip: gzip, mapped: mapped,
            keepBehind: (options.workers + 1) * Self.maxBatchBytes)
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
                    block.copy(of: ref).first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "[")
                {
                    let firstLine = RawRecord(line: ref.line, bytes: block.copy(of: ref), tooLarge: ref.tooLarge)
                    return try runStandardInputArray(firstLine, reader, name: name, run)
                }
            }
            // Bounded by records and by bytes: parsed documents are kept until the batch is settled.
            // Streaming, a batch also ends whenever no more input is waiting.
            let full = block.lines.count >= options.batchSize || block.byteCount >= Self.maxBatchBytes
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

    /// Parses, evaluates and writes a block of lines, in input order.
    func process(_ block: LineBlock, name: String, _ run: RunState) throws {
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
            context.positions = worker.positions
            block.withUnsafeBytes { bytes in
                for i in (w * share)..<min(n, (w + 1) * share) {
                    worker.finish(block.lines[i], in: bytes, source: name, pipeline: pipeline, context: context, &verdict, &emitter)
                }
            }
            worker.emitter = emitter
        }
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        do { try block.checkIntact() } catch {
            for w in 0..<workers { scratch[w].emitter.reset() }
            throw error
        }
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
    /// write on this thread in input order. The block is settled in parts, each its own ledger
    /// block (claims committed before its results are written, `SettleParts`): while one part is
    /// settled, the part before it is committed, the next is looked up in the ledger, and the
    /// parts after it are evaluated on another thread, across blocks (the last parts of a block
    /// wait for the next block: `partsKeptBack`).
    private func processAndSettle(_ block: LineBlock, name: String, _ run: RunState) throws {
        let slots = Slots(count: block.lines.count)
        let count = block.lines.count
        let parts = count < 256 ? 1 : Self.settleParts
        let size = (count + parts - 1) / parts
        for start in stride(from: 0, to: count, by: size) {
            let part = SettlePart(block: block, slots: slots, range: start..<min(count, start + size), name: name)
            let evaluated = DispatchGroup()
            evaluated.enter()
            run.evaluator.async {
                self.evaluate(part.range, of: block, into: slots)
                evaluated.leave()
            }
            run.queue.append(QueuedPart(part: part, evaluated: evaluated))
        }
        // Streaming, the results are wanted before more input comes: nothing is kept back.
        try settleQueue(keepingBack: options.streaming ? 0 : Self.partsKeptBack, run)
        if options.streaming { try releaseHeld(run) }
    }

    /// How many parts a block of a stateful run is settled in.
    static let settleParts = 4

    /// Parses and evaluates the records of `range` on the workers.
    private func evaluate(_ range: Range<Int>, of block: LineBlock, into slots: Slots) {
        let pipeline = self.pipeline, asOf = options.asOfMillis, duplicateKeys = options.duplicateKeys
        let evaluate: @Sendable (Int) -> Void = { i in
            slots.set(
                i,
                block.withLine(i) {
                    Self.evaluate($0, tooLarge: block.lines[i].tooLarge, pipeline: pipeline, asOf: asOf, duplicateKeys: duplicateKeys)
                })
        }
        if options.workers == 1 || range.count < 64 {
            for i in range { evaluate(i) }
        } else {
            let workers = min(options.workers, range.count)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var i = range.lowerBound + w
                while i < range.upperBound {
                    evaluate(i)
                    i += workers
                }
            }
        }
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
