import Foundation
import Sift
@testable import SiftRoutes
import Testing
import SiftTesting
import SiftTools

/// Issue 30, routes: AASA matching of the path as written, malformed authority parts apart
/// from policy refusals, opaque query and fragment, the C1 option and the check order.
@Suite struct RoutePolicyGapTests {
    /// A pipeline whose AASA file opens `/videos/*` only, with a fallback so that an
    /// associated link that no route matches is still valid.
    func withAASA() throws -> Pipeline {
        let dir = TemporaryFiles.path("sift-aasa-slash-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try #"{"applinks":{"details":[{"appIDs":["T.com.example"],"components":[{"/":"/videos/*"}]}]}}"#
            .write(toFile: dir + "/aasa.json", atomically: true, encoding: .utf8)
        let yaml = """
            applies_to: { has: url }
            routes:
              hosts: [example.com]
              aasa: aasa.json
              fallback: home
              table:
                - {path: 'videos/:id', to: v}
            """
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml", directory: dir)
        return try #require(r.pipeline, "\(r.rendered())")
    }

    @Test func aasaMatchesThePathAsWrittenTrailingSlashIncluded() throws {
        let p = try withAASA()
        // '*' matches zero or more characters: /videos/* opens /videos/ (before: not associated).
        #expect(try resolve(p, "https://example.com/videos/").reasons == [])
        #expect(try resolve(p, "https://example.com/videos/x/").reasons == [])
        #expect(
            try messages(p, "https://example.com/videos") == [
                "the AASA file does not open /videos in the app (no pattern matches)"
            ])
        // '//' is refused before the AASA file is asked; an encoded '*' is an ordinary character.
        #expect(try resolve(p, "https://example.com/videos//x").reasons == ["route.empty_segment"])
        #expect(try resolve(p, "https://example.com/videos/%2A").route?.contains(#""id":"*""#) == true)
    }

    @Test func checkAASAAgreesOnATrailingSlash() throws {
        let p = try routes("    - {path: 'files/**', to: files}")
        // The generated file opens /files and /files/*; /files/ is one of the links it opens.
        let text = try AASA.generate(p, appID: "T.com.example")
        let file = try AASAFile(bytes: Array(text.utf8), appID: nil)
        #expect(file.decide(encodedPath: "/files/") != nil)
        #expect(try AASA.check(p, aasa: Array(text.utf8), appID: nil) == [])
    }

    @Test(arguments: [
        ("https://example.com:abc/videos", "route.port_malformed", "the port 'abc' is not a number", "端口 'abc' 不是数字"),
        ("https://example.com:-443/videos", "route.port_malformed", "the port '-443' is not a number", "端口 '-443' 不是数字"),
        (
            "https://example.com:8443/videos", "route.port", "the link names port 8443; only the default port is allowed",
            "链接指定了端口 8443，只允许默认端口"
        ),
        ("https://[::1/videos", "route.host_malformed", "'[::1' is not a valid host name", "'[::1' 不是合法的主机名"),
        ("https://[::1]x/videos", "route.host_malformed", "'[::1]x' is not a valid host name", "'[::1]x' 不是合法的主机名"),
        ("https:///videos", "route.host_malformed", "the link has no host", "链接没有主机名"),
        (
            "https://[::1]/videos", "route.host_invalid", "'[::1]' is an IP address literal; links must name a host",
            "'[::1]' 是 IP 地址字面量，链接必须使用主机名"
        ),
    ])
    func malformedAuthorityPartsHaveTheirOwnCodes(_ url: String, _ code: String, _ en: String, _ zh: String) throws {
        let p = try routes(videos)
        #expect(try resolve(p, url).reasons == [ReasonCode(code)], "\(url)")
        #expect(try messages(p, url) == [en])
        #expect(try messagesZh(p, url) == [zh])
    }

    @Test func anOpaqueQueryIsPassedThroughAsWritten() throws {
        let table = "    - {path: videos, to: list}\n    - {path: 'search', to: search, query: {q: string}}"
        let checked = try routes(table)
        let opaque = try routes(table, extra: "  query: opaque")
        for url in ["https://example.com/videos?a=%0A", "https://example.com/videos?a=%FF", "https://example.com/videos?a=1&a=2"] {
            #expect(try resolve(checked, url).reasons.count == 1, "\(url)")
            let r = try resolve(opaque, url)
            #expect(r.reasons == [], "\(url)")
            let raw = url.split(separator: "?")[1]
            #expect(r.route?.contains(#""raw_query":"\#(raw)""#) == true, "\(url)")
        }
        // Only what RFC 3986 does not allow in a query is refused.
        #expect(try resolve(opaque, "https://example.com/videos?a=%zz").reasons == ["route.bad_escape"])
        #expect(
            try messages(opaque, "https://example.com/videos?a=[1]") == [
                "the query contains '[', which RFC 3986 does not allow there"
            ])
        // A route that reads its query still gets it checked.
        #expect(try resolve(opaque, "https://example.com/search?q=%0A").reasons == ["route.encoded_control"])
        #expect(try resolve(opaque, "https://example.com/search?q=a&q=b").reasons == ["route.query_duplicate"])
        #expect(try resolve(opaque, "https://example.com/search?q=swift").route?.contains(#""q":"swift""#) == true)
    }

    @Test func anOpaqueFragmentIsPassedThroughAsWritten() throws {
        let checked = try routes(videos)
        let opaque = try routes(videos, extra: "  fragment: opaque")
        #expect(try resolve(checked, "https://example.com/videos#%FF").reasons == ["route.bad_encoding"])
        #expect(try resolve(opaque, "https://example.com/videos#%FF").route?.hasSuffix(#""fragment":"%FF"}"#) == true)
        #expect(try resolve(opaque, "https://example.com/videos#%0A").reasons == [])
        #expect(try resolve(opaque, "https://example.com/videos#a%g").reasons == ["route.bad_escape"])
    }

    @Test func c1ControlsCanBeAllowed() throws {
        let both = try routes("    - {path: 'tags/:t', to: tag}")
        let c0 = try routes("    - {path: 'tags/:t', to: tag}", extra: "  controls: c0_del")
        #expect(try resolve(both, "deeplink://tags/a%C2%85b").reasons == ["route.encoded_control"])
        #expect(try resolve(c0, "deeplink://tags/a%C2%85b").route?.contains("\"t\":\"a\u{85}b\"") == true)
        // C0 and DEL stay refused.
        #expect(try resolve(c0, "deeplink://tags/a%0Ab").reasons == ["route.encoded_control"])
        #expect(try resolve(c0, "deeplink://tags/a%7Fb").reasons == ["route.encoded_control"])
    }

    @Test func explainPrintsTheCheckOrderInBothLanguages() throws {
        let p = try routes(videos, extra: "  query: opaque\n  controls: c0_del")
        let en = Explainer.explain(p, language: .en)
        #expect(
            en.contains("    checks, in order (the first that fails is the one reason):\n      1. spaces, backslashes, C0 and DEL controls")
        )
        #expect(en.contains("      8. query: passed through as written, only characters RFC 3986 does not allow refused"))
        #expect(en.contains("      10. routes [route.unmatched, route.param_type]"))
        let zh = Explainer.explain(p, language: .zh)
        #expect(zh.contains("    检查顺序（第一个不通过的检查给出唯一原因）：\n      1. 空格、反斜杠、C0、DEL 控制字符"))
        #expect(zh.contains("      8. 查询：原样传递，只拒绝 RFC 3986 不允许的字符"))
    }

    @Test(arguments: ["query", "fragment", "controls"])
    func badOptionValuesAreLocated(_ option: String) {
        let r = RulesLoader(registry: .builtIn()).load(
            text: "routes:\n  schemes: [deeplink]\n  \(option): sometimes\n  table: [{path: a, to: a}]\n", file: "r.yaml")
        #expect(r.pipeline == nil)
        #expect(r.diagnostics.contains { $0.headline.hasPrefix("r.yaml:3:\(option.count + 5): error:") }, "\(r.rendered())")
    }

    /// Regressions from the second read: an opaque query the route does not read is still seen
    /// by the AASA file; opaque parts follow strict_characters; the AASA file decodes with `controls`.
    @Test func anOpaqueQueryIsStillSeenByTheAASAFile() throws {
        let dir = TemporaryFiles.path("sift-aasa-query-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try
            (#"{"applinks":{"details":[{"appIDs":["T.com.example"],"components":[{"/":"/videos/*","?":{"a":"1"},"exclude":true},"#
            + #"{"/":"/videos/*"}]}]}}"#).write(toFile: dir + "/aasa.json", atomically: true, encoding: .utf8)
        let yaml =
            "applies_to: { has: url }\nroutes:\n  hosts: [example.com]\n  aasa: aasa.json\n  query: opaque\n"
            + "  table:\n    - {path: 'videos/:id', to: v}\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml", directory: dir).pipeline)
        #expect(try resolve(p, "https://example.com/videos/5?a=1&a=1").reasons == ["route.not_associated"])
        #expect(try resolve(p, "https://example.com/videos/5?a=2&a=2").reasons == [])
    }

    @Test func opaquePartsFollowStrictCharacters() throws {
        let lenient = try routes(videos, extra: "  strict_characters: false\n  query: opaque")
        #expect(try resolve(lenient, "https://example.com/videos?a=b|c&ids[]=1").reasons == [])
        #expect(try resolve(lenient, "https://example.com/videos?a=%zz").reasons == ["route.bad_escape"])
    }
}
