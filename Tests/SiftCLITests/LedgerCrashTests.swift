import Foundation
import Testing

@Suite struct LedgerCrashTests {
    /// Records whose second half reuses the first half's transaction ids for other orders and users.
    func input(_ count: Int) -> String {
        (0..<count).map { i in
            #"{"order_id":"o-\#(i)","user_id":"u-\#(i)","receipt":{"status":0,"environment":"Production","#
                + #""receipt":{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","#
                + #""transaction_id":"\#(1_000_000 + i % (count / 2))","quantity":"1"}]}}}"#
        }.joined(separator: "\n") + "\n"
    }

    func run(_ inputPath: String, ledger: String) throws -> SiftProcess.Result {
        try SiftProcess.run(["run", "--rules", "rules/iap-receipts.yaml", inputPath, "--ledger", ledger, "--quiet", "--workers", "1"])
    }

    @Test func aKilledRunLeavesTheLedgerConsistentAndARerunGivesTheSameVerdicts() throws {
        let inputPath = try SiftProcess.temp("receipts.jsonl", input(60_000))
        let dir = (inputPath as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"

        // Start a run and kill it as soon as results start to flow.
        let p = Process()
        p.executableURL = SiftProcess.binary
        p.arguments = ["run", "--rules", "rules/iap-receipts.yaml", inputPath, "--ledger", ledger, "--quiet", "--workers", "1"]
        p.currentDirectoryURL = SiftProcess.packageRoot
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        _ = out.fileHandleForReading.availableData  // the first block of results
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)

        // The ledger opens cleanly and holds nothing from the killed run.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        check.arguments = [ledger, "PRAGMA integrity_check; SELECT count(*) FROM credits;"]
        let checkOut = Pipe()
        check.standardOutput = checkOut
        try check.run()
        check.waitUntilExit()
        #expect(String(decoding: checkOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "ok\n0\n")

        // A re-run gives the verdicts of a run on a fresh ledger.
        let rerun = try run(inputPath, ledger: ledger)
        let fresh = try run(inputPath, ledger: dir + "/fresh.sqlite")
        #expect(rerun.status == 1)
        #expect(rerun.stdout == fresh.stdout)
        let lines = rerun.stdout.split(separator: "\n")
        #expect(lines.count == 60_000)
        #expect(lines[0].contains(#""valid":true"#))
        #expect(lines[30_000].contains("receipt.replayed_transaction"))

        // A third run sees the second's credits.
        let third = try run(inputPath, ledger: ledger)
        #expect(third.stdout.split(separator: "\n")[0].contains("receipt.already_credited"))
    }

    /// Two runs share one ledger at the same time: claims are written in short transactions,
    /// so a run does not hold the ledger while it waits for input (before, a second run
    /// failed after 10 s, since the first held the write lock from start to end).
    @Test func twoRunsShareALedgerAtOnce() throws {
        func record(_ id: Int) -> String {
            #"{"order_id":"o-\#(id)","user_id":"u","receipt":{"status":0,"environment":"Production","#
                + #""receipt":{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","transaction_id":"\#(id)","#
                + #""quantity":"1"}]}}}"#
        }
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        let ledger = dir + "/shared.sqlite"
        // A streaming run that has the ledger open and waits for more input.
        let first = Process()
        first.executableURL = SiftProcess.binary
        first.arguments = ["run", "--rules", "rules/iap-receipts.yaml", "-", "--ledger", ledger, "--quiet"]
        first.currentDirectoryURL = SiftProcess.packageRoot
        let inp = Pipe(), out = Pipe()
        first.standardInput = inp
        first.standardOutput = out
        first.standardError = FileHandle.nullDevice
        try first.run()
        inp.fileHandleForWriting.write(Data((record(1_000_001) + "\n").utf8))
        #expect(LineReaderWithTimeout(out.fileHandleForReading).line(timeout: 10)?.contains(#""valid":true"#) == true)
        // Meanwhile a second run on the same ledger completes, quickly.
        let b = try SiftProcess.temp("b.jsonl", (2_000_001...2_000_100).map(record).joined(separator: "\n") + "\n")
        let second = try SiftProcess.run([
            "run", "--rules", "rules/iap-receipts.yaml", b, "--ledger", ledger, "--quiet", "--results", "none",
        ])
        #expect(second.status == 0)
        try inp.fileHandleForWriting.close()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        // Both runs' claims are in the ledger.
        let again = try SiftProcess.run(
            [
                "run", "--rules", "rules/iap-receipts.yaml", "--ledger", ledger, "--quiet", "--results", "none",
                "--summary-json", dir + "/s.json", "-",
            ], stdin: record(1_000_001) + "\n" + record(2_000_050) + "\n")
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: dir + "/s.json", encoding: .utf8).contains(#""reasons":{"receipt.already_credited":2}"#))
    }
}
