@_spi(Batch) import SiftCore
import Foundation

/// Several workers over one file of lines, with no step where all of them wait for the slowest.
/// Each worker in turn reads a whole block, works through it on its own (parse, evaluate,
/// write into its emitter), and hands its output to the sinks once the block before is out.
/// So a worker waits only to keep the output in input order, never for a shared block to end.
final class BlockPipeline: @unchecked Sendable {  // the reader under `reading`; the run under `turn`
    private let reader: LineReader
    private let name: String
    private let run: RunState
    private let pipeline: Pipeline

    private let reading = NSLock()
    /// Set when the input has ended, failed, or a sink failed: no block is read after it.
    private var stopped = false
    /// The sequence number of the next block read.
    private var nextBlock = 0
    /// The read error that ended the input; thrown once the blocks before it are written.
    private var readError: ReadError?

    private let turn = NSCondition()
    /// Blocks handed to the sinks so far: the block with this number is the next to go.
    private var written = 0
    /// The first error a sink threw.
    private var writeError: (any Error)?

    init(reader: LineReader, name: String, run: RunState, pipeline: Pipeline) {
        self.reader = reader
        self.name = name
        self.run = run
        self.pipeline = pipeline
    }

    /// Runs the workers until the input ends; throws the sinks' error or then the read error.
    func run(workers: Int) throws {
        DispatchQueue.concurrentPerform(iterations: workers) { w in work(w) }
        if let writeError { throw writeError }
        if let readError { throw readError }
    }

    private func work(_ w: Int) {
        let worker = run.scratch[w]
        var emitter = worker.takeEmitter()
        defer { worker.emitter = emitter }
        var verdict = RecordVerdict()
        var block = LineBlock()
        // One context for this worker's share of the source: its record is the worker's document, whichever line that holds.
        var context = EvaluationContext(record: worker.document.root, asOfMillis: run.options.asOfMillis)
        context.texts = worker.texts
        context.positions = worker.positions
        while let (sequence, bytesRead) = read(into: &block) {
            block.withUnsafeBytes { bytes in
                for ref in block.lines {
                    worker.finish(ref, in: bytes, source: name, pipeline: pipeline, context: context, &verdict, &emitter)
                }
            }
            hand(&emitter, of: sequence, bytesRead: bytesRead, writes: intact(block))
        }
    }

    /// False (the read error kept, no more blocks read) when `block`'s file was cut short while
    /// it was read: its results are not written.
    private func intact(_ block: LineBlock) -> Bool {
        do throws(ReadError) {
            try block.checkIntact()
            return true
        } catch {
            reading.lock()
            if readError == nil { readError = error }
            stopped = true
            reading.unlock()
            return false
        }
    }

    /// Reads the next block into `block` (emptied first): its sequence number and the input's
    /// bytes read so far, or nil when there is nothing more to read. A block that `--shard`
    /// leaves empty is skipped, not taken for the end.
    private func read(into block: inout LineBlock) -> (Int, Int)? {
        reading.lock()
        defer { reading.unlock() }
        while !stopped {
            block.removeAll()
            do { stopped = try reader.fill(&block, lines: run.options.batchSize, bytes: BatchRunner.maxBatchBytes) } catch {
                // Damaged input (a cut-off gzip file): the records read before the damage still get results.
                readError = error
                stopped = true
            }
            run.keepShare(&block)
            if !block.lines.isEmpty {
                defer { nextBlock += 1 }
                return (nextBlock, reader.bytesRead)
            }
        }
        return nil
    }

    /// Waits for the turn of block `sequence`, then writes `emitter`'s output and counts (and
    /// empties it); unless `writes` is false. After a sink has failed, nothing more is written
    /// and no more is read.
    private func hand(_ emitter: inout RecordEmitter, of sequence: Int, bytesRead: Int, writes: Bool) {
        turn.lock()
        while written != sequence { turn.wait() }
        turn.unlock()
        if writeError == nil, writes {
            do { try run.commit(&emitter, bytesRead: bytesRead) } catch {
                writeError = error
                reading.lock()
                stopped = true
                reading.unlock()
            }
        }
        emitter.reset()
        turn.lock()
        written += 1
        turn.broadcast()
        turn.unlock()
    }
}
