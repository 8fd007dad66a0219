import Foundation
import SiftTesting
import Testing

/// A run settles a block's parts while the part before is committed (docs/LEDGER.md, "A fourth
/// round"): when the part in flight loses a race, it and the part settled since are settled
/// again, and every verdict is the one a serial order gives.
extension PostgresLedgerCLITests {
    /// 600 records in one block: four parts of 150. Another connection holds the transaction of
    /// record 5 (the first part) uncommitted, so the first part's claims wait at the server while
    /// the second is settled, seeing the first part's claims as made: record 170 repeats record
    /// 5's transaction, and record 160 record 10's. The holder then commits: the first part loses
    /// the race, and both parts are settled again. Record 5 is then a replay of the holder's
    /// claim, and so is record 170 (not of record 5's, never kept); record 160 stays a replay of
    /// record 10's.
    @Test(.timeLimit(.minutes(2))) func aPartInFlightThatLosesARaceIsSettledAgainWithThePartAfterIt() throws {
        let race = try startRace(query: "")
        defer { try? FileManager.default.removeItem(at: race.input) }
        let (url, name) = (race.url, race.database)
        // The first part's claims wait for the holder, while a later part has a transaction open.
        #expect(try firstPartWaits(race))
        #expect(
            try waitFor(
                url, "SELECT (count(*) >= 2)::int FROM pg_stat_activity WHERE datname = '\(name)' AND state = 'idle in transaction'"),
            "the holder's transaction and a later part's")
        try race.commitHolder()
        try expectSettledAgain(race)
    }

    /// The same with `connections=1`: the run holds one connection, its first part's claims wait
    /// for the holder with no later part open, and the part that lost is settled again alone.
    /// The verdicts are the same.
    @Test(.timeLimit(.minutes(2))) func withOneConnectionThePartThatLostIsSettledAgainAlone() throws {
        let race = try startRace(query: "&connections=1")
        defer { try? FileManager.default.removeItem(at: race.input) }
        let (url, name) = (race.url, race.database)
        #expect(try firstPartWaits(race))
        // The run's one connection (psql's, the holder's among them, name themselves).
        #expect(
            try psql(
                url,
                "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)' AND backend_type = 'client backend' AND application_name <> 'psql'"
            ) == "1\n")
        try race.commitHolder()
        try expectSettledAgain(race)
    }

    /// The same as a role the server allows one connection (SQLSTATE 53300 for a second): the
    /// run goes on with the one it has, and the verdicts are the same. A role allowed none gets
    /// one plain line, exit 4.
    @Test(.timeLimit(.minutes(2))) func aRunTheServerGivesOneConnectionGoesOnWithIt() throws {
        let race = try startRace(query: "", connectionLimit: 1)
        defer {
            try? FileManager.default.removeItem(at: race.input)
            try? FileManager.default.removeItem(atPath: race.input.path + ".password")
        }
        #expect(try firstPartWaits(race))
        try race.commitHolder()
        try expectSettledAgain(race)
        _ = try psql(race.url, "ALTER ROLE \(try role(of: race.runURL)) CONNECTION LIMIT 0")
        let refused = try SiftProcess.run(["run", "--rules", "rules/iap-receipts.yaml", race.input.path, "--quiet"] + race.ledgerArguments)
        #expect(refused.status == 4)
        let secret = try String(contentsOfFile: race.input.path + ".password", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(!(refused.stdout + refused.stderr).contains(secret))
        #expect(!(refused.stdout + refused.stderr).contains(password))
        let shown = race.runURL.replacingOccurrences(of: "?sslmode=disable", with: "")
        #expect(
            refused.stderr
                == "sift: ledger \(shown): the server has no connection to spare (too many connections for role \"\(try role(of: race.runURL))\")\n"
        )
    }

    /// True once the run's first part waits at the server for the holder's uncommitted claim.
    private func firstPartWaits(_ race: Race) throws -> Bool {
        try waitFor(race.url, "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(race.database)' AND wait_event_type = 'Lock'")
    }

    private func role(of url: String) throws -> String { try #require(URLComponents(string: url)?.user) }

    /// A run started on the race's records, its stdout piped, and the holder's transaction open.
    private struct Race {
        /// `runURL`: the ledger as the run names it (`url` is the test's own, as the superuser).
        let run: Process, out: Pipe, url: String, runURL: String, ledgerArguments: [String], database: String, input: URL
        let commitHolder: () throws -> Void
    }

    /// 600 receipt records (transaction 7000 + i; record 170 repeats 7005, record 160 7010), a
    /// holder with t:7005 claimed uncommitted, and a run started on them.
    private func startRace(query: String, connectionLimit: Int? = nil) throws -> Race {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("sift-pipeline-\(UUID().uuidString).jsonl")
        let transaction = { (i: Int) in i == 170 ? 7005 : i == 160 ? 7010 : 7000 + i }
        let records = (0..<600).map { i in
            #"{"order_id":"o-\#(i)","user_id":"u-\#(i)","receipt":{"status":0,"environment":"Production","receipt":"#
                + #"{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","transaction_id":"\#(transaction(i))","quantity":"1"}]}}}"#
        }
        try (records.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let (holder, name) = try holdTransaction(url, "INSERT INTO sift_claims (key, order_id, user_id) VALUES ('t:7005', 'o-9', 'u-9')")
        var runURL = url + query
        var ledgerArguments = ["--ledger", runURL]
        if let connectionLimit {
            // A role the server allows that many connections, refusing one more with SQLSTATE 53300,
            // with a throw-away password of its own (letters and digits), given to the run in a file.
            let role = "sift_few_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let secret = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let file = input.path + ".password"
            try (secret + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            _ = try psql(url, "CREATE ROLE \(role) LOGIN PASSWORD '\(secret)' CONNECTION LIMIT \(connectionLimit)")
            _ = try psql(url, "GRANT SELECT, INSERT, UPDATE, DELETE ON sift_claims, sift_runs, sift_ledger TO \(role)")
            var c = try #require(URLComponents(string: runURL))
            c.user = role
            runURL = try #require(c.string)
            ledgerArguments = ["--ledger", runURL, "--ledger-password-file", file]
        }
        let out = Pipe()
        let run = try SiftProcess.start(
            ["run", "--rules", "rules/iap-receipts.yaml", input.path, "--as-of", "2026-11-21T00:00:00Z", "--quiet"] + ledgerArguments,
            stdout: out)
        return Race(
            run: run, out: out, url: url, runURL: runURL, ledgerArguments: ledgerArguments, database: name, input: input,
            commitHolder: holder)
    }

    /// Every verdict as a serial order gives it: record 5 and record 170 replays of the holder's
    /// claim, record 160 of record 10's; 598 claims.
    private func expectSettledAgain(_ race: Race) throws {
        let (run, out, url) = (race.run, race.out, race.url)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 1)
        let reasons = try SiftProcess.reasons(stdout)
        #expect(reasons.count == 600)
        let replays = reasons.indices.filter { !reasons[$0].isEmpty }
        #expect(replays == [5, 160, 170])
        #expect(replays.allSatisfy { reasons[$0] == ["receipt.replayed_transaction"] })
        let lines = stdout.split(separator: "\n")
        #expect(lines[5].contains("transaction_id 7005 was already credited to order o-9, user u-9"))
        #expect(lines[160].contains("transaction_id 7010 was already credited to order o-10, user u-10"))
        #expect(lines[170].contains("transaction_id 7005 was already credited to order o-9, user u-9"))
        #expect(try psql(url, "SELECT count(*) FROM sift_claims") == "598\n")
        #expect(
            try psql(url, "SELECT key || ' ' || order_id FROM sift_claims WHERE key IN ('t:7005', 't:7006', 't:7010') ORDER BY key")
                == "t:7005 o-9\nt:7006 o-6\nt:7010 o-10\n")
    }
}
