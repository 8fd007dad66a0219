import Foundation
import SiftCore
import SiftJSON
import SiftMessages

/// A compiled schema: its nodes (index `root` first applies), and the `const`/`enum` values.
final class SchemaProgram: Sendable {
    let nodes: [SchemaNode]
    /// The schema as written (what `sift explain` and the importer read).
    let root: Int
    /// Where the walk starts: `root`, or a copy of it whose plain properties run as field rules (`SchemaLift`).
    let entry: Int
    /// Keeps the `const` and `enum` values' document alive.
    let constants: JSONDocument
    let draft: SchemaDraft
    /// Some node's `unevaluatedProperties` or `unevaluatedItems` is decided per value: a
    /// record's subschema answers are kept while it is checked (`AnswerMemo`).
    let annotatesPerValue: Bool
    /// The texts of violations met so far, made once (a record's field, reason and message as
    /// result lines write them).
    let texts = SchemaTexts()

    init(nodes: [SchemaNode], root: Int, entry: Int? = nil, constants: JSONDocument, draft: SchemaDraft) {
        self.nodes = nodes
        self.root = root
        self.entry = entry ?? root
        for node in nodes where node.requiredKeys == nil && !node.required.isEmpty {
            let names = node.required.map(\.bytes)
            if Set(names).count == names.count { node.requiredKeys = RootKeys(names) }
        }
        for node in nodes where node.anyOfNames == nil && node.anyOf.count > 1 {
            let names = node.anyOf.compactMap { nodes[$0].onlyRequiredName }
            if names.count == node.anyOf.count, Set(names).count == names.count { node.anyOfNames = RootKeys(names) }
        }
        for node in nodes where node.propertyKeys == nil && node.properties.count > Self.propertyTableAbove {
            let names = node.properties.map(\.name.bytes)
            if Set(names).count == names.count { node.propertyKeys = RootKeys(names) }
        }
        self.constants = constants
        self.draft = draft
        self.annotatesPerValue = nodes.contains { $0.unevaluatedPerValue || ($0.unevaluatedItems != nil && $0.evaluatedItemPrefix == nil) }
    }

    /// Nodes with more `properties` than this find them through a table (`SchemaNode.propertyKeys`).
    static let propertyTableAbove = 8

    /// Appends every violation of `value`, named by its path below `prefix`, to `violations`.
    func collect(_ value: JSONValue, prefix: [FieldPath.Component], into violations: inout [Violation]) {
        var sink = Collector(prefix: prefix, texts: texts)
        swap(&sink.violations, &violations)
        if annotatesPerValue {
            AnswerMemo.$current.withValue(AnswerMemo()) { _ = check(entry, value, nil, &sink) }
        } else {
            _ = check(entry, value, nil, &sink)
        }
        swap(&sink.violations, &violations)
    }
}

/// The answers of subschemas for the values of one record (`SchemaProgram.answer`), kept while
/// a schema with `unevaluated*` decided per value checks it; one per record, on its thread.
final class AnswerMemo: @unchecked Sendable {  // used by one thread, for one record
    @TaskLocal static var current: AnswerMemo?
    /// (node << 32 | the value's tape index) → the answer (nil: undecided).
    var answers: [Int: Bool?] = [:]
}

/// Where a value is, as a chain of links on the evaluating thread's stack: built as the walk
/// goes down, turned into a field path only when a violation names it.
struct PathLink {
    let parent: UnsafePointer<PathLink>?
    /// The member's key (a string value), or nil for an array element.
    let key: JSONValue?
    let index: Int
    /// The key came from the record, not from `properties` (it is `*` in reason codes).
    let anyKey: Bool
    /// The keyword that led here (`additionalProperties`, `items`): a `false` schema is reported by it.
    let via: String?
}

/// Where failures go: nowhere (a yes/no answer for `anyOf`, `not`, `contains`), or into violations.
protocol SchemaSink {
    static var collects: Bool { get }
    /// A failure of `keyword` of `node` at `at`; `detail` is what the message says of the value
    /// (its length, its type), so that the same failure is written once and reused.
    mutating func add(
        _ node: SchemaNode, _ keyword: String, _ value: JSONValue?, _ at: UnsafePointer<PathLink>?,
        _ text: @autoclosure () -> LocalizedText, detail: Int)
    mutating func addAt(
        _ field: [FieldPath.Component], _ reason: [FieldPath.Component], _ node: SchemaNode, _ keyword: String, _ value: JSONValue?,
        _ text: @autoclosure () -> LocalizedText, detail: Int)
    /// A pattern hit its match limit: the value can be neither passed nor failed by it.
    mutating func undecided()
}

extension SchemaSink {
    mutating func add(
        _ node: SchemaNode, _ keyword: String, _ value: JSONValue?, _ at: UnsafePointer<PathLink>?, _ text: @autoclosure () -> LocalizedText
    ) { add(node, keyword, value, at, text(), detail: 0) }
    mutating func addAt(
        _ field: [FieldPath.Component], _ reason: [FieldPath.Component], _ node: SchemaNode, _ keyword: String, _ value: JSONValue?,
        _ text: @autoclosure () -> LocalizedText
    ) { addAt(field, reason, node, keyword, value, text(), detail: 0) }
}

struct FirstFailure: SchemaSink {
    static var collects: Bool { false }
    /// Set when a pattern hit its match limit: the answer is then no answer.
    var wasUndecided = false
    mutating func undecided() { wasUndecided = true }
    mutating func add(
        _ node: SchemaNode, _ keyword: String, _ value: JSONValue?, _ at: UnsafePointer<PathLink>?,
        _ text: @autoclosure () -> LocalizedText, detail: Int
    ) {}
    mutating func addAt(
        _ field: [FieldPath.Component], _ reason: [FieldPath.Component], _ node: SchemaNode, _ keyword: String, _ value: JSONValue?,
        _ text: @autoclosure () -> LocalizedText, detail: Int
    ) {}
}

struct Collector: SchemaSink {
    static var collects: Bool { true }
    let prefix: [FieldPath.Component]
    let texts: SchemaTexts
    var violations: [Violation] = []

    /// Reported as the pattern's violation (`add`) where it happens.
    mutating func undecided() {}

    mutating func add(
        _ node: SchemaNode, _ keyword: String, _ value: JSONValue?, _ at: UnsafePointer<PathLink>?,
        _ text: @autoclosure () -> LocalizedText, detail: Int
    ) {
        let (field, reason) = Self.paths(at)
        addAt(field, reason, node, keyword, value, text(), detail: detail)
    }

    mutating func addAt(
        _ field: [FieldPath.Component], _ reason: [FieldPath.Component], _ node: SchemaNode, _ keyword: String, _ value: JSONValue?,
        _ text: @autoclosure () -> LocalizedText, detail: Int
    ) {
        let f = prefix + field
        let fieldText = f.isEmpty ? "record" : FieldPath(f).description
        let r = prefix + reason
        let reasonText = (r.isEmpty ? "record" : FieldPath(r).description) + "." + keyword
        let key = SchemaTexts.Key(node: ObjectIdentifier(node), reason: reasonText, field: fieldText, detail: detail)
        let made = texts.text(key) {
            return ViolationText(field: fieldText, reason: ReasonCode(reasonText), message: text(), rule: node.mark(keyword))
        }
        violations.append(Violation(text: made, valueOf: value))
    }

    /// The value's path (`items[2].sku`) and its reason path (`items[*].sku`; keys the record
    /// chose, not the schema, as `*`), so that reason codes stay few whatever the records hold.
    static func paths(_ at: UnsafePointer<PathLink>?) -> ([FieldPath.Component], [FieldPath.Component]) {
        var field: [FieldPath.Component] = [], reason: [FieldPath.Component] = []
        var link = at
        while let l = link?.pointee {
            if let key = l.key {
                let name = key.string ?? ""
                field.append(.key(name))
                reason.append(l.anyKey ? .key("*") : .key(name))
            } else {
                field.append(.index(l.index))
                reason.append(.wildcard)
            }
            link = l.parent
        }
        return (field.reversed(), reason.reversed())
    }
}

/// Violation texts by node, keyword, field and what the message says of the value: a failure met
/// again is written from the text made the first time. Bounded: past `limit` texts, new ones are
/// made each time and not kept.
final class SchemaTexts: @unchecked Sendable {  // `texts` only under `lock`
    struct Key: Hashable {
        let node: ObjectIdentifier
        let reason: String
        let field: String
        let detail: Int
    }

    static let limit = 4096
    private var texts: [Key: ViolationText] = [:]
    private let lock = NSLock()

    func text(_ key: Key, make: () -> ViolationText) -> ViolationText {
        if let kept = lock.withLock({ texts[key] }) { return kept }
        let made = make()
        lock.withLock { if texts.count < Self.limit { texts[key] = made } }
        return made
    }
}
