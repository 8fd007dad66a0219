import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftCore
import SiftConfig

/// Suggestions by word parts and for date layouts (issue 60, item 4): `uniqueby` is `unique_by`
/// (not `unique`), `RFC3339` is `rfc3339`, `yyyy-mm-dd` is `yyyy-MM-dd` because MM is the month.
@Suite struct SuggestionWordTests {
    func firstError(_ field: String) -> String {
        let yaml = "fields:\n  a: [\(field)]\n"
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml")
        // Without the place (r.yaml:2:col:), which the other tests check.
        func bare(_ s: String) -> String { s.firstRange(of: "error: ").map { String(s[$0.lowerBound...]) } ?? s }
        return r.errors.first.map { "\(bare($0.headline(.en))) | \(bare($0.headline(.zh)))" } ?? ""
    }

    @Test(arguments: [
        (
            "uniqueby",
            "error: unknown check or validator 'uniqueby'; did you mean 'unique_by'? | error: 未知的检查或校验器 'uniqueby'；是否想写 'unique_by'？"
        ),
        (
            "{date: RFC3339}", "error: unknown date format 'RFC3339'; did you mean 'rfc3339'? | error: 未知的日期格式 'RFC3339'；是否想写 'rfc3339'？"
        ),
        (
            "{date: yyyy-mm-dd}",
            "error: unknown date format 'yyyy-mm-dd'; did you mean 'yyyy-MM-dd'? (MM is the month, mm the minute) | "
                + "error: 未知的日期格式 'yyyy-mm-dd'；是否想写 'yyyy-MM-dd'？（MM 是月，mm 是分钟）"
        ),
        (
            "{date: YYYY-MM-DD}",
            "error: unknown date format 'YYYY-MM-DD'; did you mean 'yyyy-MM-dd'? (yyyy is the year and dd the day of the month) | "
                + "error: 未知的日期格式 'YYYY-MM-DD'；是否想写 'yyyy-MM-dd'？（yyyy 是年，dd 是月中的日）"
        ),
    ])
    func suggested(_ field: String, _ expected: String) {
        #expect(firstError(field) == expected)
    }

    @Test func partsRunTogetherFindTheNameWithThem() {
        #expect(Suggestion.closest(to: "uniqueby", in: ["unique", "unique_by"]) == "unique_by")
        #expect(Suggestion.closest(to: "Not-Empty", in: ["not_empty", "trimmed"]) == "not_empty")
        #expect(Suggestion.closest(to: "int", in: ["integer", "unique_by"]) == "integer")
    }
}
