import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A run that holds provisional claims in a ledger, and how to tell whether it is gone: a run
/// of this machine (same host name and boot) is gone when its process is (the process id with
/// the same start time, so a reused id is not mistaken for it); a run of an earlier boot of
/// this machine is gone; a run of another machine is never taken for gone.
struct LedgerRun: Sendable, Equatable {
    /// Unique per run: host, process id, start time and a random part.
    let id: String
    let host: String
    /// `/proc/sys/kernel/random/boot_id`: changes at every boot.
    let boot: String
    let pid: Int32
    /// The process's start time in clock ticks since boot (`/proc/PID/stat`, field 22).
    let started: String

    static func current() -> LedgerRun {
        let pid = getpid()
        let host = hostName()
        let started = startTime(of: pid) ?? ""
        let id = "\(host):\(pid):\(started):\(UInt64.random(in: 0...UInt64.max))"
        return LedgerRun(id: id, host: host, boot: bootID(), pid: pid, started: started)
    }

    /// True when this run can no longer complete, so its provisional claims were never seen.
    var isGone: Bool {
        guard host == Self.hostName() else { return false }
        guard boot == Self.bootID() else { return true }
        return Self.startTime(of: pid) != started
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(cString: buffer)
    }

    static func bootID() -> String {
        ((try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Field 22 of `/proc/PID/stat`, or nil when there is no such process.
    static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (name)" come fields 3, 4, ...: field 22 is the 20th of them.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }
}
