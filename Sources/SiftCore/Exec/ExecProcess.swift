import Foundation
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
        let message: String
    }

    init(command: [String], directory: String, timeoutMillis: Int) {
        self.command = command
        self.directory = directory
        self.timeoutMillis = Int32(clamping: timeoutMillis)
    }

    deinit { stop() }

    /// Sends one request line and returns the answer line (without its newline).
    func ask(_ request: [UInt8]) throws(Problem) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if pid == 0 { try start() }
        do throws(Problem) {
            try send(request + [0x0A])
            let answer = try readLine()
            // More output already waiting means more than one line per request.
            if !buffer.isEmpty || ready(0) {
                throw Problem(message: "answered more than one line to one request")
            }
            return answer
        } catch {
            stop()
            throw error
        }
    }

    private func start() throws(Problem) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw Problem(message: "cannot make pipes: \(errnoText())") }
        guard pipe(&fromChild) == 0 else {
            let why = errnoText()
            close(toChild[0])
            close(toChild[1])
            throw Problem(message: "cannot make pipes: \(why)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        // In the declaring file's folder: sh changes to it, then becomes the command.
        let argv = (["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + command).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard rc == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Problem(message: "cannot start '\(command.joined(separator: " "))': \(String(cString: strerror(rc)))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
        buffer = []
    }

    private func send(_ bytes: [UInt8]) throws(Problem) {
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
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Problem(message: "stopped reading requests (\(exitText()))") }
            sent += n
        }
    }

    private func readLine() throws(Problem) -> [UInt8] {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMillis) * 1_000_000
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<nl])
                buffer.removeSubrange(...nl)
                return line
            }
            if buffer.count > 16 << 20 { throw Problem(message: "answered a line longer than 16 MB") }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline, ready(Int32((deadline - now) / 1_000_000)) else {
                throw Problem(message: "did not answer within \(timeoutMillis) ms")
            }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Problem(message: "exited without answering (\(exitText()))") }
            buffer += chunk[..<n]
        }
    }

    /// True when output can be read within `millis`.
    private func ready(_ millis: Int32) -> Bool {
        var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, max(0, millis)) > 0
    }

    /// How the child ended, once it has: "exit status 3", "killed by signal 9", or "still running".
    private func exitText() -> String {
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                let signal = status & 0x7F
                return signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
            }
            usleep(2000)
        }
        return "still running"
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
