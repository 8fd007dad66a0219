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
