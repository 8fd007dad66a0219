import SiftCore
import SiftMessages

extension RoutesStage {
    /// The checks a link goes through, in order: the first that fails gives the link's one
    /// reason (docs/ROUTES.md says why the order is this one).
    static func checkOrder(_ p: LinkParser, zh: Bool) -> [String] {
        let controls = p.c1Controls ? (zh ? "C0、DEL、C1 控制字符" : "C0, DEL and C1 controls") : (zh ? "C0、DEL 控制字符" : "C0 and DEL controls")
        func part(_ r: LinkParser.Reading, _ en: String, _ zhText: String) -> String {
            r == .checked
                ? (zh
                    ? "\(zhText)：解码并检查 [route.bad_escape, route.nul_byte, route.encoded_control, route.bad_encoding]"
                    : "\(en): decoded and checked [route.bad_escape, route.nul_byte, route.encoded_control, route.bad_encoding]")
                : (zh
                    ? "\(zhText)：原样传递，只拒绝 RFC 3986 不允许的字符 [route.bad_character, route.bad_escape]"
                    : "\(en): passed through as written, only characters RFC 3986 does not allow refused "
                        + "[route.bad_character, route.bad_escape]")
        }
        let en = [
            "spaces, backslashes, \(controls) [route.bad_character]",
            "scheme: syntax [route.bad_url], never opened [route.forbidden_scheme], allowed [route.scheme_not_allowed]",
            p.strictCharacters
                ? "characters RFC 3986 does not allow [route.bad_character]" : "characters: not checked (strict_characters: false)",
            "'//' after the scheme [route.bad_url]",
            part(p.fragment, "fragment", "片段"),
            "authority: user name or password [route.userinfo], brackets [route.host_malformed], IP literal [route.host_invalid], "
                + "port [route.port_malformed, route.port], host name [route.host_malformed], the app's hosts [route.host_not_allowed]",
            "path segments: escapes, NUL, controls, encoded slashes, UTF-8, '.' and '..', '//' [route.bad_escape, route.nul_byte, "
                + "route.encoded_control, route.encoded_slash, route.bad_encoding, route.dot_segment, route.empty_segment]",
            part(p.query, "query", "查询") + (p.query == .checked ? ", a name given twice [route.query_duplicate]" : ""),
            "exclusions [route.excluded], then the AASA file [route.not_associated]",
            "routes [route.unmatched, route.param_type], then the route's query parameters [route.query_missing, "
                + "route.query_type, route.query_unknown]",
        ]
        guard zh else { return en }
        return [
            "空格、反斜杠、\(controls) [route.bad_character]",
            "scheme：语法 [route.bad_url]、一律不打开 [route.forbidden_scheme]、是否允许 [route.scheme_not_allowed]",
            p.strictCharacters ? "RFC 3986 不允许的字符 [route.bad_character]" : "字符：不检查（strict_characters: false）",
            "scheme 之后的 '//' [route.bad_url]",
            part(p.fragment, "fragment", "片段"),
            "authority：用户名或密码 [route.userinfo]、方括号 [route.host_malformed]、IP 地址 [route.host_invalid]、"
                + "端口 [route.port_malformed, route.port]、主机名 [route.host_malformed]、应用的主机 [route.host_not_allowed]",
            "路径段：转义、NUL、控制字符、编码的斜杠、UTF-8、'.' 和 '..'、'//' [route.bad_escape, route.nul_byte, "
                + "route.encoded_control, route.encoded_slash, route.bad_encoding, route.dot_segment, route.empty_segment]",
            part(p.query, "query", "查询") + (p.query == .checked ? "、重复的参数名 [route.query_duplicate]" : ""),
            "排除规则 [route.excluded]，然后是 AASA 文件 [route.not_associated]",
            "路由 [route.unmatched, route.param_type]，然后是路由的查询参数 [route.query_missing, route.query_type, route.query_unknown]",
        ]
    }

    func explain(_ language: Language) -> String {
        let zh = language == .zh
        var lines = [
            zh
                ? "\(field) 中链接的路由（\(rule)）；按文件顺序第一个匹配的路由生效："
                : "routes for links in \(field) (\(rule)); the first matching route in file order wins:"
        ]
        let schemes = parser.schemes.sorted().map { "\($0)://" }
        let hosts = parser.hosts.map { "https://\($0)" }
        lines.append((zh ? "  链接：" : "  links: ") + (schemes + hosts).joined(separator: ", "))
        lines.append(zh ? "  检查顺序（第一个不通过的检查给出唯一原因）：" : "  checks, in order (the first that fails is the one reason):")
        for (i, check) in Self.checkOrder(parser, zh: zh).enumerated() { lines.append("    \(i + 1). \(check)") }
        for r in table.routes {
            var line = "  #\(r.index + 1) \(r.pattern) → \(r.destination) (\(r.mark))"
            if !r.query.isEmpty {
                line +=
                    (zh ? " 查询：" : " query: ")
                    + r.query.map { "\($0.name): \($0.type)\($0.required ? (zh ? " 必填" : " required") : "")" }.joined(separator: ", ")
            }
            if r.rejectUnknownQuery { line += zh ? "；拒绝其他查询参数" : "; other query parameters rejected" }
            lines.append(line)
        }
        for e in exclusions { lines.append((zh ? "  排除：" : "  excluded: ") + "\(e) [route.excluded]") }
        lines.append(
            zh
                ? "  未匹配：" + (fallback.map { "→ \($0)" } ?? "拒绝 [route.unmatched]")
                : "  unmatched: " + (fallback.map { "→ \($0)" } ?? "rejected [route.unmatched]"))
        lines.append(zh ? "  前缀树：" : "  trie:")
        lines += table.printed().split(separator: "\n").map { "    " + $0 }
        return lines.joined(separator: "\n")
    }
}
