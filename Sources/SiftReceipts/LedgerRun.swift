import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A run that holds provisional claims in a ledger, and how another run tells whether it is
/// gone. Each run holds an exclusive `flock` on a file of its own beside the ledger
/// (`LEDGER-runs/ID.lock`) for as long as its process lives; the kernel lets go of it when the
/// process ends, however it ends. A run is gone when its lock can be taken: no guess from
/// process ids, host names or boots, so containers that share a host name or process ids are
/// told apart, and a run on another machine counts as live while the shared filesystem says
/// its lock is held.
final class LedgerRun: @unchecked Sendable {  // its descriptor is closed once, by `end`
    /// Unique per run: a random part and the process id.
    let id: String
    private var lock: Int32

    private init(id: String, lock: Int32) {
        self.id = id
        self.lock = lock
    }

    /// Registers a new run for the ledger at `ledger`: makes and locks its lock file.
    static func start(ledger: String) throws(LedgerError) -> LedgerRun {
        let folder = Self.folder(ledger)
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw LedgerError(message: "ledger '\(ledger)': cannot make '\(folder)': \(OutputWords.of(errno))")
        }
        let id = String(UInt64.random(in: 0...UInt64.max), radix: 16) + "-" + String(getpid())
        let fd = open(folder + "/" + id + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            throw LedgerError(message: "ledger '\(ledger)': cannot lock a run file in '\(folder)': \(OutputWords.of(errno))")
        }
        return LedgerRun(id: id, lock: fd)
    }

    /// True when the run `id` of the ledger at `ledger` can no longer complete (its process is
    /// gone), so its provisional claims were never seen. Its lock file is removed.
    static func isGone(_ id: String, ledger: String) -> Bool {
        let path = folder(ledger) + "/" + id + ".lock"
        let fd = open(path, O_RDWR | O_CLOEXEC)
        if fd < 0 { return errno == ENOENT }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        unlink(path)
        return true
    }

    /// Ends this run: its lock file is removed and its lock let go.
    func end(ledger: String) {
        guard lock >= 0 else { return }
        unlink(Self.folder(ledger) + "/" + id + ".lock")
        close(lock)
        lock = -1
    }

    deinit { if lock >= 0 { close(lock) } }

    private static func folder(_ ledger: String) -> String { ledger + "-runs" }
}

/// `strerror`'s words with a lower-case first letter.
enum OutputWords {
    static func of(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
