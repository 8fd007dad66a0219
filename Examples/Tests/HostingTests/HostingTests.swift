// Sift as a host uses it: only `import Sift`, only its public API (this package cannot see
// Sift's `package` declarations), on the rule files and samples shipped with Sift.
import Foundation
import Sift
import Testing

/// Sift's own folder (this package is Sift/Examples).
let siftRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let rules = try! RulesLoader.load(path: siftRoot.appendingPathComponent("rules").path)

/// Line `line` of a shipped sample file.
func sample(_ name: String, line: Int = 1) throws -> String {
    let text = try String(contentsOf: siftRoot.appendingPathComponent("samples/" + name), encoding: .utf8)
    return String(text.split(separator: "\n")[line - 1])
}

@Suite struct HostingTests {
    @Test func aRecordIsValidOrSaysWhyInTypedValues() throws {
        let ok = rules.validate(json: #"{"kind":"signup","email":"ada@example.com","password":"abc123XY","phone":"13800138000"}"#)
        #expect(ok.isValid)
        #expect(ok.packs == ["signup"])

        let bad = rules.validate(json: Data(#"{"kind":"signup","email":"ada@example.com","password":"abc123XY","phone":"12"}"#.utf8))
        #expect(!bad.isValid)
        #expect(bad.reasons == ["phone.regex"])
        let v = try #require(bad.violations.first)
        #expect(v.field == "phone")
        #expect(v.value == "12")
        #expect(v.reason == ReasonCode("phone.regex"))
        #expect(v.message.en == "is not a valid mainland China mobile number")
        #expect(v.rule?.description.hasSuffix("rules/lib/cn-mobile.yaml:15:5") == true)
    }

    @Test func anUnreadableRecordIsAnInputError() {
        let verdict = rules.validate(json: "{oops")
        #expect(verdict.inputError?.reason == ReasonCode.Input.malformedJSON)
        #expect(verdict.inputError?.message == "expected a quoted key at byte 2")
    }

    @Test func oneFormField() throws {
        let problems = try rules.validate(field: "phone", value: "12", pack: "signup")
        #expect(problems.map(\.reason) == ["phone.regex"])
        #expect(try rules.validate(field: "phone", value: "13800138000", pack: "signup").isEmpty)
    }

    @Test func anyEncodableValue() throws {
        struct Signup: Encodable { let kind = "signup", email = "ada@example.com", password = "abc123XY", phone = "138" }
        #expect(try rules.validate(Signup()).reasons == ["phone.regex"])
    }

    @Test func linksRouteToTypedParameters() throws {
        let route = try rules.route(URL(string: "https://example.com/videos/42?t=30")!)
        #expect(route.destination == "video.detail")
        #expect(route.parameters.get("id", as: Int.self) == 42)
        #expect(throws: RouteResult.Refusal.self) { try rules.route(URL(string: "https://example.com/nope")!) }
    }

    @Test func receiptsAndAppleIDTokensThroughTypedAccessors() throws {
        let receipt = try #require(rules.validate(json: try sample("receipts/receipts.jsonl", line: 2)).receipt)
        #expect(receipt.environment == "Production")
        #expect(receipt.creditable.map(\.productID) == ["com.example.coins100"])
        #expect(receipt.creditable.first?.transactionID == "1000000651234567")

        let token = rules.validate(json: try sample("sign-in-with-apple.jsonl"))
        #expect(token.isValid)
        #expect(token.appleID?.subject == "001234.0a1b2c3d4e5f.0123")
    }

    @Test func loadErrorsAreLocatedAndRendered() {
        let text = "version: 1\npack: p\nfields:\n  phone:\n    checks:\n      - regx: '^1$'\n"
        do {
            _ = try RulesLoader.load(text: text)
            Issue.record("a misspelt check loaded")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.rendered.hasPrefix("rules.yaml:6:9: error: unknown check 'regx'"))
        }
    }

    @Test func aSessionStreamsVerdictsInOrder() async throws {
        let session = try RecordSession(pipeline: rules)
        let lines = AsyncStream<String> { c in
            c.yield(#"{"kind":"signup","email":"ada@example.com","password":"abc123XY","phone":"13800138000"}"#)
            c.yield("not json")
            c.yield(#"{"kind":"signup","email":"ada@example.com","password":"abc123XY","phone":"1"}"#)
            c.finish()
        }
        var seen: [[ReasonCode]] = []
        for try await verdict in session.verdicts(for: lines) { seen.append(verdict.reasons) }
        #expect(seen == [[], [ReasonCode.Input.malformedJSON], ["phone.regex"]])
        try await session.finish()
    }
}
