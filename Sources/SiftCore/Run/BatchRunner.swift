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
        for source in sources {
            do {
                try runSource(source, session, &summary, write)
            } catch let e as ReadError {
                summary.unreadable.append("\(source): \(e.message)")
            }
        }
        try session.finish()
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    private func runSource(_ source: InputSource, _ session: Session, _ summary: inout RunSummary, _ write: ([UInt8]) throws -> Void) throws {
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
            return try runWholeDocument(fd: fd, name: name, session, &summary, write)
        }
        let reader = LineReader(fd: fd, maxLineBytes: options.maxRecordBytes)
        var batch: [RawRecord] = []
        var batchBytes = 0
        var first = true
        while true {
            let record = try reader.next()
            if let r = record {
                // Standard input holding a JSON array rather than JSONL.
                if first, case .standardInput = source, r.bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "[") {
                    // Rebuild the text with its blank lines, so line numbers stay true.
                    var all = [UInt8](repeating: 0x0A, count: r.line - 1) + r.bytes + [0x0A]
                    var line = r.line
                    while let more = try reader.next() {
                        if more.tooLarge {
                            // The array cannot be parsed without this line: one error result, nothing lost silently.
                            while try reader.next() != nil {}
                            let verdict = RecordVerdict(inputError: InputError(reason: "input.too_large", message: "line \(more.line) of the JSON array is longer than the record size limit"))
                            summary.count(verdict)
                            var out = JSONWriter()
                            ResultLine.write(source: name, line: more.line, verdict: verdict, language: options.language, into: &out)
                            return try write(out.take())
                        }
                        all += [UInt8](repeating: 0x0A, count: more.line - line - 1) + more.bytes + [0x0A]
                        line = more.line
                    }
                    return try runArray(all, name: name, firstLine: 1, session, &summary, write)
                }
                first = false
                batch.append(r)
                batchBytes += r.bytes.count
            }
            // Bounded by records and by bytes: parsed documents are kept until the batch is settled.
            if batch.count >= options.batchSize || batchBytes >= Self.maxBatchBytes || (record == nil && !batch.isEmpty) {
                try process(batch, name: name, session, &summary, write)
                batch.removeAll(keepingCapacity: true)
                batchBytes = 0
            }
            if record == nil { return }
        }
    }

    /// A `.json` file: one object, or an array whose elements are the records.
    private func runWholeDocument(fd: Int32, name: String, _ session: Session, _ summary: inout RunSummary, _ write: ([UInt8]) throws -> Void) throws {
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
            if lines.count > 1 {
                for start in stride(from: 0, to: lines.count, by: options.batchSize) {
                    try process(Array(lines[start..<min(start + options.batchSize, lines.count)]), name: name, session, &summary, write)
                }
                return
            }
        }
        try runArray(all, name: name, firstLine: 1, session, &summary, write)
    }

    /// The non-blank lines of a buffer, with 1-based line numbers.
    static func lines(_ bytes: [UInt8], maxRecordBytes: Int) -> [RawRecord] {
        var out: [RawRecord] = []
        var line = 0
        for slice in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            var b = slice
            if b.last == 0x0D { b = b.dropLast() }
            if b.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let tooLarge = b.count > maxRecordBytes
            out.append(RawRecord(line: line, bytes: tooLarge ? [] : Array(b), tooLarge: tooLarge))
        }
        return out
    }

    private func runArray(_ bytes: [UInt8], name: String, firstLine: Int, _ session: Session, _ summary: inout RunSummary, _ write: ([UInt8]) throws -> Void) throws {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes) } catch {
            let line = firstLine + bytes.prefix(error.offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let verdict = RecordVerdict(inputError: InputError(error))
            summary.count(verdict)
            var out = JSONWriter()
            ResultLine.write(source: name, line: line, verdict: verdict, language: options.language, into: &out)
            return try write(out.take())
        }
        let records = doc.root.kind == .array ? doc.root.elements : [doc.root]
        var out = JSONWriter()
        var line = firstLine, scanned = 0
        for r in records {
            let offset = doc.tape[r.index].start
            line += bytes[scanned..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            scanned = offset
            let verdict = r.kind == .object ? session.validate(r) : RecordVerdict(inputError: .notObject)
            summary.count(verdict)
            ResultLine.write(source: name, line: line, verdict: verdict, language: options.language, into: &out)
        }
        try write(out.take())
    }

    /// Parses and evaluates a batch on the workers, then settles and writes it in order.
    private func process(_ batch: [RawRecord], name: String, _ session: Session, _ summary: inout RunSummary, _ write: ([UInt8]) throws -> Void) throws {
        let slots = Slots(count: batch.count)
        let pipeline = self.pipeline, asOf = options.asOfMillis
        let evaluate: @Sendable (Int) -> Void = { i in
            slots.set(i, Self.evaluate(batch[i], pipeline: pipeline, asOf: asOf))
        }
        if options.workers == 1 || batch.count < 64 {
            for i in batch.indices { evaluate(i) }
        } else {
            let workers = min(options.workers, batch.count)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var i = w
                while i < batch.count { evaluate(i); i += workers }
            }
        }
        var out = JSONWriter(capacity: batch.count * 160)
        for i in batch.indices {
            let e = slots.take(i)
            let verdict: RecordVerdict
            if let record = e.record { verdict = session.settle(e.results, record: record) } else { verdict = RecordVerdict(inputError: e.error) }
            summary.count(verdict)
            ResultLine.write(source: name, line: batch[i].line, verdict: verdict, language: options.language, into: &out)
        }
        try write(out.take())
    }

    static func evaluate(_ raw: RawRecord, pipeline: Pipeline, asOf: Int64) -> Evaluated {
        if raw.tooLarge {
            return Evaluated(record: nil, results: [], error: InputError(reason: "input.too_large", message: "the line is longer than the record size limit"))
        }
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: raw.bytes) } catch {
            return Evaluated(record: nil, results: [], error: InputError(error))
        }
        guard doc.root.kind == .object else { return Evaluated(record: nil, results: [], error: .notObject) }
        let context = EvaluationContext(record: doc.root, asOfMillis: asOf)
        return Evaluated(record: doc.root, results: pipeline.evaluate(doc.root, context: context), error: nil)
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
