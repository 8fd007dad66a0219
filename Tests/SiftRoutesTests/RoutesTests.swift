import Foundation
import Sift
import SiftBatch
@testable import SiftRoutes
import Testing
import SiftTesting
import SiftTools

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

func resolve(_ p: Pipeline, _ url: String) throws -> (reasons: [ReasonCode], route: String?) {
    var w = JSONWriter()
    w.beginObject(); w.field("url", url); w.endObject()
    let v = try Session(pipeline: p, asOfMillis: 0).validate(json: w.bytes)
    return (v.reasons, v.route.map { String(decoding: $0.json, as: UTF8.self) })
}

func record(_ url: String) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject(); w.field("url", url); w.endObject()
    return w.bytes
}

/// The violations' messages, English and Chinese.
func messages(_ p: Pipeline, _ url: String) throws -> [String] {
    try Session(pipeline: p, asOfMillis: 0).validate(json: record(url)).violations.map(\.message.en)
}

func messagesZh(_ p: Pipeline, _ url: String) throws -> [String] {
    try Session(pipeline: p, asOfMillis: 0).validate(json: record(url)).violations.map(\.message.zh)
}

func destination(_ p: Pipeline, _ url: String) throws -> String? {
    guard let r = try resolve(p, url).route else { return nil }
    let o = try JSONSerialization.jsonObject(with: Data(r.utf8)) as! [String: Any]
    return o["destination"] as? String
}

@Suite struct PatternTests {
    @Test(arguments: [
        "videos/new", "videos/:id", "videos/:id(int)", "u/:n(uint)/:k(uuid)", "tags/:t(slug)", "f/**", "*/settings",
        "s/:sort(enum:new|popular)", "c/:code(regex:[A-Z]{3})", "", "a/:flag(bool)",
    ])
    func roundTrips(_ text: String) throws {
        let p = try RoutePattern(parsing: text)
        #expect(p.description == text)
        #expect(try RoutePattern(parsing: p.description).description == text)
    }

    @Test func leadingAndTrailingSlashesAreNormalised() throws {
        #expect(try RoutePattern(parsing: "/videos/new/").description == "videos/new")
    }

    @Test func grammarErrors() {
        let cases = [
            "videos//new": "empty segment in 'videos//new'",
            "**/x": "'**' must be the last segment of '**/x'",
            "v/:id(integer)":
                "unknown parameter type 'integer' in ':id(integer)'; did you mean 'int'? (types: string, int, int:1.., uint, uuid, slug, "
                + "bool, enum:a|b, regex:...)",
            "v/:id/:id": "parameter ':id' appears twice in 'v/:id/:id'",
            "v/ab*": "'ab*': '*' and ':' stand for whole segments only",
            "v/:(int)": "a parameter name is letters, digits and '_': ':(int)'",
        ]
        for (text, message) in cases {
            do {
                _ = try RoutePattern(parsing: text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.message.text(.en) == message)
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
        let q = try routes(
            """
                - {path: "videos/:slug", to: first}
                - {path: videos/new, to: second}
            """)
        #expect(try destination(q, "deeplink://videos/new") == "first")
    }

    @Test func wildcards() throws {
        let p = try routes(
            """
                - {path: "files/**", to: files}
                - {path: "*/settings", to: settings}
            """)
        #expect(try destination(p, "deeplink://files") == "files")
        #expect(try destination(p, "deeplink://files/a/b/c") == "files")
        #expect(try destination(p, "deeplink://team/settings") == "settings")
        #expect(try resolve(p, "deeplink://team/x/settings").reasons == ["route.unmatched"])
    }

    @Test func shadowedRoutesAreLintWarnings() {
        let yaml =
            "applies_to: {has: url}\nroutes:\n  schemes: [deeplink]\n  table:\n    - {path: 'videos/:id', to: a}\n"
            + "    - {path: 'videos/new', to: b}\n    - {path: 'videos/:n', to: c, params: {n: int}}\n"
            + "    - {path: 'x/:s', to: d, params: {s: slug}}\n    - {path: 'x/:n', to: e, params: {n: int}}\n"
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        #expect(r.pipeline != nil)
        #expect(
            r.diagnostics.map(\.headline) == [
                "r.yaml:6:14: warning: route 'videos/new' can never match: route 'videos/:id' (line 5) comes first and matches every link "
                    + "it would",
                "r.yaml:7:14: warning: route 'videos/:n(int)' can never match: route 'videos/:id' (line 5) comes first and matches every "
                    + "link it would",
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
        #expect(
            text.contains(
                """
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
        let p = try routes(
            """
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
        #expect(
            ok.route
                == #"{"destination":"v","pattern":"v/:id(int)","kind":"scheme","params":{"id":-5},"query":{"t":0,"ap":false,"sort":"old"},"#
                + #""raw_query":"t=0&sort=old","fragment":null}"#
        )
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
        ("http://example.com/videos", "route.scheme_not_allowed"),
        ("otherapp://videos", "route.scheme_not_allowed"),
        ("javascript://videos", "route.forbidden_scheme"),
        ("deeplink://videos/%zz", "route.bad_escape"),
        ("deeplink://videos/%FF", "route.bad_encoding"),
        ("deeplink://videos#%zz", "route.bad_escape"),
        ("deeplink://videos/%C3%28", "route.bad_encoding"),
        ("deeplink://videos/a b", "route.bad_character"),
        ("deeplink://videos\\new", "route.bad_character"),
        ("deeplink://videos//new", "route.empty_segment"),
        ("https://example.org/videos", "route.host_not_allowed"),
        ("https://example.com.evil.net/videos", "route.host_not_allowed"),
        ("https://exa%6Dple.com/videos", "route.host_malformed"),
        ("https://example.com/videos/private/3", "route.excluded"),
        ("deeplink:videos", "route.bad_url"),
        ("deeplink://videos?a=1&a=2", "route.query_duplicate"),
        ("deeplink://videos/abc", "route.param_type"),
        ("deeplink://nowhere", "route.unmatched"),
    ])
    func eachReasonCode(_ url: String, _ reason: String) throws {
        #expect(try resolve(p, url).reasons == [ReasonCode(reason)], "\(url)")
        #expect(try resolve(p, url).route == nil)
    }

    @Test func percentDecodingHappensOnceAndHostsCompareAsHosts() throws {
        let q = try routes("    - {path: 'tags/:t', to: tag}\n" + videos)
        #expect(try resolve(q, "deeplink://tags/a%2541").route!.contains(#""t":"a%41""#))
        #expect(try destination(p, "HTTPS://EXAMPLE.COM/videos") == "video.list")
        #expect(try destination(p, "https://Shop.Example.com./account") == "account")
        // Strict characters (the default): an IDN link must carry the A-label; the rules may name either.
        #expect(try resolve(p, "https://例子.cn/account").reasons == ["route.bad_character"])
        #expect(try destination(p, "https://xn--fsqu00a.cn/account") == "account")
        let lenient = try routes(videos, extra: "  strict_characters: false")
        #expect(try destination(lenient, "https://例子.cn/account") == "account")
        #expect(try destination(lenient, "https://xn--fsqu00a.cn/account") == "account")
        #expect(try resolve(p, "https://example.com/videos#frag").reasons == [])
        #expect(Punycode.asciiHost("bücher.de") == "xn--bcher-kva.de")
        #expect(Punycode.asciiHost("例子.cn") == "xn--fsqu00a.cn")
    }
}

@Suite struct AASATests {
    func file(_ json: String) throws -> AASAFile { try AASAFile(bytes: Array(json.utf8), appID: nil) }

    @Test func semantics() throws {
        let f = try file(
            """
            {"applinks":{"details":[{"appIDs":["T.a"],
              "components":[{"/":"/videos/private/*","exclude":true},{"/":"/videos/*"},{"/":"/v?"},
                            {"/":"/Case/x","caseSensitive":false},{"/":"/q","?":{"ref":"*"}},{"/":"/q2","?":{"ref":"?*"}},
                            {"/":"/%E4%BA%AC"},{"/":"/raw/京","percentEncoded":false}],
              "paths":["*"]}]}}
            """)
        #expect(f.decide(encodedPath: "/videos/private/1")?.component.exclude == true)  // first match wins
        #expect(f.decide(encodedPath: "/videos/")?.index == 1)  // * matches zero characters
        #expect(f.decide(encodedPath: "/videos/a/b")?.index == 1)  // * spans '/'
        #expect(f.decide(encodedPath: "/v1")?.index == 2)  // ? exactly one
        #expect(f.decide(encodedPath: "/v") == nil)
        #expect(f.decide(encodedPath: "/v12") == nil)
        #expect(f.decide(encodedPath: "/case/X")?.index == 3)
        #expect(f.decide(encodedPath: "/q")?.index == 4)  // missing query item matches as ""
        #expect(f.decide(encodedPath: "/q2") == nil)
        #expect(f.decide(encodedPath: "/q2", query: [("ref", "x")])?.index == 5)
        #expect(f.decide(encodedPath: "/%E4%BA%AC")?.index == 6)  // percentEncoded default true
        #expect(f.decide(encodedPath: "/raw/%E4%BA%AC")?.index == 7)
        #expect(f.decide(encodedPath: "/anything") == nil)  // paths ignored with components
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
        let aasa =
            #"{"applinks":{"details":[{"appID":"T.a","components":[{"/":"/videos/*","exclude":true},{"/":"/videos"},{"/":"/promo/*"}]}]}}"#
        #expect(
            try AASA.check(p, aasa: Array(aasa.utf8), appID: nil) == [
                "route 'videos/new' → video.editor (r.yaml:7:14): /videos/new would open in the browser: it matches exclude /videos/* "
                    + "first",
                "route 'videos/:id(int)' → video.detail (r.yaml:9:14): /videos/1 would open in the browser: it matches exclude /videos/* "
                    + "first",
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
        #expect(try resolve(p, "https://\(host)/videos").reasons == ["route.bad_character"])
        let lenient = try routes(videos, extra: "  strict_characters: false")
        #expect(try resolve(lenient, "https://\(host)/videos").reasons == ["route.host_malformed"])
        #expect(try messages(lenient, "https://\(host)/videos") == ["'\(String(repeating: "例", count: 40))…' is not a valid host name"])
        let port = String(repeating: "1", count: 100_000)
        #expect(
            try messages(p, "https://example.com:\(port)/videos") == [
                "the link names port \(String(repeating: "1", count: 40))…; only the default port is allowed"
            ])
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
        let loose =
            #"{"applinks":{"details":[{"appID":"T.a","components":[{"/":"/files/*"},{"/":"/videos*"},{"/":"/account"},"#
            + #"{"/":"/videos/private/*","exclude":true}]}]}}"#
        #expect(
            try AASA.check(p, aasa: Array(loose.utf8), appID: nil) == [
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
        #expect(
            errors(
                "routes:\n  schemes: [deeplink]\n  table:\n    - {pth: videos, to: v}\n    - path: v\n      to: v\n      query:\n"
                    + "        t: {tpye: uint}\n"
            ) == [
                "r.yaml:4:8: error: unknown option 'pth' for 'table' of 'routes'; did you mean 'path'? (options: path, to, params, query, "
                    + "unknown_query)",
                "r.yaml:8:13: error: unknown option 'tpye' for 't' in 'query' of 'table' of 'routes'; did you mean 'type'? (options: type, "
                    + "required, default)",
            ])
    }

    @Test func routeDefinitionMistakes() {
        #expect(
            errors("routes:\n  schemes: [https]\n  table: [{path: a, to: a}]\n") == [
                "r.yaml:2:12: error: 'https' cannot be a custom scheme; list universal-link hosts under 'hosts'"
            ])
        #expect(
            errors("routes:\n  table: [{path: a, to: a}]\n") == [
                "r.yaml:2:3: error: 'routes' needs 'schemes' or 'hosts': which links does the app open?"
            ])
        #expect(
            errors("routes:\n  schemes: [deeplink]\n  table:\n    - {path: 'v/:id', to: v, params: {idd: int}}\n") == [
                "r.yaml:4:39: error: 'idd' is not a parameter of 'v/:id'; did you mean 'id'?"
            ])
        #expect(
            errors("routes:\n  schemes: [deeplink]\n  table:\n    - {path: 'v/:id', to: v, params: {id: integr}}\n") == [
                "r.yaml:4:43: error: unknown type 'integr'; did you mean 'int'? (types: string, int, int:1.., uint, uuid, slug, bool, "
                    + "enum:a|b, regex:...)"
            ])
        #expect(
            errors("routes:\n  schemes: [deeplink]\n  table:\n    - {path: 'v', to: v, query: {t: {type: uint, default: '-1'}}}\n") == [
                "r.yaml:4:59: error: the default '-1' of 't' is not a valid uint"
            ])
    }
}

/// Exclusions and the trailing slash: the run time and the generated AASA file decide alike.
@Suite struct ExclusionAgreementTests {
    @Test func aTrailingSlashIsPartOfTheExcludedPath() throws {
        let p = try routes(videos, extra: "  exclude: ['/videos/private/*', '/account/secret']")
        #expect(try resolve(p, "https://example.com/videos/private/").reasons == ["route.excluded"])
        #expect(try messages(p, "https://example.com/videos/private/") == ["the path /videos/private/ is excluded by '/videos/private/*'"])
        #expect(try messagesZh(p, "https://example.com/videos/private/") == ["路径 /videos/private/ 被 '/videos/private/*' 排除"])
        #expect(try resolve(p, "https://example.com/videos/private/?x=1#f").reasons == ["route.excluded"])
        #expect(try resolve(p, "https://example.com/videos/%70rivate/").reasons == ["route.excluded"])
        #expect(try resolve(p, "deeplink://videos/private/").reasons == ["route.excluded"])
        #expect(try resolve(p, "https://example.com/videos/private").reasons == ["route.param_type"])  // not under '/videos/private/'
        // Without a '*', the pattern is the whole path, as in the AASA file.
        #expect(try resolve(p, "https://example.com/account/secret").reasons == ["route.excluded"])
        #expect(try resolve(p, "https://example.com/account/secret/").reasons == ["route.unmatched"])
        let file = try AASAFile(bytes: Array(try AASA.generate(p, appID: "T.a").utf8), appID: nil)
        #expect(file.decide(encodedPath: "/videos/private/")?.component.exclude == true)
        #expect(file.decide(encodedPath: "/videos/%70rivate/1")?.component.exclude == true)
        #expect(file.decide(encodedPath: "/account/secret/")?.component.exclude != true)
    }

    @Test func everyGeneratedPathIsDecidedAlike() throws {
        let p = try routes(
            """
                - {path: 'files/**', to: files}
                - {path: 'promo/:code', to: promo}
            """ + "\n" + videos,
            extra: "  exclude: ['/videos/private/*', '/account/secret', '/files/tmp?*', '/京/*', 'promo/*/x', '/videos/?']")
        let text = try AASA.generate(p, appID: "T.a")
        let file = try AASAFile(bytes: Array(text.utf8), appID: nil)
        let problems = try AASA.check(p, aasa: Array(text.utf8), appID: nil)
        #expect(problems == [])
        let session = try Session(pipeline: p, asOfMillis: 0)
        // Segments of the route table and the exclusions, a few others, and a non-ASCII one (encoded).
        let words = ["videos", "private", "new", "7", "account", "secret", "files", "tmp", "tmpx", "promo", "x", "Private", "%E4%BA%AC"]
        let prefixes = ["/videos/private", "/account/secret", "/files/tmp", "/%E4%BA%AC", "/promo", "/videos"]
        var bases = [""]
        var level = [""]
        for _ in 0..<3 {
            level = level.flatMap { b in words.map { b + "/" + $0 } }
            bases += level
        }
        for prefix in prefixes {
            bases.append(prefix)
            for w in words {
                bases.append(prefix + "/" + w)
                for v in words { bases.append(prefix + "/" + w + "/" + v) }
            }
        }
        // A letter written as an escape, in lower- or uppercase hex: '%70rivate', '%56ideos'.
        func encodeFirst(_ segment: Substring, upper: Bool) -> String {
            guard let c = segment.unicodeScalars.first, c.properties.isAlphabetic || ("0"..."9").contains(c), c.isASCII else {
                return String(segment)
            }
            return "%" + String(c.value, radix: 16, uppercase: upper) + segment.dropFirst()
        }
        var paths: [String] = []
        for (n, base) in bases.enumerated() {
            let segments = base.split(separator: "/")
            let spellings = [
                base,
                "/" + segments.map { encodeFirst($0, upper: false) }.joined(separator: "/"),
                "/"
                    + segments.enumerated().map {
                        $0.offset == n % max(1, segments.count) ? encodeFirst($0.element, upper: true) : String($0.element)
                    }.joined(separator: "/"),
            ]
            for s in Set(spellings) {
                if !s.isEmpty && s != "/" { paths.append(s) }
                paths.append(s == "/" ? "/" : s + "/")
            }
        }
        paths = Array(Set(paths)).sorted()
        let routing: Set<String> = ["route.excluded", "route.unmatched", "route.param_type"]
        var disagreements: [String] = []
        var excluded = 0
        for path in paths {
            let verdict = session.validate(json: record("https://example.com" + path))
            #expect(verdict.reasons.allSatisfy { routing.contains($0.text) }, "https://example.com\(path): \(verdict.reasons)")
            let runtime = verdict.reasons == ["route.excluded"]
            let aasa = file.decide(encodedPath: path)?.component.exclude == true
            if runtime != aasa {
                disagreements.append("\(path): run time \(runtime ? "excludes" : "routes"), AASA \(aasa ? "excludes" : "does not exclude")")
            }
            if runtime { excluded += 1 }
        }
        #expect(Array(disagreements.prefix(20)) == [], "\(disagreements.count) of \(paths.count) paths")
        #expect(paths.count > 5_000)
        #expect(excluded > 500 && paths.count - excluded > 500, "\(excluded) of \(paths.count) excluded")
    }
}

/// Encoded control characters never reach parameters.
@Suite struct EncodedControlTests {
    let p: Pipeline
    init() throws { p = try routes("    - {path: 'tags/:t', to: tag, query: {q: string}}\n" + videos) }

    @Test(arguments: [
        ("deeplink://tags/a%0Ab", "%0A"),
        ("deeplink://tags/a%0db", "%0D"),
        ("deeplink://tags/a%09b", "%09"),
        ("deeplink://tags/a%1Fb", "%1F"),
        ("deeplink://tags/a%7fb", "%7F"),
        ("deeplink://tags/a%C2%80b", "U+0080"),
        ("deeplink://tags/a%C2%85b", "U+0085"),
        ("deeplink://tags/a%c2%9fb", "U+009F"),
        ("https://example.com/tags/a%0Ab", "%0A"),
        ("deeplink://%0Atags/a", "%0A"),
        ("deeplink://tags/a?q=x%0Dy", "%0D"),
        ("deeplink://tags/a?q%0A=1", "%0A"),
        ("deeplink://tags/a?q=%C2%85", "U+0085"),
        ("deeplink://tags/a%0A%00", "%0A"),
    ])
    func refusedWithTheirOwnCode(_ url: String, _ what: String) throws {
        #expect(try resolve(p, url).reasons == ["route.encoded_control"], "\(url)")
        #expect(try messages(p, url) == ["the link contains an encoded control character (\(what))"])
        #expect(try messagesZh(p, url) == ["链接包含编码的控制字符（\(what)）"])
    }

    @Test func nulKeepsItsCodeAndOtherEscapesStillDecode() throws {
        #expect(try resolve(p, "deeplink://tags/a%00%0A").reasons == ["route.nul_byte"])
        #expect(try resolve(p, "deeplink://tags/a?q=%00").reasons == ["route.nul_byte"])
        #expect(try resolve(p, "deeplink://tags/a%20b").route!.contains(#""t":"a b""#))
        #expect(try resolve(p, "deeplink://tags/a%C2%A0b").route!.contains("\"t\":\"a\u{A0}b\""))  // U+00A0 is not a control
        #expect(try resolve(p, "deeplink://tags/a%7E%C3%A9").route!.contains(#""t":"a~é""#))
        // Raw C1 controls (possible with strict_characters: false) are control characters as written.
        let lenient = try routes("    - {path: 'tags/:t', to: tag}\n" + videos, extra: "  strict_characters: false")
        #expect(try resolve(lenient, "deeplink://tags/a\u{85}b").reasons == ["route.bad_character"])
        #expect(try messages(lenient, "deeplink://tags/a\u{85}b") == ["the link contains a space, a control character or a backslash"])
        #expect(try resolve(lenient, "deeplink://tags/a%0Ab").reasons == ["route.encoded_control"])
    }
}

/// Only characters RFC 3986 allows (section 2), unless `strict_characters: false`.
@Suite struct StrictCharacterTests {
    let p: Pipeline
    init() throws { p = try routes("    - {path: 'tags/:t', to: tag}\n" + videos) }

    @Test(arguments: [
        ("deeplink://tags/a<b", "'<'"),
        ("deeplink://tags/a>b", "'>'"),
        ("deeplink://tags/a^b", "'^'"),
        ("deeplink://tags/a{b", "'{'"),
        ("deeplink://tags/a}b", "'}'"),
        ("deeplink://tags/a|b", "'|'"),
        ("deeplink://tags/a\"b", "'\"'"),
        ("deeplink://tags/a`b", "'`'"),
        ("deeplink://tags/é", "'é' (U+00E9)"),
        ("deeplink://tags/京", "'京' (U+4EAC)"),
        ("https://ｅｘａｍｐｌｅ.com/account", "'ｅ' (U+FF45)"),
        ("https://例子.cn/account", "'例' (U+4F8B)"),
        ("https://example。com/account", "'。' (U+3002)"),
        ("https://example.com/videos?sort=<new>", "'<'"),
        ("https://example.com/videos#{x}", "'{'"),
        // Reported before the authority is taken apart: not route.host_malformed, not route.port_malformed.
        ("https://exa<mple.com:x/videos", "'<'"),
        ("https://[::1]|/videos", "'|'"),
        ("https://example.com:４４３/videos", "'４' (U+FF14)"),
    ])
    func refused(_ url: String, _ shown: String) throws {
        #expect(try resolve(p, url).reasons == ["route.bad_character"], "\(url)")
        #expect(try messages(p, url) == ["the link contains \(shown), a character RFC 3986 does not allow"])
        #expect(try messagesZh(p, url) == ["链接包含 RFC 3986 不允许的字符 \(shown)"])
    }

    @Test func everyCharacterRFC3986AllowsPasses() throws {
        #expect(try resolve(p, "deeplink://tags/azAZ09-._~!$&'()*+,;=:@?q=/?:@#/?frag").route!.contains(#""t":"azAZ09-._~!$&'()*+,;=:@""#))
        #expect(try destination(p, "https://xn--fsqu00a.cn/account") == "account")
        #expect(try resolve(p, "https://example.com/tags/%E4%BA%AC").route!.contains(#""t":"京""#))
        #expect(Explainer.explain(p, language: .en).contains("    3. characters RFC 3986 does not allow [route.bad_character]"))
    }

    @Test func offAcceptsRawNonASCIIAsBefore() throws {
        let q = try routes("    - {path: 'tags/:t', to: tag}\n" + videos, extra: "  strict_characters: false")
        #expect(try destination(q, "https://例子.cn/account") == "account")
        #expect(try resolve(q, "deeplink://tags/京").route!.contains(#""t":"京""#))
        #expect(try resolve(q, "deeplink://tags/a<b").route!.contains(#""t":"a<b""#))
        // NFC keeps full-width letters
        #expect(try resolve(q, "https://ｅｘａｍｐｌｅ.com/account").reasons == ["route.host_not_allowed"])
        #expect(try resolve(q, "deeplink://tags/a b").reasons == ["route.bad_character"])
        #expect(Explainer.explain(q, language: .en).contains("(strict_characters: false)"))
    }

    @Test func theOptionIsABoolean() {
        let r = RulesLoader(registry: .builtIn()).load(
            text: "routes:\n  schemes: [deeplink]\n  strict_characters: maybe\n  table: [{path: a, to: a}]\n", file: "r.yaml")
        #expect(r.pipeline == nil)
        #expect(r.diagnostics.contains { $0.headline.hasPrefix("r.yaml:3:22: error:") })
    }
}

/// The authority per RFC 3986: IP literals, reg-names, ports of digits.
@Suite struct AuthorityTests {
    let p: Pipeline
    init() throws { p = try routes(videos) }

    @Test(arguments: [
        ("https://[::1]x/videos", "route.host_malformed", "'[::1]x' is not a valid host name"),
        ("https://[::1]/videos", "route.host_invalid", "'[::1]' is an IP address literal; links must name a host"),
        ("https://[::1]:443/videos", "route.host_invalid", "'[::1]' is an IP address literal; links must name a host"),
        ("https://[::1]:x/videos", "route.host_invalid", "'[::1]' is an IP address literal; links must name a host"),
        ("https://[v1.example.com]/videos", "route.host_invalid", "'[v1.example.com]' is an IP address literal; links must name a host"),
        ("https://[::1/videos", "route.host_malformed", "'[::1' is not a valid host name"),
        ("https://example.com]/videos", "route.host_malformed", "'example.com]' is not a valid host name"),
        ("https://exa[mple.com/videos", "route.host_malformed", "'exa[mple.com' is not a valid host name"),
        ("https://example.com:443:443/videos", "route.host_malformed", "'example.com:443' is not a valid host name"),
        ("https://:443/videos", "route.host_malformed", "the link has no host"),
        ("deeplink://[::1]/videos", "route.host_invalid", "'[::1]' is an IP address literal; links must name a host"),
        ("deeplink://vid]eos/new", "route.host_malformed", "'vid]eos' is not a valid host name"),
        ("https://example.com:44x/videos", "route.port_malformed", "the port '44x' is not a number"),
        ("https://example.com:-443/videos", "route.port_malformed", "the port '-443' is not a number"),
        ("https://example.com:+443/videos", "route.port_malformed", "the port '+443' is not a number"),
        ("https://example.com:0x1bb/videos", "route.port_malformed", "the port '0x1bb' is not a number"),
        ("https://example.com:4430/videos", "route.port", "the link names port 4430; only the default port is allowed"),
        ("https://example.com:0/videos", "route.port", "the link names port 0; only the default port is allowed"),
        (
            "https://example.com:18446744073709552059/videos", "route.port",
            "the link names port 18446744073709552059; only the default port is allowed"
        ),
        ("deeplink://videos:443/new", "route.port", "the link names port 443; only the default port is allowed"),
        ("deeplink://videos:x/new", "route.port_malformed", "the port 'x' is not a number"),
    ])
    func refused(_ url: String, _ reason: String, _ message: String) throws {
        #expect(try resolve(p, url).reasons == [ReasonCode(reason)], "\(url)")
        #expect(try messages(p, url) == [message], "\(url)")
    }

    @Test func defaultPortSpellings() throws {
        #expect(try destination(p, "https://example.com:443/videos") == "video.list")
        #expect(try destination(p, "https://example.com:0443/videos") == "video.list")
        #expect(try destination(p, "https://example.com:000000000000000000000000443/videos") == "video.list")
        #expect(try destination(p, "https://example.com:/videos") == "video.list")
        #expect(try destination(p, "deeplink://videos:/new") == "video.editor")
        #expect(try messagesZh(p, "https://example.com:44x/videos") == ["端口 '44x' 不是数字"])
        #expect(try messagesZh(p, "https://[::1]/videos") == ["'[::1]' 是 IP 地址字面量，链接必须使用主机名"])
    }
}

/// Route policy choices as options (issue 10), each with its own code.
@Suite struct RouteOptionTests {
    @Test func intParametersTakeBounds() throws {
        let p = try routes("    - {path: 'v/:id', to: v, params: {id: 'int:1..'}}\n    - {path: 'p/:n', to: p, params: {n: 'int:-5..5'}}")
        #expect(try resolve(p, "deeplink://v/1").route?.contains(#""params":{"id":1}"#) == true)
        #expect(try resolve(p, "deeplink://v/0").reasons == ["route.param_type"])
        #expect(try resolve(p, "deeplink://v/-3").reasons == ["route.param_type"])
        #expect(try resolve(p, "deeplink://p/-5").reasons == [])
        #expect(try resolve(p, "deeplink://p/6").reasons == ["route.param_type"])
        #expect(try resolve(p, "deeplink://v/9223372036854775808").reasons == ["route.param_type"])
    }

    @Test func customSchemeLinksWithoutAuthority() throws {
        let table = "    - {path: 'videos/:id(int)', to: v}"
        let p = try routes(table, extra: "  scheme_links: path")
        #expect(try resolve(p, "deeplink:videos/5").route?.contains(#""params":{"id":5}"#) == true)
        #expect(try resolve(p, "deeplink://videos/5").route?.contains(#""params":{"id":5}"#) == true)
        #expect(try resolve(p, "deeplink:///videos/1").reasons == ["route.empty_segment"])
        let strict = try routes(table)
        #expect(try resolve(strict, "deeplink:videos/5").reasons == ["route.bad_url"])
    }

    @Test func trailingDotHostsAndForbiddenSchemes() throws {
        let table = "    - {path: videos, to: v}"
        #expect(try resolve(routes(table), "https://example.com./videos").reasons == [])
        let refuse = try routes(table, extra: "  host_trailing_dot: refuse")
        #expect(try resolve(refuse, "https://example.com./videos").reasons == ["route.host_not_allowed"])
        #expect(
            try messages(refuse, "https://example.com./videos") == ["the host 'example.com.' ends with a dot (host_trailing_dot: refuse)"])
        let custom = try routes(table, extra: "  forbidden_schemes: [javascript, intent]")
        #expect(try resolve(custom, "intent://videos").reasons == ["route.forbidden_scheme"])
        #expect(try resolve(custom, "data:text/html,x").reasons == ["route.scheme_not_allowed"])
    }

    @Test func exclusionsLimitedToOneKindOfLink() throws {
        let table = "    - {path: 'videos/**', to: v}"
        let universalOnly = try routes(table, extra: "  exclude: ['/videos/private/*']\n  exclude_links: universal")
        #expect(try resolve(universalOnly, "https://example.com/videos/private/1").reasons == ["route.excluded"])
        #expect(try resolve(universalOnly, "deeplink://videos/private/1").reasons == [])
    }

    @Test func rawQueryAndFragmentAreCarried() throws {
        let p = try routes("    - {path: videos, to: v}")
        #expect(try resolve(p, "deeplink://videos?#").route?.hasSuffix(#""raw_query":"","fragment":""}"#) == true)
        #expect(try resolve(p, "deeplink://videos?a=%41#top").route?.hasSuffix(#""raw_query":"a=%41","fragment":"top"}"#) == true)
        #expect(try resolve(p, "deeplink://videos").route?.hasSuffix(#""raw_query":null,"fragment":null}"#) == true)
    }

    @Test func anAASAFileFiltersUniversalLinks() throws {
        let dir = TemporaryFiles.path("sift-aasa-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try
            (#"{"applinks":{"details":[{"appIDs":["T.com.example"],"components":[{"/":"/videos/private/*","exclude":true},"#
            + #"{"/":"/videos/*"}]}]}}"#)
            .write(toFile: dir + "/aasa.json", atomically: true, encoding: .utf8)
        let yaml = """
            applies_to: { has: url }
            routes:
              schemes: [deeplink]
              hosts: [example.com]
              aasa: aasa.json
              aasa_app_id: T.com.example
              fallback: home
              table:
                - {path: 'videos/:id', to: v}
            """
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml", directory: dir)
        let p = try #require(r.pipeline, "\(r.rendered())")
        #expect(try resolve(p, "https://example.com/videos/1").reasons == [])
        #expect(try resolve(p, "https://example.com/account").reasons == ["route.not_associated"])
        #expect(
            try messages(p, "https://example.com/videos/private/1")
                == ["the AASA file does not open /videos/private/1 in the app (its first match is 'exclude /videos/private/*')"])
        // Custom-scheme links are not associated through AASA: the fallback takes them.
        #expect(try resolve(p, "deeplink://account").reasons == [])
        let missing = RulesLoader(registry: .builtIn()).load(
            text: yaml.replacingOccurrences(of: "aasa.json", with: "nope.json"), file: "r.yaml", directory: dir)
        #expect(missing.errors.map(\.message) == ["cannot read the AASA file 'nope.json'"])
    }
}

/// Hosts read results as typed values, without parsing JSON.
@Suite struct TypedResultTests {
    @Test func routeDestinationAndTypedParameters() throws {
        let p = try routes("    - {path: 'videos/:id(int)', to: video.detail, query: {t: int, autoplay: bool}}")
        let v = try Session(pipeline: p, asOfMillis: 0).validate(json: record("https://example.com/videos/42?t=30&autoplay=1#top"))
        let route = try #require(v.route)
        #expect(route.destination == "video.detail")
        #expect(route.pattern == "videos/:id(int)")
        #expect(!route.isFallback)
        #expect(route.parameters["id"] == .int(42))
        #expect(route.parameters.get("id", as: Int.self) == 42)
        #expect(route.parameters.get("id", as: String.self) == nil)
        #expect(route.query.get("autoplay", as: Bool.self) == true)
        #expect(route.query["t"] == .int(30))
        #expect(route.rawQuery == "t=30&autoplay=1")
        #expect(route.fragment == "top")
        #expect(v.receipt == nil && v.appleID == nil)
    }

    @Test func twoPacksWithTheSameSectionWriteOneKey() throws {
        let yaml = """
            applies_to: { has: url }
            routes: {schemes: [deeplink], table: [{path: a, to: first}]}
            """
        let dir = TemporaryFiles.path("sift-two-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try (yaml + "\npack: one\n").write(toFile: dir + "/one.yaml", atomically: true, encoding: .utf8)
        try (yaml.replacingOccurrences(of: "first", with: "second") + "\npack: two\n").write(
            toFile: dir + "/two.yaml", atomically: true, encoding: .utf8)
        let p = try #require(RulesLoader(registry: .builtIn()).load(path: dir).pipeline)
        let v = try Session(pipeline: p, asOfMillis: 0).validate(json: record("deeplink://a"))
        #expect(v.output.count == 2)
        #expect(v.route?.destination == "first")
        var w = JSONWriter()
        ResultLine.write(source: "-", line: 1, verdict: v, language: .en, into: &w)
        let line = String(decoding: w.bytes, as: UTF8.self)
        #expect(line.components(separatedBy: #""route":"#).count == 2)
    }
}

@Suite struct RouterAPITests {
    @Test func aPipelineRoutesALinkAsAnAppsRouterWould() throws {
        let p = try routes("    - {path: 'videos/:id(int)', to: video.detail}", extra: "  exclude: ['/videos/0']")
        let route = try p.route("deeplink://videos/7")
        #expect(route.destination == "video.detail")
        #expect(route.parameters.get("id", as: Int.self) == 7)
        #expect(throws: RouteResult.Refusal.self) { try p.route("deeplink://videos/0") }
        do {
            _ = try p.route("https://evil.example.net/videos/1")
            Issue.record("routed")
        } catch {
            #expect(error.reason == "route.host_not_allowed")
            #expect(error.message.en == "the host 'evil.example.net' is not one of the app's hosts")
            #expect(error.message.zh == "主机 'evil.example.net' 不属于本应用")
        }
        // The Chinese names the allowed schemes, as the English does.
        do {
            _ = try p.route("otherapp://videos/1")
            Issue.record("routed")
        } catch {
            #expect(error.reason == "route.scheme_not_allowed")
            #expect(error.message.en == "the scheme 'otherapp' is not allowed (allowed: deeplink, https)")
            #expect(error.message.zh == "不允许的 scheme 'otherapp'（允许：deeplink, https）")
        }
    }
}

/// Verdicts are `Codable` in the JSON of result lines (docs/OUTPUT.md), stage outputs included.
@Suite struct CodableVerdicts {
    func encoded(_ v: RecordVerdict, _ language: Language = .en) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.userInfo[.siftLanguage] = language
        return String(decoding: try e.encode(v), as: UTF8.self)
    }

    @Test func aVerdictEncodesAsItsResultLineAndDecodesBack() throws {
        let p = try routes(videos)
        let routed = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(#"{"url":"deeplink://videos/42"}"#.utf8))
        let routedJSON = try encoded(routed)
        #expect(
            routedJSON == #"{"packs":["r"],"route":{"destination":"video.detail","fragment":null,"kind":"scheme","#
                + #""params":{"id":42},"pattern":"videos/:id(int)","query":{},"raw_query":null},"valid":true,"violations":[]}"#)
        let back = try JSONDecoder().decode(RecordVerdict.self, from: Data(try encoded(routed).utf8))
        #expect(try encoded(back) == encoded(routed))
        #expect(back.output.map(\.key) == ["route"])

        let refused = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(#"{"url":"deeplink://nowhere"}"#.utf8))
        let zh = try encoded(refused, .zh)
        #expect(zh.contains(#""reason":"route.unmatched""#) && zh.contains(#""rule":"r.yaml:"#))
        let decoded = try JSONDecoder().decode(RecordVerdict.self, from: Data(zh.utf8))
        #expect(decoded.reasons == ["route.unmatched"])
        #expect(decoded.violations[0].rule == refused.violations[0].rule)
        #expect(decoded.violations[0].message.en == refused.violations[0].message.zh)

        let unreadable = RecordVerdict(
            inputError: RecordVerdict.InputError(reason: ReasonCode.Input.notObject, message: "a record must be a JSON object"))
        #expect(
            try encoded(unreadable) == #"{"error":{"message":"a record must be a JSON object","reason":"input.not_object"},"valid":false}"#)
        #expect(try JSONDecoder().decode(RecordVerdict.self, from: Data(encoded(unreadable).utf8)) == unreadable)

        // Codes are typed static members per family, the same values as the texts.
        #expect(decoded.reasons == [ReasonCode.Route.unmatched])
        #expect(ReasonCode.Receipt.statusSandboxReceiptInProduction.text == "receipt.status.sandbox_receipt_in_production")
        #expect(ReasonCode.AppleID.issuedInFuture.text == "apple_id.issued_in_future")
        // A decoded code is bounded: untrusted verdicts cannot grow the process's table of codes.
        let long = #"{"valid":false,"violations":[{"field":"a","reason":""# + String(repeating: "x", count: 201) + #"","message":"m"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RecordVerdict.self, from: Data(long.utf8)) }
    }
}
