import Sift
import SiftRegex
import Testing

@Suite struct RegexCheckTests {
    @Test func fullMatchByDefaultLikeNSPredicate() throws {
        let p = try field("regex: '[a-zA-Z0-9]{6,20}'")
        #expect(try check(p, "\"abc123\"") == [])
        #expect(try check(p, "\"abc123!\"") == ["v.regex"])
        #expect(try check(p, "\"!abc123\"") == ["v.regex"])
        #expect(try check(p, "\"abc12\"") == ["v.regex"])
        #expect(try check(p, "\"\"") == ["v.regex"])
    }

    @Test func trailingNewlineDoesNotSlipPastDollar() throws {
        let p = try field("regex: '^1[0-9]{10}$'")
        #expect(try check(p, "\"13800138000\\n\"") == ["v.regex"])
        let s = try field("regex: {pattern: '^1[0-9]{10}$', mode: search}")
        #expect(try check(s, "\"13800138000\\n\"") == ["v.regex"])
    }

    @Test func searchModeAndIgnoreCase() throws {
        let p = try field("regex: {pattern: 'iphone', mode: search, ignore_case: true}")
        #expect(try check(p, "\"Mozilla (iPhone; CPU iPhone OS 17_0)\"") == [])
        #expect(try check(p, "\"Mozilla (iPad)\"") == ["v.regex"])
        let strict = try field("regex: {pattern: 'iphone', mode: search}")
        #expect(try check(strict, "\"iPhone\"") == ["v.regex"])
    }

    @Test func icuUnicodeEscapes() throws {
        let p = try field(#"regex: '^[\u4e00-\u9fa5]{2,4}$'"#)
        #expect(try check(p, "\"李雷\"") == [])
        #expect(try check(p, "\"\\u674e\\u96f7\"") == [])
        #expect(try check(p, "\"Li\"") == ["v.regex"])
    }

    @Test func lookBehindFromTheUserAgentRegex() throws {
        let r = try CompiledRegex("(?<=CPU iPhone OS).*?(?=like Mac OS)", options: RegexOptions(mode: .search))
        #expect(r.match("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X)") == .match)
        #expect(r.match("Mozilla/5.0 (Linux; Android 14)") == .noMatch)
        let p = try field("regex: {pattern: '(?<=CPU iPhone OS).*?(?=like Mac OS)', mode: search}")
        #expect(try check(p, "\"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X)\"") == [])
    }

    @Test func catastrophicBacktrackingEndsWithLimit() throws {
        // The look-ahead keeps the pattern on PCRE2 (the byte automaton answers `(a+)+$` itself).
        let p = try field("regex: '(a+)+(?!b)$'")
        let subject = String(repeating: "a", count: 40) + "!"
        #expect(try check(p, "\"\(subject)\"") == ["v.regex.limit"])
        #expect(
            try messages(p, "{\"v\": \"\(subject)\"}") == ["the pattern needed too much backtracking on this value (match limit reached)"])
    }

    @Test func nonStringValuesAreRejectedWithTheirType() throws {
        let p = try field("regex: '[0-9]+'")
        #expect(try check(p, "12345") == ["v.regex"])
        #expect(try messages(p, "{\"v\": 12345}") == ["expected a string, got a number"])
        #expect(try messages(p, "{\"v\": 12345}", .zh) == ["应为字符串，实际为数字"])
        #expect(try check(p, "[\"1\"]") == ["v.regex"])
    }

    @Test func asciiDigitsOnlyUnlessAskedOtherwise() throws {
        let p = try field(#"regex: '\d{3}'"#)
        #expect(try check(p, "\"123\"") == [])
        #expect(try check(p, "\"１２３\"") == ["v.regex"])
    }

    @Test func pipeInsideAClassIsALintWarning() {
        let result = RulesLoader(registry: .builtIn()).load(text: "fields:\n  v: [ regex: '[d|f]' ]\n", file: "t.yaml")
        #expect(result.pipeline != nil)
        #expect(
            result.diagnostics.map(\.headline) == [
                "t.yaml:2:15: warning: the class [d|f] also admits '|': inside [...] '|' is a literal character, not 'or'"
            ])
    }
}
