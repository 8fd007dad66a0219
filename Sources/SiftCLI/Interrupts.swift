import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM during `sift run`: the run stops between blocks, drops the block in
/// flight, keeps only ledger claims whose results were written, removes what it staged, says
/// how far it came and exits 130 or 143. SIGPIPE keeps its default (a quiet exit, 141).
enum Interrupts {
    /// The signal received, or 0.
    private static let received = Atomic<Int32>(0)
    /// Records whose results were written so far (from the run's progress).
    private static let records = Atomic<Int>(0)
    /// Set once the run is writing its last files: a signal then no longer ends it.
    private static let finishing = Atomic<Bool>(false)
    /// The signal sources, kept for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// The signal that asked the run to stop, if any.
    static var signal: Int32? {
        let s = received.load(ordering: .acquiring)
        return s == 0 ? nil : s
    }

    /// Records the records written so far, for the message of a run ended by the timer.
    static func noteProgress(_ n: Int) { records.store(n, ordering: .relaxed) }

    /// From now on the run completes whatever signal comes (its last files are being written
    /// and its claims made final): the give-up timer does nothing.
    static func beginFinishing() { finishing.store(true, ordering: .releasing) }

    /// Handles SIGINT and SIGTERM from now on. A run that does not reach the end of its block
    /// within 2 seconds (it waits for input that does not come) is ended by `giveUp`, which
    /// gets the signal and the records written so far, and must not return.
    static func install(giveUp: @escaping @Sendable (Int32, Int) -> Void) {
        for sig in [SIGINT, SIGTERM] {
            Glibc.signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                guard !finishing.load(ordering: .acquiring) else { return }
                guard received.compareExchange(expected: 0, desired: sig, ordering: .acquiringAndReleasing).exchanged else {
                    // A second signal: stop now.
                    giveUp(sig, records.load(ordering: .relaxed))
                    return
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
                    if !finishing.load(ordering: .acquiring) { giveUp(sig, records.load(ordering: .relaxed)) }
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The line `sift run` prints when a signal stopped it.
    static func message(records: Int, kept: Bool) -> String {
        "sift: interrupted after \(records) record\(records == 1 ? "" : "s"); results so far \(kept ? "kept" : "discarded")"
    }
}
