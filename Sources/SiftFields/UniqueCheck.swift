import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// `unique` and `unique_by`: no two elements of a list are the same (the whole element, by what
/// it means: `1` and `1.0` are the same, and so are objects whatever their key order), or have
/// the same value at a path inside them (`unique_by: sku`). The failure names the later
/// duplicate and the earlier element (`JSONCanonical.firstDuplicate`).
struct UniqueCheck: ValueCheck {
    /// The path inside each element whose values must differ; nil for the whole element.
    let by: FieldPath?

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "unique",
            summary: "No two elements of the list may be the same (by their JSON value: 1 and 1.0 are the same).",
            options: [PluginSpec.Option("by", .string, doc: "A path inside each element (sku, or product.id) whose values must differ.")],
            examples: ["unique", "unique: {by: sku}"]),
        make: { options, context in make(options.string("by"), options.mark("by"), "unique", &context) })

    static let byPlugin = CheckPlugin(
        spec: PluginSpec(
            kind: "unique_by",
            summary: "No two elements of the list may have the same value at a path inside them.",
            options: [PluginSpec.Option("path", .string, required: true, doc: "The path inside each element: sku, or product.id.")],
            shorthand: "path",
            examples: ["unique_by: sku", "unique_by: product.id"]),
        make: { options, context in make(options.string("path"), options.mark("path"), "unique_by", &context) })

    private static func make(_ text: String?, _ mark: Mark, _ kind: String, _ context: inout BuildContext) -> UniqueCheck? {
        guard let text else { return UniqueCheck(by: nil) }
        do {
            let path = try FieldPath(parsing: text)
            if path.hasWildcard {
                context.error(FieldsMessages.uniqueComparesOneValueEach(["value": "\(text)"]), at: mark)
                return nil
            }
            context.readsInEachElement(path, written: text, by: kind, at: mark)
            return UniqueCheck(by: path)
        } catch {
            context.error(error.problem, at: mark)
            return nil
        }
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard value.kind == .array else { return WrongType.anArray[value.kind] }
        return JSONCanonical.firstDuplicate(in: value, by: by).map { duplicate($0.later, $0.earlier) }
    }

    private func duplicate(_ later: Int, _ earlier: Int) -> Rejection {
        guard let by else {
            return Rejection(FieldsMessages.sameElement(["later": "\(later)", "earlier": "\(earlier)"]).localized)
        }
        return Rejection(FieldsMessages.sameElementBy(["later": "\(later)", "by": "\(by)", "earlier": "\(earlier)"]).localized)
    }

    func explain(_ language: Language) -> String {
        switch (by, language) {
        case (nil, .zh): "列表中的各项不得重复"
        case (nil, _): "no two elements may be the same"
        case (let p?, .zh): "列表中各项的 \(p) 不得重复"
        case (let p?, _): "no two elements may have the same \(p)"
        }
    }
}
