import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import SiftCore
import SiftTesting
import Testing

@testable import SiftStudio
import SiftJSON

/// A rules folder for one test: a pack, a library it includes, a read-only AASA file.
struct StudioFolder {
    let root: String

    static let pack = """
        version: 1
        pack: signup
        include: lib/codes.yaml
        fields:
          phone:
            - regex: '1[0-9]{10}'
          code: [ use: code ]
        examples:
          - name: good
            record: { phone: "13800138000", code: C123 }
            valid: true
          - name: bad phone
            record: { phone: "12", code: C123 }
            reasons: [phone.regex]

        """

    init() throws {
        root = TemporaryFiles.path("studio-")
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        try Self.pack.write(toFile: root + "/signup.yaml", atomically: true, encoding: .utf8)
        try "validators:\n  code: {regex: 'C[0-9]{3}'}\n".write(toFile: root + "/lib/codes.yaml", atomically: true, encoding: .utf8)
        try #"{"applinks":{"details":[]}}"#.write(toFile: root + "/apple-app-site-association", atomically: true, encoding: .utf8)
    }

    func text(_ path: String) -> String? { try? String(contentsOfFile: root + "/" + path, encoding: .utf8) }
}

/// Calls the studio's routes as its page does (token, Host, Origin), or as a stranger would.
struct StudioCaller {
    let server: StudioServer
    var host: String? = nil
    var origin: String? = "http://localhost"
    var token: String?

    init(_ folder: StudioFolder, allowExec: Bool = false) throws {
        // The router tests' requests come with the authority "localhost" (port 80), as a
        // browser's would to a studio on localhost:80; a `host` adds a second Host header.
        server = try StudioServer(rules: folder.root, address: "localhost", port: 80, allowExec: allowExec)
        token = server.token
    }

    /// The status and body of `method uri` with `json` as its body.
    func call(_ method: HTTPRequest.Method, _ uri: String, _ json: String? = nil) async throws -> (HTTPResponse.Status, String) {
        var fields: HTTPFields = [:]
        if let host { fields[HTTPField.Name("Host")!] = host }
        if let token { fields[StudioGuard<StudioContext>.tokenField] = token }
        if let origin { fields[.origin] = origin }
        if json != nil { fields[.contentType] = "application/json" }
        let app = Application(router: server.router())
        let headers = fields
        return try await app.test(.router) { client in
            try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) {
                ($0.status, String(buffer: $0.body))
            }
        }
    }

    func post(_ uri: String, _ body: [String: String]) async throws -> (HTTPResponse.Status, String) {
        let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return try await call(.post, uri, String(decoding: data, as: UTF8.self))
    }
}

func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T { try JSONDecoder().decode(T.self, from: Data(text.utf8)) }

@Suite struct StudioAPITests {
    @Test func filesListsRuleFilesEditableAndOthersReadOnly() async throws {
        let folder = try StudioFolder()
        let (status, body) = try await StudioCaller(folder).call(.get, "/api/files")
        #expect(status == .ok)
        #expect(
            body
                == #"{"files":[{"editable":false,"path":"apple-app-site-association"},{"editable":true,"path":"lib\/codes.yaml"},"#
                + #"{"editable":true,"path":"signup.yaml"}],"samples":[]}"#)
        let (s2, file) = try await StudioCaller(folder).call(.get, "/api/file?path=signup.yaml")
        #expect(s2 == .ok)
        #expect(try decode(FileAnswer.self, file).text == StudioFolder.pack)
    }

    @Test func lintPlacesEachProblemAndOffersTheDidYouMeanAsAFix() async throws {
        let folder = try StudioFolder()
        let typo = StudioFolder.pack.replacingOccurrences(of: "- regex: '1[0-9]{10}'", with: "- regx: '1[0-9]{10}'")
        let (status, body) = try await StudioCaller(folder).post("/api/lint", ["path": "signup.yaml", "text": typo, "lang": "en"])
        #expect(status == .ok)
        let answer = try decode(LintAnswer.self, body)
        #expect(answer.errors == 1)
        let p = try #require(answer.problems.first { $0.severity == "error" })
        #expect(p.headline == "signup.yaml:6:7: error: unknown check 'regx'; did you mean 'regex'?")
        #expect(p.message == "unknown check 'regx'; did you mean 'regex'?")
        #expect(p.line == 6 && p.column == 7)
        #expect(p.fix == Problem.Fix(line: 6, column: 7, from: "regx", to: "regex"))
        let (_, zh) = try await StudioCaller(folder).post("/api/lint", ["path": "signup.yaml", "text": typo, "lang": "zh"])
        let zhMessage = try decode(LintAnswer.self, zh).problems.first { $0.severity == "error" }?.message
        #expect(zhMessage == "未知的检查 'regx'；是否想写 'regex'？", "\(zhMessage ?? "")")
    }

    @Test func examplesRunOnTheEditedTextWithTheirLines() async throws {
        let folder = try StudioFolder()
        let broken = StudioFolder.pack.replacingOccurrences(of: "reasons: [phone.regex]", with: "valid: true")
        let (status, body) = try await StudioCaller(folder).post("/api/examples", ["path": "signup.yaml", "text": broken, "lang": "en"])
        #expect(status == .ok)
        let answer = try decode(ExamplesAnswer.self, body)
        #expect(answer.loaded)
        #expect(answer.examples.map(\.name) == ["good", "bad phone"])
        #expect(answer.examples.map(\.passed) == [true, false])
        #expect(answer.examples.map(\.line) == [9, 12])
        #expect(answer.examples[1].detail.contains("expected: valid\n  actual:   invalid with [phone.regex]"))
    }

    @Test func tryGivesVerdictsAndWhatTheEditChangesAgainstTheSavedRules() async throws {
        let folder = try StudioFolder()
        let stricter = StudioFolder.pack.replacingOccurrences(of: "'1[0-9]{10}'", with: "'13[0-9]{9}'")
        let records = """
            {"phone":"13800138000","code":"C123"}
            {"phone":"15800138000","code":"C123"}
            {"phone":"158","code":"X"}
            not json
            """
        let (status, body) = try await StudioCaller(folder).post(
            "/api/try", ["path": "signup.yaml", "text": stricter, "records": records, "lang": "en"])
        #expect(status == .ok)
        let a = try decode(TryAnswer.self, body)
        #expect(a.loaded && a.comparedWithSaved)
        #expect(a.records.map(\.valid) == [true, false, false, false])
        #expect((a.valid, a.invalid, a.newlyInvalid, a.newlyValid, a.changed) == (1, 3, 1, 0, 1))
        #expect(a.records.map(\.changed) == [false, true, false, false])
        let v = try #require(a.records[1].violations.first)
        #expect(
            (v.field, v.reason, v.message, v.value, v.line) == (
                "phone", "phone.regex", "does not match the required format", "15800138000", 6
            ))
        #expect(a.records[3].error == "input.malformed_json: invalid literal (expected null) at byte 1")
        #expect(StudioEngine.splitRecords("[{\"a\":1},{\"b\":[2]}]") == [#"{"a":1}"#, #"{"b":[2]}"#])
        #expect(StudioEngine.splitRecords("{\n  \"a\": 1\n}\n") == ["{\n  \"a\": 1\n}"])
    }

    /// Relations are the loader's: the studio lints, explains and tries them like any check.
    @Test func relationsAreLintedExplainedAndTried() async throws {
        let folder = try StudioFolder()
        let pack = """
            pack: signup
            fields:
              password: [{length: {min: 8}}]
              confirm_password: [{same_as: password}]
              email: {unique_in_run: true}
              total: {required: false, checks: [{sum_of: {items: 'items[*]', value: [price, qty]}}]}
            record:
              exactly_one_of: [card, wallet]

            """
        let caller = try StudioCaller(folder)
        let (_, lint) = try await caller.post(
            "/api/lint", ["path": "signup.yaml", "text": pack.replacingOccurrences(of: "same_as: password", with: "same_as: pasword")])
        #expect(
            try decode(LintAnswer.self, lint).problems.map(\.message).contains(
                "'same_as' compares with 'pasword', which is not a field of this pack (declare it under fields:); did you mean 'password'?")
        )
        let (_, explain) = try await caller.post("/api/explain", ["path": "signup.yaml", "text": pack, "lang": "en"])
        #expect(explain.contains("must be the same as password"))
        let records = """
            {"password":"abcdefgh","confirm_password":"abcdefgh","email":"a@x.cn","card":"c"}
            {"password":"abcdefgh","confirm_password":"abcdefgx","email":"a@x.cn","card":"c","wallet":"w","total":3,"items":[{"price":1,"qty":2}]}
            """
        let (status, body) = try await caller.post("/api/try", ["path": "signup.yaml", "text": pack, "records": records, "lang": "en"])
        #expect(status == .ok)
        let a = try decode(TryAnswer.self, body)
        #expect(a.records.map(\.valid) == [true, false])
        #expect(
            a.records[1].violations.map(\.reason) == [
                "confirm_password.same_as", "total.sum_of", "email.duplicate", "record.exactly_one_of",
            ])
    }

    /// A library of validators has no examples of its own: editing it runs the examples of
    /// every pack of the folder with the edited text in its place, so a change that breaks
    /// the packs using it is seen (and cannot be saved).
    @Test func editingALibraryRunsThePacksThatUseIt() async throws {
        let folder = try StudioFolder()
        let caller = try StudioCaller(folder)
        let broken = "validators:\n  code: {regex: 'D[0-9]{3}'}\n"
        let (status, body) = try await caller.post("/api/examples", ["path": "lib/codes.yaml", "text": broken, "lang": "en"])
        #expect(status == .ok)
        let answer = try decode(ExamplesAnswer.self, body)
        #expect(answer.loaded && answer.examples.map(\.name) == ["good", "bad phone"])
        #expect(answer.examples.map(\.passed) == [false, false])
        let (tried, verdicts) = try await caller.post(
            "/api/try", ["path": "lib/codes.yaml", "text": broken, "records": #"{"phone":"13800138000","code":"C123"}"#])
        #expect(tried == .ok)
        let a = try decode(TryAnswer.self, verdicts)
        #expect(a.records.map(\.valid) == [false] && a.newlyInvalid == 1)
        let (saved, why) = try await caller.post("/api/save", ["path": "lib/codes.yaml", "text": broken])
        #expect(saved == .unprocessableContent && why == #"{"error":"examples_fail","message":"not saved: 2 examples fail"}"#)
        #expect(folder.text("lib/codes.yaml") == "validators:\n  code: {regex: 'C[0-9]{3}'}\n")
    }

    @Test func explainSpeaksTheChosenLanguage() async throws {
        let folder = try StudioFolder()
        let (_, en) = try await StudioCaller(folder).post("/api/explain", ["path": "signup.yaml", "text": StudioFolder.pack, "lang": "en"])
        let (_, zh) = try await StudioCaller(folder).post("/api/explain", ["path": "signup.yaml", "text": StudioFolder.pack, "lang": "zh"])
        #expect(try decode(ExplainAnswer.self, en).text.contains("field phone"))
        #expect(try decode(ExplainAnswer.self, zh).text.contains("字段 phone"))
    }

    @Test func saveWritesOnlyRulesWithoutErrorsAndUndoPutsBackThePrevious() async throws {
        let folder = try StudioFolder()
        let caller = try StudioCaller(folder)
        let (refused, why) = try await caller.post("/api/save", ["path": "signup.yaml", "text": "fields:\n  a: [regx: x]\n"])
        #expect(refused == .unprocessableContent)
        #expect(why == #"{"error":"rules_have_errors","message":"not saved: the rules have 1 error"}"#)
        #expect(folder.text("signup.yaml") == StudioFolder.pack)
        let edited = StudioFolder.pack.replacingOccurrences(of: "pack: signup", with: "pack: sign-up")
        let (ok, saved) = try await caller.post("/api/save", ["path": "signup.yaml", "text": edited])
        #expect(ok == .ok && saved == #"{"created":false,"saved":true}"#)
        #expect(folder.text("signup.yaml") == edited)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.root).sorted() == [
                "apple-app-site-association", "lib", "signup.yaml",
            ])
        let (undone, _) = try await caller.post("/api/undo", ["path": "signup.yaml"])
        #expect(undone == .ok)
        #expect(folder.text("signup.yaml") == StudioFolder.pack)
        let (again, _) = try await caller.post("/api/undo", ["path": "signup.yaml"])
        #expect(again == .conflict)
        let (created, _) = try await caller.post("/api/save", ["path": "lib/new.yaml", "text": "validators:\n  v: {regex: 'x'}\n"])
        #expect(created == .ok && folder.text("lib/new.yaml") == "validators:\n  v: {regex: 'x'}\n")
        let (renamed, _) = try await caller.post("/api/rename", ["from": "lib/new.yaml", "to": "lib/newer.yaml"])
        #expect(renamed == .ok && folder.text("lib/new.yaml") == nil && folder.text("lib/newer.yaml") != nil)
        let (readOnly, _) = try await caller.post("/api/save", ["path": "apple-app-site-association", "text": "{}"])
        #expect(readOnly == .forbidden)
    }

    @Test func thePageIsSelfContained() async throws {
        let folder = try StudioFolder()
        let (status, html) = try await StudioCaller(folder).call(.get, "/")
        #expect(status == .ok)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\""))
    }
}
