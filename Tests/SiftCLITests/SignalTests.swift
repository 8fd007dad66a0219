import Foundation
import Testing

/// SIGINT and SIGTERM mid-run: the run stops between blocks, keeps only the ledger claims
/// whose results were written, leaves no staged output, says how far it came, and exits
/// 130 or 143. Through the binary, with a receipt ledger.
@Suite(.serialized) struct SignalTests {
    func records(_ n: Int) -> String {
        (0..<n).map { i in
            #"{"order_id":"o-\#(i)","user_id":"u","receipt":{"status":0,"environment":"Production","receipt":{"bundle_id":"#
                + #""com.example.app","in_app":[{"product_id":"com.example.coins100","transaction_id":"\#(7_000_000 + i)","#
                + #""quantity":"1"}]}}}"#
        }.joined(separator: "\n") + "\n"
    }

    func start(_ args: [String], stdout: Pipe, stdin: Pipe? = nil) throws -> (Process, Pipe) {
        let err = Pipe()
        return (try SiftProcess.start(args, stdout: stdout, stderr: err, stdin: stdin), err)
    }

    func credits(_ ledger: String) throws -> String { try SiftProcess.sqlite(ledger, "SELECT count(*), count(run) FROM credits;") }

    /// Results to a file: discarded, with every claim the run made.
    @Test func sigtermDiscardsStagedResultsAndTheirClaims() throws {
        let input = try SiftProcess.temp("in.jsonl", records(150_000))
        let dir = (input as NSString).deletingLastPathComponent
        let ledger = dir + "/ledger.sqlite"
        let (p, err) = try start(
            [
                "run", "--rules", "rules/iap-receipts.yaml", input, "--ledger", ledger, "--out", dir + "/out.jsonl", "--workers", "1",
                "--quiet",
            ],
            stdout: Pipe())
        var waited = 0
        while (try? credits(ledger)).map({ $0.hasPrefix("0|") || $0.isEmpty }) ?? true, waited < 500 {
            usleep(20_000)
            waited += 1
        }
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 143)
        #expect(stderr.wholeMatch(of: /sift: interrupted after [1-9][0-9]* records; results so far discarded\n/) != nil, "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix("ledger.sqlite") } == ["in.jsonl"])
        #expect(try credits(ledger) == "0|0\n")
    }

    /// Results on standard output: what was written is kept, and exactly those claims are final.
    @Test func sigintKeepsWrittenResultsAndExactlyTheirClaims() throws {
        let input = try SiftProcess.temp("in.jsonl", records(150_000))
        let ledger = (input as NSString).deletingLastPathComponent + "/ledger.sqlite"
        let out = Pipe()
        let (p, err) = try start(
            ["run", "--rules", "rules/iap-receipts.yaml", input, "--ledger", ledger, "--workers", "1", "--quiet"], stdout: out)
        var got = out.fileHandleForReading.availableData
        kill(p.processIdentifier, SIGINT)
        got += out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 130)
        let lines = String(decoding: got, as: UTF8.self).split(separator: "\n")
        #expect(lines.count < 150_000)
        #expect(stderr == "sift: interrupted after \(lines.count) records; results so far kept\n")
        #expect(lines.allSatisfy { $0.contains(#""valid":true"#) })
        #expect(try credits(ledger) == "\(lines.count)|0\n")
    }

    /// A run waiting for input that does not come still ends, within seconds.
    @Test func aRunWaitingForInputEndsOnSigint() throws {
        let stdin = Pipe()
        let (p, err) = try start(["run", "--rules", "rules/mobile.yaml", "-"], stdout: Pipe(), stdin: stdin)
        usleep(500_000)
        let sent = Date()
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 10)
        #expect(p.terminationStatus == 130)
        #expect(
            String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "sift: interrupted after 0 records; results so far kept\n")
        try stdin.fileHandleForWriting.close()
    }
}
