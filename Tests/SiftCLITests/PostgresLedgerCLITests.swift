import Foundation
import SiftTesting
import Testing

/// The PostgreSQL ledger through the real binary: `sift ledger init`, `sift run --ledger URL`
/// and `SIFT_LEDGER`, plain failures with exit code 4, and the password nowhere in any output.
/// Needs the server scripts/test starts (SIFT_TEST_POSTGRES_URL); skipped, saying so, without it
/// unless SIFT_REQUIRE_POSTGRES=1.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["SIFT_TEST_POSTGRES_URL"] != nil
            || ProcessInfo.processInfo.environment["SIFT_REQUIRE_POSTGRES"] == "1",
        "no PostgreSQL server (SIFT_TEST_POSTGRES_URL); scripts/test starts one"))
struct PostgresLedgerCLITests {
    let server: String
    let password: String

    init() throws {
        server = try #require(ProcessInfo.processInfo.environment["SIFT_TEST_POSTGRES_URL"], "SIFT_TEST_POSTGRES_URL is not set")
        password = try #require(ProcessInfo.processInfo.environment["PGPASSWORD"])
    }

    /// A new database on the server (made with psql), as a ledger URL.
    func database() throws -> String {
        let name = "sift_cli_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        var c = try #require(URLComponents(string: server))
        c.query = nil
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        psql.arguments = [try #require(c.string), "-qc", "CREATE DATABASE \(name)"]
        try psql.run()
        psql.waitUntilExit()
        var d = try #require(URLComponents(string: server))
        d.path = "/" + name
        return try #require(d.string)
    }

    @Test func initThenRunsShareOneLedger() throws {
        let url = try database()
        let shown = url.replacingOccurrences(of: "?sslmode=disable", with: "")
        let first = try SiftProcess.run(["ledger", "init", "--ledger", url])
        #expect(first.status == 0)
        #expect(first.stdout == "sift ledger: \(url) created\n")
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).stdout == "sift ledger: \(url) is set up already\n")
        let args = [
            "run", "--rules", "rules/app-store.yaml", "samples/app-store/signed.jsonl", "--as-of", "2026-11-21T00:00:00Z", "--quiet",
        ]
        let run1 = try SiftProcess.run(args + ["--ledger", url])
        #expect(
            try SiftProcess.reasons(run1.stdout) == [
                [], ["app_store.replayed_transaction"], [], ["app_store.subscription_expired"], ["app_store.chain"], [],
                ["app_store.refunded"], ["app_store.signature"], ["app_store.malformed_json"],
            ])
        // The same records again, the ledger named by SIFT_LEDGER: each credit is a redelivery now.
        let run2 = try SiftProcess.run(args, environment: ["SIFT_LEDGER": url])
        #expect(try SiftProcess.reasons(run2.stdout) == SiftProcess.reasons(run1.stdout))
        let lines2 = run2.stdout.split(separator: "\n")
        #expect(
            lines2[0].contains(#""creditable":true,"redelivery":{"via":"transaction","first":"line 1 of samples/app-store/signed.jsonl""#))
        #expect(
            lines2[2].contains(#""creditable":true,"redelivery":{"via":"transaction","first":"line 3 of samples/app-store/signed.jsonl""#))
        // Wrong password; no schema; no server: exit 4 and one plain line each.
        let wrong = try SiftProcess.run(args + ["--ledger", url], environment: ["PGPASSWORD": "not-it"])
        #expect(wrong.status == 4)
        #expect(
            wrong.stderr
                == "sift: ledger \(shown.replacingOccurrences(of: "?sslmode=disable", with: "")): authentication failed for user sift\n")
        let bare = try database()
        let noSchema = try SiftProcess.run(args + ["--ledger", bare])
        #expect(noSchema.status == 4)
        #expect(noSchema.stderr.hasSuffix(": the database has no Sift ledger; create it with: sift ledger init --ledger URL\n"))
        let gone = try SiftProcess.run(args + ["--ledger", "postgresql://sift@127.0.0.1:1/sift?sslmode=disable"])
        #expect(gone.status == 4)
        #expect(gone.stderr == "sift: ledger postgresql://sift@127.0.0.1:1/sift: cannot connect (connection refused)\n")
        // What the ledger holds: the first run's claims, all final.
        let status = try SiftProcess.run(["ledger", "status", "--ledger", url])
        #expect(
            status.stdout == "sift ledger: \(url)\n  claims: 5 (transactions t: 2, originals o: 1, notifications n: 1, refund marks r: 1)\n"
                + "  provisional: 0, held by 0 live runs\n")
        let export = try SiftProcess.run(["ledger", "export", "--ledger", url])
        #expect(
            export.stdout.split(separator: "\n").first
                == #"{"key":"n:6a1d0b8e-1f7a-4c55-9a3e-2f0c1d2e3f40","order_id":"o-106","user_id":"u-106","provisional":false}"#)
        for r in [first, run1, run2, wrong, noSchema, gone, status, export] {
            #expect(!(r.stdout + r.stderr).contains(password))
        }
    }

    /// A ledger made before claim keys were compared byte by byte (keys under the database's
    /// collation) keeps working, and `sift ledger init` changes its key column in place, every
    /// claim kept, the version unchanged (older Sifts read it still); a second init changes nothing.
    @Test func aLedgerWithCollatedKeysIsUpgradedInPlace() throws {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        #expect(
            try psql(url, "SELECT collation_name FROM information_schema.columns WHERE table_name = 'sift_claims' AND column_name = 'key'")
                == "C\n")
        // The ledger as Sift made it before: the key column under the database's default collation.
        _ = try psql(url, #"ALTER TABLE sift_claims ALTER COLUMN key TYPE TEXT COLLATE "default""#)
        #expect(
            try psql(url, "SELECT collation_name FROM information_schema.columns WHERE table_name = 'sift_claims' AND column_name = 'key'")
                == "\n")
        let args = [
            "run", "--rules", "rules/app-store.yaml", "samples/app-store/signed.jsonl", "--as-of", "2026-11-21T00:00:00Z", "--quiet",
            "--ledger", url,
        ]
        let first = try SiftProcess.run(args)
        #expect(try SiftProcess.reasons(first.stdout)[0] == [])
        let upgrade = try SiftProcess.run(["ledger", "init", "--ledger", url])
        #expect(upgrade.status == 0)
        #expect(upgrade.stdout == "sift ledger: \(url) upgraded in place (claim keys now compared byte by byte)\n")
        #expect(try psql(url, "SELECT version FROM sift_ledger") == "1\n")
        #expect(
            try psql(url, "SELECT collation_name FROM information_schema.columns WHERE table_name = 'sift_claims' AND column_name = 'key'")
                == "C\n")
        #expect(try psql(url, "SELECT count(*) FROM sift_claims") == "5\n")
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).stdout == "sift ledger: \(url) is set up already\n")
        // The claims made before are found after: every credit is a redelivery now.
        let second = try SiftProcess.run(args)
        #expect(second.stdout.split(separator: "\n")[0].contains(#""creditable":true,"redelivery":{"#))
        #expect(second.stdout.split(separator: "\n")[2].contains(#""creditable":true,"redelivery":{"#))
    }

    /// A ledger made before a run's claims were found through a block-range (BRIN) index keeps
    /// working with its B-tree of one entry per provisional claim; `sift ledger init` replaces that
    /// index, every claim kept, the version unchanged; a second init changes nothing. A run killed
    /// afterwards leaves claims that the next run drops through the new index.
    @Test func aLedgerWithARunIndexPerClaimIsUpgradedInPlace() throws {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        let indexes =
            "SELECT c.relname || ' ' || a.amname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
            + "JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = 'sift_claims'::regclass ORDER BY 1"
        #expect(try psql(url, indexes) == "sift_claims_pkey btree\nsift_claims_run_range brin\n")
        // The ledger as Sift made it before.
        _ = try psql(url, "DROP INDEX sift_claims_run_range")
        _ = try psql(url, "CREATE INDEX sift_claims_run ON sift_claims (run) WHERE run IS NOT NULL")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sift-brin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = [
            "run", "--rules", "rules/app-store.yaml", "samples/app-store/signed.jsonl", "--as-of", "2026-11-21T00:00:00Z", "--quiet",
            "--ledger", url, "--out", dir.appendingPathComponent("first.jsonl").path,
        ]
        #expect(try SiftProcess.run(args).status == 1)
        let upgrade = try SiftProcess.run(["ledger", "init", "--ledger", url])
        #expect(upgrade.status == 0)
        #expect(upgrade.stdout == "sift ledger: \(url) upgraded in place (a run's claims now found through a block-range index)\n")
        #expect(try psql(url, indexes) == "sift_claims_pkey btree\nsift_claims_run_range brin\n")
        #expect(try psql(url, "SELECT version FROM sift_ledger") == "1\n")
        #expect(try psql(url, "SELECT count(*) FROM sift_claims") == "5\n")
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).stdout == "sift ledger: \(url) is set up already\n")
        // A ledger whose index is missing altogether gets it back the same way.
        _ = try psql(url, "DROP INDEX sift_claims_run_range")
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).stdout == upgrade.stdout)
        #expect(try psql(url, indexes) == "sift_claims_pkey btree\nsift_claims_run_range brin\n")
        // A run's provisional claims, left as a killed run leaves them (its row, its lock free),
        // are dropped by the next run, found through the new index.
        _ = try psql(url, "INSERT INTO sift_runs VALUES ('0000000000001deadbeef', 12345)")
        _ = try psql(url, "INSERT INTO sift_claims (key, order_id, run) VALUES ('t:9', 'o-9', '0000000000001deadbeef')")
        #expect(try psql(url, "SELECT count(*) FROM sift_claims") == "6\n")
        let again = try SiftProcess.run(args.dropLast(2) + ["--out", dir.appendingPathComponent("second.jsonl").path])
        #expect(again.status == 1)
        #expect(try psql(url, "SELECT count(*) FROM sift_claims WHERE key = 't:9'") == "0\n")
        #expect(try psql(url, "SELECT count(*) FROM sift_claims") == "5\n")
    }

    /// A ledger made before entitlements were kept: a run is refused with what to do, `sift ledger
    /// init` adds the table (the claims kept), and runs then write and read entitlements.
    @Test func aLedgerWithoutEntitlementsIsRefusedUntilInitAddsThem() throws {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        _ = try psql(url, "DROP TABLE sift_entitlements")
        let args = [
            "run", "--rules", "rules/app-store-notifications.yaml", "samples/app-store/notifications.jsonl", "--as-of",
            "2026-11-21T00:00:00Z", "--quiet", "--ledger", url,
        ]
        let refused = try SiftProcess.run(args)
        #expect(refused.status == 4)
        #expect(
            refused.stderr
                == "sift: ledger \(url.split(separator: "?")[0]): made by an older Sift, it keeps no entitlements; bring it up to date with: "
                + "sift ledger init --ledger URL\n")
        let upgrade = try SiftProcess.run(["ledger", "init", "--ledger", url])
        #expect(upgrade.stdout == "sift ledger: \(url) upgraded in place (each subscription's entitlement now kept)\n")
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).stdout == "sift ledger: \(url) is set up already\n")
        #expect(try SiftProcess.run(args).status == 0)
        let listed = try SiftProcess.run(["ledger", "entitlements", "--ledger", url, "--format", "json", "--as-of", "2026-11-21T00:00:00Z"])
        #expect(listed.stdout.split(separator: "\n").count == 6)
        #expect(try psql(url, "SELECT count(*) FROM sift_entitlements") == "6\n")
    }

    /// A run whose block loses a race settles it again. Another connection claims the second
    /// record's transaction after the run looked it up and before the run's claims went in: the
    /// run waits for that connection's transaction (seen in `pg_stat_activity`), which then
    /// commits. The block keeps nothing; settled again, its second record is a replay of the
    /// other claim, and its first and third are credited, each once.
    /// The same for a JSON array input, settled record by record.
    @Test(arguments: ["jsonl", "json"]) func aRunWhoseBlockLosesARaceSettlesItAgain(_ kind: String) throws {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("sift-race-\(UUID().uuidString).\(kind)")
        defer { try? FileManager.default.removeItem(at: input) }
        let records = (1...3).map { i in
            #"{"order_id":"o-\#(i)","user_id":"u-\#(i)","receipt":{"status":0,"environment":"Production","receipt":"#
                + #"{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","transaction_id":"700\#(i)","quantity":"1"}]}}}"#
        }
        let text = kind == "json" ? "[" + records.joined(separator: ",\n") + "]\n" : records.joined(separator: "\n") + "\n"
        try text.write(to: input, atomically: true, encoding: .utf8)
        // The other connection: its claim of t:7002 stays uncommitted until told.
        let (holder, name) = try holdTransaction(url, "INSERT INTO sift_claims (key, order_id, user_id) VALUES ('t:7002', 'o-9', 'u-9')")
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)' AND wait_event_type = 'Lock'"
        let out = Pipe()
        let run = try SiftProcess.start(
            ["run", "--rules", "rules/iap-receipts.yaml", input.path, "--as-of", "2026-11-21T00:00:00Z", "--quiet", "--ledger", url],
            stdout: out)
        #expect(try waitFor(url, waiting), "the run's claims wait for the other connection's")
        try holder()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 1)
        #expect(try SiftProcess.reasons(stdout) == [[], ["receipt.replayed_transaction"], []])
        #expect(stdout.contains(#"transaction_id 7002 was already credited to order o-9, user u-9"#))
        #expect(try psql(url, "SELECT key || ' ' || order_id FROM sift_claims ORDER BY key") == "t:7001 o-1\nt:7002 o-9\nt:7003 o-3\n")
    }

    /// A psql connection to the database of `url` that runs `sql` in a transaction left open
    /// (the server shows it idle in it): the function that commits it and ends the connection,
    /// and the database's name.
    func holdTransaction(_ url: String, _ sql: String) throws -> (commit: () throws -> Void, database: String) {
        var c = try #require(URLComponents(string: url))
        c.query = nil
        let holder = Process(), input = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = [try #require(c.string), "-q"]
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN;\n\(sql);\n".utf8))
        let name = String(try #require(c.path.split(separator: "/").last))
        #expect(try waitFor(url, "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)' AND state = 'idle in transaction'"))
        let commit = {
            input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
            try input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        return (commit, name)
    }

    /// Asks `sql` (a count) every 50 ms for up to 20 s until it answers 1; whether it did.
    func waitFor(_ url: String, _ sql: String) throws -> Bool {
        for _ in 0..<400 {
            if try psql(url, sql) == "1\n" { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// psql's answer to `sql` on the database of `url`, as unaligned text.
    func psql(_ url: String, _ sql: String) throws -> String {
        var c = try #require(URLComponents(string: url))
        c.query = nil
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        p.arguments = [try #require(c.string), "-Atqc", sql]
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "psql failed: \(sql)")
        return text
    }

    /// `sift ledger copy`: a SQLite ledger a run made goes into PostgreSQL once; a second copy
    /// changes nothing; a key PostgreSQL gives to another order is a conflict, listed and kept.
    @Test func aSQLiteLedgerIsCopiedIn() throws {
        let url = try database()
        let file = TemporaryFiles.path("sift-copy-", ".sqlite")
        let run = try SiftProcess.run([
            "run", "--rules", "rules/app-store.yaml", "samples/app-store/signed.jsonl", "--as-of", "2026-11-21T00:00:00Z", "--quiet",
            "--ledger", file,
        ])
        #expect(run.status == 1)
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        let line = "sift ledger copy: \(file) -> \(url): "
        let dry = try SiftProcess.run(["ledger", "copy", file, "--ledger", url, "--dry-run"])
        #expect(dry.stdout == line + "would copy 5, 0 there already, 0 conflicts\n")
        let first = try SiftProcess.run(["ledger", "copy", file, "--ledger", url])
        #expect(first.status == 0)
        #expect(first.stdout == line + "copied 5, 0 there already, 0 conflicts\n")
        let again = try SiftProcess.run(["ledger", "copy", file], environment: ["SIFT_LEDGER": url])
        #expect(again.stdout == line + "copied 0, 5 there already, 0 conflicts\n")
        // The file now gives one transaction to another order: a conflict, PostgreSQL's owner kept.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [file, "UPDATE credits SET order_id = 'o-999' WHERE key = 't:2000000000000101'"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let conflict = try SiftProcess.run(["ledger", "copy", file, "--ledger", url])
        #expect(conflict.status == 1)
        #expect(
            conflict.stdout
                == [
                    "conflict t:2000000000000101: \(file) has order 'o-999', user 'u-101'; \(url) has order 'o-101', user 'u-101'\n",
                    line + "copied 0, 4 there already, 1 conflict (left as they are)\n",
                ].joined())
        let export = try SiftProcess.run(["ledger", "export", "--ledger", url])
        #expect(
            export.stdout.contains(
                #"{"key":"t:2000000000000101","order_id":"o-101","user_id":"u-101","note":"c1 1795219200000 transaction - "#))
        #expect(
            export.stdout.contains(
                #""key":"r:2000000000000106","order_id":"o-106","user_id":"u-106","note":"1795132800000 2000000000000106""#))
        // A dry run into a file that does not exist says what it would copy and makes no file.
        let missing = file + ".new"
        let dryNew = try SiftProcess.run(["ledger", "copy", file, "--ledger", missing, "--dry-run"])
        #expect(dryNew.stdout == "sift ledger copy: \(file) -> \(missing): would copy 5, 0 there already, 0 conflicts\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
        let same = try SiftProcess.run(["ledger", "copy", url, "--ledger", url])
        #expect(same.status == 2)
        #expect(same.stderr.contains("the ledger to copy from is the ledger of --ledger"))
        for r in [dry, first, again, conflict, export, same] {
            #expect(!(r.stdout + r.stderr).contains(password))
        }
    }

    /// A run printing its results, killed mid-run on PostgreSQL: its claims were final, and over
    /// every delivered line each purchase is creditable to its owner at least once, never to two
    /// (its re-run reports the killed run's credits again as redeliveries).
    @Test func aKilledStreamsCreditsComeBackAsRedeliveries() throws {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        let inputPath = try SiftProcess.temp("receipts.jsonl", LedgerCrashTests().input(20_000))
        let args = ["run", "--rules", "rules/iap-receipts.yaml", inputPath, "--quiet", "--workers", "1"]
        let seen = try LedgerCrashTests.killedAfterItsFirstBlock(args + ["--ledger", url])
        let claimed = Int(try psql(url, "SELECT count(*) FROM sift_claims").dropLast()) ?? -1
        let rerun = try SiftProcess.run(args + ["--ledger", url]).stdout.split(separator: "\n")
        let fresh = try SiftProcess.run(args).stdout.split(separator: "\n")  // no ledger: the run alone
        let back = LedgerCrashTests.expectNothingLost(seen: seen, rerun: rerun, fresh: fresh)
        #expect(back == claimed, "every claim the killed run made comes back once: \(back) of \(claimed)")
        let status = try SiftProcess.run(["ledger", "status", "--ledger", url]).stdout
        #expect(status.hasSuffix("  provisional: 0, held by 0 live runs\n"))
    }

    /// Apple's notification claims a purchase without an owner; the app's receipt of it binds it
    /// on the server (the claim removed only while unbound, then claimed again), and another order
    /// is then a replay.
    @Test func anUnboundClaimIsBoundOnTheServer() throws {
        let url = try database()
        #expect(try SiftProcess.run(["ledger", "init", "--ledger", url]).status == 0)
        let charge = try AppStoreCLITests.sampleLines("notifications.jsonl")[6]
        let notified = try SiftProcess.run(
            ["run", "--rules", "rules/app-store-notifications.yaml", "--ledger", url] + AppStoreCLITests.asOf, stdin: charge)
        #expect(notified.status == 0)
        func receipt(_ order: String) -> String {
            #"{"order_id":"\#(order)","user_id":"u","receipt":{"status":0,"environment":"Production","receipt":{"#
                + #""bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","transaction_id":"4000000000000401","#
                + #""quantity":"1"}]}}}"# + "\n"
        }
        let posted = try SiftProcess.run(
            ["run", "--rules", "rules/iap-receipts.yaml", "--ledger", url] + AppStoreCLITests.asOf, stdin: receipt("o-7") + receipt("o-8"))
        #expect(try SiftProcess.reasons(posted.stdout) == [[], ["receipt.replayed_transaction"]])
        #expect(posted.stdout.contains(#""first_seen":{"via":"notification","first":"line 1 of -","run":"#))
        let export = try SiftProcess.run(["ledger", "export", "--ledger", url]).stdout
        #expect(export.contains(#"{"key":"t:4000000000000401","order_id":"o-7","user_id":"u","note":"c1 1795219200000 notification - "#))
        #expect(!export.contains("unbound"))
    }

    @Test func aRuleFileNamesNoDatabase() throws {
        let dir =
            (try SiftProcess.temp(
                "p.yaml",
                """
                pack: p
                applies_to: { has: receipt }
                receipt:
                  field: receipt
                  bundle_id: com.example.app
                  products: { com.example.coins100: consumable }
                  ledger: postgresql://app@db.example.com/claims
                """) as NSString).deletingLastPathComponent
        let r = try SiftProcess.run(["lint", dir + "/p.yaml"])
        #expect(r.status == 2)
        #expect(
            r.stderr.replacingOccurrences(of: dir, with: "R") == """
                R/p.yaml:7:11: error: a rule file names only a SQLite ledger file beside the rules; give a database with --ledger or SIFT_LEDGER
                  ledger: postgresql://app@db.example.com/claims
                          ^
                sift lint: 1 error

                """)
        // A password in such a URL is never echoed with the line. (The URLs are put together here
        // so that no URL with a password is written in the source.)
        func url(_ password: String) -> String { ["postgresql://app", password + "@db.example.com/claims"].joined(separator: ":") }
        let withPassword = """
            pack: p
            applies_to: { has: receipt }
            receipt:
              bundle_id: com.example.app
              products: { com.example.coins100: consumable }
              ledger: \(url("s3cret"))

            """
        try withPassword.write(toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        let masked = try SiftProcess.run(["lint", dir + "/p.yaml"])
        #expect(masked.status == 2)
        #expect(!masked.stderr.contains("s3cret"))
        #expect(masked.stderr.contains("\n  ledger: \(url("****"))\n          ^\n"))
    }

    /// A server without TLS (the tests' one) asked for it: one plain line saying what to change.
    @Test func aServerWithoutTLSSaysWhatToChange() throws {
        var c = try #require(URLComponents(string: server))
        c.queryItems = [URLQueryItem(name: "sslmode", value: "verify-full")]
        let url = try #require(c.string)
        let r = try SiftProcess.run(["run", "--rules", "rules/iap-receipts.yaml", "--ledger", url, "-", "--quiet"], stdin: "{}\n")
        #expect(r.status == 4)
        c.query = nil
        #expect(
            r.stderr
                == "sift: ledger \(try #require(c.string)): the server does not offer TLS (sslmode=verify-full): enable TLS on the "
                + "server, or add ?sslmode=disable to the URL on a trusted network\n")
        #expect(!r.stderr.contains(password))
    }

    /// A ledger named wrongly is a usage error (exit 2), and a one-slash URL is no SQLite path.
    @Test func aMistypedLedgerURLIsAUsageError() throws {
        let base = ["run", "--rules", "rules/iap-receipts.yaml", "samples/receipts/receipts.jsonl", "--quiet"]
        let oneSlash = try SiftProcess.run(base + ["--ledger", "postgresql:/db.example.com/claims"])
        #expect(oneSlash.status == 2)
        #expect(
            oneSlash.stderr
                == "sift: ledger 'postgresql:/db.example.com/claims': not a URL; write postgresql://HOST/DATABASE (two slashes)\n")
        #expect(!FileManager.default.fileExists(atPath: SiftProcess.packageRoot.path + "/postgresql:"))
        let unknown = try SiftProcess.run(base + ["--ledger", "postgresql://app@db.example.com/claims?sslmod=disable"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "sift: ledger postgresql://app@db.example.com/claims?sslmod=disable: unknown parameter 'sslmod' "
                + "(known: sslmode, host, connections)\n")
        let status = try SiftProcess.run(["ledger", "status", "--ledger", "postgres:/db/claims"])
        #expect(status.status == 2)
        #expect(status.stderr == "sift ledger: ledger 'postgres:/db/claims': not a URL; write postgresql://HOST/DATABASE (two slashes)\n")
    }
}
