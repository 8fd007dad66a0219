import Foundation
import SiftTesting
import Testing

/// `expr:` through the binary (issue 60): the order total with a discount and shipping, the
/// message with the values computed, in English and Chinese, and a mistake located with a caret.
@Suite struct ExprCLITests {
    static let rules = """
        version: 1
        pack: orders-expr
        fields:
          total:
            - expr: "total == sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping"
              tolerance: 0.005
          gift_note:
            required: {when: {expr: "any(items[*].gift)"}}

        """

    func folder() throws -> String {
        let dir = TemporaryFiles.path("sift-expr-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.rules.write(toFile: dir + "/orders.yaml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theTotalWithADiscountAndShipping() throws {
        let dir = try folder()
        let records =
            #"{"total":45.28,"discount":5,"shipping":10,"items":[{"price":19.99,"qty":2},{"price":0.1,"qty":3}]}"# + "\n"
            + #"{"total":47.78,"shipping":10,"discount":5,"items":[{"price":19.99,"qty":2},{"price":0.1,"qty":3,"gift":true}]}"# + "\n"
        let r = try SiftProcess.run(["run", "--rules", dir + "/orders.yaml", "-"], stdin: records)
        #expect(r.status == 1)
        #expect(
            r.stdout == #"{"source":"-","line":1,"valid":true,"packs":["orders-expr"],"violations":[]}"# + "\n"
                + #"{"source":"-","line":2,"valid":false,"packs":["orders-expr"],"violations":[{"field":"total","reason":"total.expr","message":"total is 47.78, but sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping is 45.28","value":"47.78","rule":"\#(dir)/orders.yaml:5:7"},{"field":"gift_note","reason":"gift_note.required","message":"is required but missing (required when: must satisfy any(items[*].gift))","rule":"\#(dir)/orders.yaml:7:3"}]}"#
                + "\n")
        let zh = try SiftProcess.run(["run", "--lang", "zh", "--rules", dir + "/orders.yaml", "-"], stdin: records)
        #expect(
            zh.stdout.contains(
                #""message":"total 为 47.78，但 sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping 为 45.28""#))
        let explain = try SiftProcess.run(["explain", dir + "/orders.yaml"])
        #expect(
            explain.stdout.contains(
                "    - must satisfy total == sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping "
                    + "(numbers within 0.005 are equal) [total.expr] (\(dir)/orders.yaml:5:7)\n"))
    }

    @Test func aMistakeInTheFormulaIsLocated() throws {
        let dir = try folder()
        try "version: 1\npack: p\nfields:\n  total: [{expr: \"total == sum(items[*].price) - 'x'\"}]\n".write(
            toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(["lint", dir + "/bad.yaml"])
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                \(dir)/bad.yaml:4:48: error: in expr: 'x' is a text, it cannot be subtracted
                  total: [{expr: "total == sum(items[*].price) - 'x'"}]
                                                               ^
                sift lint: 1 error

                """)
        let zh = try SiftProcess.run(["lint", "--lang", "zh", dir + "/bad.yaml"])
        #expect(zh.stderr.hasPrefix("\(dir)/bad.yaml:4:48: error: 'expr' 公式中：'x' 是文本，不能参与减法\n"))
    }
}
