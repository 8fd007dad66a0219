import Foundation
import Sift
@testable import SiftRoutes
import Testing

func routes(_ table: String, extra: String = "") throws -> Pipeline {
    let yaml = """
        applies_to: { has: url }
        routes:
          schemes: [deeplink]
          hosts: [example.com, "*.example.com", 例子.cn]
        \(extra)
          table:
        \(table)
        """
    let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
    guard let p = r.pipeline else {
        Issue.record("rules did not load:\n\(r.rendered())")
        throw CancellationError()
    }
    return p
}

let videos = """
        - {path: videos/new, to: video.editor}
        - {path: videos, to: video.list}
        - {path: videos/:id, to: video.detail, params: {id: int}}
        - {path: account, to: account}
    """

func resolve(_ p: Pipeline, _ url: String) throws -> (reasons: [String], route: String?) {
    var w = JSONWriter()
    w.beginObject(); w.field("url", url); w.endObject()
    let v = try Session(pipeline: p, asOfMillis: 0).validate(json: w.bytes)
    return (v.reasons, v.output.first { $0.key == "route" }.map { String(decoding: $0.json, as: UTF8.self) })
}

func destination(_ p: Pipeline, _ url: String) throws -> String? {
    guard let r = try resolve(p, url).route else { return nil }
    let o = try JSONSerialization.jsonObject(with: Data(r.utf8)) as! [String: Any]
    return o["destination"] as? String
}

@Suite struct PatternTests {
    @Test(arguments: ["videos/new", "videos/:id", "videos/:id(int)", "u/:n(uint)/:k(uuid)", "tags/:t(slug)", "f/**", "*/settings",
                      "s/:sort(enum:new|popular)", "c/:code(regex:[A-Z]{3})", "", "a/:flag(bool)"])
    func roundTrips(_ text: String) throws {
        let p = try RoutePattern(parsing: text)
        #expect(p.description == text)
        #expect(try RoutePattern(parsing: p.description).description == text)
    }

    @Test func leadingAndTrailingSlashesAreNormalised() throws {
        #expect(try RoutePattern(parsing: "/videos/new/").description == "videos/new")
    }

    @Test func grammarErrors() {
        let cases = ["videos//new": "empty segment in 'videos//new'",
                     "**/x": "'**' must be the last segment of '**/x'",
                     "v/:id(integer)": "unknown parameter type 'integer' in ':id(integer)'; did you mean 'int'? (types: string, int, uint, uuid, slug, bool, enum:a|b, regex:...)",
                     "v/:id/:id": "parameter ':id' appears twice in 'v/:id/:id'",
                     "v/ab*": "'ab*': '*' and ':' stand for whole segments only",
                     "v/:(int)": "a parameter name is letters, digits and '_': ':(int)'"]
        for (text, message) in cases {
            do {
                _ = try RoutePattern(parsing: text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.message == message)
            }
        }
    }
}

@Suite struct PrecedenceTests {
    @Test func firstMatchInFileOrder() throws {
        let p = try routes(videos)
        #expect(try destination(p, "deeplink://videos/new") == "video.editor")
        #expect(try destination(p, "deeplink://videos") == "video.list")
        #expect(try destination(p, "deeplink://videos/7") == "video.detail")
        #expect(try destination(p, "https://example.com/account") == "account")
        // A parameter route listed first wins over a later literal.
        let q = try routes("""
                    - {path: "videos/:slug", to: first}
                    - {path: videos/new, to: second}
                """)
        #expect(try destination(q, "deeplink://videos/new") == "first")
    }

    @Test func wildcards() throws {
        let p = try routes("""
                    - {path: "files/**", to: files}
                    - {path: "*/settings", to: settings}
                """)
        #expect(try destination(p, "deeplink://files") == "files")
        #expect(try destination(p, "deeplink://files/a/b/c") == "files")
        #expect(try destination(p, "deeplink://team/settings") == "settings")
        #expect(try resolve(p, "deeplink://team/x/settings").reasons == ["route.unmatched"])
    }

    @Test func shadowedRoutesAreLintWarnings() {
        let yaml = "applies_to: {has: url}\nroutes:\n  schemes: [deeplink]\n  table:\n    - {path: 'videos/:id', to: a}\n    - {path: 'videos/new', to: b}\n    - {path: 'videos/:n', to: c, params: {n: int}}\n    - {path: 'x/:s', to: d, params: {s: slug}}\n    - {path: 'x/:n', to: e, params: {n: int}}\n"
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        #expect(r.pipeline != nil)
        #expect(r.diagnostics.map(\.headline) == [
            "r.yaml:6:14: warning: route 'videos/new' can never match: route 'videos/:id' (line 5) comes first and matches every link it would",
            "r.yaml:7:14: warning: route 'videos/:n(int)' can never match: route 'videos/:id' (line 5) comes first and matches every link it would",
        ])
    }

    @Test func fallbackDestination() throws {
        let p = try routes(videos, extra: "  fallback: home")
        #expect(try resolve(p, "deeplink://nowhere").reasons == [])
        #expect(try destination(p, "deeplink://nowhere") == "home")
        #expect(try resolve(p, "deeplink://nowhere").route!.contains(#""fallback":true"#))
    }

    @Test func explainPrintsTheTrie() throws {
        let p = try routes(videos)
        let text = Explainer.explain(p, language: .en)
        #expect(text.contains("""
                  /
                  ├─ account  → account (#4)
                  └─ videos  → video.list (#2)
                     ├─ new  → video.editor (#1)
                     └─ :id(int)  → video.detail (#3)
            """))
    }
}

@Suite struct ParamTypeTests {
    @Test func intBoundaries() {
        let t = ParamType.int
        #expect(t.accept("0") == .number("0"))
        #expect(t.accept("-1") == .number("-1"))
        #expect(t.accept("9223372036854775807") == .number("9223372036854775807"))
        #expect(t.accept("-9223372036854775808") == .number("-9223372036854775808"))
        #expect(t.accept("9223372036854775808") == nil)
        #expect(t.accept("1e3") == nil)
        #expect(t.accept("") == nil)
        #expect(t.accept("+1") == nil)
        #expect(t.accept("01") == nil)
        #expect(t.accept("-0") == nil)
        #expect(t.accept("１") == nil)
    }

    @Test func uintBoundaries() {
        let t = ParamType.uint
        #expect(t.accept("0") == .number("0"))
        #expect(t.accept("18446744073709551615") == .number("18446744073709551615"))
        #expect(t.accept("18446744073709551616") == nil)
        #expect(t.accept("-1") == nil)
        #expect(t.accept("1e3") == nil)
        #expect(t.accept("") == nil)
    }

    @Test func otherTypes() throws {
        #expect(ParamType.uuid.accept("3F2504E0-4F89-11D3-9A0C-0305E82C3301") == .string("3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
        #expect(ParamType.uuid.accept("3F2504E0-4F89-11D3-9A0C-0305E82C330") == nil)
        #expect(ParamType.uuid.accept("") == nil)
        #expect(ParamType.slug.accept("summer-sale-2026") == .string("summer-sale-2026"))
        #expect(ParamType.slug.accept("Summer") == nil)
        #expect(ParamType.slug.accept("a--b") == nil)
        #expect(ParamType.slug.accept("-a") == nil)
        #expect(ParamType.slug.accept("") == nil)
        #expect(ParamType.oneOf(["new", "popular"]).accept("new") == .string("new"))
        #expect(ParamType.oneOf(["new", "popular"]).accept("New") == nil)
        let r = try #require(try ParamType.parse("regex:[A-Z]{3}"))
        #expect(r.accept("ABC") == .string("ABC"))
        #expect(r.accept("ABCD") == nil)
        #expect(ParamType.bool.accept("1") == .bool(true))
        #expect(ParamType.bool.accept("yes") == nil)
    }

    @Test func typedValuesInTheResult() throws {
        let p = try routes("""
                    - path: "v/:id"
                      to: v
                      params: {id: int}
                      query:
                        t: uint
                        ap: {type: bool, default: "false"}
                        sort: {type: "enum:new|old", required: true}
                      unknown_query: reject
                """)
        let ok = try resolve(p, "deeplink://v/-5?t=0&sort=old")
        #expect(ok.reasons == [])
        #expect(ok.route == #"{"destination":"v","pattern":"v/:id(int)","kind":"scheme","params":{"id":-5},"query":{"t":0,"ap":false,"sort":"old"}}"#)
        #expect(try resolve(p, "deeplink://v/1?sort=old&t=-1").reasons == ["route.query_type"])
        #expect(try resolve(p, "deeplink://v/1").reasons == ["route.query_missing"])
        #expect(try resolve(p, "deeplink://v/1?sort=old&x=1").reasons == ["route.query_unknown"])
        #expect(try resolve(p, "deeplink://v/1e3?sort=old").reasons == ["route.param_type"])
    }
}

@Suite struct LinkSecurityTests {
    let p: Pipeline
    init() throws { p = try routes(videos, extra: "  exclude: ['/videos/private/*']") }

    @Test(arguments: [
        ("deeplink://videos/a%2Fb", "route.encoded_slash"),
        ("deeplink://videos/a%5cb", "route.encoded_slash"),
        ("deeplink://videos/../account", "route.dot_segment"),
        ("deeplink://videos/./new", "route.dot_segment"),
        ("https://example.com/videos/%2E%2E/account", "route.dot_segment"),
        ("deeplink://videos/1%00", "route.nul_byte"),
        ("deeplink://videos?x=%00", "route.nul_byte"),
        ("https://user@example.com/videos", "route.userinfo"),
        ("https://example.com:444/videos", "route.port"),
        ("deeplink://videos:80/new", "route.port"),
        ("javascript:alert(document.cookie)", "route.forbidden_scheme"),
        ("JavaScript://videos", "route.forbidden_scheme"),
        ("data:text/html;base64,PHNjcmlwdD4=", "route.forbidden_scheme"),
        ("file:///etc/passwd", "route.forbidden_scheme"),
        ("http://example.com/videos", "route.forbidden_scheme"),
        ("otherapp://videos", "route.forbidden_scheme"),
        ("deeplink://videos/%zz", "route.bad_encoding"),
        ("deeplink://videos/%C3%28", "route.bad_encoding"),
        ("deeplink://videos/a b", "route.bad_character"),
        ("deeplink://videos\\new", "route.bad_character"),
        ("deeplink://videos//new", "route.empty_segment"),
        ("https://example.org/videos", "route.host_not_allowed"),
        ("https://example.com.evil.net/videos", "route.host_not_allowed"),
        ("https://exa%6Dple.com/videos", "route.host_invalid"),
        ("https://example.com/videos/private/3", "route.excluded"),
        ("deeplink:videos", "route.bad_url"),
        ("deeplink://videos?a=1&a=2", "route.query_duplicate"),
        ("deeplink://videos/abc", "route.param_type"),
        ("deeplink://nowhere", "route.unmatched"),
    ])
    func eachReasonCode(_ url: String, _ reason: String) throws {
        #expect(try resolve(p, url).reasons == [reason], "\(url)")
        #expect(try resolve(p, url).route == nil)
    }

    @Test func percentDecodingHappensOnceAndHostsCompareAsHosts() throws {
        let q = try routes("    - {path: 'tags/:t', to: tag}\n" + videos)
        #expect(try resolve(q, "deeplink://tags/a%2541").route!.contains(#""t":"a%41""#))
        #expect(try destination(p, "HTTPS://EXAMPLE.COM/videos") == "video.list")
        #expect(try destination(p, "https://Shop.Example.com./account") == "account")
        #expect(try destination(p, "https://例子.cn/account") == "account")
        #expect(try destination(p, "https://xn--fsqu00a.cn/account") == "account")
        #expect(try resolve(p, "https://example.com/videos#frag").reasons == [])
        #expect(Punycode.asciiHost("bücher.de") == "xn--bcher-kva.de")
        #expect(Punycode.asciiHost("例子.cn") == "xn--fsqu00a.cn")
    }
}

@Suite struct AASATests {
    func file(_ json: String) throws -> AASAFile { try AASAFile(bytes: Array(json.utf8), appID: nil) }

    @Test func semantics() throws {
        let f = try file("""
            {"applinks":{"details":[{"appIDs":["T.a"],
              "components":[{"/":"/videos/private/*","exclude":true},{"/":"/videos/*"},{"/":"/v?"},
                            {"/":"/Case/x","caseSensitive":false},{"/":"/q","?":{"ref":"*"}},{"/":"/q2","?":{"ref":"?*"}},
                            {"/":"/%E4%BA%AC"},{"/":"/raw/京","percentEncoded":false}],
              "paths":["*"]}]}}
            """)
        #expect(f.decide(encodedPath: "/videos/private/1")?.component.exclude == true)    // first match wins
        #expect(f.decide(encodedPath: "/videos/")?.index == 1)                           // * matches zero characters
        #expect(f.decide(encodedPath: "/videos/a/b")?.index == 1)                        // * spans '/'
        #expect(f.decide(encodedPath: "/v1")?.index == 2)                                // ? exactly one
        #expect(f.decide(encodedPath: "/v") == nil)
        #expect(f.decide(encodedPath: "/v12") == nil)
        #expect(f.decide(encodedPath: "/case/X")?.index == 3)
        #expect(f.decide(encodedPath: "/q")?.index == 4)                                 // missing query item matches as ""
        #expect(f.decide(encodedPath: "/q2") == nil)
        #expect(f.decide(encodedPath: "/q2", query: [("ref", "x")])?.index == 5)
        #expect(f.decide(encodedPath: "/%E4%BA%AC")?.index == 6)                         // percentEncoded default true
        #expect(f.decide(encodedPath: "/raw/%E4%BA%AC")?.index == 7)
        #expect(f.decide(encodedPath: "/anything") == nil)                               // paths ignored with components
        let caseSensitive = try file(#"{"applinks":{"details":[{"appID":"T.a","components":[{"/":"/Case"}]}]}}"#)
        #expect(caseSensitive.decide(encodedPath: "/case") == nil)
        let legacy = try file(#"{"applinks":{"details":[{"appID":"T.a","paths":["NOT /a/*","/a/*","/b"]}]}}"#)
        #expect(legacy.decide(encodedPath: "/a/1")?.component.exclude == true)
        #expect(legacy.decide(encodedPath: "/b")?.index == 2)
    }

    @Test func generatedFileAgreesWithTheRoutes() throws {
        let p = try routes(videos, extra: "  exclude: ['/videos/private/*']")
        let text = try AASA.generate(p, appID: "ABCDE12345.com.example.app")
        let f = try AASAFile(bytes: Array(text.utf8), appID: "ABCDE12345.com.example.app")
        #expect(f.components.map(\.label) == ["exclude /videos/private/*", "/videos/new", "/videos", "/videos/*", "/account"])
        let o = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let detail = ((o["applinks"] as! [String: Any])["details"] as! [[String: Any]])[0]
        #expect(detail["paths"] as! [String] == ["NOT /videos/private/*", "/videos/new", "/videos", "/videos/*", "/account"])
        #expect(try AASA.check(p, aasa: Array(text.utf8), appID: nil) == [])
    }

    @Test func checkReportsBothDirections() throws {
        let p = try routes(videos)
        let aasa = #"{"applinks":{"details":[{"appID":"T.a","components":[{"/":"/videos/*","exclude":true},{"/":"/videos"},{"/":"/promo/*"}]}]}}"#
        #expect(try AASA.check(p, aasa: Array(aasa.utf8), appID: nil) == [
            "route 'videos/new' → video.editor (r.yaml:7:14): /videos/new would open in the browser: it matches exclude /videos/* first",
            "route 'videos/:id(int)' → video.detail (r.yaml:9:14): /videos/1 would open in the browser: it matches exclude /videos/* first",
            "route 'account' → account (r.yaml:10:14): /account would open in the browser: no pattern matches it",
            "AASA pattern '/promo/*' sends links to the app, but no route handles them",
        ])
    }
}

@Suite struct RouteRegressionTests {
    @Test func exclusionsCannotBeBypassedByEncodingOrAStar() throws {
        let p = try routes("    - {path: 'videos/private/:id', to: secret}\n" + videos, extra: "  exclude: ['/videos/private/*']")
        #expect(try resolve(p, "https://example.com/videos/%70rivate/1").reasons == ["route.excluded"])
        #expect(try resolve(p, "https://example.com/videos/private/*x").reasons == ["route.excluded"])
        #expect(try resolve(p, "deeplink://%76ideos/private/1").reasons == ["route.excluded"])
        #expect(Glob.matches("/a/*", "/a/*x"))
        #expect(Glob.matches("/a/*b", "/a/*xb"))
    }

    @Test func schemesAreASCIIOnly() throws {
        let p = try routes(videos)
        #expect(try resolve(p, "deeplin\u{212A}://videos/1").reasons == ["route.bad_url"])
    }

    @Test func hugeHostsAndQueriesAreRefusedOrHandledInLinearTime() throws {
        let p = try routes(videos)
        let host = String(repeating: "例", count: 20_000) + ".example.com"
        #expect(try resolve(p, "https://\(host)/videos").reasons == ["route.host_invalid"])
        #expect(Punycode.asciiHost(String(repeating: "a", count: 64) + ".com") == nil)
        let query = (0..<40_000).map { "p\($0)=1" }.joined(separator: "&")
        #expect(try resolve(p, "deeplink://videos?\(query)").reasons == [])
    }

    @Test func aasaForRestRoutesAndRuleExclusions() throws {
        let p = try routes("    - {path: 'files/**', to: files}\n" + videos, extra: "  exclude: ['/videos/private/*']")
        let text = try AASA.generate(p, appID: "T.a")
        let file = try AASAFile(bytes: Array(text.utf8), appID: nil)
        #expect(file.decide(encodedPath: "/files")?.component.exclude == false)
        #expect(file.decide(encodedPath: "/files/a/b")?.component.exclude == false)
        #expect(try AASA.check(p, aasa: Array(text.utf8), appID: nil) == [])
        let loose = #"{"applinks":{"details":[{"appID":"T.a","components":[{"/":"/files/*"},{"/":"/videos*"},{"/":"/account"},{"/":"/videos/private/*","exclude":true}]}]}}"#
        #expect(try AASA.check(p, aasa: Array(loose.utf8), appID: nil) == [
            "route 'files/**' → files (r.yaml:7:14): /files would open in the browser: no pattern matches it",
            "excluded path '/videos/private/*' would still open the app: /videos/private/a matches /videos* first",
        ])
    }
}

@Suite struct RouteLoaderErrorTests {
    func errors(_ yaml: String) -> [String] {
        RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").diagnostics.map(\.headline)
    }

    @Test func nestedOptionMistakesAreLocated() {
        #expect(errors("routes:\n  schemes: [deeplink]\n  table:\n    - {pth: videos, to: v}\n    - path: v\n      to: v\n      query:\n        t: {tpye: uint}\n") == [
            "r.yaml:4:8: error: unknown option 'pth' for 'table' of 'routes'; did you mean 'path'? (options: path, to, params, query, unknown_query)",
            "r.yaml:8:13: error: unknown option 'tpye' for 't' in 'query' of 'table' of 'routes'; did you mean 'type'? (options: type, required, default)",
        ])
    }

    @Test func routeDefinitionMistakes() {
        #expect(errors("routes:\n  schemes: [https]\n  table: [{path: a, to: a}]\n") == [
            "r.yaml:2:12: error: 'https' cannot be a custom scheme; list universal-link hosts under 'hosts'",
        ])
        #expect(errors("routes:\n  table: [{path: a, to: a}]\n") == [
            "r.yaml:2:3: error: 'routes' needs 'schemes' or 'hosts': which links does the app open?",
        ])
        #expect(errors("routes:\n  schemes: [deeplink]\n  table:\n    - {path: 'v/:id', to: v, params: {idd: int}}\n") == [
            "r.yaml:4:39: error: 'idd' is not a parameter of 'v/:id'; did you mean 'id'?",
        ])
        #expect(errors("routes:\n  schemes: [deeplink]\n  table:\n    - {path: 'v/:id', to: v, params: {id: integr}}\n") == [
            "r.yaml:4:43: error: unknown type 'integr'; did you mean 'int'? (types: string, int, uint, uuid, slug, bool, enum:a|b, regex:...)",
        ])
        #expect(errors("routes:\n  schemes: [deeplink]\n  table:\n    - {path: 'v', to: v, query: {t: {type: uint, default: '-1'}}}\n") == [
            "r.yaml:4:59: error: the default '-1' of 't' is not a valid uint",
        ])
    }
}
