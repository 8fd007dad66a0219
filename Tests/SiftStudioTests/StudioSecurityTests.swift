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

    /// The router makes `//api/save` and `/api//save` the save route: they need the token and
    /// the Origin all the same, and a body that is not JSON is refused before any route.
    @Test func everyPathButThePageNeedsTheToken() async throws {
        let folder = try StudioFolder()
        var caller = try StudioCaller(folder)
        caller.token = nil
        for uri in ["//api/files", "/api//files", "/API/files", "//api/file?path=signup.yaml"] {
            #expect(try await caller.call(.get, uri).0 == .unauthorized, "\(uri)")
        }
        for uri in ["//api/save", "/api//save", "///api/save"] {
            #expect(try await caller.call(.post, uri, #"{"path":"signup.yaml","text":"fields: {}\n"}"#).0 == .unauthorized, "\(uri)")
        }
        caller = try StudioCaller(folder)
        caller.origin = "http://evil.example"
        #expect(try await caller.call(.post, "//api/save", #"{"path":"signup.yaml","text":"fields: {}\n"}"#).0 == .forbidden)
        #expect(folder.text("signup.yaml") == StudioFolder.pack)
        let g = StudioGuard<StudioContext>(address: "127.0.0.1", port: 4780, token: "t")
        #expect(throws: StudioError(.badRequest, "requests with a body must send JSON (Content-Type: application/json)")) {
            try g.check(
                hosts: ["127.0.0.1:4780"], path: "/api/save", method: .post, token: "t", origin: "http://127.0.0.1:4780",
                contentType: "text/plain")
        }
        let (page, _) = try await caller.call(.get, "/")
        #expect(page == .ok)
    }

    /// What a save writes: only visible, regular rule files, never through a link, never into a
    /// planted temporary file; "create" never replaces; undo of a created file removes only it.
    @Test func savesWriteOnlyRegularVisibleRuleFiles() async throws {
        let folder = try StudioFolder()
        let caller = try StudioCaller(folder)
        let valid = "validators:\n  v: {regex: 'x'}\n"
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/aasa.yaml", withDestinationPath: "apple-app-site-association")
        try FileManager.default.createDirectory(atPath: folder.root + "/.github", withIntermediateDirectories: true)
        for path in ["aasa.yaml", ".github/x.yml", "lib/.hidden.yaml", "apple-app-site-association"] {
            let (status, _) = try await caller.post("/api/save", ["path": path, "text": valid])
            #expect(status == .forbidden, "\(path)")
        }
        #expect(folder.text("apple-app-site-association") == #"{"applinks":{"details":[]}}"#)
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/.github/x.yml"))
        // A link planted where a temporary file might go is not followed.
        let victim = TemporaryFiles.path("victim-")
        try "keep".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/.new.yaml.sift-studio-1.tmp", withDestinationPath: victim)
        let (created, _) = try await caller.call(
            .post, "/api/save", #"{"path":"new.yaml","text":"validators:\n  v: {regex: 'x'}\n","create":true}"#)
        #expect(created == .ok && folder.text("new.yaml") == valid)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        let (again, body) = try await caller.call(.post, "/api/save", #"{"path":"new.yaml","text":"fields: {}\n","create":true}"#)
        #expect(again == .conflict && body == #"{"error":"exists","message":"'new.yaml' already exists"}"#)
        #expect(try await caller.post("/api/undo", ["path": "new.yaml"]).0 == .ok)
        #expect(folder.text("new.yaml") == nil && folder.text("signup.yaml") == StudioFolder.pack)
        let (renamed, _) = try await caller.post("/api/rename", ["from": "signup.yaml", "to": "lib/codes.yaml"])
        #expect(renamed == .conflict && folder.text("signup.yaml") == StudioFolder.pack)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.root).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [".new.yaml.sift-studio-1.tmp"])
    }

    @Test func theGuardComparesTokensWhole() {
        #expect(StudioGuard<StudioContext>.equalInConstantTime("abc", "abc"))
        #expect(!StudioGuard<StudioContext>.equalInConstantTime("abc", "abd"))
        #expect(!StudioGuard<StudioContext>.equalInConstantTime("abc", "abcd"))
    }
}
