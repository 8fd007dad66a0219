import Foundation
import Sift
import SiftBatch
import Testing
import SiftTesting
import SiftTools

@Suite struct LedgerTests {
    func runFile(_ lines: [String], ledger: String) throws -> [String] {
        let path = TemporaryFiles.path("sift-ledger-in-", ".jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var out: [UInt8] = []
        let options = RunOptions(workers: 2, batchSize: 16, asOfMillis: asOf, environment: RunEnvironment(overrides: ["ledger": ledger]))
        _ = try BatchRunner(pipeline: pipeline(), options: options).run([.file(path)]) { out += $0 }
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map { line in
            line.contains(#""valid":true"#)
                ? (line.contains(#""redelivery":"#) ? "again" : "ok") : (line.contains("replayed") ? "replayed" : "other")
        }
    }

    @Test func replayDetectionCarriesAcrossRuns() throws {
        let ledger = TemporaryFiles.path("sift-ledger-", ".sqlite")
        let first = [
            record(order: "o-1", user: "u-1", inApp: "[\(tx("coins", "1"))]"),
            record(order: "o-2", user: "u-2", inApp: "[\(tx("pro", "2", original: "20"))]"),
        ]
        #expect(try runFile(first, ledger: ledger) == ["ok", "ok"])
        let second = [
            record(order: "o-1", user: "u-1", inApp: "[\(tx("coins", "1"))]"),
            record(order: "o-9", user: "u-9", inApp: "[\(tx("coins", "1"))]"),
            record(order: "o-3", user: "u-3", inApp: "[\(tx("pro", "3", original: "20"))]"),
            record(order: "o-4", user: "u-4", inApp: "[\(tx("coins", "4"))]"),
        ]
        #expect(try runFile(second, ledger: ledger) == ["again", "replayed", "replayed", "ok"])
    }

    @Test func examplesNeverTouchTheLedger() throws {
        let dir = TemporaryFiles.path("sift-ledger-examples-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let ledger = dir + "/ledger.sqlite"
        let yaml =
            policyYAML
            + "\n  ledger: ledger.sqlite\nexamples:\n  - record: {order_id: o, receipt: {status: 0, environment: Production, "
            + "receipt: {bundle_id: com.example.app, in_app: [{product_id: coins, transaction_id: '1', "
            + "quantity: '1'}]}}}\n    valid: true\n"
        let loaded = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "iap.yaml", directory: dir).pipeline)
        let outcomes = try ExampleRunner(pipeline: loaded, asOfMillis: asOf).run()
        #expect(outcomes.map(\.passed) == [true], "\(outcomes.map { ExampleRunner.describe($0, language: .en) })")
        #expect(!FileManager.default.fileExists(atPath: ledger))
    }
}

@Suite struct LedgerRegressionTests {
    /// A rule file once created its ledger anywhere (`ledger: /any/where/x.sqlite`).
    @Test(arguments: ["/tmp/elsewhere.sqlite", "../up.sqlite", "out/x.sqlite"])
    func aLedgerOutsideTheRulesFolderIsRefused(_ ledger: String) throws {
        let dir = TemporaryFiles.path("sift-ledger-confined-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // `out` is a link inside the folder that leads outside it.
        try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: NSTemporaryDirectory())
        let r = RulesLoader(registry: .builtIn()).load(text: policyYAML + "\n  ledger: \(ledger)\n", file: "iap.yaml", directory: dir)
        #expect(
            r.errors.map(\.headline) == [
                "iap.yaml:13:11: error: ledger '\(ledger)' is outside the rules folder; keep it beside the rules, or give it with --ledger"
            ])
        // The operator may name any file.
        var loader = RulesLoader(registry: .builtIn())
        loader.overrides = ["ledger": dir + "/given.sqlite"]
        #expect(loader.load(text: policyYAML + "\n  ledger: \(ledger)\n", file: "iap.yaml", directory: dir).errors.isEmpty)
    }

    @Test func theLedgerPathIsRelativeToTheRuleFile() throws {
        let dir = TemporaryFiles.path("sift-ledger-rel-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let yaml = policyYAML + "\n  ledger: state/ledger.sqlite\n"
        try FileManager.default.createDirectory(atPath: dir + "/state", withIntermediateDirectories: true)
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "iap.yaml", directory: dir).pipeline)
        let s = try Session(pipeline: p, asOfMillis: asOf)
        #expect(s.validate(json: Array(record(inApp: "[\(tx("coins", "1"))]").utf8)).isValid)
        try s.finish()
        #expect(FileManager.default.fileExists(atPath: dir + "/state/ledger.sqlite"))
    }

    @Test func twoReceiptPacksShareTheirClaims() throws {
        let dir = TemporaryFiles.path("sift-two-packs-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try (policyYAML.replacingOccurrences(of: "applies_to: { has: order_id }", with: "pack: a\napplies_to: { channel: a }")).write(
            toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try (policyYAML.replacingOccurrences(of: "applies_to: { has: order_id }", with: "pack: b\napplies_to: { channel: b }")).write(
            toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        let p = try #require(RulesLoader(registry: .builtIn()).load(path: dir).pipeline)
        let ledger = dir + "/ledger.sqlite"
        let s = try Session(pipeline: p, asOfMillis: asOf, environment: RunEnvironment(overrides: ["ledger": ledger]))
        func rec(_ channel: String, _ order: String, _ user: String) -> [UInt8] {
            Array(
                record(order: order, user: user, inApp: "[\(tx("coins", "7"))]").replacingOccurrences(
                    of: "{\"order_id\"", with: "{\"channel\":\"\(channel)\",\"order_id\""
                ).utf8)
        }
        #expect(s.validate(json: rec("a", "o-1", "u-1")).isValid)
        #expect(s.validate(json: rec("b", "o-2", "u-2")).reasons == ["receipt.replayed_transaction"])
        try s.finish()
    }
}

/// A host's record whose claims cannot be committed (the ledger locked by another program past
/// the wait) is `record.unsettled`, credits nothing, and is credited when sent again later.
@Suite struct UnsettledRecordTests {
    @Test func aLockedLedgerGivesUnsettledAndARetryIsCredited() async throws {
        let ledger = TemporaryFiles.path("sift-ledger-locked-", ".sqlite")
        let p = try pipeline()
        let session = try RecordSession(pipeline: p, overrides: ["ledger": ledger])
        let first = record(order: "o-1", user: "u-1", inApp: "[\(tx("coins", "1"))]")
        #expect(await session.validate(json: first).isValid)
        // Another program holds the ledger for 12 seconds.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [ledger]
        let input = Pipe()
        holder.standardInput = input
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\n.shell sleep 12\nCOMMIT;\n".utf8))
        try input.fileHandleForWriting.close()
        usleep(500_000)
        let second = record(order: "o-2", user: "u-2", inApp: "[\(tx("coins", "2"))]")
        let locked = await session.validate(json: second)
        #expect(locked.inputError?.reason == "record.unsettled")
        #expect(locked.inputError?.message.hasSuffix("locked by another program for more than 10 seconds); nothing was credited") == true)
        holder.waitUntilExit()
        // Sent again once the ledger is free: credited, not "already credited".
        let retry = await session.validate(json: second)
        #expect(retry.isValid, "\(retry.reasons)")
    }
}
