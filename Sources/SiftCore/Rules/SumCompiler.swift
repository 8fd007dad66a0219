import Foundation
import SiftJSON
import SiftMessages
import SiftConfig

extension CheckCompiler {
    static let sumKeys = ["items", "value", "tolerance"]

    /// `sum_of: {items: 'items[*]', value: [price, qty], tolerance: 0.005}` on the total's field.
    mutating func compileSum(_ node: ConfigNode, at mark: Mark, prefix: String, reason: ReasonCode?, message: LocalizedText?) -> (
        any CheckNode
    )? {
        guard let pairs = node.pairs else {
            context.error(
                CoreMessages.sumMappingSuchItemsItems(messages: ["node_kind": node.kindMessage]), at: node.mark)
            return nil
        }
        var ok = true
        for p in pairs where !Self.sumKeys.contains(p.key.scalarText ?? "") {
            let k = p.key.scalarText ?? ""
            context.error(
                CoreMessages.unknownKeySumKeysItems(["k": "\(k)"], messages: ["hint": Suggestion.hint(k, in: Self.sumKeys)]),
                at: p.key.mark)
            ok = false
        }
        let factors = sumFactors(node["value"])
        let tolerance = sumTolerance(node["tolerance"])
        guard let itemsNode = node["items"], let itemsText = itemsNode.scalarText else {
            context.error(CoreMessages.sumNeedsItemsListWhose(), at: node.mark)
            return nil
        }
        let items = sumItems(itemsText, at: itemsNode.mark)
        guard ok, let items, let factors, let tolerance else { return nil }
        context.references.append(FieldReference(path: items, text: itemsText, mark: itemsNode.mark, reader: .named("sum_of")))
        for (factor, item) in zip(factors, node["value"].map { $0.items ?? [$0] } ?? []) {
            let path = FieldPath(items.components + [.wildcard] + factor.components)
            context.references.append(FieldReference(path: path, text: item.scalarText ?? "", mark: item.mark, reader: .named("sum_of")))
        }
        return SumNode(
            items: items, factors: factors, tolerance: tolerance, reason: reason ?? ReasonCode("\(prefix).sum_of"), message: message,
            rule: mark)
    }

    /// The list: `items[*]` or `items` (the same), `.lines[*]` beside this field.
    private mutating func sumItems(_ text: String, at mark: Mark) -> FieldPath? {
        let bare = text.hasSuffix("[*]") ? String(text.dropLast(3)) : text
        guard !bare.isEmpty, !bare.contains("[*]") else {
            context.error(CoreMessages.itemsSumOneListSuch(["value": "\(text)"]), at: mark)
            return nil
        }
        return conditionPath(bare, at: mark, reader: .comparison)
    }

    /// `value: price` or `value: [price, qty]`: paths inside each element, multiplied; none: the element.
    private mutating func sumFactors(_ node: ConfigNode?) -> [FieldPath]? {
        guard let node else { return [] }
        var out: [FieldPath] = []
        for item in node.items ?? [node] {
            guard let t = item.scalarText, !t.isEmpty else {
                context.error(CoreMessages.valueSumPathInsideEach(), at: item.mark)
                return nil
            }
            do {
                let path = try FieldPath(parsing: t)
                guard !path.hasWildcard else {
                    context.error(CoreMessages.valueSumReadsOneNumber(["t": "\(t)"]), at: item.mark)
                    return nil
                }
                out.append(path)
            } catch {
                context.error(error.problem, at: item.mark)
                return nil
            }
        }
        return out
    }

    private mutating func sumTolerance(_ node: ConfigNode?) -> Decimal? {
        guard let node else { return 0 }
        guard let t = node.scalarText, let d = Decimal(string: t, locale: Locale(identifier: "en_US_POSIX")), d >= 0,
            t.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+" })
        else {
            context.error(CoreMessages.toleranceSumNumberMoreSuch(), at: node.mark)
            return nil
        }
        return d
    }
}
