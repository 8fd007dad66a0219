import SiftCore
import Dispatch

/// Reads the next block of lines on a queue of its own while the caller processes the one
/// before, so that reading (the `read` calls, finding the lines, copying them into the block)
/// is off the workers' path. Two blocks take turns: the one handed out is not touched again
/// until it is handed back by the next `take(_:)`.
final class BlockPrefetcher: @unchecked Sendable {  // `reader` and `filling` are only used by the queue between `start` and `take`
    /// How a block's read ended.
    struct Fill {
        /// The input is over: no block follows this one.
        var ended = false
        /// The error that stopped the read; the lines before it are in the block.
        var error: ReadError?
        /// Bytes read from the input so far, for progress.
        var bytesRead = 0
    }

    private let reader: LineReader
    private let batchSize: Int
    private let maxBytes: Int
    private let queue = DispatchQueue(label: "sift.run.reader")
    private let reading = DispatchGroup()
    private var filling = LineBlock()
    private var fill = Fill()

    /// Starts reading the first block of `reader`: at most `batchSize` lines, and no more once
    /// `maxBytes` are read.
    init(reader: LineReader, batchSize: Int, maxBytes: Int) {
        self.reader = reader
        self.batchSize = batchSize
        self.maxBytes = maxBytes
        start()
    }

    private func start() {
        reading.enter()
        queue.async { [self] in
            readBlock()
            reading.leave()
        }
    }

    private func readBlock() {
        fill = Fill()
        do { fill.ended = try reader.fill(&filling, lines: batchSize, bytes: maxBytes) } catch { fill.error = error }
        fill.bytesRead = reader.bytesRead
    }

    /// Waits for the block being read and swaps it into `block`; the block that was there is
    /// emptied and read into next (unless the input has ended or failed).
    func take(_ block: inout LineBlock) -> Fill {
        reading.wait()
        swap(&block, &filling)
        filling.removeAll()
        let done = fill
        if !done.ended, done.error == nil { start() }
        return done
    }

    /// Waits for a read in flight: the caller may close the input after this.
    func waitForReads() { reading.wait() }
}
