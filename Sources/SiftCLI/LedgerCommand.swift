import ArgumentParser
import Foundation
import Sift
#if PostgresLedger
    import SiftLedgerPostgres
#endif
import SiftReceipts

/// `sift ledger`: the claims ledger's operations (docs/LEDGER.md).
struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger", abstract: "Set up the claims ledger that replay detection shares across runs and hosts.",
        subcommands: [Init.self, Status.self, Copy.self, Export.self, Entitlements.self])

    /// Where the ledger is: `--ledger` (or SIFT_LEDGER) and its password file (`sift ledger`, `sift serve`).
    struct Location: ParsableArguments {
        @Option(
            name: .long,
            help: ArgumentHelp(
                "The ledger: a SQLite file or postgresql://USER@HOST:PORT/DB?sslmode=... (default: SIFT_LEDGER).", valueName: "FILE|URL"))
        var ledger: String? = ProcessInfo.processInfo.environment["SIFT_LEDGER"].flatMap { $0.isEmpty ? nil : $0 }

        @Option(name: .long, help: "File whose first line is the PostgreSQL ledger's password (else PGPASSWORD, then .pgpass).")
        var ledgerPasswordFile: String?
    }

    /// The ledger options every subcommand takes.
    struct Target: ParsableArguments {
        @OptionGroup var location: Location
        var ledger: String? { location.ledger }
        var ledgerPasswordFile: String? { location.ledgerPasswordFile }

        func validate() throws {
            if ledger == nil { throw ValidationError("give the ledger with --ledger FILE|URL or SIFT_LEDGER") }
        }

        /// The ledger opened to read; its failures end the command with exit code 4 and one line.
        func open() throws -> any ClaimsStore { try open(ledger ?? "", toRead: true) }

        /// A ledger opened with final claims (`toRead`: a missing file is an error, not a new ledger).
        func open(_ ledger: String, toRead: Bool) throws -> any ClaimsStore {
            var environment = RunEnvironment()
            #if PostgresLedger
                environment.ledgerOpeners["postgresql"] = PostgresLedger.opener(passwordFile: ledgerPasswordFile)
            #endif
            return try Self.plain {
                toRead ? try ClaimsStores.openToRead(ledger, environment) : try ClaimsStores.open(ledger, environment)
            }
        }

        static func plain<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as LedgerError {
                eprint("sift ledger: " + error.message)
                throw error.kind == .usage ? Failed.rules : Failed.runtime
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count the ledger's claims by kind, and the runs whose claims are still provisional.",
            discussion: "Opening the ledger drops the claims of runs that are gone, as a run does. Exit codes: 0; 4 it cannot be read.")

        @OptionGroup var target: Target

        func run() throws {
            let store = try target.open()
            let rows = try Target.plain { try store.claims() }
            let runs = try Target.plain { try store.liveRuns() }
            var kinds: [String: Int] = [:]
            for r in rows { kinds[r.key.hasPrefix("r:") ? "r" : String(r.key.prefix(1)), default: 0] += 1 }
            let shown = LedgerURL.shown(target.ledger ?? "")
            let free = rows.filter(\.unbound).count
            let unbound =
                free == 0 ? "" : "\n  unbound: \(free) (claimed by a notification without an owner; the first arrival with one binds it)"
            print(
                """
                sift ledger: \(shown)
                  claims: \(rows.count) (transactions t: \(kinds["t"] ?? 0), originals o: \(kinds["o"] ?? 0), \
                notifications n: \(kinds["n"] ?? 0), refund marks r: \(kinds["r"] ?? 0))\(unbound)
                  provisional: \(rows.filter(\.provisional).count), held by \(runs) live run\(runs == 1 ? "" : "s")
                """)
        }
    }

    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy every claim of a ledger (a SQLite file, as a rule file names it) into the ledger of --ledger.",
            discussion: """
                A key the target holds for the same order and user is left alone, so a second copy changes nothing; \
                a purchase it holds without an owner (a notification's) is bound to the source's; one it holds for \
                another owner is a conflict: listed, never overwritten. A source with provisional claims \
                of a live run is refused. Exit codes: 0 copied; 1 conflicts (the rest is copied); 4 a ledger cannot be \
                read or written (one plain line).
                """)

        @Argument(help: ArgumentHelp("The ledger to copy from.", valueName: "FROM"))
        var source: String

        @Flag(name: .long, help: "Report what would be copied and the conflicts; change nothing.")
        var dryRun = false

        @OptionGroup var target: Target

        func run() throws {
            let to = target.ledger ?? ""
            if to == source { throw ValidationError("the ledger to copy from is the ledger of --ledger") }
            let from = try target.open(source, toRead: true)
            // A dry run changes nothing: a ledger file that does not exist yet is not made (an empty
            // one in a temporary folder stands in for it).
            var stand: String?
            if dryRun, LedgerURL.scheme(of: to) == nil, !FileManager.default.fileExists(atPath: to) {
                stand = FileManager.default.temporaryDirectory.appendingPathComponent("sift-copy-\(UUID().uuidString).sqlite").path
            }
            defer {
                if let stand { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: stand + suffix) } }
            }
            let into = try target.open(stand ?? to, toRead: dryRun && stand == nil)
            let report = try Target.plain { try LedgerCopy.copy(from: from, to: into, dryRun: dryRun) }
            let (a, b) = (LedgerURL.shown(source), LedgerURL.shown(to))
            for c in report.conflicts {
                print("conflict \(c.key): \(a) has \(c.source.described); \(b) has \(c.target.described)")
            }
            let verb = dryRun ? "would copy" : "copied"
            print(
                "sift ledger copy: \(a) -> \(b): \(verb) \(report.copied), \(report.present) there already, "
                    + (report.bound > 0 ? "\(report.bound) bound (held there without an owner), " : "")
                    + "\(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s")"
                    + (report.conflicts.isEmpty ? "" : " (left as they are)"))
            if !report.conflicts.isEmpty { throw Failed.invalid }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every claim as JSON Lines: key, order_id, user_id, note, unbound, provisional (in key order).")

        @OptionGroup var target: Target

        func run() throws {
            let store = try target.open()
            var out = ""
            for row in try Target.plain({ try store.claims() }) {
                out += row.json + "\n"
                if out.utf8.count > 1 << 16 {
                    FileHandle.standardOutput.write(Data(out.utf8))
                    out = ""
                }
            }
            FileHandle.standardOutput.write(Data(out.utf8))
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create the ledger: a PostgreSQL database's tables (versioned), or a SQLite file. Nothing changes when it exists.",
            discussion: "Exit codes: 0 created or already there; 4 it cannot be reached or created (one plain line, never a password).")

        @OptionGroup var target: Target

        func run() throws {
            let ledger = target.ledger ?? ""
            try Target.plain {
                if LedgerURL.scheme(of: ledger) != nil {
                    #if PostgresLedger
                        let done = try PostgresLedger.initialize(ledger, passwordFile: target.ledgerPasswordFile)
                        print("sift ledger: \(LedgerURL.shown(ledger)) \(done)")
                    #else
                        _ = try ClaimsStores.open(ledger, RunEnvironment())  // "this program cannot open ... ledgers"
                    #endif
                } else {
                    try ClaimsStores.initializeFile(ledger)
                    print("sift ledger: \(ledger) is ready")
                }
            }
        }
    }
}
