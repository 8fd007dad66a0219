import Foundation
import SiftMessages
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running external plugin command: a request line on its standard input, one answer
/// line on its standard output. Kept running across records; started again after it crashes,
/// hangs past the timeout or breaks the protocol. Requests from all workers take turns.
final class ExecProcess: @unchecked Sendable {
    let command: [String]
    let directory: String
    let timeoutMillis: Int32
    // Guarded by `lock`.
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var buffer: [UInt8] = []

    /// Why a request got no usable answer, in words for the result line.
    struct Problem: Error {
        let message: Message
        /// The command had exited (or closed its pipes) before answering.
        var exited = false
    }

    /// False when the rules were loaded only to be read (lint, explain): nothing is ever started.
    private let mayStart: Bool

    init(command: [String], directory: String, timeoutMillis: Int, mayStart: Bool = true) {
        self.mayStart = mayStart
        self.command = command
        self.directory = directory
        self.timeoutMillis = Int32(clamping: timeoutMillis)
    }

    deinit { stop() }

    /// Sends one request line and returns the answer line (without its newline). A command
    /// that exited since its last answer is started again and asked once more.
    func ask(_ request: [UInt8]) throws(Problem) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let reused = pid != 0
        do throws(Problem) {
            return try attempt(request)
        } catch {
            guard reused, error.exited else { throw error }
            return try attempt(request)
        }
    }

    private func attempt(_ request: [UInt8]) throws(Problem) -> [UInt8] {
        // A command just started may take a while to load (an interpreter, its imports).
        var millis = UInt64(timeoutMillis)
        if pid == 0 {
            try start()
            millis += Self.startupMillis
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + millis * 1_000_000
        do throws(Problem) {
            try send(request + [0x0A], deadline: deadline)
            let answer = try readLine(deadline: deadline)
            try checkNothingMore()
            return answer
        } catch {
            stop()
            throw error
        }
    }

    /// Extra time for the first answer of a command just started.
    static let startupMillis: UInt64 = 10_000

    /// After an answer, more output already waiting means more than one line per request.
    /// The command closing its output right after answering is fine: it is started again next time.
    private func checkNothingMore() throws(Problem) {
        if !buffer.isEmpty { throw Problem(message: ExecMessages.twoLines()) }
        var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 0) > 0, p.revents & Int16(POLLIN | POLLHUP) != 0 else { return }
        var byte: UInt8 = 0
        if read(output, &byte, 1) > 0 { throw Problem(message: ExecMessages.twoLines()) }
        stop()
    }

    private func start() throws(Problem) {
        guard mayStart else { throw Problem(message: ExecMessages.notStarted()) }
        guard let toChild = Self.makePipe() else { throw Problem(message: ExecMessages.noPipes(["why": errnoText()])) }
        guard let fromChild = Self.makePipe() else {
            let why = errnoText()
            close(toChild.read)
            close(toChild.write)
            throw Problem(message: ExecMessages.noPipes(["why": why]))
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes are close-on-exec; dup2 gives the command its own copies as 0 and 1.
        posix_spawn_file_actions_adddup2(&actions, toChild.read, 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild.write, 1)
        // The command starts with no signal blocked and default handlers, whatever the worker thread had.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // In the declaring file's folder: sh changes to it, then becomes the command.
        let argv = (["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + command).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        close(toChild.read)
        close(fromChild.write)
        guard rc == 0 else {
            close(toChild.write)
            close(fromChild.read)
            throw Problem(
                message: ExecMessages.cannotStart(["command": command.joined(separator: " "), "why": String(cString: strerror(rc))]))
        }
        pid = child
        input = toChild.write
        output = fromChild.read
        buffer = []
        // Writes wait with a deadline instead of blocking on a command that stopped reading.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            _ = fcntl(input, F_SETNOSIGPIPE, 1)
        #endif
    }

    /// A pipe whose ends are closed in every child started later (no leaks between plugins).
    /// (Set right after pipe(): another thread starting a command in between could still inherit
    /// them; pipe2 is not in Swift's Glibc module.)
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    private func send(_ bytes: [UInt8], deadline: UInt64) throws(Problem) {
        #if !canImport(Darwin)
            // A plugin that has exited must not kill the run with SIGPIPE. The signal is blocked
            // on this thread only while writing (the process keeps its default, so `sift run | head`
            // still ends quietly), and one raised here is taken back before it is unblocked.
            var pipeSignal = sigset_t(), previous = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer {
                var pending = sigset_t()
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1 {
                    var zero = timespec(tv_sec: 0, tv_nsec: 0)
                    sigtimedwait(&pipeSignal, nil, &zero)
                }
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
        #endif
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                let now = DispatchTime.now().uptimeNanoseconds
                var p = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                guard now < deadline, poll(&p, 1, Int32(clamping: (deadline - now) / 1_000_000)) > 0 else {
                    throw Problem(message: ExecMessages.requestNotRead(["ms": String(timeoutMillis)]))
                }
                continue
            }
            guard n > 0 else { throw Problem(message: ExecMessages.stoppedReading(messages: ["exit": exitText()]), exited: true) }
            sent += n
        }
    }

    private func readLine(deadline: UInt64) throws(Problem) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<nl])
                buffer.removeSubrange(...nl)
                return line
            }
            if buffer.count > 16 << 20 { throw Problem(message: ExecMessages.lineTooLong()) }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline, ready(Int32(clamping: (deadline - now) / 1_000_000)) else {
                throw Problem(message: ExecMessages.noAnswer(["ms": String(timeoutMillis)]))
            }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Problem(message: ExecMessages.exitedSilent(messages: ["exit": exitText()]), exited: buffer.isEmpty) }
            buffer += chunk[..<n]
        }
    }

    /// True when output can be read within `millis`.
    private func ready(_ millis: Int32) -> Bool {
        var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, max(0, millis)) > 0
    }

    /// How the child ended, once it has: exit status 3, killed by signal 9, or still running.
    private func exitText() -> Message {
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                let signal = status & 0x7F
                return signal == 0
                    ? ExecMessages.exitStatus(["status": String((status >> 8) & 0xFF)])
                    : ExecMessages.killedBySignal(["signal": String(signal)])
            }
            usleep(2000)
        }
        return ExecMessages.stillRunning()
    }

    private func stop() {
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
        input = -1
        output = -1
        if pid != 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            pid = 0
        }
        buffer = []
    }
}

private func errnoText() -> String { String(cString: strerror(errno)) }
