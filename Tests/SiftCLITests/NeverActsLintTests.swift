import Foundation
import SiftTesting
import Testing

/// Lint's warnings on rules that never act (issue 60, item 2), through the binary, with exact
/// text in English and Chinese: a misspelt path in a condition, a formula, a list check or a
/// relation; a condition value the field refuses; checks that accept every value.
@Suite struct NeverActsLintTests {
    static let rules = """
        version: 1
        pack: orders
        applies_to: {field: order_id, present: true}
        fields:
          order_id: [{regex: '.*'}]
          status: [{enum: [pending, shipped]}]
          note: [{length: {min: 0}}]
          total:
            - decimals: 20
            - expr: "total == sum(items[*].price * items[*].qty) - coalesce(discont, 0)"
          tracking:
            required: {when: {field: stauts, enum: [shipped]}}
          shipped_at:
            required: {when: {field: status, enum: [Shipped]}}
          code:
            - any: [{type: string}, {not: {type: string}}]
          items:
            - unique_by: skuu
          subtotal:
            - sum_of: {items: 'lines[*]', value: [price, quantity]}
        record:
          exactly_one_of: [payment.card, payment.walet]
        examples:
          - record: {order_id: A1, status: shipped, tracking: T, shipped_at: x, total: 3, code: a, subtotal: 3,
                     payment: {card: x}, items: [{sku: a, price: 1, qty: 3}]}
            valid: true

        """

    func pack() throws -> String {
        let dir = TemporaryFiles.path("sift-never-acts-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.rules.write(toFile: dir + "/orders.yaml", atomically: true, encoding: .utf8)
        return dir + "/orders.yaml"
    }

    @Test func everyRuleThatNeverActsIsAWarningAndAnErrorUnderStrict() throws {
        let file = try pack()
        let r = try SiftProcess.run(["lint", "--strict", file])
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                \(file):5:22: warning: the pattern '.*' accepts every text, so this check never fails: write the form the value must have, or remove the check
                  order_id: [{regex: '.*'}]
                                     ^
                \(file):7:25: warning: 'length' with min 0 and no max accepts every length, so it checks nothing: give a max, or remove it
                  note: [{length: {min: 0}}]
                                        ^
                \(file):9:17: warning: 'decimals: 20' allows more digits after the point than any amount has, so it checks nothing: for cents write decimals: 2
                    - decimals: 20
                                ^
                \(file):10:69: warning: the formula reads 'discont', which no rule or example of this pack names, so it never acts on a record
                    - expr: "total == sum(items[*].price * items[*].qty) - coalesce(discont, 0)"
                                                                                    ^
                \(file):12:30: warning: a condition reads 'stauts', which no rule or example of this pack names, so it never acts on a record; did you mean 'status'?
                    required: {when: {field: stauts, enum: [shipped]}}
                                             ^
                \(file):14:45: warning: the condition asks for status 'Shipped', which the field's own check refuses (must be one of: pending, shipped), so it never holds; did you mean 'shipped'?
                    required: {when: {field: status, enum: [Shipped]}}
                                                            ^
                \(file):16:29: warning: this branch is the 'not' of another branch of the same 'any': between them they accept every value, so the 'any' never fails
                    - any: [{type: string}, {not: {type: string}}]
                                            ^
                \(file):18:18: warning: 'unique_by' reads 'skuu' (items[*].skuu), which no rule or example of this pack names, so it never acts on a record; did you mean 'sku'?
                    - unique_by: skuu
                                 ^
                \(file):20:23: warning: 'sum_of' reads 'lines[*]' (lines), which no rule or example of this pack names, so it never acts on a record
                    - sum_of: {items: 'lines[*]', value: [price, quantity]}
                                      ^
                \(file):22:34: warning: 'exactly_one_of' reads 'payment.walet', which no rule or example of this pack names, so it never acts on a record
                  exactly_one_of: [payment.card, payment.walet]
                                                 ^
                sift lint: --strict: warnings fail

                """)
        #expect(r.stdout == "sift lint: \(file) is valid: 1 pack, 1 example, 10 warnings\n")
    }

    @Test func theWarningsInChinese() throws {
        let file = try pack()
        let r = try SiftProcess.run(["lint", "--lang", "zh", file])
        #expect(r.status == 0)
        let headlines = r.stderr.split(separator: "\n").filter { $0.hasPrefix(file) }.map { String($0.dropFirst(file.count + 1)) }
        #expect(
            headlines == [
                "5:22: warning: 模式 '.*' 接受任何文本，这项检查永远不会失败：请写出值应有的形式，或删去这项检查",
                "7:25: warning: 'length' 最小为 0 且没有最大值，接受任何长度，等于什么都不检查：请给出 'max'，或删去它",
                "9:17: warning: 'decimals: 20' 允许的小数位数比任何金额都多，等于什么都不检查：精确到分请写 'decimals: 2'",
                "10:69: warning: 公式读取的 'discont' 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用",
                "12:30: warning: 条件读取的 'stauts' 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用；是否想写 'status'？",
                "14:45: warning: 条件要求 status 为 'Shipped'，而该字段自己的检查不接受这个值（必须是以下之一：pending, shipped），所以这个条件永远不成立；是否想写 'shipped'？",
                "16:29: warning: 这个分支是同一个 'any' 中另一个分支的 'not'：两者合起来接受任何值，所以这个 'any' 永远不会失败",
                "18:18: warning: 'unique_by' 读取的 'skuu' (items[*].skuu) 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用；是否想写 'sku'？",
                "20:23: warning: 'sum_of' 读取的 'lines[*]' (lines) 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用",
                "22:34: warning: 'exactly_one_of' 读取的 'payment.walet' 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用",
            ])
    }

    @Test func aFieldNamedOnlyByAnExampleOrAnAllowedKeyIsNoWarning() throws {
        let dir = TemporaryFiles.path("sift-never-acts-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
        version: 1
        pack: p
        fields:
          tracking:
            required: {when: {field: status, enum: [shipped]}}
          items:
            - unique_by: sku
        record:
          fields: closed
          allowed: [channel]
          exactly_one_of: [channel, payment.card]
        examples:
          - record: {status: shipped, tracking: T, items: [{sku: a}, {sku: b}], channel: web}
            valid: true

        """.write(toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(["lint", "--strict", dir + "/p.yaml"])
        #expect(
            r.stderr
                == "\(dir)/p.yaml:11:29: warning: 'exactly_one_of' reads 'payment.card', which no rule or example of this pack names, so it never acts on a record\n  exactly_one_of: [channel, payment.card]\n                            ^\nsift lint: --strict: warnings fail\n"
        )
        #expect(r.status == 2)
    }

    /// Issue 60, item 3: a section indented under `fields:` is said as indentation, not as unknown checks.
    @Test func aRecordBlockIndentedUnderFieldsIsSaidAsIndentation() throws {
        let dir = TemporaryFiles.path("sift-never-acts-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "version: 1\npack: p\nfields:\n  status: [{enum: [a]}]\n  record:\n    exactly_one_of: [a, b]\n".write(
            toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(["lint", dir + "/p.yaml"])
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                \(dir)/p.yaml:5:3: error: 'record:' is indented under 'fields:', so it reads as a field called 'record' and its keys as checks: move it to column 1, in line with 'fields:'
                  record:
                  ^
                sift lint: 1 error

                """)
        let zh = try SiftProcess.run(["lint", "--lang", "zh", dir + "/p.yaml"])
        #expect(
            zh.stderr.hasPrefix(
                "\(dir)/p.yaml:5:3: error: 'record:' 缩进在 'fields:' 下面，于是被读成名为 'record' 的字段，它的键被读成检查：请移到第 1 列，与 'fields:' 对齐\n"))
    }
}
