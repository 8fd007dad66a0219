import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftCore

/// Dates, durations, `today`/`now` and `matches` in `expr:` (issue 60, item 1): two date texts
/// subtracted are a duration, compared with `7d`; the run's as-of time is `now`; a pattern is
/// compiled once by the regex engine; mistakes found when the rules load.
@Suite struct ExprTimeTests {
    static let yaml = """
        fields:
          shipped_at:
            - expr: "shipped_at - created_at <= 7d"
          created_at:
            - expr: "date(created_at) <= now and date(created_at) >= today - 365d"
          items[*].sku:
            - expr: "matches(.sku, 'SKU-[0-9]{6}')"
        """

    /// 2026-11-29T12:00:00Z.
    static let asOf: Int64 = 1_795_953_600_000

    func violations(_ json: String, yaml: String = Self.yaml) throws -> [String] {
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        guard let p = r.pipeline else {
            Issue.record("the rules did not load: \(r.rendered())")
            return []
        }
        return try Session(pipeline: p, asOfMillis: Self.asOf).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)"
        }
    }

    @Test func shippedWithinAWeek() throws {
        let good = #"{"created_at":"2026-11-20T10:00:00Z","shipped_at":"2026-11-27T10:00:00Z","items":[{"sku":"SKU-000001"}]}"#
        #expect(try violations(good) == [])
        let late = #"{"created_at":"2026-11-20","shipped_at":"2026-11-27T10:00:01Z","items":[{"sku":"SKU-12345"}]}"#
        #expect(
            try violations(late) == [
                "shipped_at shipped_at.expr: shipped_at - created_at is 7d 10h 1s, but must be <= 7d | shipped_at - created_at 为 7d 10h 1s，但须 <= 7d",
                "items[0].sku items[*].sku.expr: is false: matches(.sku, 'SKU-[0-9]{6}') | 不成立：matches(.sku, 'SKU-[0-9]{6}')",
            ])
    }

    @Test func nowAndTodayAreTheRunsAsOfTime() throws {
        let future = #"{"created_at":"2026-11-29T12:00:01Z","shipped_at":"2026-11-30","items":[]}"#
        #expect(
            try violations(future) == [
                "created_at created_at.expr: is false: date(created_at) <= now and date(created_at) >= today - 365d | 不成立：date(created_at) <= now and date(created_at) >= today - 365d"
            ])
        let old = #"{"created_at":"2025-11-28","shipped_at":"2025-11-29","items":[]}"#
        #expect(try violations(old).count == 1)
        let yearAgo = #"{"created_at":"2025-11-29","shipped_at":"2025-11-29","items":[]}"#
        #expect(try violations(yearAgo) == [])
    }

    @Test func aTextThatIsNotADateStopsTheFormula() throws {
        let bad = #"{"created_at":"2026-11-20","shipped_at":"next week","items":[]}"#
        #expect(
            try violations(bad) == [
                "shipped_at shipped_at.expr: cannot be checked: shipped_at is 'next week', not a date (such as 2026-11-29 or 2026-11-29T10:00:00Z) | 无法核对：shipped_at 是 'next week'，不是日期（如 2026-11-29 或 2026-11-29T10:00:00Z）"
            ])
    }

    @Test(arguments: [
        ("\"date(a) - 3 > 1d\"", "r.yaml:2:23: error: in expr: 'date(a)' is a date and '3' a number: they cannot be subtracted"),
        ("\"a - b <= 7x\"", "r.yaml:2:24: error: in expr: '7x' is not a number or a duration (durations: 7d, 36h, 90m, 30s, 500ms, 2w)"),
        (
            "\"date(a) > '2026-01-01'\"",
            "r.yaml:2:23: error: in expr: 'date(a)' is a date and ''2026-01-01'' a text: write the text as a date, date('2026-01-01')"
        ),
        ("\"matches(a, '[')\"", "r.yaml:2:15: error: in expr: invalid pattern '[': missing terminating ] for character class at offset 1"),
        (
            "\"matches(a, b)\"",
            "r.yaml:2:15: error: in expr: 'matches' takes a value and a pattern in quotes, such as matches(.sku, 'SKU-[0-9]{6}')"
        ),
        ("\"date(a) - date(b) > 1d\"", ""),
    ])
    func mistakesAreLocated(_ formula: String, _ expected: String) throws {
        let yaml = "fields:\n  a: [{expr: \(formula)}]\n"
        #expect(firstError(yaml) == expected)
    }

    /// Found by `scripts/expr-differential`: an element without the field counts as false in
    /// `any`/`all` of a comparison too, as it does for a bare path.
    @Test func anElementWithoutTheFieldCountsAsFalseInAComparison() throws {
        let yaml = "fields:\n  total: [{expr: \"not any(items[*].qty >= 15) or total >= 50\"}]\n"
        #expect(try violations(#"{"total":4.97,"items":[{"price":6},{"qty":2}]}"#, yaml: yaml) == [])
        #expect(
            try violations(#"{"total":4.97,"items":[{"price":6},{"qty":20}]}"#, yaml: yaml) == [
                "total total.expr: is false: not any(items[*].qty >= 15) or total >= 50 | 不成立：not any(items[*].qty >= 15) or total >= 50"
            ])
        let sum = "fields:\n  total: [{expr: \"total == sum(items[*].qty)\"}]\n"
        #expect(
            try violations(#"{"total":2,"items":[{"price":6},{"qty":2}]}"#, yaml: sum) == [
                "total total.expr: cannot be checked: items[*].qty is missing | 无法核对：items[*].qty 缺失"
            ])
    }

    /// Found by `scripts/orders-trial`: two date fields compared directly are compared as dates.
    @Test func twoDateTextsAreComparedAsDates() throws {
        let yaml = "fields:\n  shipped_at: [{expr: \"shipped_at >= created_at\"}]\n"
        #expect(try violations(#"{"created_at":"2026-06-12T16:13:52Z","shipped_at":"2026-06-12T16:13:52.000Z"}"#, yaml: yaml) == [])
        #expect(
            try violations(#"{"created_at":"2026-04-17T22:07:07Z","shipped_at":"2026-04-18T05:07:07+08:00"}"#, yaml: yaml) == [
                "shipped_at shipped_at.expr: shipped_at is '2026-04-18T05:07:07+08:00' and created_at is '2026-04-17T22:07:07Z': >= does not hold | shipped_at 为 '2026-04-18T05:07:07+08:00'，created_at 为 '2026-04-17T22:07:07Z'：>= 不成立"
            ])
    }

    /// A field's own checks type it in formulas: `type: string` is a text, `date:` a date.
    @Test(arguments: [
        (
            "  discount: [{type: string}]\n  total: [{expr: \"total == price - discount\"}]\n",
            "r.yaml:3:34: error: in expr: 'discount' is a text, it cannot be subtracted"
        ),
        (
            "  created: [{date: rfc3339}]\n  shipped: [{date: rfc3339}, {expr: \"shipped > '2026-01-01'\"}]\n",
            "r.yaml:3:46: error: in expr: 'shipped' is a date and ''2026-01-01'' a text: write the text as a date, date('2026-01-01')"
        ),
        ("  created: [{date: rfc3339}]\n  shipped: [{date: rfc3339}, {expr: \"shipped - created <= 7d\"}]\n", ""),
        (
            "  qty: [{enum: [1, 2, 3]}]\n  total: [{expr: \"qty == 'x'\"}]\n",
            "r.yaml:3:23: error: in expr: 'qty' is a number and ''x'' a text: they cannot be compared"
        ),
    ])
    func declaredTypesAreKnownToFormulas(_ fields: String, _ expected: String) throws {
        #expect(firstError("fields:\n" + fields) == expected)
    }
}
