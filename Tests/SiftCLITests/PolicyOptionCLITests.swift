import Foundation
import Testing
import SiftTesting

/// Issue 30's new receipt and route options through the real `sift` binary, exact text.
@Suite struct PolicyOptionCLITests {
    func run(_ yaml: String, _ records: [String], _ extra: [String] = []) throws -> [String] {
        let rules = try SiftProcess.temp("p.yaml", yaml)
        let r = try SiftProcess.run(["run", "--rules", rules, "--quiet"] + extra, stdin: records.joined(separator: "\n") + "\n")
        #expect(r.stderr == "")
        return r.stdout.split(separator: "\n").map { String($0).replacingOccurrences(of: rules, with: "p.yaml") }
    }

    static let receipts = """
        pack: p
        applies_to: { has: order_id }
        receipt:
          field: receipt
          bundle_id: com.example.app
          products: { pro: non_consumable }
          replay_key: transaction
          transaction_id_format: any_text
        """

    @Test func replayKeyAndTransactionIdFormatAndEveryProblem() throws {
        func record(_ order: String, _ inApp: String) -> String {
            #"{"order_id":"\#(order)","user_id":"\#(order)","receipt":{"status":0,"environment":"Production","#
                + #""receipt":{"bundle_id":"com.example.app","in_app":[\#(inApp)]}}}"#
        }
        let lines = try run(
            Self.receipts,
            [
                record("o-1", #"{"product_id":"pro","transaction_id":"T-1","original_transaction_id":"T-0","quantity":"1"}"#),
                record(
                    "o-2",
                    #"{"product_id":"pro","transaction_id":"T-2","original_transaction_id":"T-0","quantity":"1"},"#
                        + #"{"product_id":"pro","transaction_id":"T-1","quantity":"1","cancellation_date_ms":"1591100000000"}"#),
            ])
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":true,"packs":["p"],"violations":[],"receipt":{"status":0,"environment":"Production","#
                    + #""retryable":false,"creditable":[{"product_id":"pro","type":"non_consumable","transaction_id":"T-1","#
                    + #""original_transaction_id":"T-0","quantity":1}]}}"#,
                #"{"source":"-","line":2,"valid":false,"packs":["p"],"violations":[{"field":"receipt.receipt.in_app[1].cancellation_date_ms","#
                    + #""reason":"receipt.refunded","message":"transaction T-1 was refunded or revoked at 2020-06-02T12:13:20Z "#
                    + #"(cancellation_reason absent: no reason given)","rule":"p.yaml:4:3"},{"field":"receipt.receipt.in_app[1].transaction_id","#
                    + #""reason":"receipt.replayed_transaction","message":"transaction_id T-1 was already credited to order o-1, user o-1: "#
                    + #"a replayed receipt","value":"T-1","rule":"p.yaml:4:3"}],"receipt":{"status":0,"environment":"Production","#
                    + #""retryable":false,"creditable":[{"product_id":"pro","type":"non_consumable","transaction_id":"T-2","#
                    + #""original_transaction_id":"T-0","quantity":1}]}}"#,
            ])
    }

    @Test func explainAndSchemaShowTheNewReceiptOptions() throws {
        let rules = try SiftProcess.temp("p.yaml", Self.receipts)
        let en = try SiftProcess.run(["explain", rules])
        #expect(en.stdout.contains("    - a transaction id is text of 1 to 256 bytes [receipt.transaction_id]\n"), "\(en.stdout)")
        #expect(
            en.stdout.contains(
                "    - a transaction is credited to one order and user only (its original transaction is not bound; sent again by "
                    + "them, it is creditable again, marked redelivery) [receipt.replayed_transaction]\n"))
        let zh = try SiftProcess.run(["explain", rules, "--lang", "zh"])
        #expect(zh.stdout.contains("    - 交易号应为 1 到 256 字节的文本 [receipt.transaction_id]\n"), "\(zh.stdout)")
        #expect(zh.stdout.contains("一笔交易只入账给一个订单和用户（不绑定原始交易；同一订单和用户再次发送时仍可入账，标记为 redelivery）"))
        let schema = try SiftProcess.run(["schema"])
        for option in ["replay_key", "transaction_id_format", "\"controls\"", "\"fragment\""] {
            #expect(schema.stdout.contains(option), "\(option)")
        }
    }

    @Test func anOpaqueQueryThroughTheBinary() throws {
        let yaml = """
            pack: r
            applies_to: { has: url }
            routes:
              hosts: [example.com]
              query: opaque
              table:
                - {path: videos, to: list}
            """
        let lines = try run(yaml, [#"{"url":"https://example.com/videos?a=%FF&a=1"}"#, #"{"url":"https://example.com/videos?a=[1]"}"#])
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":true,"packs":["r"],"violations":[],"route":{"destination":"list","pattern":"videos","#
                    + #""kind":"universal","params":{},"query":{},"raw_query":"a=%FF&a=1","fragment":null}}"#,
                #"{"source":"-","line":2,"valid":false,"packs":["r"],"violations":[{"field":"url","reason":"route.bad_character","#
                    + #""message":"the query contains '[', which RFC 3986 does not allow there","value":"https://example.com/videos?a=[1]","#
                    + #""rule":"p.yaml:4:3"}]}"#,
            ])
    }
}
