import Foundation
import Testing

/// The `record:` section through the binary: result lines naming the fields, in both
/// languages, `explain`, and a located mistake from `lint`.
@Suite struct RecordConstraintCLITests {
    static let pack = """
        pack: orders
        fields:
          order_id: [{type: string}]
          items[*].sku: [{type: string}]
        record:
          exactly_one_of: [card, wallet]
          requires: {coupon: [coupon_source]}
          fields: closed
        """

    @Test func resultLinesNameTheFields() throws {
        let rules = try SiftProcess.temp("orders.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        let input = dir + "/orders.jsonl"
        try
            (#"{"order_id":"o-1","card":"4111","items":[{"sku":"A"}]}"# + "\n"
            + #"{"order_id":"o-2","card":"4111","wallet":"w","coupon":"C","items":[{"sku":"A","skew":1}]}"# + "\n")
            .write(toFile: input, atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(["run", "--rules", rules, input, "--quiet"])
        #expect(r.status == 1)
        let second: [String] = [
            #"{"source":"D/orders.jsonl","line":2,"valid":false,"packs":["orders"],"violations":["#,
            #"{"field":"card, wallet","reason":"record.exactly_one_of","message":"exactly one of card, wallet must be given; "#,
            #"2 are: card, wallet","rule":"D/orders.yaml:6:19"},"#,
            #"{"field":"coupon_source","reason":"record.requires","message":"is required when coupon is given","#,
            #""rule":"D/orders.yaml:7:14"},"#,
            #"{"field":"items[0].skew","reason":"record.unknown_field","message":"is not a field this pack names; "#,
            #"did you mean 'sku'?","value":"1","rule":"D/orders.yaml:8:11"}]}"#,
        ]
        let expected =
            #"{"source":"D/orders.jsonl","line":1,"valid":true,"packs":["orders"],"violations":[]}"# + "\n" + second.joined() + "\n"
        #expect(r.stdout.replacingOccurrences(of: dir, with: "D") == expected)
        let zh = try SiftProcess.run(["run", "--rules", rules, input, "--quiet", "--lang", "zh"])
        #expect(zh.stdout.contains(#""message":"card、wallet 必须且只能填写一个；填写了 2 个：card、wallet""#))
        #expect(zh.stdout.contains(#""message":"不是此规则包列出的字段；是否想写 'sku'？""#))
        let explain = try SiftProcess.run(["explain", rules])
        #expect(
            explain.stdout.contains(
                [
                    "  record: exactly one of card, wallet [record.exactly_one_of] (\(rules):6:19)",
                    "  record: when coupon is given, coupon_source must be too [record.requires] (\(rules):7:14)",
                    "  record: closed: only the fields this pack names [record.unknown_field] (\(rules):8:11)",
                ].joined(separator: "\n")))
    }

    @Test func lintLocatesAMistake() throws {
        let rules = try SiftProcess.temp("orders.yaml", Self.pack.replacingOccurrences(of: "fields: closed", with: "fields: shut"))
        let r = try SiftProcess.run(["lint", rules])
        #expect(r.status == 2)
        #expect(
            r.stderr.replacingOccurrences(of: (rules as NSString).deletingLastPathComponent, with: "D") == """
                D/orders.yaml:8:11: error: 'fields' of 'record' is 'open' or 'closed', not 'shut'
                  fields: shut
                          ^
                sift lint: 1 error

                """)
    }
}
