import Foundation
import SiftReceipts

/// A PostgreSQL ledger as the operator names it:
/// `postgresql://USER@HOST:PORT/DATABASE?sslmode=disable|require|verify-full`, or a Unix socket
/// directory with `?host=/run/postgresql`; `connections=1|2|3` (Sift's own, 3 by default) is
/// how many connections a run may hold (`PostgresClaimsStore`'s lanes). The password never comes
/// from the URL (it would show in process lists and shell histories): `--ledger-password-file`,
/// `PGPASSWORD`, then the `.pgpass` file (`PGPASSFILE` or `~/.pgpass`), as libpq reads them.
struct PostgresLedgerURL: Sendable, Equatable {
    enum SSLMode: String, Sendable, CaseIterable {
        case disable, require
        case verifyFull = "verify-full"
    }

    var user: String
    var host: String
    var port: Int
    var database: String
    var sslMode: SSLMode
    /// The directory of the server's Unix socket, when connecting through one.
    var socketDirectory: String?
    /// How many connections one store may hold: 3 keeps a block in flight and one looked up ahead
    /// beside the block settled; 2 opens a block ahead only while none is in flight; 1 commits
    /// each block before the next.
    var connections: Int

    /// The parameters Sift accepts: two of libpq's, and its own `connections`.
    static let parameters = ["sslmode", "host", "connections"]

    /// What messages show: host, port and database, never a password.
    var shown: String { "postgresql://\(user)@\(host):\(port)/\(database)" }

    /// Parses `text`; the error says what is wrong in one plain line.
    init(_ text: String) throws(LedgerError) {
        func refuse(_ why: String) -> LedgerError { LedgerError(usage: "ledger \(LedgerURL.shown(text)): \(why)") }
        guard let url = URLComponents(string: text), ["postgresql", "postgres"].contains(url.scheme?.lowercased() ?? "") else {
            throw refuse("not a postgresql:// URL")
        }
        if url.password != nil {
            throw refuse("give the password in PGPASSWORD, a .pgpass file or --ledger-password-file, not in the URL")
        }
        var query: [String: String] = [:]
        for item in url.queryItems ?? [] {
            guard Self.parameters.contains(item.name) else {
                throw refuse("unknown parameter '\(item.name)' (known: \(Self.parameters.joined(separator: ", ")))")
            }
            query[item.name] = item.value ?? ""
        }
        user = url.user ?? ProcessInfo.processInfo.environment["PGUSER"] ?? NSUserName()
        socketDirectory = query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        host = url.host.flatMap { $0.isEmpty ? nil : $0 } ?? (socketDirectory == nil ? "localhost" : "localhost")
        port = url.port ?? 5432
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        database = path.isEmpty ? user : path
        guard let mode = SSLMode(rawValue: query["sslmode"] ?? (socketDirectory == nil ? "verify-full" : "disable")) else {
            throw refuse("sslmode is disable, require or verify-full, not '\(query["sslmode"] ?? "")'")
        }
        sslMode = mode
        if query["host"] != nil, socketDirectory == nil { throw refuse("host= names a socket directory (an absolute path)") }
        guard let connections = Int(query["connections"] ?? "3"), (1...3).contains(connections) else {
            throw refuse("connections is 1, 2 or 3, not '\(query["connections"] ?? "")'")
        }
        self.connections = connections
    }

    /// The password: the file given, `PGPASSWORD`, or the first `.pgpass` line that matches;
    /// nil when none (the server may not ask).
    func password(file: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(LedgerError) -> String? {
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw LedgerError(message: "ledger \(shown): cannot read the password file '\(file)'")
            }
            let first = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
            if first.isEmpty { throw LedgerError(message: "ledger \(shown): the password file '\(file)' is empty") }
            return first
        }
        if let p = environment["PGPASSWORD"] { return p }
        let pgpass = environment["PGPASSFILE"] ?? (environment["HOME"].map { $0 + "/.pgpass" } ?? "")
        guard let text = try? String(contentsOfFile: pgpass, encoding: .utf8) else { return nil }
        // As libpq: a password file others may read is not used. Sift refuses it, rather than
        // connecting without the password and failing less plainly.
        if let mode = (try? FileManager.default.attributesOfItem(atPath: pgpass))?[.posixPermissions] as? Int, mode & 0o077 != 0 {
            throw LedgerError(
                message: "ledger \(shown): the password file \(pgpass) may be read by others (mode \(String(mode & 0o777, radix: 8))); "
                    + "make it private: chmod 600 \(pgpass)")
        }
        let want = [socketDirectory == nil ? host : "localhost", String(port), database, user]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = Self.pgpassFields(line)
            guard fields.count == 5, zip(fields.prefix(4), want).allSatisfy({ $0 == "*" || $0 == $1 }) else { continue }
            return fields[4]
        }
        return nil
    }

    /// A `.pgpass` line's five fields: `:` separates, `\:` and `\\` escape.
    static func pgpassFields(_ line: Substring) -> [String] {
        var fields: [String] = [], current = "", escaped = false
        for c in line {
            if escaped {
                current.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        return fields + [current]
    }
}
