import Foundation
import SiftCore
import SiftMessages
import SiftConfig

extension PluginRegistry {
    /// Registers the `routes` section: deep links and universal links to named destinations.
    public mutating func registerRoutes() {
        register(RoutesPlugin.plugin)
    }
}

enum RoutesPlugin {
    static let queryParamSpec: [PluginSpec.Option] = [
        PluginSpec.Option("type", .string, default: .string("string"), doc: "string, int, uint, uuid, slug, bool, enum:a|b or regex:..."),
        PluginSpec.Option("required", .boolean, default: .bool(false), doc: "The link must carry it."),
        PluginSpec.Option("default", .string, doc: "The value used when the link does not carry it."),
    ]

    static let routeSpec: [PluginSpec.Option] = [
        PluginSpec.Option(
            "path", .string, required: true, doc: "The pattern: videos/new, videos/:id, videos/:id(int), files/**, */settings."),
        PluginSpec.Option("to", .string, required: true, doc: "The destination's name."),
        PluginSpec.Option("params", .dictionary(.string), doc: "Types of the path parameters: {id: int}."),
        PluginSpec.Option(
            "query", .dictionary(.oneOf([.string, .object(queryParamSpec)])),
            doc: "Query parameters: name -> type, or {type, required, default}."),
        PluginSpec.Option(
            "unknown_query", .choice(["allow", "reject"]), default: .string("allow"), doc: "What to do with query parameters not listed."),
    ]

    static let plugin = SectionPlugin(
        spec: PluginSpec(
            kind: "routes",
            summary:
                "Deep links and universal links to named destinations with typed parameters; the first matching route in file order wins.",
            options: [
                PluginSpec.Option("field", .string, default: .string("url"), doc: "Record field with the link."),
                PluginSpec.Option("schemes", .list(.string), doc: "Allowed custom schemes (case-insensitive): [deeplink]."),
                PluginSpec.Option("hosts", .list(.string), doc: "Universal-link hosts (https): [example.com, '*.example.com']."),
                PluginSpec.Option(
                    "exclude", .list(.string),
                    doc:
                        "Paths never routed, with AASA wildcards * and ?: ['/videos/private/*']. "
                        + "Matched against the decoded path as written, trailing '/' included."
                ),
                PluginSpec.Option(
                    "strict_characters", .boolean, default: .bool(true),
                    doc:
                        "Refuse links with a character RFC 3986 does not allow (only unreserved, reserved and '%'): "
                        + "raw non-ASCII, full-width letters, < > \" ` ^ { } |. "
                        + "With false, raw non-ASCII paths and IDN hosts (例子.cn) are accepted as written."
                ),
                PluginSpec.Option(
                    "exclude_links", .choice(["all", "universal", "scheme"]), default: .string("all"),
                    doc: "Which links 'exclude' applies to: all, universal links only, or custom-scheme links only."),
                PluginSpec.Option(
                    "forbidden_schemes", .list(.string),
                    doc:
                        "Schemes never opened (route.forbidden_scheme), replacing the default list: javascript, data, file, vbscript, blob."
                ),
                PluginSpec.Option(
                    "scheme_links", .choice(LinkParser.SchemeLinks.allCases.map(\.rawValue)), default: .string("authority"),
                    doc:
                        "authority: deeplink://videos/5 has 'videos' as its first segment and needs '//'; "
                        + "path: deeplink:videos/5 and deeplink://videos/5 are both the path videos/5."
                ),
                PluginSpec.Option(
                    "host_trailing_dot", .choice(["ignore", "refuse"]), default: .string("ignore"),
                    doc:
                        "A universal-link host written with a trailing dot (example.com.): "
                        + "read as example.com (the same DNS name), or refused (route.host_not_allowed)."
                ),
                PluginSpec.Option(
                    "query", .choice(LinkParser.Reading.allCases.map(\.rawValue)), default: .string("checked"),
                    doc:
                        "checked: the query is decoded and checked (escapes, controls, UTF-8, a name given twice) for every link; "
                        + "opaque: passed through as written, only characters RFC 3986 does not allow in a query refused, and "
                        + "read as parameters only for a route that declares them."
                ),
                PluginSpec.Option(
                    "fragment", .choice(LinkParser.Reading.allCases.map(\.rawValue)), default: .string("checked"),
                    doc:
                        "checked: the fragment is decoded and checked like the path; "
                        + "opaque: passed through as written, only characters RFC 3986 does not allow in a fragment refused."
                ),
                PluginSpec.Option(
                    "controls", .choice(LinkParser.Controls.allCases.map(\.rawValue)), default: .string("c0_del_c1"),
                    doc:
                        "Control characters refused, raw or encoded (route.bad_character, route.encoded_control): "
                        + "c0_del_c1: C0, DEL and C1 (U+0080-U+009F, %C2%85); c0_del: C0 and DEL only."
                ),
                PluginSpec.Option(
                    "aasa", .string,
                    doc:
                        "An apple-app-site-association file (relative to this rule file): "
                        + "universal links it does not send to the app are route.not_associated."
                ),
                PluginSpec.Option(
                    "aasa_app_id", .string, doc: "The app's entry in the AASA file (TEAMID.bundle.id); default: the first entry."),
                PluginSpec.Option("fallback", .string, doc: "Destination for links no route matches; without it they are rejected."),
                PluginSpec.Option("table", .list(.object(routeSpec)), required: true, doc: "The routes, in order of precedence."),
            ],
            examples: ["routes: {schemes: [deeplink], table: [{path: videos/new, to: video.editor}]}"]),
        make: { options, context in make(options, &context) })

    static func make(_ options: PluginOptions, _ context: inout BuildContext) -> (any Stage)? {
        let before = context.diagnostics.errors.count
        guard let field = options.fieldPath("field", &context) else { return nil }
        let schemes = Set((options.strings("schemes") ?? []).map { $0.lowercased() })
        let forbidden = options.strings("forbidden_schemes").map { Set($0.map { $0.lowercased() }) } ?? LinkParser.forbidden
        for s in schemes where forbidden.contains(s) || s == "https" || s == "http" {
            context.error(
                (s == "https" ? RoutesMessages.customSchemeHTTPS : RoutesMessages.customScheme)(["scheme": s]), at: options.mark("schemes"))
        }
        var hosts: [HostRule] = []
        for h in options.strings("hosts") ?? [] {
            if let rule = HostRule(h) {
                hosts.append(rule)
            } else {
                context.error(RoutesMessages.hostName(["h": "\(h)"]), at: options.mark("hosts"))
            }
        }
        if schemes.isEmpty && hosts.isEmpty {
            context.error(RoutesMessages.routesNeedsSchemesHostsWhich(), at: options.mark)
        }
        var routes: [Route] = []
        for item in options.node("table")?.items ?? [] {
            if let r = route(item, index: routes.count, &context) { routes.append(r) }
        }
        // A route that can never match: an earlier route matches everything it would.
        for (j, later) in routes.enumerated() {
            if let earlier = routes[..<j].first(where: { later.pattern.isCovered(by: $0.pattern) }) {
                context.warning(
                    RoutesMessages.routeCanNeverMatchRoute([
                        "pattern": "\(later.pattern)", "pattern2": "\(earlier.pattern)", "line": "\(earlier.mark.line)",
                    ]),
                    at: later.mark)
            }
        }
        let aasa = associationFile(options, &context)
        guard context.diagnostics.errors.count == before else { return nil }
        var parser = LinkParser(schemes: schemes, hosts: hosts, strictCharacters: options.bool("strict_characters") ?? true)
        parser.forbidden = forbidden
        parser.schemeLinks = LinkParser.SchemeLinks(rawValue: options.string("scheme_links") ?? "") ?? .authority
        parser.ignoreTrailingDot = options.string("host_trailing_dot") != "refuse"
        parser.query = LinkParser.Reading(rawValue: options.string("query") ?? "") ?? .checked
        parser.fragment = LinkParser.Reading(rawValue: options.string("fragment") ?? "") ?? .checked
        parser.c1Controls = options.string("controls") != LinkParser.Controls.c0Del.rawValue
        return RoutesStage(
            field: field, parser: parser,
            exclusions: (options.strings("exclude") ?? []).map { $0.hasPrefix("/") ? $0 : "/" + $0 },
            excludeLinks: options.string("exclude_links") ?? "all", aasa: aasa,
            table: RouteTable(routes), fallback: options.string("fallback"), rule: options.mark)
    }

    /// The `aasa:` file, read now so that its problems are reported with the rules.
    static func associationFile(_ options: PluginOptions, _ context: inout BuildContext) -> AASAFile? {
        let given = context.overrides["aasa"]
        guard let path = given ?? options.string("aasa") else { return nil }
        guard let full = given ?? context.pathInsideRules(path, option: .aasa, flag: "--aasa", at: options.mark("aasa"))
        else { return nil }
        guard let data = FileManager.default.contents(atPath: full) else {
            context.error(
                (given != nil ? RoutesMessages.cannotReadAASAFlag : RoutesMessages.cannotReadAASA)(["path": path]), at: options.mark("aasa")
            )
            return nil
        }
        do {
            return try AASAFile(bytes: [UInt8](data), appID: context.overrides["aasa_app_id"] ?? options.string("aasa_app_id"))
        } catch {
            context.error(
                RoutesMessages.aasaProblem(["path": path], messages: ["problem": .verbatim(error.description)]), at: options.mark("aasa"))
            return nil
        }
    }

    static func route(_ node: ConfigNode, index: Int, _ context: inout BuildContext) -> Route? {
        var types: [String: ParamType] = [:]
        var ok = true
        func type(_ text: String, at mark: Mark) -> ParamType? {
            do {
                if let t = try ParamType.parse(text) { return t }
                context.error(
                    RoutesMessages.unknownTypeTypes(
                        ["value": "\(text)", "names": "\(ParamType.names.joined(separator: ", "))"],
                        messages: ["hint": Suggestion.hint(text, in: ParamType.names)]), at: mark)
            } catch {
                context.error(RoutesMessages.invalidRegexType(["value": text], messages: ["message": error.problem]), at: mark)
            }
            ok = false
            return nil
        }
        for p in node["params"]?.pairs ?? [] {
            if let name = p.key.scalarText, let text = p.value.scalarText, let t = type(text, at: p.value.mark) { types[name] = t }
        }
        let pathNode = node["path"]!
        let pattern: RoutePattern
        do { pattern = try RoutePattern(parsing: pathNode.scalarText ?? "", types: types) } catch {
            context.error(error.message, at: pathNode.mark)
            return nil
        }
        for p in node["params"]?.pairs ?? [] where !pattern.parameterNames.contains(p.key.scalarText ?? "") {
            let name = p.key.scalarText ?? ""
            context.error(
                RoutesMessages.parameter(
                    ["name": "\(name)", "pattern": "\(pattern)"], messages: ["hint": Suggestion.hint(name, in: pattern.parameterNames)]),
                at: p.key.mark)
            ok = false
        }
        var query: [Route.QueryParam] = []
        for q in node["query"]?.pairs ?? [] {
            guard let name = q.key.scalarText else { continue }
            let typeNode = q.value.scalarText != nil ? q.value : q.value["type"]
            guard let t = type(typeNode?.scalarText ?? "string", at: typeNode?.mark ?? q.value.mark) else { continue }
            var def: JSONLiteral?
            if let d = q.value["default"] {
                def = t.accept(d.scalarText ?? "")
                if def == nil {
                    context.error(RoutesMessages.defaultValid(["d": "\(d.scalarText ?? "")", "name": "\(name)", "t": "\(t)"]), at: d.mark)
                    ok = false
                }
            }
            query.append(.init(name: name, type: t, required: q.value["required"]?.resolved == .bool(true), defaultValue: def))
        }
        guard ok else { return nil }
        return Route(
            index: index, pattern: pattern, destination: node["to"]!.scalarText ?? "", query: query,
            rejectUnknownQuery: node["unknown_query"]?.scalarText == "reject", mark: pathNode.mark)
    }
}
