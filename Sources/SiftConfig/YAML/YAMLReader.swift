import SiftMessages

internal import CYAML

/// Reads YAML text into a `ConfigNode` tree through libyaml's event stream.
///
/// This is the only file that imports libyaml. Anchors and aliases are supported, with
/// an expansion budget so an alias bomb is an error and not a hang; `<<` merge keys
/// are applied; duplicate keys are reported.
package struct YAMLReader: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = YAMLLimits()) {
        self.limits = limits
    }

    /// Parses one YAML document. Returns nil for an empty file. Throws the first syntax
    /// error; problems that do not stop the parse (duplicate keys) go to `diagnostics`.
    public func read(_ text: String, file: String, diagnostics: inout DiagnosticList) throws(Diagnostic) -> ConfigNode? {
        var bytes = Array(text.utf8)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Diagnostic) -> ConfigNode? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                throw Diagnostic.error(ConfigMessages.couldStartYamlParser(), at: Mark(file: file, line: 1, column: 1))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count - 1)
            var builder = TreeBuilder(file: file, limits: limits)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw syntaxError(parser, file: file, text: text)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try builder.handle(event)
            }
            diagnostics.append(contentsOf: builder.diagnostics.items)
            return builder.document
        }
    }

    /// libyaml's error said in the author's terms (`YAMLProblems`): never libyaml's own words.
    private func syntaxError(_ parser: yaml_parser_t, file: String, text: String) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        let mark = Mark(file: file, line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The common mistakes, said in the author's terms, on the line to change.
        for n in [mark.line - 1, mark.line - 2] where n >= 0 && n < lines.count {
            if let (plain, column) = Self.translate(String(lines[n])) {
                return .error(plain, at: Mark(file: file, line: n + 1, column: column))
            }
        }
        if let (plain, at) = Self.layout(problem, context, mark, contextMark(parser, file), lines) {
            return .error(plain, at: at)
        }
        // The usual cause of "cannot start any token": a tab used for indentation.
        if mark.line <= lines.count, lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1).first == "\t" {
            return .error(ConfigMessages.tabIndentsLineYamlIndents(), at: mark)
        }
        return .error(YAMLProblems.plain(problem), at: mark)
    }

    private func contextMark(_ parser: yaml_parser_t, _ file: String) -> Mark {
        Mark(file: file, line: parser.context_mark.line + 1, column: parser.context_mark.column + 1)
    }

    /// libyaml's words for the common layout mistakes, said in the author's terms, at the line
    /// where the layout went wrong (often where the construct started, not where libyaml noticed).
    static func layout(_ problem: String, _ context: String?, _ mark: Mark, _ start: Mark, _ lines: [Substring]) -> (Message, Mark)? {
        switch (problem, context ?? "") {
        case ("mapping values are not allowed in this context", _):
            if let (n, text) = continuedValue(mark, lines) {
                // `reason: phone` at column 0 above `  email: [...]`: this line continues its value.
                return (
                    ConfigMessages.yamlValueContinued(["line": "\(n)", "next": "\(mark.line)", "text": text]),
                    Mark(file: mark.file, line: n, column: 1)
                )
            }
            return (ConfigMessages.yamlSecondColon(), mark)
        case ("could not find expected ':'", "while scanning a simple key"):
            return (ConfigMessages.yamlWordWithoutColon(), start)
        case ("found unexpected end of stream", "while scanning a quoted scalar"):
            return (ConfigMessages.yamlQuoteOpen(), start)
        case ("did not find expected ',' or ']'", _):
            return (ConfigMessages.yamlBracketOpen(), start)
        case ("did not find expected ',' or '}'", _):
            return (ConfigMessages.yamlBraceOpen(), start)
        case ("did not find expected '-' indicator", "while parsing a block collection"):
            return YAMLListLayout.outOfLine(mark, listStart: start, lines)
        case ("did not find expected key", "while parsing a block mapping"):
            let line = mark.line <= lines.count ? lines[mark.line - 1] : ""
            let column = (line.firstIndex { $0 != " " }).map { line.distance(from: line.startIndex, to: $0) + 1 } ?? mark.column
            return (
                ConfigMessages.yamlKeyOutOfLine(["line": "\(start.line)", "column": "\(start.column)"]),
                Mark(file: mark.file, line: mark.line, column: column)
            )
        default: return nil
        }
    }

    /// The line above `mark`'s (1-based number) whose plain value `mark`'s line is read as
    /// continuing, with `mark`'s line trimmed: it holds `key: value` and is indented less.
    private static func continuedValue(_ mark: Mark, _ lines: [Substring]) -> (Int, String)? {
        guard mark.line >= 2, mark.line <= lines.count else { return nil }
        func indent(_ l: Substring) -> Int { l.prefix { $0 == " " }.count }
        let here = lines[mark.line - 1]
        var n = mark.line - 1
        while n >= 1, lines[n - 1].trimmingCharacters(in: .whitespaces).isEmpty { n -= 1 }
        guard n >= 1 else { return nil }
        let above = lines[n - 1]
        guard indent(above) < indent(here), let colon = above.range(of: ": ") else { return nil }
        let value = above[colon.upperBound...].trimmingCharacters(in: .whitespaces)
        guard let first = value.first, !"[{'\"|>&*#".contains(first) else { return nil }
        return (n, here.trimmingCharacters(in: .whitespaces))
    }

    /// A plain explanation of a line YAML cannot read, and the 1-based column to point at.
    static func translate(_ line: String) -> (Message, Int)? {
        let s = Array(line.unicodeScalars)
        if let i = s.firstIndex(where: { $0 != " " }), s[i] == "\u{3000}" {
            return (ConfigMessages.yamlFullWidthSpace(), i + 1)
        }
        // `regex: ^1[3-9]...` or `pattern: ...` unquoted, with characters YAML reads itself.
        for key in ["regex:", "pattern:"] {
            guard let r = line.range(of: key) else { continue }
            let value = line[r.upperBound...].drop { $0 == " " }
            let rest = value.drop { "‘’“”".contains($0) }
            // Closers of the list or mapping the pattern sits in (`{regex: x}]`) are not its own.
            guard let c = rest.first, c != "'", c != "\"", c != "{",
                rest.withoutFlowClosers.contains(where: { "[]{}:#,".contains($0) })
            else { continue }
            let column = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: value.startIndex) + 1
            return (ConfigMessages.yamlPatternUnquoted(["key": key, "pattern": String(rest.withoutFlowClosers)]), column)
        }
        // An unquoted `[*]` path inside `{...}`, or a reason code with `[*]` inside `[...]`.
        if let r = line.range(of: "[*]") {
            var start = r.lowerBound
            while start > line.startIndex, !" {[,:'\"".contains(line[line.index(before: start)]) { start = line.index(before: start) }
            let opener = start == line.startIndex ? nil : line[line.index(before: start)]
            guard opener != "'", opener != "\"", line.contains("{") || opener == "[" || line[..<start].contains("[") else { return nil }
            var end = r.upperBound
            while end < line.endIndex, !" },:]".contains(line[end]) { end = line.index(after: end) }
            let path = line[start..<end]
            let column = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: start) + 1
            if line.contains("{") { return (ConfigMessages.yamlWildcardInBraces(["path": String(path)]), column) }
            return (ConfigMessages.yamlWildcardInBrackets(["path": String(path)]), column)
        }
        return nil
    }
}

/// Turns events into nodes; keeps anchors, counts alias expansion, checks depth.
private struct TreeBuilder {
    struct Frame {
        var isMapping: Bool
        var mark: Mark
        var anchor: String?
        var children: [ConfigNode] = []
        var count = 1
    }

    let file: String
    let limits: YAMLLimits
    var stack: [Frame] = []
    var anchors: [String: (node: ConfigNode, count: Int)] = [:]
    var expanded = 0
    var document: ConfigNode?
    var documents = 0
    var diagnostics = DiagnosticList()

    init(file: String, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
    }

    func mark(_ m: yaml_mark_t) -> Mark {
        Mark(file: file, line: m.line + 1, column: m.column + 1)
    }

    static func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    mutating func handle(_ event: yaml_event_t) throws(Diagnostic) {
        let at = mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw .error(ConfigMessages.ruleFileHoldsOneYaml(), at: at)
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            var plain = s.style == YAML_PLAIN_SCALAR_STYLE
            if let tag = Self.string(s.tag), tag == "tag:yaml.org,2002:str" { plain = false }
            try add(ConfigNode(.scalar(.init(text, isPlain: plain)), mark: at), anchor: Self.string(s.anchor), count: 1)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw .error(ConfigMessages.unknownAliasDefineFirst(["name": "\(name)"]), at: at)
            }
            expanded += target.count
            if expanded > limits.aliasExpansionBudget {
                throw .error(
                    ConfigMessages.aliasesExpandMoreThanNodes([
                        "alias_expansion_budget": "\(limits.aliasExpansionBudget)", "name": "\(name)",
                    ]
                    ), at: at
                )
            }
            try add(ConfigNode(target.node.kind, mark: at), anchor: nil, count: target.count)
        case YAML_MAPPING_START_EVENT:
            try push(Frame(isMapping: true, mark: at, anchor: Self.string(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_START_EVENT:
            try push(Frame(isMapping: false, mark: at, anchor: Self.string(event.data.sequence_start.anchor)))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            let f = stack.removeLast()
            let kind: ConfigNode.Kind = f.isMapping ? .mapping(makePairs(f.children)) : .sequence(f.children)
            try add(ConfigNode(kind, mark: f.mark), anchor: f.anchor, count: f.count)
        default:
            break
        }
    }

    mutating func push(_ frame: Frame) throws(Diagnostic) {
        if stack.count >= limits.maxDepth {
            throw .error(ConfigMessages.nestingDeeperThanLevels(["max_depth": "\(limits.maxDepth)"]), at: frame.mark)
        }
        stack.append(frame)
    }

    mutating func add(_ node: ConfigNode, anchor: String?, count: Int) throws(Diagnostic) {
        if let anchor { anchors[anchor] = (node, count) }
        guard !stack.isEmpty else {
            document = node
            return
        }
        stack[stack.count - 1].children.append(node)
        stack[stack.count - 1].count += count
    }

    /// Pairs keys with values, applies `<<` merges, and reports duplicate keys.
    mutating func makePairs(_ flat: [ConfigNode]) -> [ConfigNode.Pair] {
        var pairs: [ConfigNode.Pair] = []
        var merged: [ConfigNode.Pair] = []
        var seen: [String: Mark] = [:]
        var i = 0
        while i + 1 < flat.count {
            let key = flat[i], value = flat[i + 1]
            i += 2
            if case .scalar(let s) = key.kind, s.isPlain, s.text == "<<" {
                let sources = value.items ?? [value]
                for source in sources {
                    if let p = source.pairs {
                        merged.append(contentsOf: p)
                    } else {
                        diagnostics.error(
                            ConfigMessages.mergesMappingListMappings(messages: ["source_kind": source.kindMessage]), at: source.mark)
                    }
                }
                continue
            }
            if let k = key.scalarText {
                if let first = seen[k] {
                    diagnostics.error(ConfigMessages.duplicateKeyFirstDefinedAt(["k": "\(k)", "line": "\(first.line)"]), at: key.mark)
                }
                seen[k] = key.mark
            }
            pairs.append(.init(key: key, value: value))
        }
        for p in merged where p.key.scalarText.map({ seen[$0] == nil }) ?? true {
            if let k = p.key.scalarText { seen[k] = p.key.mark }
            pairs.append(p)
        }
        return pairs
    }
}

private extension Substring {
    /// The text without the `}`, `]`, `,` and spaces that close the flow collections around it
    /// (a closer is kept while the text itself opened one).
    var withoutFlowClosers: Substring {
        var t = self
        func count(_ c: Character) -> Int { t.reduce(0) { $0 + ($1 == c ? 1 : 0) } }
        while let last = t.last {
            let unmatched = (last == "}" && count("}") > count("{")) || (last == "]" && count("]") > count("["))
            guard unmatched || " ,‘’“”".contains(last) else { break }
            t = t.dropLast()
        }
        return t
    }
}
