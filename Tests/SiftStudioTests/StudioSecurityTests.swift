import Foundation
import Hummingbird
import SiftTesting
import Testing

@testable import SiftStudio

/// The studio is a local server that writes files: each guard has a test that fails without it.
@Suite struct StudioSecurityTests {
    @Test func everyAPICallNeedsTheSessionToken() async throws {
        let folder = try StudioFolder()
        var caller = try StudioCaller(folder)
        caller.token = nil
        let (status, body) = try await caller.call(.get, "/api/files")
        #expect(status == .unauthorized)
        #expect(
            body == #"{"error":"unauthorized","message":"the session token is missing or wrong; open the address sift studio printed"}"#)
        caller.token = String(repeating: "0", count: 64)
        #expect(try await caller.call(.get, "/api/file?path=signup.yaml").0 == .unauthorized)
    }

    @Test func theHostMustBeTheBoundAddress() async throws {
        let folder = try StudioFolder()
        var caller = try StudioCaller(folder)
        for host in ["evil.example", "127.0.0.1:4780", "localhost.nip.io", "localhost:8080"] {
            caller.host = host
            let (status, body) = try await caller.call(.get, "/")
            #expect(status == .forbidden)
            #expect(
                body
                    == #"{"error":"wrong_host","message":"this studio answers only at 127.0.0.1 or 127.0.0.1:80 or localhost or localhost:80"}"#
            )
        }
        caller.host = "localhost:80"
        #expect(try await caller.call(.get, "/api/files").0 == .ok)
        // The guard itself, on the address a real studio listens on.
        let g = StudioGuard<StudioContext>(address: "127.0.0.1", port: 4780, token: "t")
        #expect(throws: StudioError.self) { try g.check(hosts: ["evil.example:4780"], path: "/", method: .get, token: nil, origin: nil) }
        #expect(throws: StudioError.self) { try g.check(hosts: [], path: "/", method: .get, token: nil, origin: nil) }
        #expect(throws: StudioError.self) { try g.check(hosts: ["127.0.0.1"], path: "/", method: .get, token: nil, origin: nil) }
        try g.check(hosts: ["LOCALHOST:4780", "127.0.0.1:4780"], path: "/", method: .get, token: nil, origin: nil)
    }

    @Test func writesNeedTheStudiosOwnOrigin() async throws {
        let folder = try StudioFolder()
        for origin in ["http://evil.example", "http://localhost:4781", "https://localhost", "null", nil] as [String?] {
            var caller = try StudioCaller(folder)
            caller.origin = origin
            let (status, body) = try await caller.post("/api/save", ["path": "signup.yaml", "text": "fields: {}\n"])
            #expect(status == .forbidden)
            #expect(body == #"{"error":"cross_origin","message":"writes are accepted only from the studio's own page"}"#)
        }
        #expect(folder.text("signup.yaml") == StudioFolder.pack)
    }

    @Test func pathsStayInsideTheRulesFolder() async throws {
        let folder = try StudioFolder()
        let outside = TemporaryFiles.path("outside-", ".yaml")
        try "fields: {}\n".write(toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/escape.yaml", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/up", withDestinationPath: "..")
        let caller = try StudioCaller(folder)
        let relative = "../" + (outside as NSString).lastPathComponent
        for path in [relative, outside, "escape.yaml", "up/" + (outside as NSString).lastPathComponent, "lib/../../x.yaml"] {
            let (read, _) = try await caller.call(
                .get, "/api/file?path=" + path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(read == .forbidden, "read \(path)")
            let (write, body) = try await caller.post("/api/save", ["path": path, "text": "fields: {}\n"])
            #expect(write == .forbidden, "write \(path)")
            #expect(body.hasPrefix(#"{"error":"outside_folder""#))
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "fields: {}\n")
        let (_, files) = try await caller.call(.get, "/api/files")
        #expect(!files.contains("escape.yaml") && !files.contains("\"up"))
    }

    @Test func requestBodiesAreBounded() async throws {
        let folder = try StudioFolder()
        let big = String(repeating: "x", count: (1 << 20) + 10)
        let (status, _) = try await StudioCaller(folder).post("/api/lint", ["path": "signup.yaml", "text": big])
        #expect(status == .contentTooLarge)
        let records = (0..<3000).map { #"{"n":\#($0)}"# }.joined(separator: "\n")
        let (ok, body) = try await StudioCaller(folder).post(
            "/api/try", ["path": "signup.yaml", "text": StudioFolder.pack, "records": records])
        #expect(ok == .ok)
        #expect(try decode(TryAnswer.self, body).records.count == StudioEngine.maxRecords)
    }

    /// A rule file naming a program: the studio reports it and starts nothing, unless the
    /// operator allowed exec checks.
    @Test func execChecksAreNotStartedWithoutAllowExec() async throws {
        let folder = try StudioFolder()
        let marker = TemporaryFiles.path("pwned-")
        let rules = """
            exec_checks:
              w: {command: [sh, -c, "touch \(marker); cat"], summary: writes a file}
            fields:
              a: [w]
            examples:
              - record: {a: x}
                valid: true

            """
        let (status, body) = try await StudioCaller(folder).post("/api/lint", ["path": "exec.yaml", "text": rules])
        #expect(status == .ok)
        let lint = try decode(LintAnswer.self, body)
        #expect(lint.errors == 1, "\(lint.problems.map(\.headline))")
        #expect(lint.problems.first?.message.contains("--allow-exec") == true)
        for route in ["/api/examples", "/api/try", "/api/explain"] {
            _ = try await StudioCaller(folder).post(route, ["path": "exec.yaml", "text": rules, "records": #"{"a":"x"}"#])
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
        _ = try await StudioCaller(folder, allowExec: true).post("/api/examples", ["path": "exec.yaml", "text": rules])
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    @Test func theGuardComparesTokensWhole() {
        #expect(StudioGuard<StudioContext>.equalInConstantTime("abc", "abc"))
        #expect(!StudioGuard<StudioContext>.equalInConstantTime("abc", "abd"))
        #expect(!StudioGuard<StudioContext>.equalInConstantTime("abc", "abcd"))
    }
}
