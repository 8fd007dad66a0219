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

    func sqlite(_ ledger: String, _ sql: String) throws -> String { try SiftProcess.sqlite(ledger, sql) }

    /// Results to a file: the killed run's claims were provisional (nobody saw its results), so
    /// the next run drops them and gives the verdicts of a run on a fresh ledger.
    @Test func aKilledRunLeavesTheLedgerConsistentAndARerunGivesTheSameVerdicts() throws {
        let inputPath = try SiftProcess.temp("receipts.jsonl", input(60_000))
        let dir = (inputPath as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"

        // Start a run and kill it once it has committed claims.
        let p = try SiftProcess.start([
            "run", "--rules", "rules/iap-receipts.yaml", inputPath, "--ledger", ledger, "--quiet", "--workers", "1",
            "--out", dir + "/killed.jsonl",
        ])
        var waited = 0
        while (Int(try sqlite(ledger, "SELECT count(*) FROM credits;").dropLast()) ?? 0) == 0, waited < 600 {
            usleep(20_000)
            waited += 1
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: dir + "/killed.jsonl"))

        // The ledger opens cleanly; the killed run's claims are provisional: tagged with the run,
        // which is still listed as running.
        let held = try sqlite(
            ledger, "PRAGMA integrity_check; SELECT count(*) > 0, count(run) = count(*) FROM credits; SELECT count(*) FROM runs;")
        #expect(held == "ok\n1|1\n1\n")

        // A re-run gives the verdicts of a run on a fresh ledger, and leaves only final claims.
        let rerun = try run(inputPath, ledger: ledger)
        let fresh = try run(inputPath, ledger: dir + "/fresh.sqlite")
        #expect(rerun.status == 1)
        #expect(rerun.stdout == fresh.stdout)
        let lines = rerun.stdout.split(separator: "\n")
        #expect(lines.count == 60_000)
        #expect(lines[0].contains(#""valid":true"#))
        #expect(lines[30_000].contains("receipt.replayed_transaction"))
        #expect(try sqlite(ledger, "SELECT count(*) FROM credits; SELECT count(*) FROM runs;") == "30000\n0\n")

        // A third run sees the second's credits: the same orders again are redeliveries.
        let third = try run(inputPath, ledger: ledger)
        #expect(third.stdout.split(separator: "\n")[0].contains(#""redelivery":{"via":"receipt","first":"line 1 of "#))
    }

    /// Results on standard output are seen as they are written, so claims are final when made.
    /// Over every delivered line (what the killed run printed, and its re-run), every purchase
    /// is creditable to its owner at least once and never to two owners: the killed run's
    /// credits, the block it was writing when killed included, come back as redeliveries.
    @Test func aKilledStreamsCreditsComeBackAsRedeliveries() throws {
        let inputPath = try SiftProcess.temp("receipts.jsonl", input(60_000))
        let dir = (inputPath as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"
        let args = ["run", "--rules", "rules/iap-receipts.yaml", inputPath, "--quiet", "--workers", "1"]
        let seen = try Self.killedAfterItsFirstBlock(args + ["--ledger", ledger])
        let claimed = try Int(sqlite(ledger, "SELECT count(*) FROM credits WHERE run IS NULL;").dropLast()) ?? -1
        let rerun = try run(inputPath, ledger: ledger).stdout.split(separator: "\n")
        let fresh = try run(inputPath, ledger: dir + "/fresh.sqlite").stdout.split(separator: "\n")
        let back = Self.expectNothingLost(seen: seen, rerun: rerun, fresh: fresh)
        #expect(back == claimed, "every claim the killed run made comes back once: \(back) of \(claimed)")
    }

    /// Starts `args` with its standard output on a pipe, reads its first block of results, kills
    /// it, and returns the whole lines it wrote (the last may be cut: dropped).
    static func killedAfterItsFirstBlock(_ args: [String]) throws -> [Substring] {
        let out = Pipe()
        let p = try SiftProcess.start(args, stdout: out)
        var seen = out.fileHandleForReading.availableData  // the first block of results
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        seen += out.fileHandleForReading.readDataToEndOfFile()  // what it wrote before it died
        let text = String(decoding: seen, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.dropLast())  // after the last newline: empty, or a cut line
    }

    /// The guarantee over a killed run's delivered lines `seen`, its re-run's and an uninterrupted
    /// run's on a fresh ledger: the re-run gives the uninterrupted run's verdicts; what the killed
    /// run printed as credited is a redelivery in the re-run; no credit is lost; and every credit is
    /// to the owner the uninterrupted run credits. Returns how many of the re-run's credits are
    /// redeliveries.
    @discardableResult
    static func expectNothingLost(seen: [Substring], rerun: [Substring], fresh: [Substring]) -> Int {
        #expect(rerun.count == fresh.count)
        let valid = { (ls: [Substring]) in Set(ls.indices.filter { ls[$0].contains(#""valid":true"#) }) }
        #expect(valid(rerun) == valid(fresh), "the re-run gives an uninterrupted run's verdicts")
        #expect(valid(seen).isSubset(of: valid(fresh)), "never creditable to two owners")
        for i in valid(seen) { #expect(rerun[i].contains(#""redelivery":{"#), "line \(i + 1) printed as credited") }
        let lost = valid(fresh).subtracting(valid(seen)).subtracting(valid(rerun))
        #expect(lost.isEmpty, "\(lost.count) credits lost")
        return rerun.filter { $0.contains(#""redelivery":{"#) }.count
    }

    /// Four runs started together on one new ledger, every transaction id in two of them (for
    /// other orders and users): each transaction is credited by exactly one result line. Before
    /// claims were made in a transaction per block, all 10,000 were credited twice.
    @Test func concurrentRunsCreditEachTransactionOnce() throws {
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        let ledger = dir + "/new.sqlite"
        let (runs, records) = (4, 5_000)
        var processes: [Process] = []
        for r in 0..<runs {
            let lines = (0..<records).map { i in
                #"{"order_id":"o-\#(r)-\#(i)","user_id":"u-\#(r)-\#(i)","receipt":{"status":0,"environment":"Production","#
                    + #""receipt":{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","#
                    + #""transaction_id":"\#(1_000_000 + (r * records / 2 + i) % (runs * records / 2))","quantity":"1"}]}}}"#
            }
            let input = try SiftProcess.temp("in\(r).jsonl", lines.joined(separator: "\n") + "\n")
            let p = Process()
            p.executableURL = SiftProcess.binary
            p.arguments = [
                "run", "--rules", "rules/iap-receipts.yaml", input, "--ledger", ledger, "--quiet", "--out", dir + "/out\(r).jsonl",
            ]
            p.currentDirectoryURL = SiftProcess.packageRoot
            processes.append(p)
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { [0, 1].contains($0.terminationStatus) })
        var credits: [String: Int] = [:]
        for r in 0..<runs {
            let text = try String(contentsOfFile: dir + "/out\(r).jsonl", encoding: .utf8)
            for match in text.matches(of: /"creditable":\[\{[^\]]*"transaction_id":"(\d+)"/) { credits[String(match.1), default: 0] += 1 }
        }
        #expect(credits.count == runs * records / 2)
        #expect(credits.values.allSatisfy { $0 == 1 })
    }

    /// A file the run cannot write at the end (the summary, to a full device) fails the run
    /// before its claims become final: they are dropped, and the results file is not made.
    @Test func aFailureWritingTheLastFilesLeavesNoClaims() throws {
        let inputPath = try SiftProcess.temp("receipts.jsonl", input(2_000))
        let dir = (inputPath as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"
        let r = try SiftProcess.run([
            "run", "--rules", "rules/iap-receipts.yaml", inputPath, "--ledger", ledger, "--quiet", "--out", dir + "/out.jsonl",
            "--summary-json", "/dev/full",
        ])
        #expect(r.status == 4)
        #expect(r.stderr == "sift: cannot write /dev/full: no space left on device; nothing was replaced\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.jsonl"))
        #expect(try sqlite(ledger, "SELECT count(*) FROM credits; SELECT count(*) FROM runs;") == "0\n0\n")
        // A re-run credits them.
        #expect(try run(inputPath, ledger: ledger).stdout.split(separator: "\n")[0].contains(#""valid":true"#))
    }

    /// A ledger that is not a database ends the run in one plain line, replacing nothing.
    @Test func aCorruptLedgerIsOnePlainLine() throws {
        let ledger = try SiftProcess.temp("ledger.sqlite", String(repeating: "not a database ", count: 300))
        let dir = (ledger as NSString).deletingLastPathComponent
        try "old\n".write(toFile: dir + "/out.jsonl", atomically: false, encoding: .utf8)
        let r = try SiftProcess.run([
            "run", "--rules", "rules/iap-receipts.yaml", "samples/receipts/receipts.jsonl", "--ledger", ledger, "--out", dir + "/out.jsonl",
        ])
        #expect(r.status == 4)
        #expect(r.stderr == "sift: ledger '\(ledger)': file is not a database; nothing was replaced\n")
        #expect(try String(contentsOfFile: dir + "/out.jsonl", encoding: .utf8) == "old\n")
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
            ], stdin: [record(1_000_001), record(2_000_050)].map { $0.replacingOccurrences(of: #""u""#, with: #""u-2""#) + "\n" }.joined())
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: dir + "/s.json", encoding: .utf8).contains(#""reasons":{"receipt.replayed_transaction":2}"#))
    }
}
