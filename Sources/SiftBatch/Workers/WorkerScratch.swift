import SiftCore
import SiftJSON
/// A worker's reusable state: one document re-filled per record, and its emitter (its share
/// of result lines, record copies and counts). Each is touched by one worker at a time.
final class WorkerScratch: @unchecked Sendable {
    let document: JSONDocument
    var emitter: RecordEmitter
    /// The emitter of the block before, while the run writes it in the background.
    var spare: RecordEmitter
    /// Violation words this worker made, reused by records that fail alike.
    let texts: ViolationTexts
    /// This worker's own `[0]`, `[1]`, ... (`EvaluationContext.positions`).
    let positions = EvaluationContext.positions()
    /// The parts of a record the run reads; the parser skips the rest (nil: nothing is skipped).
    let reads: ReadTree?

    init(_ emitter: RecordEmitter, sites: Range<Int>, duplicateKeys: DuplicateKeys, reads: ReadTree?) {
        self.reads = reads
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
        do throws(JSONParseError) { try document.reparse(borrowing: line, reads: reads) } catch {
            problem = RecordVerdict.InputError(error)
        }
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
final class Slots: @unchecked Sendable {
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
