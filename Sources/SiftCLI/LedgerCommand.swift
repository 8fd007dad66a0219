import ArgumentParser
import Foundation
import SiftLedgerPostgres
import SiftReceipts

/// `sift ledger`: the claims ledger's operations (docs/LEDGER.md).
struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger", abstract: "Set up the claims ledger that replay detection shares across runs and hosts.",
        subcommands: [Init.self])

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create the ledger: a PostgreSQL database's tables (versioned), or a SQLite file. Nothing changes when it exists.",
            discussion: "Exit codes: 0 created or already there; 4 it cannot be reached or created (one plain line, never a password).")

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The ledger: a SQLite file or postgresql://USER@HOST:PORT/DB?sslmode=... (default: SIFT_LEDGER).", valueName: "FILE|URL"))
        var ledger: String? = ProcessInfo.processInfo.environment["SIFT_LEDGER"].flatMap { $0.isEmpty ? nil : $0 }

        @Option(name: .long, help: "File whose first line is the PostgreSQL ledger's password (else PGPASSWORD, then .pgpass).")
        var ledgerPasswordFile: String?

        func validate() throws {
            if ledger == nil { throw ValidationError("give the ledger with --ledger FILE|URL or SIFT_LEDGER") }
        }

        func run() throws {
            let ledger = ledger ?? ""
            do {
                if LedgerURL.scheme(of: ledger) != nil {
                    let made = try PostgresLedger.initialize(ledger, passwordFile: ledgerPasswordFile)
                    print("sift ledger: \(LedgerURL.shown(ledger)) " + (made ? "created" : "is set up already"))
                } else {
                    try ClaimsStores.initializeFile(ledger)
                    print("sift ledger: \(ledger) is ready")
                }
            } catch let error as LedgerError {
                eprint("sift ledger: " + error.message)
                throw Failed.runtime
            }
        }
    }
}
