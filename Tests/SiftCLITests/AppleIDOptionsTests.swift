import Foundation
import Testing
import SiftTesting

/// The `apple_id_token:` options of issue 30 (`max_token_bytes`, `malformed_exp`, `report`)
/// through the real `sift` binary: exact result lines, `explain` in both languages, `schema`.
/// Tokens and keys are the fixtures of Tests/SiftAppleIDTests/Fixtures.
@Suite struct AppleIDOptionsTests {
    static let fixtures = SiftProcess.packageRoot.appendingPathComponent("Tests/SiftAppleIDTests/Fixtures")

    static let tokens: [String: String] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("tokens.json"))
        let file = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return file["tokens"] as! [String: String]
    }()

    static let sub = "001234.0a1b2c3d4e5f.0123"
    static let claims =
        #""apple_id":{"sub":"001234.0a1b2c3d4e5f.0123","email":"abc123@privaterelay.appleid.com","email_verified":true,"#
        + #""is_private_email":true,"nonce_supported":true,"aud":"com.example.app"}"#

    /// A rule file with `extra` options, beside a copy of the fixtures' key set; returns its path.
    func rules(_ extra: String) throws -> String {
        let path = try SiftProcess.temp(
            "siwa.yaml",
            """
            pack: siwa
            applies_to: { has: identity_token }
            apple_id_token:
              token_field: identity_token
              user_field: user_id
              nonce_field: nonce
              jwks: jwks.json
              audiences: [com.example.app]
              as_of: 2026-11-21T00:00:00Z
            \(extra)
            """)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("jwks.json"), to: folder.appendingPathComponent("jwks.json"))
        return path
    }

    /// `sift run` over records (user, nonce, token); the result lines, with the rule file's path as `siwa.yaml`.
    func run(_ extra: String, _ records: [(String, String, String)], language: String = "en") throws -> [String] {
        let path = try rules(extra)
        let input = records.map { #"{"user_id":"\#($0.0)","nonce":"\#($0.1)","identity_token":"\#($0.2)"}"# + "\n" }.joined()
        let r = try SiftProcess.run(["run", "--rules", path, "--quiet", "--lang", language], stdin: input)
        #expect(r.stderr == "")
        return r.stdout.split(separator: "\n").map { String($0).replacingOccurrences(of: path, with: "siwa.yaml") }
    }

    /// Fails exp, sub and nonce (exp_1700000000), or has no exp at all (exp_missing), for another user and nonce.
    static let records = [
        ("someone.else", "n-other", tokens["exp_1700000000"]!), ("someone.else", "n-other", tokens["exp_missing"]!),
        (sub, "n-123", String(repeating: "x", count: 9000)),
    ]

    static func violation(_ field: String, _ reason: String, _ message: String) -> String {
        #"{"field":"\#(field)","reason":"apple_id.\#(reason)","message":"\#(message)","rule":"siwa.yaml:4:3"}"#
    }

    static let subject = violation("user_id", "subject", "the token is for user '\(sub)', not 'someone.else'")
    static let nonce = violation("nonce", "nonce", "the token's nonce does not match the record's nonce")

    @Test func theDefaultsReportEveryFailureAndLimitTokensTo8192Bytes() throws {
        let head = #"{"source":"-","line":%d,"valid":false,"packs":["siwa"],"violations":["#
        func line(_ n: Int) -> String { head.replacingOccurrences(of: "%d", with: "\(n)") }
        #expect(
            try run("", Self.records) == [
                line(1) + Self.violation("identity_token", "expired", "the token expired at 1700000000 (as of 1795219200)") + ","
                    + Self.subject + "," + Self.nonce + "]," + Self.claims + "}",
                line(2) + Self.violation("identity_token", "exp_malformed", "exp is missing or not a number") + "," + Self.subject + ","
                    + Self.nonce + "]," + Self.claims + "}",
                line(3)
                    + Self.violation(
                        "identity_token", "too_large", "the token is 9000 bytes long; the limit is 8192 bytes (max_token_bytes)")
                    + "]}",
            ])
    }

    @Test func reportFirstMalformedExpExpiredAndASmallerLimit() throws {
        let options = "  report: first\n  malformed_exp: expired\n  max_token_bytes: 870"
        let head = #"{"source":"-","line":%d,"valid":false,"packs":["siwa"],"violations":["#
        func line(_ n: Int) -> String { head.replacingOccurrences(of: "%d", with: "\(n)") }
        let size = Self.tokens["exp_1700000000"]!.utf8.count
        #expect(size > 870 && Self.tokens["exp_missing"]!.utf8.count <= 870)
        #expect(
            try run(options, Array(Self.records.prefix(2))) == [
                line(1)
                    + Self.violation(
                        "identity_token", "too_large", "the token is \(size) bytes long; the limit is 870 bytes (max_token_bytes)")
                    + "]}",
                line(2)
                    + Self.violation(
                        "identity_token", "expired",
                        "the token has no usable exp (missing or not a number); malformed_exp: expired counts it as expired")
                    + "]," + Self.claims + "}",
            ])
        #expect(
            try run(options, [Self.records[1]], language: "zh") == [
                line(1) + Self.violation("identity_token", "expired", "令牌没有可用的 exp（缺失或不是数字）；按 malformed_exp: expired 视为已过期")
                    + "]," + Self.claims + "}"
            ])
    }

    @Test func explainGivesTheCheckOrderInBothLanguages() throws {
        let path = try rules("  report: first\n  malformed_exp: expired\n  max_token_bytes: 4096")
        let en = try SiftProcess.run(["explain", path]).stdout.replacingOccurrences(of: path, with: "siwa.yaml")
        #expect(
            en.contains(
                """
                  Sign in with Apple token at identity_token (siwa.yaml:4:3), checked in this order:
                    1. a token, at most 4096 bytes [apple_id.token_missing, apple_id.too_large]
                    2. three base64url parts (no padding) with JSON header and payload [apple_id.malformed_segments, \
                apple_id.malformed_base64, apple_id.malformed_json]
                    3. alg must be RS256 [apple_id.algorithm]; kid must be one of SIFTTEST1, SIFTTEST2 [apple_id.unknown_kid]
                    4. RS256 signature with that key [apple_id.signature]
                    then the claims of the verified token; only the first failing check is reported (report: first)
                    5. iss = https://appleid.apple.com [apple_id.issuer]
                    6. aud one of com.example.app [apple_id.audience]
                    7. exp after the as-of time, leeway 0 s [apple_id.expired]; missing or not a number: counted as expired \
                [apple_id.expired] (malformed_exp: expired)
                    8. iat not after the as-of time, leeway 0 s [apple_id.issued_in_future]; missing or not a number [apple_id.iat_malformed]
                    9. sub = the record's user_id [apple_id.subject]
                    10. nonce = SHA-256 hex of the record's nonce [apple_id.nonce, apple_id.nonce_missing]
                    11. email_verified, is_private_email and nonce_supported are true or false [apple_id.claim_malformed]

                """), "\(en)")
        let zh = try SiftProcess.run(["explain", path, "--lang", "zh"]).stdout.replacingOccurrences(of: path, with: "siwa.yaml")
        #expect(
            zh.contains(
                """
                  Sign in with Apple 令牌，位置 identity_token（siwa.yaml:4:3），按以下顺序检查：
                    1. 有令牌，且不超过 4096 字节 [apple_id.token_missing, apple_id.too_large]
                """), "\(zh)")
        #expect(zh.contains("\n    签名验证通过后检查声明；只报告第一项未通过的检查（report: first）\n"), "\(zh)")
        #expect(zh.contains("\n    7. exp 晚于当前时间，容差 0 秒 [apple_id.expired]；缺失或不是数字时视为已过期 [apple_id.expired]（malformed_exp: expired）\n"))
        let defaults = try SiftProcess.run(["explain", try rules(""), "--lang", "zh"]).stdout
        #expect(defaults.contains("\n    签名验证通过后检查声明；报告每一项未通过的检查（report: every）\n"), "\(defaults)")
        #expect(defaults.contains("\n    7. exp 晚于当前时间，容差 0 秒 [apple_id.expired]；缺失或不是数字 [apple_id.exp_malformed]\n"))
    }

    @Test func schemaListsTheOptions() throws {
        let schema = try SiftProcess.run(["schema"]).stdout
        #expect(
            schema.contains(
                #""max_token_bytes":{"description":"Longest token (UTF-8 bytes) that is decoded at all; a longer one is "#
                    + #"apple_id.too_large.","type":"integer"}"#))
        #expect(
            schema.contains(
                #""malformed_exp":{"description":"exp missing or not a number: malformed (apple_id.exp_malformed) or expired "#
                    + #"(apple_id.expired).","enum":["malformed","expired"]}"#))
        #expect(
            schema.contains(
                #""report":{"description":"every: every failing claim check of a verified token; first: only the first in check "#
                    + #"order.","enum":["every","first"]}"#))
    }
}
