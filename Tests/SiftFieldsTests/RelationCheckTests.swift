import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftCore
@testable import SiftTools

/// Comparisons with another field: each value read as its own field's checks read it (dates in
/// their layouts, numbers exactly), the other field found beside this one with `.name`, a missing
/// other field passing or failing as `when_other_missing` says, and the mistakes lint reports.
@Suite struct CompareTests {
    static let yaml = """
        fields:
          password: [{length: {min: 8}}]
          confirm_password: [{same_as: password}]
          start: [{date: yyyy-MM-dd}]
          end:
            - date: yyyyMMdd
            - after: {field: start, when_other_missing: fail}
          qty: {required: false, checks: [{type: integer}]}
          max_qty: {required: false, checks: [{at_least: qty}]}
          tags: {required: false, checks: [{different_from: labels}]}
          labels: {required: false}
          items[*].from: {required: false, checks: [{date: rfc3339}]}
          items[*].to: {required: false, checks: [{date: epoch_ms}, {not_before: .from}]}
        """

    func violations(_ json: String) throws -> [String] {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        return try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)"
        }
    }

    static let valid = #""password":"abcdefgh","confirm_password":"abcdefgh","start":"2024-01-01","end":"20240102""#

    @Test func aValidRecordPasses() throws {
        #expect(try violations("{\(Self.valid)}") == [])
        // 3.0 is at least 3; the same list in another key order is not different; 1 ms later is not before.
        let more =
            #","qty":3,"max_qty":"3.0","tags":{"a":[1]},"labels":{"a":[1.0]},"#
            + #""items":[{"from":"2024-01-01T00:00:00Z","to":1704067200000}]"#
        #expect(
            try violations("{\(Self.valid)\(more)}") == [
                "tags tags.different_from: must differ from labels | 不得与 labels 相同"
            ])
    }

    @Test func failuresNameBothFields() throws {
        let json =
            #"{"password":"abcdefgh","confirm_password":"abcdefgx","start":"2024-01-02","end":"20240102","qty":3,"max_qty":2.999,"#
            + #""items":[{"from":"2024-01-01T00:00:00Z","to":1704067200000},{"from":"2024-01-01T00:00:00.002Z","to":1704067200001}]}"#
        #expect(
            try violations(json) == [
                "confirm_password confirm_password.same_as: must be the same as password | 必须与 password 相同",
                "end end.after: must be after start | 必须晚于 start",
                "max_qty max_qty.at_least: must be at least qty | 不得小于 qty",
                "items[1].to items[*].to.not_before: must not be before items[1].from | 不得早于 items[1].from",
            ])
    }

    @Test func aMissingOrUnreadableOtherField() throws {
        // start missing: `end` fails (when_other_missing: fail); qty missing: max_qty is not compared.
        #expect(
            try violations(#"{"password":"abcdefgh","confirm_password":"abcdefgh","end":"20240102","max_qty":1}"#) == [
                "start start.required: is required but missing | 必填字段缺失",
                "end end.after: cannot be compared with start, which is missing | 无法与 start 比较：start 缺失",
            ])
        // An unreadable start is start's own check's to report; an unreadable max_qty (no check of
        // its own says how to read it) is the comparison's.
        #expect(
            try violations(#"{"password":"abcdefgh","confirm_password":"abcdefgh","start":"Jan 1","end":"20240102","qty":1,"max_qty":"x"}"#)
                == [
                    "start start.date: is not a real date in the format yyyy-MM-dd | 不是格式为 yyyy-MM-dd 的有效日期",
                    "max_qty max_qty.at_least: is not a number like qty, so it cannot be compared with it | 不是与 qty 同类的数字，无法比较",
                ])
    }

    @Test func explainSaysEachInWords() throws {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        let text = Explainer.explain(p, language: .en)
        #expect(text.contains("    - must be after start (fails when start is missing) [end.after] (r.yaml:7:7)"))
        #expect(
            text.contains("    - must not be before items[*].from (not checked when items[*].from is missing) [items[*].to.not_before]"))
        let zh = Explainer.explain(p, language: .zh)
        #expect(zh.contains("必须晚于 start（start 缺失时不通过） [end.after]"))
    }

    @Test func mistakesAreLocated() {
        let yaml = """
            fields:
              password: [{length: {min: 8}}]
              confirm: [{same_as: pasword}]
              start: [{date: yyyy-MM-dd}]
              count: [{type: number}]
              a: [{after: count}]
              b: [{less_than: start}]
              c: [{before: d}]
              d: [{type: string}]
              e: [{at_most: start}]
              f: [{same_as: {field: d, when_other_missing: maybe}}]
              g: [{same_as: {feild: d}}]
              h: [{same_as: h}]
              start2: [{date: yyyy-MM-dd}, {not_after: count}]
              i: [{same_as: {}}]
            """
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        #expect(r.pipeline == nil)
        let lines = r.diagnostics.map { "\($0.mark.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(
            lines == [
                "3:14 'same_as' compares with 'pasword', which is not a field of this pack (declare it under fields:); "
                    + "did you mean 'password'?",
                "6:8 'after' compares dates, and these are numbers: write 'greater_than'",
                "7:8 'less_than' compares numbers, and these are dates: write 'before'",
                "8:8 'before' compares dates or numbers, and neither 'c' nor 'd' has a check that says which: "
                    + "give one of them a 'date:' check (dates) or 'type: number' (numbers)",
                "10:8 'at_most' compares numbers, and these are dates: write 'not_after'",
                "11:48 'when_other_missing' is 'pass' or 'fail'",
                "12:18 unknown key 'feild' in 'same_as'; did you mean 'field'? (keys: field, when_other_missing)",
                "13:17 'same_as' compares 'h' with itself",
                "14:33 'not_after' compares a date ('start2') with a number ('count')",
                "15:17 'same_as' names the field to compare with, such as 'same_as: start_date' "
                    + "(or 'same_as: {field: .start_date}' for the one beside this field)",
            ])
    }

    @Test(arguments: [
        ("1", "1.0", 0), ("0.1", "0.10", 0), ("-0", "0", 0), ("1e2", "100", 0), ("2.5", "10", -1), ("-3", "-2.99", -1),
        ("12345678901234567.8", "12345678901234567.9", -1), ("1e-7", "0.000001", -1), ("-1e3", "-999.9", -1), ("0", "-0.0001", 1),
    ])
    func exactDecimalsCompare(_ a: String, _ b: String, _ order: Int) throws {
        func read(_ s: String) throws -> ExactDecimal {
            try #require(Array(s.utf8).withUnsafeBufferPointer { ExactDecimal($0) })
        }
        let x = try read(a), y = try read(b)
        #expect((x < y ? -1 : x == y ? 0 : 1) == order)
        #expect((y < x ? -1 : x == y ? 0 : 1) == -order)
    }

    @Test(arguments: ["", "-", "1.", ".5", "01x", "1e", "1e+", "--1", "12345678901234567891", "1e999999"])
    func notExactDecimals(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { ExactDecimal($0) } == nil)
    }
}

/// `sum_of`: a total against the sum over a list, added as exact decimals.
@Suite struct SumTests {
    static let yaml = """
        fields:
          total: [{sum_of: {items: 'items[*]', value: [price, qty], tolerance: 0.005}}]
          paid: {required: false, checks: [{sum_of: {items: payments}}]}
          orders[*].total: {required: false, checks: [{sum_of: {items: .lines, value: amount}}]}
        """

    func violations(_ json: String) throws -> [String] {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        return try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)"
        }
    }

    @Test func sumsAreExactDecimals() throws {
        // 0.1 + 0.2 is 0.3 (as doubles it is 0.30000000000000004); "9.99" as text counts.
        #expect(
            try violations(
                #"{"total":30.005,"items":[{"price":10.005,"qty":2},{"price":"9.99","qty":1}],"paid":0.3,"payments":[0.1,0.2]}"#) == [])
        #expect(
            try violations(#"{"total":30.00,"items":[{"price":10,"qty":2},{"price":9.99,"qty":1}],"paid":0.3,"payments":[0.1,0.1]}"#)
                == [
                    "total total.sum_of: is 30.00, but the sum of price × qty over items is 29.99 | 值为 30.00，但 items 各项 price × qty 之和为 29.99",
                    "paid paid.sum_of: is 0.3, but the sum of payments is 0.2 | 值为 0.3，但 payments 之和为 0.2",
                ])
        // No list is a sum of 0.
        #expect(try violations(#"{"total":0}"#) == [])
    }

    @Test func whatCannotBeAddedIsNamed() throws {
        let json =
            #"{"total":30,"items":[{"price":10,"qty":2},{"qty":1}],"#
            + #""orders":[{"total":3,"lines":[{"amount":1},{"amount":2}]},{"total":1,"lines":"no"},{"total":1,"lines":[{"amount":"x"}]}]}"#
        #expect(
            try violations(json) == [
                "total total.sum_of: cannot be checked: items[1].price is missing | 无法核对：items[1].price 缺失",
                "orders[1].total orders[*].total.sum_of: cannot be checked: orders[1].lines is a string, not a list | 无法核对：orders[1].lines 是字符串，不是列表",
                "orders[2].total orders[*].total.sum_of: cannot be checked: orders[2].lines[0].amount is not a number | 无法核对：orders[2].lines[0].amount 不是数字",
            ])
        #expect(try violations(#"{"total":"x"}"#) == ["total total.sum_of: expected a number, got a string | 应为数字，实际为字符串"])
    }

    @Test func mistakesAreLocated() {
        let yaml = """
            fields:
              total: [{sum_of: {item: 'items[*]', value: ['a[*]'], tolerance: -1}}]
              t2: [{sum_of: x}]
              t3: [{sum_of: {items: 'a[*].b[*]'}}]
            """
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        let lines = r.diagnostics.map { "\($0.mark.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(
            lines == [
                "2:20 'sum_of' needs 'items': the list whose elements are added up, such as 'items[*]'",
                "2:21 unknown key 'item' in 'sum_of'; did you mean 'items'? (keys: items, value, tolerance)",
                "2:47 'value' of 'sum_of' reads one number in each element: 'a[*]' has '[*]'",
                "2:67 'tolerance' of 'sum_of' is a number of 0 or more, such as 0.005",
                "3:17 'sum_of' is a mapping such as {items: 'items[*]', value: [price, qty]}, not the text 'x'",
                "4:25 'items' of 'sum_of' is one list, such as 'items[*]', not 'a[*].b[*]'",
            ])
    }
}

/// A field's `count:`: elements of a list, or elements that give a `[*]` field.
@Suite struct CountTests {
    static let yaml = """
        fields:
          items: {count: {min: 1, max: 3}}
          items[*].gift_note: {required: false, count: {max: 1}}
          tags: {required: false, count: 2}
          orders[*].lines[*].sku: {required: false, count: {min: 1}}
        """

    func violations(_ json: String) throws -> [String] {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        return try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)"
        }
    }

    @Test func countsAreChecked() throws {
        #expect(try violations(#"{"items":[{"gift_note":"a"},{"gift_note":null}],"tags":["a","b"]}"#) == [])
        #expect(
            try violations(#"{"items":[{"gift_note":"a"},{"gift_note":"b"},{},{}],"tags":"x","orders":[{"lines":[{"x":1}]}]}"#) == [
                "items items.count: has 4 elements; must be 1 to 3 | 有 4 个元素；应为 1 到 3 个",
                "items[*].gift_note items[*].gift_note.count: is given in 2 elements; must be at most 1 | 在 2 个元素中填写；应最多 1 个",
                "tags tags.count: is a string, not a list to count | 是字符串，不是可计数的列表",
                "orders[*].lines[*].sku orders[*].lines[*].sku.count: is given in 0 elements; must be at least 1 | 在 0 个元素中填写；应至少 1 个",
            ])
        // Nothing to count: a missing optional list, a missing list (required's to report).
        #expect(try violations(#"{"items":[]}"#) == ["items items.count: has 0 elements; must be 1 to 3 | 有 0 个元素；应为 1 到 3 个"])
        #expect(try violations(#"{}"#) == ["items items.required: is required but missing | 必填字段缺失"])
    }

    @Test func mistakesAreLocated() {
        let yaml = """
            fields:
              a: {count: {min: 3, max: 1}}
              b: {count: {mni: 1}}
              c: {count: {max: -1}}
              d: {count: many}
              e: {count: {}}
            """
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        let lines = r.diagnostics.map { "\($0.mark.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(
            lines == [
                "2:14 'count' has min 3 greater than max 1",
                "3:15 unknown key 'mni' in 'count'; did you mean 'min'? (keys: min, max)",
                "4:20 'max' of 'count' is a whole number of 0 or more",
                "5:14 'count' is a number, or {min: ..., max: ...}, not the text 'many'",
                "6:14 'count' needs 'min' or 'max'",
            ])
    }
}
