import Foundation
import SiftTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `sift serve` process on a free port of 127.0.0.1, and requests to it over HTTP.
final class ServeProcess {
    let process: Process
    let port: Int
    let token = "serve-test-token-0123456789"
    private let stderr: Pipe
    private let stdout: Pipe

    /// Starts `sift serve` with `arguments` (after `--listen 127.0.0.1:0`), the token in
    /// SIFT_SERVE_TOKEN, and waits until it listens.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = SiftProcess.binary
        process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
        process.currentDirectoryURL = SiftProcess.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["SIFT_SERVE_TOKEN": token]) { a, _ in a }) {
            $1
        }
        (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // "sift serve: listening on port N (...)"
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "listening on port "), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw ServeDidNotStart(output: text + String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        self.port = port
    }

    struct ServeDidNotStart: Error { var output: String }

    /// The answer's status and body.
    struct Answer {
        var status: Int
        var body: String
        var headers: [String: String]
    }

    /// Sends a request; `token` nil sends none, `true` the server's.
    func request(
        _ method: String, _ path: String, body: String? = nil, token: String? = nil, authorized: Bool = false,
        contentType: String? = nil
    ) async throws -> Answer {
        var r = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        r.httpMethod = method
        if let body { r.httpBody = Data(body.utf8) }
        if let t = authorized ? self.token : token { r.setValue("Bearer \(t)", forHTTPHeaderField: "Authorization") }
        if let contentType { r.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: r)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (k, v) in http.allHeaderFields { headers[String(describing: k).lowercased()] = String(describing: v) }
        return Answer(status: http.statusCode, body: String(decoding: data, as: UTF8.self), headers: headers)
    }

    /// Sends `signal`, waits for the exit; its status and standard error.
    func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
        kill(process.processIdentifier, signal)
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self))
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
