import Foundation
import Sift
import SiftTesting
import Testing

/// The calls library hosts make: stateless checks, one form field, per-call as-of times.
@Suite struct HostingTests {
    static let yaml = """
        pack: signup
        applies_to: {kind: signup}
        fields:
          phone: [{regex: '1[3-9][0-9]{9}', message: {en: is not a mobile number, zh: 不是手机号}}]
          profile.birthday: {required: false, checks: [{date: {format: yyyy-MM-dd, not_after: now}}]}
        """

    func pipeline() throws -> Pipeline {
        let r = RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "signup.yaml")
        return try #require(r.pipeline, "\(r.rendered())")
    }

    @Test func aPipelineChecksRecordsWithoutASession() throws {
        let p = try pipeline()
        let v = p.validate(json: #"{"kind":"signup","phone":"12"}"#, asOfMillis: 0)
        #expect(v.reasons == ["phone.regex"])
        #expect(v.violations[0].message.en == "is not a mobile number")
        #expect(p.validate(json: #"{"kind":"signup","phone":"13800138000"}"#).isValid)
        #expect(p.validate(json: "[1]").reasons == ["input.not_object"])
    }

    /// A host's records are numbered in its session; with a ledger, sessions share the keys.
    @Test func uniquenessInASessionAndAcrossSessions() async throws {
        let yaml = "pack: signup\nfields:\n  email: {unique_in_run: true}\n  phone: {unique_across_runs: true}\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "signup.yaml").pipeline)
        let ledger = TemporaryFiles.path("hosting-ledger-") + ".sqlite"
        let first = try RecordSession(pipeline: p, ledger: .file(ledger))
        #expect(try await first.validate(json: #"{"email":"a@x.cn","phone":"1"}"#).isValid)
        let again = try await first.validate(json: #"{"email":"a@x.cn","phone":"2"}"#)
        #expect(again.violations.map { "\($0.reason): \($0.message.en)" } == ["email.duplicate: appeared before, on record 1"])
        let second = try RecordSession(pipeline: p, ledger: .file(ledger))
        let later = try await second.validate(json: #"{"email":"a@x.cn","phone":"1"}"#)
        #expect(
            later.violations.map { "\($0.reason): \($0.message.en)" } == ["phone.duplicate: was already used by another run, on record 1"])
        #expect(throws: (any Error).self) { try RecordSession(pipeline: p) }
    }

    @Test func hostsGetTheSameDuplicateKeyChoice() async throws {
        let p = try pipeline()
        let twice = #"{"kind":"signup","phone":"12","phone":"13800138000"}"#
        #expect(p.validate(json: twice).inputError?.reason == "input.duplicate_key")
        #expect(p.validate(json: twice, duplicateKeys: .first).reasons == ["phone.regex"])
        #expect(p.validate(json: twice, duplicateKeys: .last).isValid)
        #expect(try await RecordSession(pipeline: p).validate(json: twice).inputError?.reason == "input.duplicate_key")
        #expect(try await RecordSession(pipeline: p, duplicateKeys: .last).validate(json: twice).isValid)
    }

    @Test func oneFormFieldOnItsOwn() throws {
        let p = try pipeline()
        #expect(try p.validate(field: "phone", value: "13800138000").isEmpty)
        let bad = try p.validate(field: "phone", value: "12")
        #expect(bad.map(\.reason) == ["phone.regex"])
        #expect(bad.map(\.field) == ["phone"])
        #expect(try p.validate(field: "phone", value: nil).map(\.reason) == ["phone.required"])
        // A nested field, and the clock given per call.
        let asOf2026: Int64 = 1_795_219_200_000
        #expect(
            try p.validate(field: "profile.birthday", value: "2030-01-01", asOfMillis: asOf2026).map(\.reason) == ["profile.birthday.date"])
        #expect(try p.validate(field: "profile.birthday", value: "2030-01-01", asOfMillis: asOf2026 * 2).isEmpty)
        #expect(try p.validate(field: "unknown", value: "x").isEmpty)
        #expect(throws: Pipeline.FieldPathError.self) { try p.validate(field: "a..b", value: "x") }
    }

    @Test func aLongLivedSessionTakesTheTimeOfEachCall() throws {
        let session = try Session(pipeline: try pipeline(), asOfMillis: nil)
        let record = Array(#"{"kind":"signup","phone":"13800138000","profile":{"birthday":"2030-01-01"}}"#.utf8)
        let asOf2026: Int64 = 1_795_219_200_000
        #expect(session.validate(json: record, asOfMillis: asOf2026).reasons == ["profile.birthday.date"])
        #expect(session.validate(json: record, asOfMillis: asOf2026 * 2).reasons == [])
        // Without a time, the clock decides: 2030 is still in the future when this test runs.
        #expect(session.fixedAsOfMillis == nil)
        #expect(abs(session.asOfMillis - Session.nowMillis()) < 60_000)
    }
}

@Suite struct VerdictEqualityTests {
    @Test func verdictsCompareByValue() throws {
        let p = try HostingTests().pipeline()
        let a = p.validate(json: #"{"kind":"signup","phone":"12"}"#, asOfMillis: 0)
        let b = p.validate(json: #"{"kind":"signup", "phone": "12"}"#, asOfMillis: 0)
        let c = p.validate(json: #"{"kind":"signup","phone":"13"}"#, asOfMillis: 0)
        #expect(a == b)
        #expect(a != c)
        #expect(a.violations[0] != c.violations[0])
    }
}

/// The Foundation-flavoured calls: rules from a path or text with a thrown, rendered error;
/// records as Data or Encodable values; links as URLs.
@Suite struct FoundationHostingTests {
    struct Signup: Encodable {
        var kind = "signup"
        var phone: String
    }

    @Test func loadingThrowsEveryProblemRendered() throws {
        #expect(throws: Never.self) { try RulesLoader.load(text: HostingTests.yaml, file: "signup.yaml") }
        do {
            _ = try RulesLoader.load(text: "fields:\n  phone: [{regx: '1'}]\n", file: "bad.yaml")
            Issue.record("broken rules loaded")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(
                error.rendered == """
                    bad.yaml:2:12: error: unknown check 'regx'; did you mean 'regex'?
                      phone: [{regx: '1'}]
                               ^
                    """)
        }
    }

    @Test func recordsAsDataOrSwiftValues() throws {
        let p = try RulesLoader.load(text: HostingTests.yaml, file: "signup.yaml")
        #expect(try p.validate(Signup(phone: "12")).reasons == ["phone.regex"])
        #expect(try p.validate(Signup(phone: "13800138000")).isValid)
        #expect(p.validate(json: Data(#"{"kind":"signup","phone":"12"}"#.utf8)).reasons == ["phone.regex"])
    }

    @Test func aLinkAsAURL() throws {
        let p = try RulesLoader.load(
            text: """
                routes:
                  hosts: [example.com]
                  table:
                    - {path: videos/:id, to: video.detail, params: {id: int}}
                """)
        let route = try p.route(URL(string: "https://example.com/videos/42")!)
        #expect(route.destination == "video.detail")
        #expect(route.parameters.get("id", as: Int.self) == 42)
        #expect(throws: RouteResult.Refusal.self) { try p.route(URL(string: "https://example.com/nope")!) }
    }
}
