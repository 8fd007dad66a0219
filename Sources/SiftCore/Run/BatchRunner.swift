import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a batch run behaves.
public struct RunOptions: Sendable {
    /// Threads that parse and evaluate records. Results come out in input order whatever the number.
    public var workers: Int
    /// Records evaluated together before they are settled and written.
    public var batchSize: Int
    public var language: Language
    public var asOfMillis: Int64
    /// Longer lines become `input.too_large` results.
    public var maxRecordBytes: Int
    public var environment: RunEnvironment

    public init(workers: Int = 1, batchSize: Int = 2048, language: Language = .en, asOfMillis: Int64,
                maxRecordBytes: Int = 16 << 20, environment: RunEnvironment = RunEnvironment()) {
        self.workers = max(1, workers)
        self.batchSize = max(1, batchSize)
        self.language = language
        self.asOfMillis = asOfMillis
        self.maxRecordBytes = maxRecordBytes
        self.environment = environment
    }
}

/// Applies a pipeline to files and streams: every input record yields exactly one result
/// line, in input order; a bad line becomes an error result and the run goes on.
public struct BatchRunner {
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
        let started = Date()
        let session = try Session(pipeline: pipeline, asOfMillis: options.asOfMillis, environment: options.environment)
        var summary = RunSummary()
        try withoutActuallyEscaping(write) { write in
            let run = RunState(runner: self, session: session, write: write)
            for source in sources {
                do {
                    try runSource(source, run)
                } catch let e as ReadError {
                    run.summary.unreadable.append("\(source): \(e.message)")
                }
            }
            summary = run.summary
        }
        try session.finish()
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
        if case .file(let path) = source, path.hasSuffix(".json") {
            return try runWholeDocument(fd: fd, name: name, run)
        }
        let reader = LineReader(fd: fd, maxLineBytes: options.maxRecordBytes)
        var block = LineBlock()
        var first = true
        while true {
            let ref = try reader.next(into: &block)
            if let ref, first {
                first = false
                // Standard input holding a JSON array rather than JSONL.
                if case .standardInput = source, block.bytes[ref.start...].first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "[") {
                    let firstLine = RawRecord(line: ref.line, bytes: Array(block.bytes[ref.start...]), tooLarge: ref.tooLarge)
                    return try runStandardInputArray(firstLine, reader, name: name, run)
                }
            }
            // Bounded by records and by bytes: parsed documents are kept until the batch is settled.
            if block.lines.count >= options.batchSize || block.bytes.count >= Self.maxBatchBytes || (ref == nil && !block.lines.isEmpty) {
                try process(block, name: name, run)
                block.removeAll()
            }
            if ref == nil { return }
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
                let verdict = RecordVerdict(inputError: InputError(
                    reason: "input.too_large", message: "line \(more.line) of the JSON array is longer than the record size limit"))
                run.summary.count(verdict)
                var out = JSONWriter()
                ResultLine.write(source: name, line: more.line, verdict: verdict, language: options.language, into: &out)
                return try run.write(out.take())
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
        // A `.json` file may still hold one record per line: if it is not one JSON value
        // but its lines are, read it as JSONL so that no record is lost.
        if all.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) != UInt8(ascii: "["),
           (try? JSONDocument(bytes: all)) == nil {
            let lines = Self.lines(all, maxRecordBytes: options.maxRecordBytes)
            if lines.lines.count > 1 {
                for start in stride(from: 0, to: lines.lines.count, by: options.batchSize) {
                    var part = lines
                    part.lines = Array(lines.lines[start..<min(start + options.batchSize, lines.lines.count)])
                    try process(part, name: name, run)
                }
                return
            }
        }
        try runArray(all, name: name, firstLine: 1, run)
    }

    /// The non-blank lines of a buffer, with 1-based line numbers.
    static func lines(_ bytes: [UInt8], maxRecordBytes: Int) -> LineBlock {
        var out = LineBlock()
        out.bytes = bytes
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
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes) } catch {
            let line = firstLine + bytes.prefix(error.offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let verdict = RecordVerdict(inputError: InputError(error))
            run.summary.count(verdict)
            var out = JSONWriter()
            ResultLine.write(source: name, line: line, verdict: verdict, language: options.language, into: &out)
            return try run.write(out.take())
        }
        let records = doc.root.kind == .array ? doc.root.elements : [doc.root]
        var out = JSONWriter()
        var line = firstLine, scanned = 0
        for r in records {
            let offset = doc.tape[r.index].start
            line += bytes[scanned..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            scanned = offset
            let verdict = r.kind == .object ? run.session.validate(r) : RecordVerdict(inputError: .notObject)
            run.summary.count(verdict)
            ResultLine.write(source: name, line: line, verdict: verdict, language: options.language, into: &out)
        }
        try run.write(out.take())
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
            for i in (w * share)..<min(n, (w + 1) * share) {
                scratch[w].finish(block, i, source: name, pipeline: pipeline, options: options)
            }
        }
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        for w in 0..<workers {
            try run.write(scratch[w].out.bytes)
            scratch[w].out.reset()
            run.summary.merge(scratch[w].summary)
            scratch[w].summary = RunSummary()
        }
    }

    /// Stages keep state across records (replay): evaluate on the workers, then settle and
    /// write on this thread in input order.
    private func processAndSettle(_ block: LineBlock, name: String, _ run: RunState) throws {
        let slots = Slots(count: block.lines.count)
        let pipeline = self.pipeline, asOf = options.asOfMillis
        let evaluate: @Sendable (Int) -> Void = { i in
            slots.set(i, block.withLine(i) { Self.evaluate($0, tooLarge: block.lines[i].tooLarge, pipeline: pipeline, asOf: asOf) })
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
        var out = JSONWriter(capacity: count * 160)
        for i in 0..<count {
            let e = slots.take(i)
            let verdict: RecordVerdict
            if let record = e.record { verdict = run.session.settle(e.results, record: record) } else { verdict = RecordVerdict(inputError: e.error) }
            run.summary.count(verdict)
            ResultLine.write(source: name, line: block.lines[i].line, verdict: verdict, language: options.language, into: &out)
        }
        try run.write(out.take())
    }

    static let tooLarge = InputError(reason: "input.too_large", message: "the line is longer than the record size limit")

    static func evaluate(_ bytes: UnsafeRawBufferPointer, tooLarge: Bool, pipeline: Pipeline, asOf: Int64) -> Evaluated {
        if tooLarge { return Evaluated(record: nil, results: [], error: Self.tooLarge) }
        let doc = JSONDocument(capacity: bytes.count)
        do { try doc.reparse(bytes) } catch {
            return Evaluated(record: nil, results: [], error: InputError(error))
        }
        guard doc.root.kind == .object else { return Evaluated(record: nil, results: [], error: .notObject) }
        let context = EvaluationContext(record: doc.root, asOfMillis: asOf)
        return Evaluated(record: doc.root, results: pipeline.evaluate(doc.root, context: context), error: nil)
    }
}

/// What one run carries from source to source.
private final class RunState {
    let session: Session
    let write: ([UInt8]) throws -> Void
    var summary = RunSummary()
    /// One per worker, kept for the whole run.
    let scratch: [WorkerScratch]

    init(runner: BatchRunner, session: Session, write: @escaping ([UInt8]) throws -> Void) {
        self.session = session
        self.write = write
        scratch = session.isStateless ? (0..<runner.options.workers).map { _ in WorkerScratch() } : []
    }
}

/// A worker's reusable state: one document re-filled per record, its share of result lines
/// and of the counts. Each is touched by one worker at a time.
final class WorkerScratch: @unchecked Sendable {
    let document = JSONDocument(capacity: 1 << 16)
    var out = JSONWriter(capacity: 1 << 20)
    var summary = RunSummary()
    /// Re-filled for each record that could be read.
    var verdict = RecordVerdict()

    /// Parses, evaluates and writes line `i` of `block`.
    func finish(_ block: LineBlock, _ i: Int, source: String, pipeline: Pipeline, options: RunOptions) {
        let ref = block.lines[i]
        var error: InputError?
        if ref.tooLarge {
            error = BatchRunner.tooLarge
        } else if let bad = block.withLine(i, { line -> JSONParseError? in
            do throws(JSONParseError) { try document.reparse(line); return nil } catch { return error }
        }) {
            error = InputError(bad)
        } else if document.root.kind != .object {
            error = .notObject
        }
        if let error {
            let failed = RecordVerdict(inputError: error)
            summary.count(failed)
            ResultLine.write(source: source, line: ref.line, verdict: failed, language: options.language, into: &out)
            return
        }
        let context = EvaluationContext(record: document.root, asOfMillis: options.asOfMillis)
        pipeline.evaluate(document.root, context: context, into: &verdict)
        summary.count(verdict)
        ResultLine.write(source: source, line: ref.line, verdict: verdict, language: options.language, into: &out)
    }
}

/// A record after the parallel phase.
struct Evaluated: Sendable {
    var record: JSONValue?
    var results: [PackResult]
    var error: InputError?
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
