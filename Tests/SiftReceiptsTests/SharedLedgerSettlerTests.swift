import Foundation
import SiftCore
import SiftTesting
import Testing

@testable import SiftReceipts
import SiftJSON

/// Stages of several packs that keep their claims in one ledger share one settler: a session
/// prepares, sends and confirms it once per block, with all their records (`Session.prepare`).
@Suite struct SharedLedgerSettlerTests {
    final class CountingStore: ClaimsStore, @unchecked Sendable {
        var calls: [String] = []
        func owner(of key: String) -> Owner? { nil }
        func prefetch(_ keys: [String]) { calls.append("prefetch \(keys.count)") }
        func prefetchNext(_ keys: [String], alone: Bool) -> Bool {
            calls.append("next \(keys.count)")
            return false
        }
        func record(_ key: String, _ owner: Owner) {}
        func release(_ key: String) {}
        func commit() throws(LedgerError) { calls.append("commit") }
        func finish() throws(LedgerError) {}
        func claims() throws(LedgerError) -> [LedgerRow] { [] }
        func liveRuns() throws(LedgerError) -> Int { 0 }
        func putEntitlement(_ row: EntitlementRow) {}
        func entitlements(_ query: EntitlementQuery) throws(LedgerError) -> [EntitlementRow] { [] }
    }

    @Test func aLedgerSharedByTwoPacksIsPreparedAndSentOncePerBlock() throws {
        let dir = TemporaryFiles.path("sift-shared-ledger-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try """
            pack: \(name)
            applies_to: { has: order_id }
            receipt:
              field: receipt
              order_field: order_id
              user_field: user_id
              bundle_id: com.example.app
              products: { com.example.coins100: consumable }
            """.write(toFile: "\(dir)/\(name).yaml", atomically: true, encoding: .utf8)
        }
        let pipeline = try #require(RulesLoader(registry: .builtIn()).load(path: dir).pipeline)
        #expect(pipeline.packs.map(\.name) == ["a", "b"])
        let store = CountingStore()
        var environment = RunEnvironment(overrides: ["ledger": "counting://x"])
        environment.ledgerOpeners["counting"] = LedgerOpener { _, _ in store }
        let session = try Session(pipeline: pipeline, asOfMillis: 0, environment: environment)
        let docs = try (1...4).map { i in
            try JSONDocument(
                bytes: Array(
                    (#"{"order_id":"o-\#(i)","user_id":"u","receipt":{"status":0,"environment":"Production","receipt":{"bundle_id":"com.example.app","#
                        + #""in_app":[{"product_id":"com.example.coins100","transaction_id":"\#(i)","quantity":"1"}]}}}"#).utf8))
        }
        let results = docs.map { pipeline.evaluate($0.root, context: EvaluationContext(record: $0.root, asOfMillis: 0)) }
        session.prepare(Array(results[0..<2]), next: Array(results[2..<4]))
        for i in 0..<2 { _ = session.settle(results[i], record: docs[i].root) }
        try session.send()
        session.prepare(Array(results[2..<4]))
        for i in 2..<4 { _ = session.settle(results[i], record: docs[i].root) }
        try session.send()
        try session.confirm()
        // Two records, two packs each: four purchases of two keys (t:, r:) a block.
        #expect(store.calls == ["prefetch 8", "next 8", "commit", "prefetch 8", "commit"])
    }
}
