import Foundation
import Testing

/// `unique_across_runs` through the binary: keys claimed in the ledger, so a value used by an
/// earlier run is a duplicate; exactly once between two runs at the same time; nothing kept of a
/// run that was killed before its results were written.
@Suite struct UniqueAcrossRunsTests {
    static let pack = """
        pack: signup
        fields:
          email: {unique_across_runs: true}

        """

    func records(_ range: Range<Int>) -> String {
        range.map { #"{"email":"user\#($0)@example.com"}"# }.joined(separator: "\n") + "\n"
    }

    @Test func aValueUsedByAnEarlierRunIsADuplicate() throws {
        let rules = try SiftProcess.temp("signup.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"
        try (#"{"email":"a@x.cn"}"# + "\n" + #"{"email":"b@x.cn"}"# + "\n" + #"{"email":"a@x.cn"}"# + "\n")
            .write(toFile: dir + "/monday.jsonl", atomically: true, encoding: .utf8)
        try (#"{"email":"c@x.cn"}"# + "\n" + #"{"email":"b@x.cn"}"# + "\n").write(
            toFile: dir + "/tuesday.jsonl", atomically: true, encoding: .utf8)
        let monday = try SiftProcess.run(["run", "--rules", rules, dir + "/monday.jsonl", "--ledger", ledger, "--quiet"])
        #expect(monday.status == 1)
        #expect(
            monday.stdout.replacingOccurrences(of: dir, with: "D").split(separator: "\n")[2]
                == #"{"source":"D/monday.jsonl","line":3,"valid":false,"packs":["signup"],"violations":[{"field":"email","#
                + #""reason":"email.duplicate","message":"appeared before, on line 1 of D/monday.jsonl","value":"a@x.cn","#
                + #""rule":"D/signup.yaml:3:31"}]}"#)
        let tuesday = try SiftProcess.run(["run", "--rules", rules, dir + "/tuesday.jsonl", "--ledger", ledger, "--quiet", "--lang", "zh"])
        let lines = tuesday.stdout.replacingOccurrences(of: dir, with: "D").split(separator: "\n")
        #expect(lines[0].contains(#""valid":true"#))
        #expect(lines[1].contains(#""message":"已被另一次运行使用（D/monday.jsonl 第 2 行）""#), "\(lines[1])")
        // The ledger holds a digest of each value, never the value.
        let keys = try SiftProcess.sqlite(ledger, "SELECT key FROM credits ORDER BY key;")
        #expect(keys.split(separator: "\n").count == 3)
        #expect(keys.split(separator: "\n").allSatisfy { $0.hasPrefix("u:signup/email:") && $0.count == "u:signup/email:".count + 32 })
        #expect(!keys.contains("x.cn"))
        // Monday's file run again (its first answer lost): the same records get the same answers,
        // not duplicates of themselves; the same values from standard input (no name) do not.
        let again = try SiftProcess.run(["run", "--rules", rules, dir + "/monday.jsonl", "--ledger", ledger, "--quiet"])
        #expect(try SiftProcess.reasons(again.stdout) == SiftProcess.reasons(monday.stdout))
        let piped = try SiftProcess.run(
            ["run", "--rules", rules, "-", "--ledger", ledger, "--quiet"], stdin: #"{"email":"a@x.cn"}"# + "\n")
        #expect(try SiftProcess.reasons(piped.stdout) == [["email.duplicate"]])
        // Without a ledger the run does not start, and says why.
        let none = try SiftProcess.run(["run", "--rules", rules, dir + "/tuesday.jsonl", "--quiet"])
        #expect(none.status == 4)
        #expect(
            none.stderr.replacingOccurrences(of: dir, with: "D")
                == "sift: 'unique_across_runs' of 'email' (D/signup.yaml:3:31) keeps its keys in a ledger: "
                + "give one with --ledger FILE|URL (or SIFT_LEDGER)\n")
    }

    /// Two runs at once over the same 4,000 values: each value is accepted exactly once.
    @Test func twoRunsAtOnceAcceptEachValueOnce() throws {
        let rules = try SiftProcess.temp("signup.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"
        try records(0..<4000).write(toFile: dir + "/a.jsonl", atomically: true, encoding: .utf8)
        try records(0..<4000).write(toFile: dir + "/b.jsonl", atomically: true, encoding: .utf8)
        let a = try SiftProcess.start(["run", "--rules", rules, dir + "/a.jsonl", "--ledger", ledger, "--quiet", "--out", dir + "/a.out"])
        let b = try SiftProcess.start(["run", "--rules", rules, dir + "/b.jsonl", "--ledger", ledger, "--quiet", "--out", dir + "/b.out"])
        a.waitUntilExit()
        b.waitUntilExit()
        let outs = try [dir + "/a.out", dir + "/b.out"].map { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n") }
        #expect(outs.map(\.count) == [4000, 4000])
        var accepted: [Int: Int] = [:]
        for out in outs {
            for (n, line) in out.enumerated() where line.contains(#""valid":true"#) { accepted[n, default: 0] += 1 }
        }
        #expect(accepted.count == 4000 && accepted.values.allSatisfy { $0 == 1 })
        #expect(try SiftProcess.sqlite(ledger, "SELECT count(*) FROM credits WHERE key LIKE 'u:%';") == "4000\n")
    }

    /// A run killed before its results were written leaves provisional claims: the next run drops
    /// them, and its verdicts are those of a run on a fresh ledger.
    @Test func aKilledRunsKeysAreNotKept() throws {
        let rules = try SiftProcess.temp("signup.yaml", Self.pack)
        let dir = (rules as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"
        try records(0..<60_000).write(toFile: dir + "/a.jsonl", atomically: true, encoding: .utf8)
        let p = try SiftProcess.start([
            "run", "--rules", rules, dir + "/a.jsonl", "--ledger", ledger, "--quiet", "--out", dir + "/killed.out",
        ])
        var waited = 0
        while (Int(try SiftProcess.sqlite(ledger, "SELECT count(*) FROM credits;").dropLast()) ?? 0) == 0, waited < 600 {
            usleep(20_000)
            waited += 1
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: dir + "/killed.out"))
        let rerun = try SiftProcess.run(["run", "--rules", rules, dir + "/a.jsonl", "--ledger", ledger, "--quiet"])
        #expect(rerun.status == 0)
        #expect(rerun.stdout.split(separator: "\n").count == 60_000)
        #expect(try SiftProcess.sqlite(ledger, "SELECT count(*) FROM credits; SELECT count(*) FROM runs;") == "60000\n0\n")
    }
}
