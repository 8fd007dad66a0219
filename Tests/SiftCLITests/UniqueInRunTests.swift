import Foundation
import Testing

/// `unique_in_run` through the binary: the second and later records with a value name the
/// first one's line, the same with 1 and 2 workers over blocks large enough to be settled in
/// parts, across files, and with `--shard` (each shard sees its own records, and says so).
@Suite struct UniqueInRunTests {
    static let pack = """
        pack: orders
        fields:
          order_no: {unique_in_run: true}
          line_no: {required: false, unique_in_run: {with: [store]}}
        """

    @Test func laterRecordsNameTheFirst() throws {
        let rules = try SiftProcess.temp("orders.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        try [
            #"{"order_no":"a","line_no":1,"store":"x"}"#, #"{"order_no":"b","line_no":1,"store":"y"}"#,
            #"{"order_no":"a","line_no":1,"store":"x"}"#, #"{"order_no":1.0}"#, #"{"order_no":1}"#, #"{"order_no":null}"#,
        ].joined(separator: "\n").appending("\n").write(toFile: dir + "/a.jsonl", atomically: true, encoding: .utf8)
        try #"[{"order_no":"b"}, {"order_no":"c"}]"#.write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(["run", "--rules", rules, dir + "/a.jsonl", dir + "/b.json", "--quiet"])
        #expect(r.status == 1)
        let lines = r.stdout.replacingOccurrences(of: dir, with: "D").split(separator: "\n").map(String.init)
        let third: [String] = [
            #"{"source":"D/a.jsonl","line":3,"valid":false,"packs":["orders"],"violations":["#,
            #"{"field":"order_no","reason":"order_no.duplicate","message":"appeared before, on line 1","value":"a","rule":"D/orders.yaml:3:29"},"#,
            #"{"field":"line_no","reason":"line_no.duplicate","message":"appeared before with the same store, on line 1","#,
            #""value":"1","rule":"D/orders.yaml:4:45"}]}"#,
        ]
        #expect(lines.count == 8)
        #expect(lines[2] == third.joined())
        #expect(lines[4].contains(#""message":"appeared before, on line 4","value":"1""#))  // 1 is 1.0
        #expect(lines[5].contains(#""reason":"order_no.required""#))  // null is no value to compare
        #expect(
            lines[6] == #"{"source":"D/b.json","line":1,"index":0,"valid":false,"packs":["orders"],"violations":["#
                + #"{"field":"order_no","reason":"order_no.duplicate","message":"appeared before, on line 2 of D/a.jsonl","#
                + #""value":"b","rule":"D/orders.yaml:3:29"}]}"#)
        let zh = try SiftProcess.run(["run", "--rules", rules, dir + "/a.jsonl", "--quiet", "--lang", "zh"])
        #expect(zh.stdout.contains(#""message":"已在第 1 行以相同的 store 出现过""#))
        let explain = try SiftProcess.run(["explain", rules])
        #expect(explain.stdout.contains("  field order_no: unique in the run [order_no.duplicate] (\(rules):3:29)\n"))
    }

    @Test func workersAndShards() throws {
        let rules = try SiftProcess.temp("orders.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        // 3,000 records, every 7th repeating an order number seen 500 records before.
        let records = (0..<3000).map { i in #"{"order_no":"o-\#(i % 7 == 6 && i > 500 ? i - 500 : i)"}"# }
        try (records.joined(separator: "\n") + "\n").write(toFile: dir + "/many.jsonl", atomically: true, encoding: .utf8)
        let one = try SiftProcess.run(["run", "--rules", rules, dir + "/many.jsonl", "--quiet", "--workers", "1"])
        let two = try SiftProcess.run(["run", "--rules", rules, dir + "/many.jsonl", "--quiet", "--workers", "2"])
        #expect(one.stdout == two.stdout)
        let duplicates = one.stdout.split(separator: "\n").filter { $0.contains("order_no.duplicate") }
        #expect(duplicates.count == (501..<3000).filter { $0 % 7 == 6 }.count)
        #expect(duplicates.first?.contains(#""line":504,"#) == true && duplicates.first?.contains("on line 4") == true)
        let shard = try SiftProcess.run(["run", "--rules", rules, dir + "/many.jsonl", "--shard", "1/2"])
        #expect(
            shard.stderr.hasPrefix(
                "sift: unique_in_run sees only the records of this shard (--shard 1/2): a value repeated in another shard is not found\n"))
    }

    @Test func lintLocatesAMistake() throws {
        let rules = try SiftProcess.temp("orders.yaml", "fields:\n  items[*].sku: {unique_in_run: true}\n")
        let r = try SiftProcess.run(["lint", rules])
        #expect(r.status == 2)
        #expect(
            r.stderr.replacingOccurrences(of: (rules as NSString).deletingLastPathComponent, with: "D") == """
                D/orders.yaml:2:33: error: 'unique_in_run' compares one value per record, and 'items[*].sku' has '[*]'; \
                for values unique within one record, put unique_by on the list
                  items[*].sku: {unique_in_run: true}
                                                ^
                sift lint: 1 error

                """)
    }
}
