import SiftJSON
import SiftMessages
import SiftConfig

/// Compiles a pack's `record:` section into a `RecordStage` (docs/RULES.md, "Relations").
struct RecordCompiler {
    static let keys = ["exactly_one_of", "at_least_one_of", "at_most_one_of", "requires", "fields", "allowed"]
    var diagnostics = DiagnosticList()
    /// The fields the relations name, for lint (`NeverActsLint`).
    var references: [FieldReference] = []
    /// The keys a closed record allows besides its fields.
    var allowed: [FieldPath] = []

    /// `declared`: the paths the pack's `fields:` name; `nullIsValue`: the pack's `null: value`.
    mutating func compile(_ node: ConfigNode, declared: [FieldPath], nullIsValue: Bool) -> RecordStage? {
        guard let pairs = node.pairs else {
            diagnostics.error(
                CoreMessages.recordMappingConstraintsWholeRecord(
                    ["keys": "\(Self.keys.joined(separator: ", "))"], messages: ["node_kind": node.kindMessage]), at: node.mark)
            return nil
        }
        var groups: [RecordStage.Group] = [], requirements: [RecordStage.Requirement] = []
        var closedMark: Mark?, allowed: [FieldPath] = [], allowedNode: ConfigNode?
        for p in pairs {
            guard let key = p.key.scalarText else { continue }
            if let count = RecordStage.Count(rawValue: key) {
                groups += compileGroups(count, p.value)
            } else if key == "requires" {
                requirements += compileRequires(p.value)
            } else if key == "fields" {
                guard let t = p.value.scalarText, ["open", "closed"].contains(t) else {
                    let got = p.value.scalarText.map { .verbatim("'\($0)'") } ?? p.value.kindMessage
                    diagnostics.error(CoreMessages.fieldsRecordOpenClosed(messages: ["got": got]), at: p.value.mark)
                    continue
                }
                if t == "closed" { closedMark = p.value.mark }
            } else if key == "allowed" {
                allowedNode = p.value
                allowed = paths(p.value, "allowed", wildcards: true) ?? []
                self.allowed = allowed
            } else {
                diagnostics.error(
                    CoreMessages.unknownKeyRecordKeys(
                        ["key": "\(key)", "keys": "\(Self.keys.joined(separator: ", "))"],
                        messages: ["hint": Suggestion.hint(key, in: Self.keys)]), at: p.key.mark)
            }
        }
        if let allowedNode, closedMark == nil {
            diagnostics.error(
                CoreMessages.allowedNamesKeysClosedRecord(), at: allowedNode.mark)
        }
        // A group's container: the longest path of the pack's fields above all of its fields.
        for i in groups.indices {
            groups[i].container = declared.filter { c in
                !c.components.isEmpty
                    && groups[i].fields.allSatisfy { $0.components.count > c.components.count && $0.components.starts(with: c.components) }
            }.max { $0.components.count < $1.components.count }
        }
        var named = declared + allowed
        for g in groups { named += g.fields }
        for r in requirements { named += [r.field] + r.needs }
        return RecordStage(
            groups: groups, requirements: requirements, closed: closedMark == nil ? nil : KeyTree(named),
            allowed: allowed.map(\.description), closedRule: closedMark, nullIsValue: nullIsValue)
    }

    /// `[a, b]` (one group) or `[[a, b], [c, d]]` (several), each of two fields or more.
    private mutating func compileGroups(_ count: RecordStage.Count, _ node: ConfigNode) -> [RecordStage.Group] {
        guard let items = node.items, !items.isEmpty else {
            diagnostics.error(
                CoreMessages.listFieldsSuchEmailPhone(["value": "\(count.rawValue)"], messages: ["node_kind": node.kindMessage]),
                at: node.mark)
            return []
        }
        let lists = items.allSatisfy { $0.items != nil } ? items : [node]
        return lists.compactMap { list in
            guard let fields = paths(list, count.rawValue, wildcards: false) else { return nil }
            guard fields.count >= 2 else {
                diagnostics.error(CoreMessages.needsTwoFieldsMoreOne(["value": "\(count.rawValue)"]), at: list.mark)
                return nil
            }
            if let twice = fields.first(where: { f in fields.filter { $0 == f }.count > 1 }) {
                diagnostics.error(CoreMessages.namesTwice(["value": "\(count.rawValue)", "twice": "\(twice)"]), at: list.mark)
                return nil
            }
            return RecordStage.Group(count: count, fields: fields, rule: list.mark)
        }
    }

    /// `{coupon: [coupon_source], gift: [gift_to, gift_note]}`.
    private mutating func compileRequires(_ node: ConfigNode) -> [RecordStage.Requirement] {
        guard let pairs = node.pairs, !pairs.isEmpty else {
            diagnostics.error(
                CoreMessages.requiresMapsFieldFieldsMakes(messages: ["node_kind": node.kindMessage]),
                at: node.mark)
            return []
        }
        return pairs.compactMap { p in
            guard let text = p.key.scalarText, let field = path(text, "requires", at: p.key.mark, wildcards: false) else { return nil }
            references.append(FieldReference(path: field, text: text, mark: p.key.mark, reader: .named("requires")))
            let list = p.value.items == nil ? ConfigNode(.sequence([p.value]), mark: p.value.mark) : p.value
            guard let needs = paths(list, "requires", wildcards: false) else { return nil }
            return RecordStage.Requirement(field: field, needs: needs, rule: p.key.mark)
        }
    }

    private mutating func paths(_ node: ConfigNode, _ key: String, wildcards: Bool) -> [FieldPath]? {
        guard let items = node.items else {
            diagnostics.error(CoreMessages.listFields(["key": "\(key)"], messages: ["node_kind": node.kindMessage]), at: node.mark)
            return nil
        }
        var out: [FieldPath] = []
        for item in items {
            guard let text = item.scalarText else {
                diagnostics.error(
                    CoreMessages.listsFieldPathsSuchEmail(["key": "\(key)"], messages: ["item_kind": item.kindMessage]), at: item.mark)
                return nil
            }
            guard let p = path(text, key, at: item.mark, wildcards: wildcards) else { return nil }
            if key != "allowed" { references.append(FieldReference(path: p, text: text, mark: item.mark, reader: .named(key))) }
            out.append(p)
        }
        return out
    }

    private mutating func path(_ text: String, _ key: String, at mark: Mark, wildcards: Bool) -> FieldPath? {
        do {
            let p = try FieldPath(parsing: text)
            if !wildcards, p.hasWildcard {
                diagnostics.error(CoreMessages.namesFieldsRecordEachElement(["key": "\(key)", "value": "\(text)"]), at: mark)
                return nil
            }
            return p
        } catch {
            diagnostics.error(error.problem, at: mark)
            return nil
        }
    }
}
