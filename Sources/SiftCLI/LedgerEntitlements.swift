import ArgumentParser
import Foundation
import Sift
import SiftReceipts
import SiftJSON

extension LedgerCommand {
    /// `sift ledger entitlements`: each subscription's and purchase's entitlement as the ledger
    /// keeps it (the one Apple signed last), as of now or `--as-of` (docs/SERVE.md).
    struct Entitlements: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the entitlements the ledger keeps: one per original transaction, the state Apple signed last.",
            discussion: """
                A buyer's (--account: their appAccountToken or the user id the app posted) or one subscription's \
                (--original-transaction-id), or all. The state is as of --as-of (default now): past its expiry an \
                active entitlement is expired. Exit codes: 0; 4 the ledger cannot be read.
                """)

        @Option(name: .long, help: "Only this buyer's: an appAccountToken, or a user id.")
        var account: String?

        @Option(name: .customLong("original-transaction-id"), help: "Only this subscription's or purchase's.")
        var originalTransactionID: String?

        @Option(name: .long, help: "json (one object a line) or table.")
        var format: String = "table"

        @Option(
            name: .customLong("as-of"), help: "The time the states are given for: now, an RFC 3339 time, or milliseconds since 1970.")
        var asOf: String = "now"

        @OptionGroup var target: Target

        func validate() throws {
            guard ["json", "table"].contains(format) else { throw ValidationError("unknown format '\(format)'; use json or table") }
            _ = try asOfMillis()
        }

        func asOfMillis() throws -> Int64 {
            var options = try RuleOptions.parse([])
            options.asOf = asOf
            return try options.asOfMillis()
        }

        func run() throws {
            let store = try target.open()
            let query = EntitlementQuery(account: account, originalTransactionID: originalTransactionID)
            let rows = try Target.plain { try store.entitlements(query) }
            let asOf = try asOfMillis()
            if format == "json" {
                var out = ""
                for row in rows {
                    var w = JSONWriter()
                    row.write(asOf: asOf, into: &w)
                    out += String(decoding: w.bytes, as: UTF8.self) + "\n"
                }
                FileHandle.standardOutput.write(Data(out.utf8))
                return
            }
            print(Self.table(rows, asOf: asOf))
        }

        /// One line per entitlement under a header, columns aligned.
        static func table(_ rows: [EntitlementRow], asOf: Int64) -> String {
            var lines = [["ORIGINAL TRANSACTION", "PRODUCT", "STATE", "EXPIRES", "BUYER", "SIGNED", "BY"]]
            for r in rows {
                let buyer = [r.account, r.user].compactMap { $0 }.joined(separator: " ")
                let by = r.notificationType.map { "notification \($0)" } ?? r.via
                lines.append([
                    r.originalTransactionID, r.productID, r.state(asOf: asOf).state, r.expiresMs.map(CivilTime.isoTime) ?? "-",
                    buyer.isEmpty ? "-" : buyer, CivilTime.isoTime(r.signedMs), by,
                ])
            }
            let widths = (0..<lines[0].count).map { c in lines.map { $0[c].count }.max() ?? 0 }
            let text = lines.map { line in
                line.enumerated().map { c, cell in
                    c == line.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                }
                .joined(separator: "  ")
            }
            let count = "\(rows.count) entitlement\(rows.count == 1 ? "" : "s")"
            return (rows.isEmpty ? [count] : text + [count]).joined(separator: "\n")
        }
    }
}
