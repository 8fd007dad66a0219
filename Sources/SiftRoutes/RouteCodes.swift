import SiftCore

extension ReasonCode {
    /// The reason codes of `route:` (docs/ROUTES.md). Each keeps its meaning forever; compare a
    /// verdict's codes with them (`violation.reason == ReasonCode.Route.badCharacter`).
    public enum Route: Sendable {
        /// Spaces, control characters (C0, DEL, C1) or backslashes in the link; with `strict_characters` (the
        /// default), also a character RFC 3986 does not allow.
        public static let badCharacter: ReasonCode = "route.bad_character"
        /// Escapes whose bytes are not UTF-8 (`%FF`).
        public static let badEncoding: ReasonCode = "route.bad_encoding"
        /// A `%` not followed by two hex digits (`%zz`), in the path, the query or the fragment.
        public static let badEscape: ReasonCode = "route.bad_escape"
        /// No pack of the pipeline has `routes:` (from `pipeline.route(_:)` only, never in result lines).
        public static let noRoutes: ReasonCode = "route.no_routes"
        /// Not `scheme://...`.
        public static let badUrl: ReasonCode = "route.bad_url"
        /// A segment is `.` or `..` (also `%2e%2e`).
        public static let dotSegment: ReasonCode = "route.dot_segment"
        /// `//` inside the path.
        public static let emptySegment: ReasonCode = "route.empty_segment"
        /// Any other encoded control character in a path segment or a query name or value: `%01`–`%1F` (`%0A`, `%0D`,
        /// `%09`, ...), `%7F`, and (unless `controls: c0_del`) C1 controls U+0080–U+009F after UTF-8 decoding
        /// (`%C2%85`).
        public static let encodedControl: ReasonCode = "route.encoded_control"
        /// A segment holds `%2F` or `%5C` (an encoded slash or backslash).
        public static let encodedSlash: ReasonCode = "route.encoded_slash"
        /// The decoded path matches one of the `exclude:` patterns.
        public static let excluded: ReasonCode = "route.excluded"
        /// A scheme that is never opened: `javascript:`, `data:`, `file:`, `vbscript:`, `blob:` (or the list in
        /// `forbidden_schemes`).
        public static let forbiddenScheme: ReasonCode = "route.forbidden_scheme"
        /// An IP address literal (`[::1]`, with or without a port): links must name a host. (Before 0.9 also a host
        /// that is not one at all: that is `hostMalformed` now.)
        public static let hostInvalid: ReasonCode = "route.host_invalid"
        /// Text that is no host: empty, `%`, characters host names cannot have, an unclosed `[` (`[::1`), text after
        /// `]` other than `:port` (`[::1]x`), brackets elsewhere.
        public static let hostMalformed: ReasonCode = "route.host_malformed"
        /// An https host not in `hosts` (compared case-insensitively, IDN as punycode: `例子.cn` = `xn--fsqu00a.cn`).
        public static let hostNotAllowed: ReasonCode = "route.host_not_allowed"
        /// The `aasa:` file does not send this universal link to the app.
        public static let notAssociated: ReasonCode = "route.not_associated"
        /// `%00` anywhere.
        public static let nulByte: ReasonCode = "route.nul_byte"
        /// A route would match, but a parameter is not of its declared type.
        public static let paramType: ReasonCode = "route.param_type"
        /// A port other than the default (443 for https; none for custom schemes). (Before 0.9 also a port that is not
        /// a number: that is `portMalformed` now.)
        public static let port: ReasonCode = "route.port"
        /// A port that is not all digits (`:abc`, `:44x`, `:+443`, `:-443`).
        public static let portMalformed: ReasonCode = "route.port_malformed"
        /// A query parameter given twice.
        public static let queryDuplicate: ReasonCode = "route.query_duplicate"
        /// A required query parameter of the matched route is missing.
        public static let queryMissing: ReasonCode = "route.query_missing"
        /// A query parameter the route declares is not of its type.
        public static let queryType: ReasonCode = "route.query_type"
        /// A query parameter the matched route does not accept.
        public static let queryUnknown: ReasonCode = "route.query_unknown"
        /// Any other scheme that is neither in `schemes` nor `https` with `hosts` (`http:` too).
        public static let schemeNotAllowed: ReasonCode = "route.scheme_not_allowed"
        /// No route matches the link (and there is no fallback).
        public static let unmatched: ReasonCode = "route.unmatched"
        /// The record has no link (text) at `field`.
        public static let urlMissing: ReasonCode = "route.url_missing"
        /// `user:password@` before the host.
        public static let userinfo: ReasonCode = "route.userinfo"
    }
}
