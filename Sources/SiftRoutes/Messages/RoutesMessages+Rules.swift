import SiftMessages

/// What SiftRoutes says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension RoutesMessages {
    static let hostName = MessageTemplate(
        "routes.host_name",
        en: "'{h}' is not a host name",
        zh: "'{h}' 不是主机名")
    static let routesNeedsSchemesHostsWhich = MessageTemplate(
        "routes.routes_needs_schemes_hosts_which",
        en: "'routes' needs 'schemes' or 'hosts': which links does the app open?",
        zh: "'routes' 需要 'schemes' 或 'hosts'：应用会打开哪些链接？")
    static let routeCanNeverMatchRoute = MessageTemplate(
        "routes.route_can_never_match_route",
        en: "route '{pattern}' can never match: route '{pattern2}' (line {line}) comes first and matches every link it would",
        zh: "路由 '{pattern}' 永远不会匹配：路由 '{pattern2}'（第 {line} 行）在它前面，并且会匹配它能匹配的所有链接")
    static let unknownTypeTypes = MessageTemplate(
        "routes.unknown_type_types",
        en: "unknown type '{value}'{hint} (types: {names})",
        zh: "未知的类型 '{value}'{hint}（可用的类型：{names}）")
    static let invalidRegexType = MessageTemplate(
        "routes.invalid_regex_type",
        en: "invalid regex in type '{value}': {message}",
        zh: "类型 '{value}' 中的正则无效：{message}")
    static let parameter = MessageTemplate(
        "routes.parameter",
        en: "'{name}' is not a parameter of '{pattern}'{hint}",
        zh: "'{name}' 不是 '{pattern}' 的参数{hint}")
    static let defaultValid = MessageTemplate(
        "routes.default_valid",
        en: "the default '{d}' of '{name}' is not a valid {t}",
        zh: "'{name}' 的默认值 '{d}' 不是有效的 {t}")

    static let rulesTemplates: [MessageTemplate] = [
        hostName, routesNeedsSchemesHostsWhich, routeCanNeverMatchRoute, unknownTypeTypes, invalidRegexType, parameter,
        defaultValid,
    ]
}

/// Route patterns that cannot be read, schemes and the AASA file.
extension RoutesMessages {
    static let emptySegment = MessageTemplate("routes.empty_segment", en: "empty segment in '{pattern}'", zh: "'{pattern}' 中有空的路径段")
    static let restNotLast = MessageTemplate(
        "routes.rest_not_last", en: "'**' must be the last segment of '{pattern}'", zh: "'**' 必须是 '{pattern}' 的最后一段")
    static let openParen = MessageTemplate("routes.open_paren", en: "'{part}' opens '(' without closing it", zh: "'{part}' 有 '(' 但没有闭合")
    static let invalidRegexIn = MessageTemplate(
        "routes.invalid_regex_in", en: "invalid regex in '{part}': {problem}", zh: "'{part}' 中的正则无效：{problem}")
    static let parameterName = MessageTemplate(
        "routes.parameter_name", en: "a parameter name is letters, digits and '_': '{part}'", zh: "参数名只能包含字母、数字和 '_'：'{part}'")
    static let parameterTwice = MessageTemplate(
        "routes.parameter_twice", en: "parameter ':{name}' appears twice in '{pattern}'", zh: "参数 ':{name}' 在 '{pattern}' 中出现了两次")
    static let wholeSegments = MessageTemplate(
        "routes.whole_segments", en: "'{part}': '*' and ':' stand for whole segments only", zh: "'{part}'：'*' 和 ':' 只能代表整个路径段")
    static let customScheme = MessageTemplate(
        "routes.custom_scheme", en: "'{scheme}' cannot be a custom scheme", zh: "'{scheme}' 不能用作自定义 URL 协议")
    static let customSchemeHTTPS = MessageTemplate(
        "routes.custom_scheme_https", en: "'{scheme}' cannot be a custom scheme; list universal-link hosts under 'hosts'",
        zh: "'{scheme}' 不能用作自定义 URL 协议；通用链接的域名请写在 'hosts' 下")
    static let cannotReadAASA = MessageTemplate(
        "routes.cannot_read_aasa", en: "cannot read the AASA file '{path}'", zh: "无法读取 AASA 文件 '{path}'")
    static let cannotReadAASAFlag = MessageTemplate(
        "routes.cannot_read_aasa_flag", en: "cannot read the AASA file '{path}' (--aasa)", zh: "无法读取 AASA 文件 '{path}'（--aasa）")
    static let aasaProblem = MessageTemplate("routes.aasa_problem", en: "'{path}': {problem}", zh: "'{path}'：{problem}")

    static let patternTemplates: [MessageTemplate] = [
        emptySegment, restNotLast, openParen, invalidRegexIn, parameterName, parameterTwice, wholeSegments, customScheme,
        customSchemeHTTPS, cannotReadAASA, cannotReadAASAFlag, aasaProblem, unknownParameterType,
    ]
}

extension RoutesMessages {
    static let unknownParameterType = MessageTemplate(
        "routes.unknown_parameter_type", en: "unknown parameter type '{type}' in '{part}'{hint} (types: {names})",
        zh: "'{part}' 中有未知的参数类型 '{type}'{hint}（可用的类型：{names}）")
}
