import SiftCore
import SiftMessages

/// A link taken apart safely: scheme, host, path segments decoded once, query items.
struct LinkURL: Sendable {
    enum Kind: String, Sendable { case scheme, universal }

    let kind: Kind
    let scheme: String
    /// The ASCII, lowercased host of a universal link; nil for custom schemes.
    let host: String?
    /// Decoded segments; for custom schemes the "host" is the first segment (deeplink://videos/new).
    let segments: [String]
    /// The path as it was written (still percent-encoded), with a leading '/'.
    let encodedPath: String
    /// The decoded path as written: a leading '/', the decoded segments and, when the link
    /// ends in '/', a trailing '/'. Exclusions are matched against it, as the generated AASA
    /// file's exclusions (`percentEncoded: false`) are, so both decide every path alike.
    let decodedPath: String
    let query: [(name: String, value: String)]
    /// The query as written (still encoded): nil without '?', "" for a bare '?'.
    let rawQuery: String?
    /// The fragment as written (still encoded): nil without '#', "" for a bare '#'.
    let fragment: String?
    /// With `query: opaque`, why the query could not be read as `name=value` items (then
    /// `query` is empty); reported only for a route that reads its query.
    var queryProblem: LinkProblem?
}

/// Why a link is refused. Each case is its own reason code (`route.<code>`).
struct LinkProblem: Error, Sendable {
    let code: ReasonCode
    let message: Message

    init(code: ReasonCode, _ message: Message) {
        self.code = code
        self.message = message
    }
}

/// Parses links with RFC 3986 syntax and refuses the tricks used against routers.
struct LinkParser: Sendable {
    /// Schemes whose links are never opened, whatever is allowed (`route.forbidden_scheme`).
    static let forbidden: Set<String> = ["javascript", "data", "file", "vbscript", "blob"]
    let schemes: Set<String>
    let hosts: [HostRule]
    /// Only characters RFC 3986 (section 2) allows: unreserved, reserved and '%'. Off, raw
    /// non-ASCII (paths, IDN hosts) and ASCII such as '<', '|' are accepted as written.
    var strictCharacters = true
    /// The never-opened schemes (`forbidden_schemes`); the default list unless set.
    var forbidden: Set<String> = LinkParser.forbidden
    /// How custom-scheme links are read (`scheme_links`).
    var schemeLinks: SchemeLinks = .authority
    /// Whether `example.com.` (a trailing dot) is read as `example.com` or refused (`host_trailing_dot`).
    var ignoreTrailingDot = true
    /// How the query and the fragment are read (`query`, `fragment`).
    var query: Reading = .checked
    var fragment: Reading = .checked
    /// Whether C1 controls (U+0080–U+009F, raw or encoded) are refused like C0 and DEL (`controls`).
    var c1Controls = true

    enum Reading: String, Sendable, CaseIterable {
        /// Decoded and checked: escapes, controls, UTF-8 and (query) names given twice.
        case checked
        /// Passed through as written; only what RFC 3986 does not allow there is refused.
        case opaque
    }

    enum Controls: String, Sendable, CaseIterable {
        /// C0 (U+0000–U+001F) and DEL.
        case c0Del = "c0_del"
        /// Also C1 (U+0080–U+009F).
        case c0DelC1 = "c0_del_c1"
    }

    enum SchemeLinks: String, Sendable, CaseIterable {
        /// `deeplink://videos/5`: after `//` comes an authority, whose text is the first segment.
        case authority
        /// `deeplink:videos/5` and `deeplink://videos/5` are both the path `videos/5` (no authority).
        case path
    }

    func parse(_ url: String) throws(LinkProblem) -> LinkURL {
        let (scheme, colon, universal) = try parseScheme(url)
        // Before the authority is taken apart: a host or port with such characters is refused for them.
        if strictCharacters, let bad = url.unicodeScalars.first(where: { !Self.isRFC3986($0) }) {
            throw LinkProblem(code: .Route.badCharacter, M.badCharacter(["char": Self.shown(bad)]))
        }
        let noAuthority = !universal && schemeLinks == .path
        var rest = try afterScheme(url[url.index(after: colon)...], scheme: scheme, noAuthority: noAuthority)
        let fragment = try takeFragment(&rest)
        let (queryText, rawQuery) = Self.takeQuery(&rest)
        // Without an authority, the whole rest is the path (`deeplink:///videos` starts with an empty segment).
        let slash = noAuthority ? rest.startIndex : (rest.firstIndex(of: "/") ?? rest.endIndex)
        let authority = rest[..<slash]
        let pathText = noAuthority ? "/" + rest : rest[slash...]
        let hostText = try Self.authorityHost(authority, universal: universal)
        var segments: [String] = []
        var host: String?
        if universal {
            host = try universalHost(hostText)
        } else if !hostText.isEmpty {
            segments.append(try Self.decodeSegment(hostText, c1: c1Controls))
        }
        let path = try Self.pathSegments(pathText, c1: c1Controls)
        segments += path.decoded
        var query: [(String, String)] = []
        var queryProblem: LinkProblem?
        if self.query == .checked {
            query = try Self.queryItems(queryText, c1: c1Controls)
        } else {
            try checkOpaque(queryText, part: "query")
            do { query = try Self.queryItems(queryText, c1: c1Controls) } catch {
                queryProblem = error
                // The AASA file still sees the query: each item decoded where it can be, else as written.
                query = queryText.split(separator: "&").map { item in
                    let eq = item.firstIndex(of: "=") ?? item.endIndex
                    func text(_ part: Substring) -> String { (try? Self.decode(part, allowSlash: true)) ?? String(part) }
                    return (text(item[..<eq]), eq == item.endIndex ? "" : text(item[item.index(after: eq)...]))
                }
            }
        }
        // A universal link's path as written, trailing '/' included: AASA patterns match it so
        // ('/videos/*' opens '/videos/'; '*' matches zero or more characters).
        let encoded =
            universal
            ? "/" + path.raw.joined(separator: "/") + (path.trailingSlash && !path.raw.isEmpty ? "/" : "")
            : "/" + ([String(hostText)] + path.raw.map(String.init)).filter { !$0.isEmpty }.joined(separator: "/")
        let decoded = "/" + segments.joined(separator: "/") + (path.trailingSlash && !segments.isEmpty ? "/" : "")
        return LinkURL(
            kind: universal ? .universal : .scheme, scheme: scheme, host: host, segments: segments, encodedPath: encoded,
            decodedPath: decoded, query: query, rawQuery: rawQuery, fragment: fragment, queryProblem: queryProblem)
    }

    /// Checks the link's characters and its scheme (syntax, never-opened, allowed), in that order.
    /// Returns the lowercased scheme, the index of its ':' and whether the link is a universal link.
    private func parseScheme(_ url: String) throws(LinkProblem) -> (scheme: String, colon: String.Index, universal: Bool) {
        for u in url.unicodeScalars
        where u.value < 0x20 || u.value == 0x7F || (c1Controls && (0x80...0x9F).contains(u.value)) || u == " " || u == "\\" {
            throw LinkProblem(code: .Route.badCharacter, M.spaceOrControl())
        }
        guard let colon = url.firstIndex(of: ":") else {
            throw LinkProblem(code: .Route.badUrl, M.noScheme())
        }
        // ASCII only before lowercasing: the Kelvin sign (U+212A) lowercases to 'k'.
        guard url[..<colon].unicodeScalars.allSatisfy(\.isASCII) else {
            throw LinkProblem(code: .Route.badUrl, M.notScheme(["scheme": String(url[..<colon])]))
        }
        let scheme = url[..<colon].lowercased()
        guard let f = scheme.unicodeScalars.first, ("a"..."z").contains(f),
            scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else {
            throw LinkProblem(code: .Route.badUrl, M.notScheme(["scheme": String(url[..<colon])]))
        }
        if forbidden.contains(scheme) {
            throw LinkProblem(code: .Route.forbiddenScheme, M.forbiddenScheme(["scheme": scheme]))
        }
        let universal = scheme == "https" && !hosts.isEmpty
        guard universal || schemes.contains(scheme) else {
            let allowed = (schemes.sorted() + (hosts.isEmpty ? [] : ["https"])).joined(separator: ", ")
            throw LinkProblem(code: .Route.schemeNotAllowed, M.schemeNotAllowed(["scheme": scheme, "allowed": allowed]))
        }
        return (scheme, colon, universal)
    }

    /// The text after `scheme:` without its leading `//`, which is required unless the link has no authority.
    private func afterScheme(_ rest: Substring, scheme: String, noAuthority: Bool) throws(LinkProblem) -> Substring {
        if rest.hasPrefix("//") {
            return rest.dropFirst(2)
        } else if !noAuthority {
            throw LinkProblem(code: .Route.badUrl, M.expectedSlashes(["scheme": scheme]))
        }
        return rest
    }

    /// Cuts a `#fragment` off `rest` and returns it as written (nil without '#'), refusing a badly
    /// encoded one (or, when opaque, one with characters RFC 3986 does not allow in a fragment).
    private func takeFragment(_ rest: inout Substring) throws(LinkProblem) -> String? {
        guard let hash = rest.firstIndex(of: "#") else { return nil }
        let text = rest[rest.index(after: hash)...]
        if fragment == .checked {
            _ = try Self.decode(text, allowSlash: true, c1: c1Controls)
        } else {
            try checkOpaque(text, part: "fragment")
        }
        rest = rest[..<hash]
        return String(text)
    }

    /// An opaque query or fragment: RFC 3986's `*( pchar / "/" / "?" )`, each '%' starting an
    /// escape (raw non-ASCII too when `strict_characters` is off). Nothing is decoded.
    private func checkOpaque(_ text: Substring, part: String) throws(LinkProblem) {
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, Self.hex(bytes[i + 1]) != nil, Self.hex(bytes[i + 2]) != nil
                else {
                    throw LinkProblem(code: .Route.badEscape, M.badEscape())
                }
                i += 3
                continue
            }
            // RFC 3986 keeps '[' and ']' out of a query and a fragment; with strict_characters off,
            // as in checked parts, only escapes are checked.
            let allowed =
                !strictCharacters
                || (b < 0x80 && Self.isRFC3986(Unicode.Scalar(b)) && b != UInt8(ascii: "[") && b != UInt8(ascii: "]")
                    && b != UInt8(ascii: "#"))
            guard allowed else {
                let shown = b >= 0x80 ? M.nonASCII() : .verbatim("'\(Character(Unicode.Scalar(b)))'")
                let said = M.partCharacter(messages: ["part": part == "query" ? M.partQuery() : M.partFragment(), "char": shown])
                throw LinkProblem(code: .Route.badCharacter, said)
            }
            i += 1
        }
    }

    /// Cuts a `?query` off `rest`; returns its text ("" without '?') and the query as written (nil without '?').
    private static func takeQuery(_ rest: inout Substring) -> (text: Substring, raw: String?) {
        guard let q = rest.firstIndex(of: "?") else { return ("", nil) }
        let text = rest[rest.index(after: q)...]
        rest = rest[..<q]
        return (text, String(text))
    }

    /// The host text of an authority, refusing a user name or password and any port but a universal link's 443.
    private static func authorityHost(_ authority: Substring, universal: Bool) throws(LinkProblem) -> Substring {
        if authority.contains("@") {
            throw LinkProblem(code: .Route.userinfo, M.userinfo())
        }
        let (hostText, port) = try splitAuthority(authority)
        if let port, !port.isEmpty {
            guard port.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw LinkProblem(code: .Route.portMalformed, M.portMalformed(["port": Self.clipped(port)]))
            }
            // Digits only, so leading zeros are the only other spelling: 0443 is 443.
            if !(universal && port.drop(while: { $0 == "0" }) == "443") {
                throw LinkProblem(code: .Route.port, M.port(["port": Self.clipped(port)]))
            }
        }
        return hostText
    }

    /// A universal link's host as lowercased ASCII, refused unless it is valid and one of the app's hosts.
    private func universalHost(_ hostText: Substring) throws(LinkProblem) -> String {
        if hostText.isEmpty {
            throw LinkProblem(code: .Route.hostMalformed, M.noHost())
        }
        if !ignoreTrailingDot, hostText.hasSuffix(".") {
            throw LinkProblem(code: .Route.hostNotAllowed, M.trailingDot(["host": Self.clipped(hostText)]))
        }
        guard !hostText.contains("%"), let ascii = Punycode.asciiHost(String(hostText)),
            ascii.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." })
        else {
            throw LinkProblem(code: .Route.hostMalformed, M.hostMalformed(["host": Self.clipped(hostText)]))
        }
        guard hosts.contains(where: { $0.matches(ascii) }) else {
            throw LinkProblem(code: .Route.hostNotAllowed, M.hostNotAllowed(["host": ascii]))
        }
        return ascii
    }

    /// The path's segments as written and decoded, and whether it ends in '/'; refuses empty and dot segments.
    private static func pathSegments(_ pathText: Substring, c1: Bool) throws(LinkProblem) -> (
        raw: [Substring], decoded: [String], trailingSlash: Bool
    ) {
        var raw = pathText.split(separator: "/", omittingEmptySubsequences: false)
        if raw.first == "" { raw.removeFirst() }
        let trailingSlash = raw.last == ""
        if trailingSlash { raw.removeLast() }
        var decoded: [String] = []
        for r in raw {
            if r.isEmpty {
                throw LinkProblem(code: .Route.emptySegment, M.pathEmptySegment())
            }
            decoded.append(try Self.decodeSegment(r, c1: c1))
        }
        return (raw, decoded, trailingSlash)
    }

    /// The decoded `name=value` items of a query, in order; refuses a name given twice.
    private static func queryItems(_ queryText: Substring, c1: Bool) throws(LinkProblem) -> [(String, String)] {
        var query: [(String, String)] = []
        var names = Set<String>()
        if !queryText.isEmpty {
            for item in queryText.split(separator: "&", omittingEmptySubsequences: true) {
                let eq = item.firstIndex(of: "=") ?? item.endIndex
                let name = try Self.decode(item[..<eq], allowSlash: true, c1: c1)
                let value = eq == item.endIndex ? "" : try Self.decode(item[item.index(after: eq)...], allowSlash: true, c1: c1)
                if !names.insert(name).inserted {
                    throw LinkProblem(code: .Route.queryDuplicate, M.queryTwice(["name": name]))
                }
                query.append((name, value))
            }
        }
        return query
    }

    /// RFC 3986 3.2: the host is an IP-literal `[...]` (then an optional `:port`), or a
    /// reg-name up to the last ':'. The port is returned as written, possibly empty; IP
    /// literals are refused: links must name a host.
    static func splitAuthority(_ authority: Substring) throws(LinkProblem) -> (host: Substring, port: Substring?) {
        func invalid() -> LinkProblem {
            LinkProblem(code: .Route.hostMalformed, M.hostMalformed(["host": clipped(authority)]))
        }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid() }
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw invalid() }
            let literal = clipped(authority[...close])
            throw LinkProblem(code: .Route.hostInvalid, M.ipLiteral(["literal": "\(literal)"]))
        }
        if authority.contains("[") || authority.contains("]") { throw invalid() }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, nil) }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }
}

/// An allowed universal-link host: `example.com`, or `*.example.com` for its subdomains.
struct HostRule: Sendable, CustomStringConvertible {
    let host: String
    let subdomains: Bool

    init?(_ text: String) {
        let wild = text.hasPrefix("*.")
        guard let ascii = Punycode.asciiHost(wild ? String(text.dropFirst(2)) : text) else { return nil }
        host = ascii
        subdomains = wild
    }

    func matches(_ h: String) -> Bool {
        subdomains ? h.hasSuffix("." + host) : h == host
    }

    var description: String { subdomains ? "*." + host : host }
}

private typealias M = RoutesMessages
