import Foundation
import NIOCore
import PostgresNIO
import SiftReceipts

/// A failure of the server or the connection, in one plain line.
enum PostgresProblem {
    static func plain(_ error: any Error, _ url: PostgresLedgerURL) -> LedgerError {
        let at = "ledger \(url.shown)"
        if let (state, message) = refusal(error) { return refused(state, message, at, url) }
        if let e = error as? PostgresError, case .connectionClosed = e {
            return LedgerError(message: "\(at): the connection to the server was lost")
        }
        guard let e = error as? PSQLError else {
            let words = Self.words(error)
            return LedgerError(
                message: "\(at): " + (words == "connection failed" ? "the server failed a statement" : "cannot connect (\(words))"))
        }
        switch e.code {
        case .authMechanismRequiresPassword:
            return LedgerError(
                message: "\(at): the server asks for a password: give it in PGPASSWORD, a .pgpass file or --ledger-password-file")
        case .sslUnsupported:
            return LedgerError(
                message: "\(at): the server does not offer TLS (sslmode=\(url.sslMode.rawValue)): enable TLS on the server, or add "
                    + "?sslmode=disable to the URL on a trusted network")
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError:
            if e.code == .connectionError, e.underlying != nil {
                return LedgerError(message: "\(at): cannot connect (\(e.underlying.map(Self.words) ?? "no answer"))")
            }
            return LedgerError(message: "\(at): the connection to the server was lost")
        default:
            return LedgerError(message: "\(at): \(e.code)")
        }
    }

    /// The SQLSTATE and message of an error the server sent, from either of postgres-nio's error
    /// types (its prepared statements for code without async report the older one).
    static func refusal(_ error: any Error) -> (state: String, message: String)? {
        if let e = error as? PSQLError, e.code == .server {
            return (e.serverInfo?[.sqlState] ?? "", e.serverInfo?[.message] ?? "an error")
        }
        if let e = error as? PostgresError, case .server(let info) = e {
            return (info.fields[.sqlState] ?? "", info.fields[.message] ?? "an error")
        }
        return nil
    }

    private static func refused(_ state: String, _ message: String, _ at: String, _ url: PostgresLedgerURL) -> LedgerError {
        switch state {
        case "28P01", "28000": return LedgerError(message: "\(at): authentication failed for user \(url.user)")
        case "40P01", "40001":
            return LedgerError(.lostRace, "\(at): a block lost a race with another run (\(message))")
        case "0A000", "26000":  // a prepared statement the table changed under, prepared again (`run`)
            return LedgerError(.lostRace, "\(at): the ledger's tables changed under a statement (\(message))")
        case "23505":  // a claim's key, taken by another run since the block looked it up
            return LedgerError(.lostRace, "\(at): another run claimed a key of the block first (\(message))")
        case "3D000": return LedgerError(message: "\(at): database \(url.database) does not exist")
        case "53300":  // max_connections, or a role's or a database's CONNECTION LIMIT
            return LedgerError(.noConnectionToSpare, "\(at): the server has no connection to spare (\(message))")
        case "57P01", "57P02", "57P03": return LedgerError(message: "\(at): the server is shutting down or starting (\(message))")
        default: return LedgerError(message: "\(at): the server refused a statement (\(state): \(message))")
        }
    }

    /// Whether the connection itself is gone (rather than a statement refused).
    static func isConnectionLost(_ error: any Error) -> Bool {
        if let (state, _) = refusal(error) { return ["57P01", "57P02", "57P03"].contains(state) }
        guard let e = error as? PSQLError else { return true }
        return [.serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError].contains(e.code)
    }

    /// An underlying error's words: `connection refused` for errno's, never a dump.
    static func words(_ error: any Error) -> String {
        if let io = error as? IOError { return OutputWordsPostgres.of(io.errnoCode) }
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("NXDOMAIN") || text.contains("resolve") || text.contains("unknownHost") { return "unknown host" }
        if text.contains("connectTimeout") { return "timed out" }
        return "connection failed"
    }
}

enum OutputWordsPostgres {
    static func of(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
