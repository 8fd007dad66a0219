import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftCore

/// `expr:` (issue 60): a formula over the record, exact decimals, lists by `[*]` reduced by
/// sum/count/min/max/any/all, conditions, and every mistake found when the rules load, located
/// at its character in the formula.
@Suite struct ExprCheckTests {
    static let yaml = """
        fields:
          total:
            - expr: "total == sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping"
              tolerance: 0.005
          shipping: [{expr: "shipping >= 0 and (if total > 100 then shipping == 0 else true)"}]
          items: [{expr: "count(items[*]) >= 1 and all(items[*].qty > 0)", reason: items.lines}]
          items[*].sku: [{expr: "len(.sku) == 6"}]
          gift_note:
            required: {when: {expr: "any(items[*].gift)"}}
        """

    func violations(_ json: String, yaml: String = Self.yaml) throws -> [String] {
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        guard let p = r.pipeline else {
            Issue.record("the rules did not load: \(r.rendered())")
            return []
        }
        return try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)"
        }
    }

    static func order(
        total: String, discount: String? = ",\"discount\":5", shipping: String = "10", gift: Bool = false, sku: String = "ABC123"
    )
        -> String
    {
        #"{"total":\#(total)\#(discount ?? ""),"shipping":\#(shipping),"items":[{"sku":"\#(sku)","price":19.99,"qty":2},{"sku":"XYZ789","price":0.1,"qty":3,"gift":\#(gift)}]}"#
    }

    @Test func theTotalIsCheckedExactly() throws {
        // 19.99 × 2 + 0.1 × 3 − 5 + 10 = 45.28, exactly (no floating point).
        #expect(try violations(Self.order(total: "45.28")) == [])
        #expect(try violations(Self.order(total: "45.284")) == [])  // within the tolerance
        #expect(try violations(Self.order(total: "50.28", discount: nil)) == [])  // no discount: coalesce gives 0
        #expect(
            try violations(Self.order(total: "47.78"))
                == [
                    "total total.expr: total is 47.78, but sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping is 45.28 | "
                        + "total 为 47.78，但 sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping 为 45.28"
                ])
    }

    @Test func whatCannotBeComputedIsSaid() throws {
        let ten = try violations(Self.order(total: "45.28", shipping: "\"ten\""))
        #expect(
            ten
                == [
                    "total total.expr: cannot be checked: shipping is 'ten', not a number | 无法核对：shipping 是 'ten'，不是数字",
                    "shipping shipping.expr: cannot be checked: shipping is 'ten', not a number | 无法核对：shipping 是 'ten'，不是数字",
                ])
        // An object is no number: said so, not passed.
        let object = try violations(#"{"total":{"x":1},"shipping":0,"items":[]}"#)
        #expect(object.first == "total total.expr: cannot be checked: total is an object, not a number | 无法核对：total 是对象，不是数字")
        let noQty = #"{"total":1,"shipping":0,"items":[{"sku":"ABC123","price":1}]}"#
        #expect(
            try violations(noQty)
                == [
                    "total total.expr: cannot be checked: items[*].qty is missing | 无法核对：items[*].qty 缺失",
                    // An element without qty counts as false in all(...): the lines are wrong, not uncheckable.
                    "items items.lines: is false: count(items[*]) >= 1 and all(items[*].qty > 0) | 不成立：count(items[*]) >= 1 and all(items[*].qty > 0)",
                ])
    }

    @Test func listsConditionsAndFieldsBeside() throws {
        // Free shipping over 100; a line with qty 0; a sku of 5 characters, checked beside its element.
        let big = #"{"total":210,"shipping":10,"items":[{"sku":"ABC12","price":100,"qty":2},{"sku":"XYZ789","price":1,"qty":0}]}"#
        #expect(
            try violations(big)
                == [
                    "shipping shipping.expr: is false: shipping >= 0 and (if total > 100 then shipping == 0 else true) | "
                        + "不成立：shipping >= 0 and (if total > 100 then shipping == 0 else true)",
                    "items items.lines: is false: count(items[*]) >= 1 and all(items[*].qty > 0) | "
                        + "不成立：count(items[*]) >= 1 and all(items[*].qty > 0)",
                    "items[0].sku items[*].sku.expr: len(.sku) is 5, not 6 | len(.sku) 为 5，不是 6",
                ])
        // A gift in the order makes the note required, though the note is missing (the condition reads the record).
        let gift = try violations(Self.order(total: "45.28", gift: true))
        #expect(
            gift == [
                "gift_note gift_note.required: is required but missing (required when: must satisfy any(items[*].gift)) | "
                    + "必填字段缺失（必填条件：必须满足 any(items[*].gift)）"
            ])
    }

    /// Mistakes are errors when the rules load, each at its character of the formula.
    @Test(arguments: [
        ("\"total == sum(items[*].price) - 'x'\"", "r.yaml:2:48: error: in expr: 'x' is a text, it cannot be subtracted"),
        ("\"total == sum(items[*].price\"", "r.yaml:2:46: error: in expr: 'sum(' is not closed: ')' or ',' expected"),
        ("\"total = 3\"", "r.yaml:2:25: error: in expr: '=' compares nothing here: write '==' to compare"),
        (
            "\"totl + 1\"",
            "r.yaml:2:18: error: an 'expr' check must be true or false, and 'totl + 1' is a number: compare it, as totl + 1 == ..."
        ),
        (
            "\"items[*].qty > 0\"",
            "r.yaml:2:18: error: 'items[*].qty > 0' gives a list of true and false (it has [*]): say any(...) or all(...) of it"
        ),
        (
            "\"summ(items[*].qty) > 0\"",
            "r.yaml:2:19: error: in expr: unknown function 'summ'; did you mean 'sum'? (functions: sum, count, min, max, any, all, missing, coalesce, len, date, matches)"
        ),
        ("\"total > 1 and 'yes'\"", "r.yaml:2:29: error: in expr: 'and' takes true or false, and 'yes' is a text"),
        ("total == total", ""),
    ])
    func mistakesAreLocated(_ formula: String, _ expected: String) throws {
        let yaml = "fields:\n  total: [{expr: \(formula)}]\n"
        #expect(firstError(yaml) == expected)
    }

    @Test func tolerancesAndSumOfAgree() throws {
        // The same total checked by sum_of and by expr, on generated orders: the same verdicts.
        let yaml = """
            fields:
              a: [{sum_of: {items: 'items[*]', value: [price, qty], tolerance: 0.01}}]
              b: [{expr: "b == sum(items[*].price * items[*].qty)", tolerance: 0.01}]
            """
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let n = Int.random(in: 0...4, using: &random)
            var sum = Decimal(0)
            var lines: [String] = []
            for _ in 0..<n {
                let price = Decimal(Int.random(in: 0...99_999, using: &random)) / 100, qty = Int.random(in: 1...9, using: &random)
                sum += price * Decimal(qty)
                lines.append(#"{"price":\#(price),"qty":\#(qty)}"#)
            }
            let off = Decimal(Int.random(in: -3...3, using: &random)) / 100
            let total = sum + off
            let v = try violations(#"{"a":\#(total),"b":\#(total),"items":[\#(lines.joined(separator: ","))]}"#, yaml: yaml)
            #expect(v.contains { $0.hasPrefix("a ") } == v.contains { $0.hasPrefix("b ") }, "\(total) \(lines)")
            #expect(v.isEmpty == ((off < 0 ? -off : off) <= Decimal(string: "0.01")!))
        }
    }
}
