import Foundation
import Sift

/// The link parser and route matcher (`routes:`), through `Pipeline.route(_:)` and
/// `Pipeline.validate(json:)`.
///
/// Input: one link (bytes as UTF-8, invalid bytes replaced). For each of three packs (the
/// shipped deeplinks pack; a lenient one with raw characters, `scheme_links: path`, globs,
/// every parameter type and a fallback; the first pack plus the AASA file generated from it):
/// - resolving twice gives the same route or the same refusal;
/// - `validate(json:)` on `{"url": link}` agrees with `route(_:)`: valid with the same route, or
///   the refusal's reason first; its verdict passes `Fuzz.checkVerdict`;
/// - a resolved link's raw query and fragment are in the link as written;
/// - a universal link the first pack resolves, without '%' in it, is not refused by the AASA
///   file generated from the same routes (`route.not_associated`).
enum URLTarget {
    static let deeplinks = """
        version: 1
        pack: deeplinks
        applies_to: { has: url }
        routes:
          field: url
          schemes: [deeplink]
          hosts: [example.com, "*.example.com"]
          exclude: ["/videos/private/*"]
          table:
            - { path: videos/new, to: video.editor }
            - path: videos
              to: video.list
              query: { sort: { type: "enum:new|popular", default: new } }
            - path: videos/:id
              to: video.detail
              params: { id: int }
              query: { t: uint, autoplay: { type: bool, default: "false" } }
              unknown_query: reject
            - { path: account, to: account }

        """

    static let lenient = """
        version: 1
        pack: lenient
        applies_to: { has: url }
        routes:
          field: url
          schemes: [myapp, deeplink, x-app.v2]
          hosts: [例子.cn, "*.example.org", xn--bcher-kva.example]
          exclude: ["/a/?/b", "/secret*", "/x/*/y/"]
          exclude_links: universal
          strict_characters: false
          scheme_links: path
          host_trailing_dot: refuse
          forbidden_schemes: [javascript, data, evil]
          fallback: home
          table:
            - { path: "u/:id(uuid)", to: user }
            - { path: "s/:slug(slug)/:n(uint)", to: slug }
            - { path: "f/:flag(bool)", to: flag }
            - { path: "c/:code(regex:[A-Z]{3}[0-9]?)", to: code }
            - { path: "e/:kind(enum:a|b|c)", to: kind }
            - { path: "i/:n(int)/*/x", to: int }
            - { path: "files/**", to: files }
            - { path: "*/settings", to: settings, query: { q: { type: string, required: true } } }
            - { path: ":any", to: any, query: { n: int, u: uint, b: bool }, unknown_query: reject }

        """

    static let pipelines: [Pipeline] = {
        let folder = Fuzz.scratchFolder("url")
        let plain = Fuzz.pipeline(deeplinks, folder: folder)
        let aasa = try! AASA.generate(plain, appID: "TEAMID.com.example.app")
        try! aasa.write(toFile: folder + "/aasa.json", atomically: true, encoding: .utf8)
        let associated = deeplinks.replacingOccurrences(of: "pack: deeplinks", with: "pack: associated")
            .replacingOccurrences(of: "  table:\n", with: "  aasa: aasa.json\n  table:\n")
        return [plain, Fuzz.pipeline(lenient, folder: folder), Fuzz.pipeline(associated, folder: folder)]
    }()

    static func run(_ input: [UInt8]) {
        let link = String(decoding: input, as: UTF8.self)
        var outcomes: [Result<RouteResult, RouteResult.Refusal>] = []
        for pipeline in pipelines {
            let outcome = resolve(pipeline, link)
            outcomes.append(outcome)
            Fuzz.check(outcome == resolve(pipeline, link), "resolving the link twice gives two answers", input)
            let verdict = pipeline.validate(json: "{\"url\":\(Fuzz.quoted(link))}", asOfMillis: Fuzz.asOfMillis)
            Fuzz.checkVerdict(verdict, input)
            switch outcome {
            case .success(let route):
                Fuzz.check(verdict.isValid && verdict.route == route, "route(_:) resolves the link, validate(json:) does not", input)
                if let query = route.rawQuery { Fuzz.check(link.contains("?" + query), "the raw query is not in the link", input) }
                if let fragment = route.fragment { Fuzz.check(link.hasSuffix("#" + fragment), "the fragment is not the link's end", input) }
                Fuzz.check(!route.destination.isEmpty, "a route without a destination", input)
            case .failure(let refusal):
                Fuzz.check(
                    !verdict.isValid && verdict.violations.first?.reason == refusal.reason,
                    "route(_:) refuses the link (\(refusal.reason)), validate(json:) says \(verdict.reasons)", input)
            }
        }
        if case .success = outcomes[0], link.lowercased().hasPrefix("https:"), !link.contains("%"),
            case .failure(let refusal) = outcomes[2], refusal.reason == "route.not_associated"
        {
            Fuzz.fail("the routes resolve a universal link that their own AASA file does not open: \(refusal.message.en)", input)
        }
    }

    static func resolve(_ pipeline: Pipeline, _ link: String) -> Result<RouteResult, RouteResult.Refusal> {
        do { return .success(try pipeline.route(link)) } catch { return .failure(error) }
    }
}
