/// RFC 3986 URIs and URI references, and RFC 3987 IRIs (`format: uri`, `uri-reference`, `iri`,
/// `iri-reference`), read by the RFCs' grammars from the string's bytes:
///
///     URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
///     hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
///     relative-ref  = relative-part [ "?" query ] [ "#" fragment ]   (a reference: URI / relative-ref)
///     authority     = [ userinfo "@" ] host [ ":" port ]
///     host          = "[" ( IPv6address / IPvFuture ) "]" / IPv4address / reg-name
///
/// So `http://example.com:abc` (a port of letters), `http://[::1` (an open bracket), `http://a@b@c/`
/// (an `@` in the host) and `http://x/#a#b` (a `#` in the fragment) are refused. An IRI also
/// allows non-ASCII characters where a URI allows unreserved ones.
enum URIGrammar {
    /// `uri` (`iri` with `international`): absolute, with a scheme.
    static func absolute(_ t: [UInt8], international: Bool = false) -> Bool {
        guard let colon = schemeEnd(t) else { return false }
        return reference(t[(colon + 1)...], international: international, relative: false)
    }

    /// `uri-reference` (`iri-reference`): a URI, or a reference relative to one.
    static func reference(_ t: [UInt8], international: Bool = false) -> Bool {
        if let colon = schemeEnd(t) { return reference(t[(colon + 1)...], international: international, relative: false) }
        return reference(t[...], international: international, relative: true)
    }

    /// The index of the `:` after a valid scheme, or nil.
    private static func schemeEnd(_ t: [UInt8]) -> Int? {
        guard let colon = t.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(t[0]) else { return nil }
        let valid = t[..<colon].allSatisfy {
            isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        // A `/`, `?` or `#` before the colon: not a scheme, a relative path with a colon later.
        return valid ? colon : nil
    }

    /// hier-part (or relative-part) with its query and fragment.
    private static func reference(_ t: ArraySlice<UInt8>, international: Bool, relative: Bool) -> Bool {
        var rest = t
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard chars(rest[(hash + 1)...], international, extra: "/?:@") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard chars(rest[(question + 1)...], international, extra: "/?:@") else { return false }
            rest = rest[..<question]
        }
        if rest.starts(with: "//".utf8) {
            let body = rest.dropFirst(2)
            let end = body.firstIndex(of: UInt8(ascii: "/")) ?? body.endIndex
            return authority(body[..<end], international) && chars(body[end...], international, extra: "/:@")
        }
        // path-noscheme: in a relative reference, no `:` before the first `/`.
        if relative, let colon = rest.firstIndex(of: UInt8(ascii: ":")), rest[..<colon].allSatisfy({ $0 != UInt8(ascii: "/") }) {
            return false
        }
        return chars(rest, international, extra: "/:@")
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    private static func authority(_ a: ArraySlice<UInt8>, _ international: Bool) -> Bool {
        var host = a
        if let at = a.firstIndex(of: UInt8(ascii: "@")) {
            guard chars(a[..<at], international, extra: ":") else { return false }
            host = a[(at + 1)...]
        }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = host[(host.startIndex + 1)..<close]
            guard SchemaFormat.ipv6(Array(literal)) || future(literal) else { return false }
            return port(host[(close + 1)...])
        }
        let colon = host.firstIndex(of: UInt8(ascii: ":")) ?? host.endIndex
        return chars(host[..<colon], international, extra: "") && port(host[colon...])
    }

    /// Nothing, or `:` and digits.
    private static func port(_ p: ArraySlice<UInt8>) -> Bool {
        p.isEmpty || (p.first == UInt8(ascii: ":") && p.dropFirst().allSatisfy(isDigit))
    }

    /// IPvFuture: `v` 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
    private static func future(_ f: ArraySlice<UInt8>) -> Bool {
        guard f.first == UInt8(ascii: "v") || f.first == UInt8(ascii: "V"), let dot = f.firstIndex(of: UInt8(ascii: ".")) else {
            return false
        }
        let version = f[(f.startIndex + 1)..<dot], rest = f[(dot + 1)...]
        return !version.isEmpty && version.allSatisfy(SchemaFormat.isHex) && !rest.isEmpty
            && rest.allSatisfy { isUnreserved($0) || subDelims.contains($0) || $0 == UInt8(ascii: ":") }
    }

    private static let subDelims = Set("!$&'()*+,;=".utf8)

    /// Unreserved, sub-delims, percent escapes and the `extra` characters; with `international`,
    /// any non-ASCII character (UTF-8 bytes) too.
    private static func chars(_ s: ArraySlice<UInt8>, _ international: Bool, extra: String) -> Bool {
        let more = Set(extra.utf8)
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == UInt8(ascii: "%") {
                guard i + 2 < s.endIndex, SchemaFormat.isHex(s[i + 1]), SchemaFormat.isHex(s[i + 2]) else { return false }
                i += 3
                continue
            }
            guard isUnreserved(c) || subDelims.contains(c) || more.contains(c) || (international && c >= 0x80) else { return false }
            i += 1
        }
        return true
    }

    private static func isUnreserved(_ c: UInt8) -> Bool {
        isAlpha(c) || isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~")
    }

    private static func isAlpha(_ c: UInt8) -> Bool { c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z") }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
