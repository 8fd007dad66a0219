import Foundation
import Testing

/// Comparisons between fields through the binary: result lines naming both fields, in both
/// languages, `explain`, and a located mistake from `lint`.
@Suite struct CompareCLITests {
    static let pack = """
        pack: booking
        fields:
          password: [{length: {min: 8}}]
          confirm_password: [{same_as: password}]
          check_in: [{date: yyyy-MM-dd}]
          check_out: [{date: yyyy-MM-dd}, {after: check_in}]
          rooms[*].adults: [{type: integer}]
          rooms[*].beds: [{at_least: .adults}]
          rooms: {count: {max: 2}}
          rooms[*].price: {required: false}
          total: {required: false, checks: [{sum_of: {items: 'rooms[*]', value: price}}]}
        """

    @Test func resultLinesNameBothFields() throws {
        let rules = try SiftProcess.temp("booking.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        let input = dir + "/bookings.jsonl"
        let ok = #"{"password":"s3cret-pw","confirm_password":"s3cret-pw","check_in":"2026-12-01","check_out":"2026-12-03","#
        try
            (ok + #""rooms":[{"adults":2,"beds":2}]}"# + "\n"
            + #"{"password":"s3cret-pw","confirm_password":"s3cret-PW","check_in":"2026-12-03","check_out":"2026-12-03","#
            + #""rooms":[{"adults":1,"beds":1,"price":40},{"adults":3,"beds":2,"price":"40.10"},{"adults":1,"beds":1,"price":0}],"total":80.01}"#
            + "\n")
            .write(toFile: input, atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(["run", "--rules", rules, input, "--quiet"])
        #expect(r.status == 1)
        let second: [String] = [
            #"{"source":"D/bookings.jsonl","line":2,"valid":false,"packs":["booking"],"violations":["#,
            #"{"field":"confirm_password","reason":"confirm_password.same_as","message":"must be the same as password","#,
            #""value":"s3cret-PW","rule":"D/booking.yaml:4:23"},"#,
            #"{"field":"check_out","reason":"check_out.after","message":"must be after check_in","#,
            #""value":"2026-12-03","rule":"D/booking.yaml:6:36"},"#,
            #"{"field":"rooms[1].beds","reason":"rooms[*].beds.at_least","message":"must be at least rooms[1].adults","#,
            #""value":"2","rule":"D/booking.yaml:8:20"},"#,
            #"{"field":"total","reason":"total.sum_of","message":"is 80.01, but the sum of price over rooms is 80.1","#,
            #""value":"80.01","rule":"D/booking.yaml:11:38"},"#,
            #"{"field":"rooms","reason":"rooms.count","message":"has 3 elements; must be at most 2","value":"3","rule":"D/booking.yaml:9:18"}]}"#,
        ]
        let expected =
            #"{"source":"D/bookings.jsonl","line":1,"valid":true,"packs":["booking"],"violations":[]}"# + "\n" + second.joined() + "\n"
        #expect(r.stdout.replacingOccurrences(of: dir, with: "D") == expected)
        let zh = try SiftProcess.run(["run", "--rules", rules, input, "--quiet", "--lang", "zh"])
        #expect(zh.stdout.contains(#""message":"必须晚于 check_in""#))
        #expect(zh.stdout.contains(#""message":"不得小于 rooms[1].adults""#))
        let explain = try SiftProcess.run(["explain", rules])
        #expect(
            explain.stdout.contains(
                [
                    "  field check_out (required) [check_out.required when missing]",
                    "    - must be a real date in the format yyyy-MM-dd [check_out.date] (\(rules):6:16)",
                    "    - must be after check_in (not checked when check_in is missing) [check_out.after] (\(rules):6:36)",
                ].joined(separator: "\n")), "\(explain.stdout)")
    }

    @Test func lintLocatesAMistake() throws {
        let rules = try SiftProcess.temp("booking.yaml", Self.pack.replacingOccurrences(of: "after: check_in", with: "after: checkin"))
        let r = try SiftProcess.run(["lint", rules])
        #expect(r.status == 2)
        #expect(
            r.stderr.replacingOccurrences(of: (rules as NSString).deletingLastPathComponent, with: "D") == """
                D/booking.yaml:6:36: error: 'after' compares with 'checkin', which is not a field of this pack (declare it under fields:); \
                did you mean 'check_in'?
                  check_out: [{date: yyyy-MM-dd}, {after: checkin}]
                                                   ^
                sift lint: 1 error

                """)
        let zh = try SiftProcess.run(["lint", rules, "--lang", "zh"])
        #expect(zh.stderr.contains("error: 'after' 要比较的 'checkin' 不是本规则包的字段（请在 fields: 下声明它）；是否想写 'check_in'？"))
    }
}
