import SiftMessages

/// What a refused or unmatched link is said to be in a result line, in English and Chinese side by side.
extension RoutesMessages {
    // The link as text.
    static let badCharacter = MessageTemplate(
        "routes.violation.bad_character", en: "the link contains {char}, a character RFC 3986 does not allow",
        zh: "链接包含 RFC 3986 不允许的字符 {char}")
    static let spaceOrControl = MessageTemplate(
        "routes.violation.space_or_control", en: "the link contains a space, a control character or a backslash", zh: "链接包含空格、控制字符或反斜杠")
    static let noScheme = MessageTemplate("routes.violation.no_scheme", en: "not a URL: no scheme", zh: "不是 URL：缺少 scheme")
    static let notScheme = MessageTemplate(
        "routes.violation.not_scheme", en: "'{scheme}' is not a URL scheme", zh: "'{scheme}' 不是合法的 scheme")
    static let forbiddenScheme = MessageTemplate(
        "routes.violation.forbidden_scheme", en: "{scheme}: links are never opened", zh: "{scheme}: 链接一律不打开")
    static let schemeNotAllowed = MessageTemplate(
        "routes.violation.scheme_not_allowed", en: "the scheme '{scheme}' is not allowed (allowed: {allowed})",
        zh: "不允许的 scheme '{scheme}'（允许：{allowed}）")
    static let expectedSlashes = MessageTemplate(
        "routes.violation.expected_slashes", en: "expected '//' after '{scheme}:'", zh: "'{scheme}:' 之后应为 '//'")
    static let partCharacter = MessageTemplate(
        "routes.violation.part_character", en: "the {part} contains {char}, which RFC 3986 does not allow there",
        zh: "{part}中包含 RFC 3986 不允许的字符 {char}")
    static let partQuery = MessageTemplate("routes.part.query", en: "query", zh: "查询")
    static let partFragment = MessageTemplate("routes.part.fragment", en: "fragment", zh: "片段")
    static let nonASCII = MessageTemplate("routes.character.non_ascii", en: "a non-ASCII character", zh: "非 ASCII 字符")
    static let badEscape = MessageTemplate(
        "routes.violation.bad_escape", en: "a '%' is not followed by two hex digits", zh: "'%' 之后不是两位十六进制数字")
    static let nulByte = MessageTemplate(
        "routes.violation.nul_byte", en: "the link contains an encoded NUL byte (%00)", zh: "链接包含编码的 NUL 字节（%00）")
    static let encodedSlash = MessageTemplate(
        "routes.violation.encoded_slash", en: "a path segment contains an encoded slash (%2F)", zh: "路径段中含有编码的斜杠（%2F）")
    static let encodedBackslash = MessageTemplate(
        "routes.violation.encoded_backslash", en: "a path segment contains an encoded backslash (%5C)", zh: "路径段中含有编码的反斜杠（%5C）")
    static let badEncoding = MessageTemplate("routes.violation.bad_encoding", en: "the decoded text is not UTF-8", zh: "解码后的文本不是 UTF-8")
    static let encodedControl = MessageTemplate(
        "routes.violation.encoded_control", en: "the link contains an encoded control character ({what})", zh: "链接包含编码的控制字符（{what}）")
    static let dotSegment = MessageTemplate(
        "routes.violation.dot_segment", en: "the path has a '{segment}' segment", zh: "路径中含有 '{segment}' 段")
    static let pathEmptySegment = MessageTemplate(
        "routes.violation.empty_segment", en: "the path has an empty segment ('//')", zh: "路径中有空段（'//'）")
    static let queryTwice = MessageTemplate("routes.violation.query_twice", en: "the query names '{name}' twice", zh: "查询参数 '{name}' 出现了两次")

    // The host and port.
    static let userinfo = MessageTemplate(
        "routes.violation.userinfo", en: "the link carries a user name or password before '@'", zh: "链接在 '@' 前带有用户名或密码")
    static let portMalformed = MessageTemplate(
        "routes.violation.port_malformed", en: "the port '{port}' is not a number", zh: "端口 '{port}' 不是数字")
    static let port = MessageTemplate(
        "routes.violation.port", en: "the link names port {port}; only the default port is allowed", zh: "链接指定了端口 {port}，只允许默认端口")
    static let noHost = MessageTemplate("routes.violation.no_host", en: "the link has no host", zh: "链接没有主机名")
    static let trailingDot = MessageTemplate(
        "routes.violation.trailing_dot", en: "the host '{host}' ends with a dot (host_trailing_dot: refuse)",
        zh: "主机 '{host}' 以点结尾（host_trailing_dot: refuse）")
    static let hostMalformed = MessageTemplate(
        "routes.violation.host_malformed", en: "'{host}' is not a valid host name", zh: "'{host}' 不是合法的主机名")
    static let hostNotAllowed = MessageTemplate(
        "routes.violation.host_not_allowed", en: "the host '{host}' is not one of the app's hosts", zh: "主机 '{host}' 不属于本应用")
    static let ipLiteral = MessageTemplate(
        "routes.violation.ip_literal", en: "'{literal}' is an IP address literal; links must name a host",
        zh: "'{literal}' 是 IP 地址字面量，链接必须使用主机名")

    // Routing.
    static let urlMissing = MessageTemplate("routes.violation.url_missing", en: "the record has no link here", zh: "记录中此处没有链接")
    static let excluded = MessageTemplate(
        "routes.violation.excluded", en: "the path {path} is excluded by '{pattern}'", zh: "路径 {path} 被 '{pattern}' 排除")
    static let notAssociated = MessageTemplate(
        "routes.violation.not_associated", en: "the AASA file does not open {path} in the app ({why})", zh: "AASA 文件不会在应用中打开 {path}（{why}）")
    static let aasaFirstMatch = MessageTemplate("routes.aasa.first_match", en: "its first match is '{label}'", zh: "第一个匹配的是 '{label}'")
    static let aasaNoMatch = MessageTemplate("routes.aasa.no_match", en: "no pattern matches", zh: "没有模式匹配")
    static let paramType = MessageTemplate(
        "routes.violation.param_type", en: "'{value}' is not a valid {type} for :{param} of route '{route}'",
        zh: "'{value}' 不是路由 '{route}' 中 :{param} 的有效 {type}")
    static let unmatched = MessageTemplate("routes.violation.unmatched", en: "no route matches {path}", zh: "没有路由匹配 {path}")
    static let queryType = MessageTemplate(
        "routes.violation.query_type", en: "query parameter '{name}' is '{value}', not a valid {type}",
        zh: "查询参数 '{name}' 的值 '{value}' 不是有效的 {type}")
    static let queryMissing = MessageTemplate(
        "routes.violation.query_missing", en: "the link lacks the required query parameter '{name}'", zh: "链接缺少必需的查询参数 '{name}'")
    static let queryUnknown = MessageTemplate(
        "routes.violation.query_unknown", en: "query parameter '{name}' is not accepted by route '{route}'",
        zh: "路由 '{route}' 不接受查询参数 '{name}'")
    static let noRoutes = MessageTemplate("routes.violation.no_routes", en: "no pack has routes", zh: "没有包含 routes 的规则包")

    static let violationTemplates: [MessageTemplate] = [
        badCharacter, spaceOrControl, noScheme, notScheme, forbiddenScheme, schemeNotAllowed, expectedSlashes, partCharacter, partQuery,
        partFragment, nonASCII, badEscape, nulByte, encodedSlash, encodedBackslash, badEncoding, encodedControl, dotSegment,
        pathEmptySegment,
        queryTwice, userinfo, portMalformed, port, noHost, trailingDot, hostMalformed, hostNotAllowed, ipLiteral, urlMissing, excluded,
        notAssociated, aasaFirstMatch, aasaNoMatch, paramType, unmatched, queryType, queryMissing, queryUnknown, noRoutes,
    ]
}
