import Foundation
import Sift
import Testing

/// `exp` and `iat` as RFC 7519 NumericDates, compared exactly (issue 30, item 12).
@Suite struct NumericDateTests {
    @Test func aFractionalExpIsADateComparedExactly() throws {
        let token = Minted.token(["exp": "1795132800.5", "iat": "1795132700"])
        #expect(try Minted.lines(token, asOf: "1795132800") == [])
        #expect(try Minted.lines(token, asOf: "1795132801") == ["apple_id.expired: the token expired at 1795132800.5 (as of 1795132801)"])
        #expect(try Minted.lines(token, asOf: "1795132801", zh: true) == ["apple_id.expired: 令牌已于 1795132800.5 过期（当前 1795132801）"])
        #expect(try Minted.lines(token, "  leeway_seconds: 1", asOf: "1795132801") == [])
        #expect(try Minted.lines(token, "  leeway_seconds: 1", asOf: "1795132802").map { String($0.prefix(17)) } == ["apple_id.expired:"])
        // The same instant written with an exponent.
        #expect(try Minted.lines(Minted.token(["exp": "1.7951328005e9", "iat": "1795132700"]), asOf: "1795132800") == [])
        #expect(
            try Minted.lines(Minted.token(["exp": "17951328005E-1", "iat": "1795132700"]), asOf: "1795132801") == [
                "apple_id.expired: the token expired at 17951328005E-1 (as of 1795132801)"
            ])
    }

    /// A run's as-of time has milliseconds: a fractional claim is compared with them, and the message gives them.
    @Test func theAsOfTimeToTheMillisecond() throws {
        func lines(_ exp: String) throws -> [String] {
            try Minted.verdict(Minted.token(["exp": exp, "iat": "1795132700"]), millis: 1_795_132_800_700).violations.map {
                "\($0.reason.text): \($0.message.en)"
            }
        }
        #expect(try lines("1795132800.5") == ["apple_id.expired: the token expired at 1795132800.5 (as of 1795132800.7)"])
        #expect(try lines("1795132800.7") == ["apple_id.expired: the token expired at 1795132800.7 (as of 1795132800.7)"])
        #expect(try lines("1795132800.7001") == [])
        // A whole-second claim keeps the message it always had (the as-of time in whole seconds).
        #expect(try lines("1795132800") == ["apple_id.expired: the token expired at 1795132800 (as of 1795132800)"])
        #expect(try lines("1795132801") == [])
    }

    /// A Double rounds 1795132800.0000000001 to 1795132800: the comparison must not.
    @Test func noRoundingDecidesTheVerdict() throws {
        let exp = Minted.token(["exp": "1795132800.0000000001", "iat": "1795132700"])
        #expect(try Minted.lines(exp, asOf: "1795132800") == [])
        let iat = Minted.token(["iat": "1795132800.0000000001"])
        #expect(
            try Minted.lines(iat, asOf: "1795132800") == [
                "apple_id.issued_in_future: the token was issued at 1795132800.0000000001, after the as-of time 1795132800"
            ])
        #expect(try Minted.lines(Minted.token(["iat": "1795132800.000"]), asOf: "1795132800") == [])
        #expect(try Minted.lines(Minted.token(["iat": "1795132800.5"]), "  leeway_seconds: 1", asOf: "1795132800") == [])
        #expect(try Minted.lines(Minted.token(["iat": "1795132801.5"]), "  leeway_seconds: 1", asOf: "1795132800").count == 1)
        // Whole numbers however written, and dates beyond a Double's integers, are dates too.
        #expect(try Minted.lines(Minted.token(["exp": "1700000000.000", "iat": "1.69e9"]), asOf: "1699999999") == [])
        #expect(try Minted.lines(Minted.token(["exp": "99999999999999999999999"])) == [])
        #expect(
            try Minted.lines(Minted.token(["exp": "-1e400"])) == [
                "apple_id.expired: the token expired at -1e400 (as of 1795219200)"
            ])
    }
}

/// Which claim is malformed: `exp`, `iat` and the boolean claims each have their code, and
/// `malformed_exp: expired` reads a token without a usable `exp` as expired (issue 30, item 14).
@Suite struct MalformedClaimTests {
    @Test func expAndIatHaveTheirOwnCodes() throws {
        #expect(try reasons("exp_missing") == ["apple_id.exp_malformed"])
        #expect(try verdict(Fixtures.token("exp_missing")).violations[0].message.en == "exp is missing or not a number")
        #expect(try Minted.lines(Minted.token(["exp": #""4070908800""#])) == ["apple_id.exp_malformed: exp is missing or not a number"])
        #expect(try Minted.lines(Minted.token(["iat": nil])) == ["apple_id.iat_malformed: iat is missing or not a number"])
        #expect(try Minted.lines(Minted.token(["iat": "null"]), zh: true) == ["apple_id.iat_malformed: iat 缺失或不是数字"])
        // The boolean claims keep apple_id.claim_malformed.
        #expect(try reasons("email_verified_garbled") == ["apple_id.claim_malformed"])
        #expect(
            try Minted.lines(Minted.token(["nonce_supported": "1"])) == [
                "apple_id.claim_malformed: nonce_supported is neither true nor false"
            ])
    }

    @Test func malformedExpCanCountAsExpired() throws {
        let expired = "  malformed_exp: expired"
        #expect(
            try verdict(Fixtures.token("exp_missing"), yaml: policy(expired)).violations.map { "\($0.reason.text): \($0.message.en)" } == [
                "apple_id.expired: the token has no usable exp (missing or not a number); malformed_exp: expired counts it as expired"
            ])
        #expect(
            try Minted.lines(Minted.token(["exp": #""soon""#]), expired, zh: true) == [
                "apple_id.expired: 令牌没有可用的 exp（缺失或不是数字）；按 malformed_exp: expired 视为已过期"
            ])
        #expect(try reasons("exp_missing", yaml: policy("  malformed_exp: malformed")) == ["apple_id.exp_malformed"])
        // Only exp: a malformed iat stays malformed.
        #expect(try Minted.lines(Minted.token(["iat": nil]), expired) == ["apple_id.iat_malformed: iat is missing or not a number"])
        #expect(try reasons("valid", yaml: policy(expired)) == [])
    }
}

/// `report: every | first`: every failing claim check, or only the first in the documented order (issue 30, item 15).
@Suite struct ReportModeTests {
    /// Fails every claim check, in the order they run.
    static let everything = Minted.token([
        "iss": #""https://evil.example""#, "aud": #""com.other.app""#, "exp": "1700000000", "iat": "4000000000",
        "sub": #""someone.else""#, "nonce": #""0000""#, "email_verified": #""yes""#, "is_private_email": "2",
    ])

    @Test func everyFailureByDefaultInCheckOrder() throws {
        #expect(
            try Minted.verdict(Self.everything).reasons == [
                "apple_id.issuer", "apple_id.audience", "apple_id.expired", "apple_id.issued_in_future", "apple_id.subject",
                "apple_id.nonce", "apple_id.claim_malformed", "apple_id.claim_malformed",
            ])
        #expect(try Minted.verdict(Self.everything, "  report: every").reasons.count == 8)
    }

    @Test func firstReportsOnlyTheFirstFailingCheck() throws {
        #expect(
            try Minted.lines(Self.everything, "  report: first") == [
                "apple_id.issuer: the issuer is 'https://evil.example', not 'https://appleid.apple.com'"
            ])
        let first = policy("  report: first")
        #expect(
            try reasons("exp_1700000000", user: "someone.else", nonce: "n-other") == [
                "apple_id.expired", "apple_id.subject", "apple_id.nonce",
            ])
        #expect(try reasons("exp_1700000000", user: "someone.else", nonce: "n-other", yaml: first) == ["apple_id.expired"])
        #expect(try reasons("valid", user: "someone.else", nonce: "n-other", yaml: first) == ["apple_id.subject"])
        #expect(try reasons("valid", nonce: "n-other", yaml: first) == ["apple_id.nonce"])
        #expect(try reasons("exp_missing", yaml: first) == ["apple_id.exp_malformed"])
        // The claims of a verified token are still given.
        #expect(try verdict(Fixtures.token("valid"), user: "someone.else", yaml: first).appleID?.subject == Fixtures.sub)
    }
}

@Suite struct AppleIDOptionErrorTests {
    func errors(_ extra: String) -> [String] {
        RulesLoader(registry: .builtIn()).load(text: policy(extra), file: "siwa.yaml", directory: Fixtures.dir).errors.map(\.headline)
    }

    @Test func badValuesAreLocated() {
        #expect(errors("  max_token_bytes: 0") == ["siwa.yaml:9:20: error: 'max_token_bytes' must be at least 1, not 0"])
        #expect(
            errors("  max_token_bytes: 8k") == [
                "siwa.yaml:9:20: error: 'max_token_bytes' of 'apple_id_token' should be a whole number, not the text '8k'"
            ])
        #expect(
            errors("  report: firts") == [
                "siwa.yaml:9:11: error: 'report' of 'apple_id_token' should be one of every, first, not the text 'firts'; "
                    + "did you mean 'first'?"
            ])
        #expect(
            errors("  malformed_exp: expird") == [
                "siwa.yaml:9:18: error: 'malformed_exp' of 'apple_id_token' should be one of malformed, expired, not the text "
                    + "'expird'; did you mean 'expired'?"
            ])
        #expect(errors("  max_token_bytes: 1\n  report: first\n  malformed_exp: expired") == [])
    }

    @Test func theMessagesAreInChineseToo() {
        let r = RulesLoader(registry: .builtIn()).load(text: policy("  max_token_bytes: -3"), file: "siwa.yaml", directory: Fixtures.dir)
        #expect(r.errors.map { $0.headline(.zh) } == ["siwa.yaml:9:20: error: 'max_token_bytes' 至少应为 1，而不是 -3"])
    }
}
