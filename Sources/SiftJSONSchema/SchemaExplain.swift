import SiftCore
import SiftMessages

/// `sift explain` of a `schema:` section: each path with what it must be, in plain words, the
/// reason code of each rule in brackets, as the explanation of fields reads.
struct SchemaExplain {
    let program: SchemaProgram
    let language: Language
    private var zh: Bool { language == .zh }

    func text(file: String, field: String?) -> String {
        var lines = [
            zh
                ? "JSON Schema \(file)（draft \(program.draft.rawValue)），检查\(field.map { "字段 \($0)" } ?? "整条记录")："
                : "JSON Schema \(file) (draft \(program.draft.rawValue)), checking \(field.map { "the field \($0)" } ?? "the whole record"):"
        ]
        var seen = Set<Int>()
        describe(program.root, path: field ?? "", depth: 1, &lines, &seen)
        if lines.count > Self.limit {
            lines = Array(lines.prefix(Self.limit))
            lines.append(zh ? "  ……（其余从略：共超过 \(Self.limit) 行）" : "  … (the rest left out: more than \(Self.limit) lines)")
        }
        return lines.joined(separator: "\n")
    }

    private func name(_ path: String) -> String { path.isEmpty ? (zh ? "记录" : "record") : path }
    /// The path as reason codes begin: `record` for the whole record.
    private func code(_ path: String) -> String { path.isEmpty ? "record" : path }

    /// Lines of an explanation at most: a schema that reuses definitions at many levels would
    /// otherwise explain them again at each.
    static let limit = 2000

    private func describe(_ n: Int, path: String, depth: Int, _ lines: inout [String], _ seen: inout Set<Int>) {
        guard lines.count <= Self.limit else { return }
        let pad = String(repeating: "  ", count: depth)
        guard depth < 12, seen.insert(n).inserted else {
            lines.append(pad + "\(name(path)): " + (zh ? "同上文 \(program.nodes[n].pointer)" : "as \(program.nodes[n].pointer) above"))
            return
        }
        defer { seen.remove(n) }
        let node = program.nodes[n]
        let rules = phrases(node, code: code(path))
        if !rules.isEmpty { lines.append(pad + "\(name(path)): " + rules.joined(separator: zh ? "；" : "; ")) }
        for name in node.required {
            let at = join(path, name.text)
            lines.append(pad + "\(at): " + (zh ? "必填" : "required") + " [\(at).required]")
        }
        for (name, others) in node.dependentRequired {
            lines.append(
                pad + (zh ? "有 \(join(path, name.text)) 时必须有：" : "when \(join(path, name.text)) is present, also: ")
                    + others.map(\.text).joined(separator: ", "))
        }
        for (name, sub) in node.properties { describe(sub, path: join(path, name.text), depth: depth, &lines, &seen) }
        for (pattern, sub) in node.patternProperties {
            lines.append(pad + (zh ? "名称匹配 '\(pattern.source)' 的属性：" : "properties named like '\(pattern.source)':"))
            describe(sub, path: join(path, "*"), depth: depth + 1, &lines, &seen)
        }
        if let extra = node.additionalProperties {
            if program.nodes[extra].never {
                lines.append(
                    pad + "\(name(path)): " + (zh ? "不允许未列出的属性" : "no other properties") + " [\(code(path)).additionalProperties]")
            } else {
                lines.append(pad + (zh ? "其他属性：" : "other properties:"))
                describe(extra, path: join(path, "*"), depth: depth + 1, &lines, &seen)
            }
        }
        for (i, sub) in node.prefixItems.enumerated() { describe(sub, path: path + "[\(i)]", depth: depth, &lines, &seen) }
        if let items = node.items {
            if program.nodes[items].never {
                lines.append(
                    pad + "\(name(path)): "
                        + (zh ? "至多 \(node.prefixItems.count) 个元素" : "at most \(SchemaMessages.count(node.prefixItems.count, "element"))"))
            } else {
                describe(items, path: path + "[*]", depth: depth, &lines, &seen)
            }
        }
        if let contains = node.contains {
            lines.append(
                pad
                    + (zh
                        ? "\(name(path)) 须含有这样的元素 [\(code(path)).contains]："
                        : "\(name(path)) must contain an element [\(code(path)).contains]:"))
            describe(contains, path: path + "[*]", depth: depth + 1, &lines, &seen)
        }
        for (word, list) in [("allOf", node.allOf), ("anyOf", node.anyOf), ("oneOf", node.oneOf)] where !list.isEmpty {
            lines.append(pad + "\(name(path)): " + alternatives(word, list.count) + " [\(code(path)).\(word)]")
            for (i, sub) in list.enumerated() {
                lines.append(pad + "  \(i + 1).")
                describe(sub, path: path, depth: depth + 2, &lines, &seen)
            }
        }
        if let not = node.not {
            lines.append(pad + "\(name(path)): " + (zh ? "不得符合" : "must not match") + " [\(code(path)).not]:")
            describe(not, path: path, depth: depth + 1, &lines, &seen)
        }
        if let (condition, then, otherwise) = node.ifThenElse {
            lines.append(pad + (zh ? "如果 \(name(path)) 符合：" : "if \(name(path)) matches:"))
            describe(condition, path: path, depth: depth + 1, &lines, &seen)
            if let then {
                lines.append(pad + (zh ? "则：" : "then:"))
                describe(then, path: path, depth: depth + 1, &lines, &seen)
            }
            if let otherwise {
                lines.append(pad + (zh ? "否则：" : "else:"))
                describe(otherwise, path: path, depth: depth + 1, &lines, &seen)
            }
        }
        for (name, sub) in node.dependentSchemas {
            lines.append(pad + (zh ? "有 \(join(path, name.text)) 时：" : "when \(join(path, name.text)) is present:"))
            describe(sub, path: path, depth: depth + 1, &lines, &seen)
        }
        if let ref = node.ref { describe(ref, path: path, depth: depth, &lines, &seen) }
    }

    private func join(_ path: String, _ key: String) -> String {
        let safe = !key.isEmpty && !key.contains(where: { ".[]".contains($0) })
        return path.isEmpty ? (safe ? key : "[\"\(key)\"]") : (safe ? path + "." + key : path + "[\"\(key)\"]")
    }

    private func alternatives(_ word: String, _ n: Int) -> String {
        switch word {
        case "allOf": return zh ? "须符合以下全部 \(n) 项" : "must match all \(n) of"
        case "anyOf": return zh ? "须符合以下 \(n) 项中的至少一项" : "must match at least one of \(n)"
        default: return zh ? "须恰好符合以下 \(n) 项中的一项" : "must match exactly one of \(n)"
        }
    }

    /// What a node asserts about the value itself, each with its keyword.
    private func phrases(_ node: SchemaNode, code: String) -> [String] {
        var out: [String] = []
        func tag(_ keyword: String) -> String { " [\(code).\(keyword)]" }
        if node.never { out.append((zh ? "不允许出现" : "not allowed") + tag("false")) }
        if let t = node.types { out.append((zh ? "类型 " : "type ") + t.words.joined(separator: zh ? " 或 " : " or ") + tag("type")) }
        if let values = node.enumValues {
            out.append(
                (zh ? "取值之一：" : "one of: ") + values.map { Violation.excerpt($0, limit: 40) ?? "" }.joined(separator: ", ") + tag("enum"))
        }
        if let c = node.constValue { out.append((zh ? "恰为 " : "exactly ") + (Violation.excerpt(c, limit: 60) ?? "") + tag("const")) }
        let bounds: [(String, NumberBound?)] = [
            ("minimum", node.minimum), ("maximum", node.maximum), ("exclusiveMinimum", node.exclusiveMinimum),
            ("exclusiveMaximum", node.exclusiveMaximum), ("multipleOf", node.multipleOf),
        ]
        for (word, b) in bounds { if let b { out.append(text(SchemaMessages.bound(word, b)) + tag(word)) } }
        if let n = node.minLength {
            out.append((zh ? "至少 \(n) 个字符" : "at least \(SchemaMessages.count(n, "character"))") + tag("minLength"))
        }
        if let n = node.maxLength {
            out.append((zh ? "至多 \(n) 个字符" : "at most \(SchemaMessages.count(n, "character"))") + tag("maxLength"))
        }
        if let p = node.pattern {
            out.append(
                (zh ? "含有匹配 '\(p.source)' 的部分（搜索，非整体匹配）" : "contains a match of '\(p.source)' (a search, not a full match)")
                    + tag("pattern"))
        }
        if let f = node.format { out.append((zh ? "有效的 \(f.kind.rawValue)" : "a valid \(f.kind.rawValue)") + tag("format")) }
        if let n = node.minProperties {
            out.append((zh ? "至少 \(n) 个属性" : "at least \(SchemaMessages.count(n, "property", "properties"))") + tag("minProperties"))
        }
        if let n = node.maxProperties {
            out.append((zh ? "至多 \(n) 个属性" : "at most \(SchemaMessages.count(n, "property", "properties"))") + tag("maxProperties"))
        }
        if let n = node.minItems { out.append((zh ? "至少 \(n) 个元素" : "at least \(SchemaMessages.count(n, "element"))") + tag("minItems")) }
        if let n = node.maxItems { out.append((zh ? "至多 \(n) 个元素" : "at most \(SchemaMessages.count(n, "element"))") + tag("maxItems")) }
        if node.uniqueItems { out.append((zh ? "元素互不相同" : "elements all different") + tag("uniqueItems")) }
        if node.contains != nil, let n = node.minContains {
            out.append((zh ? "至少 \(n) 个符合 contains" : "at least \(n) matching") + tag("minContains"))
        }
        if node.contains != nil, let n = node.maxContains {
            out.append((zh ? "至多 \(n) 个符合 contains" : "at most \(n) matching") + tag("maxContains"))
        }
        return out
    }

    private func text(_ t: LocalizedText) -> String { zh ? t.zh : t.en }
}
