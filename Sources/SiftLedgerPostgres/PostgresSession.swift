import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import SiftReceipts

/// One connection to the ledger's server, used synchronously (the settler runs on a thread of
/// its own, never on an event loop). Every failure becomes a `LedgerError` of one plain line
/// naming the host and the database, never a password.
final class PostgresSession {
    let url: PostgresLedgerURL
    private let connection: PostgresConnection
    private static let logger = Logger(label: "sift.ledger.postgresql", factory: { _ in SwiftLogNoOpLogHandler() })

    init(_ url: PostgresLedgerURL, password: String?) throws(LedgerError) {
        self.url = url
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try Self.configuration(url, password: password)
        } catch {
            throw LedgerError(message: "ledger \(url.shown): TLS cannot be set up (\(error))")
        }
        do {
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 1, logger: Self.logger
            ).wait()
        } catch {
            throw PostgresProblem.plain(error, url)
        }
    }

    private static func configuration(_ url: PostgresLedgerURL, password: String?) throws -> PostgresConnection.Configuration {
        if let socket = url.socketDirectory {
            return .init(unixSocketPath: "\(socket)/.s.PGSQL.\(url.port)", username: url.user, password: password, database: url.database)
        }
        let tls: PostgresConnection.Configuration.TLS
        switch url.sslMode {
        case .disable: tls = .disable
        case .require:
            var c = TLSConfiguration.makeClientConfiguration()
            c.certificateVerification = .none
            tls = .require(try NIOSSLContext(configuration: c))
        case .verifyFull: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: password, database: url.database, tls: tls)
        configuration.options.tlsServerName = url.sslMode == .verifyFull ? url.host : nil
        return configuration
    }

    func execute(_ query: PostgresQuery) throws(LedgerError) {
        do { _ = try connection.query(query, logger: Self.logger).wait() } catch { throw PostgresProblem.plain(error, url) }
    }

    func rows<T: PostgresDecodable>(_ query: PostgresQuery, as: T.Type) throws(LedgerError) -> [T] {
        do {
            return try connection.query(query, logger: Self.logger).wait().map { try $0.decode(T.self) }
        } catch { throw PostgresProblem.plain(error, url) }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable>(_ query: PostgresQuery, as: (A, B).Type) throws(LedgerError) -> [(A, B)] {
        do {
            return try connection.query(query, logger: Self.logger).wait().map { try $0.decode((A, B).self) }
        } catch { throw PostgresProblem.plain(error, url) }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable>(_ query: PostgresQuery, as: (A, B, C).Type)
        throws(LedgerError) -> [(A, B, C)]
    {
        do {
            return try connection.query(query, logger: Self.logger).wait().map { try $0.decode((A, B, C).self) }
        } catch { throw PostgresProblem.plain(error, url) }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable, D: PostgresDecodable>(
        _ query: PostgresQuery, as: (A, B, C, D).Type
    ) throws(LedgerError) -> [(A, B, C, D)] {
        do {
            return try connection.query(query, logger: Self.logger).wait().map { try $0.decode((A, B, C, D).self) }
        } catch { throw PostgresProblem.plain(error, url) }
    }

    /// Runs `body` in a transaction of its own.
    func transaction(_ body: () throws(LedgerError) -> Void) throws(LedgerError) {
        try execute("BEGIN ISOLATION LEVEL READ COMMITTED")
        do { try body() } catch {
            try? execute("ROLLBACK")
            throw error
        }
        try execute("COMMIT")
    }

    func close() {
        try? connection.close().wait()
    }
}

/// A failure of the server or the connection, in one plain line.
enum PostgresProblem {
    static func plain(_ error: any Error, _ url: PostgresLedgerURL) -> LedgerError {
        let at = "ledger \(url.shown)"
        guard let e = error as? PSQLError else {
            let words = Self.words(error)
            return LedgerError(
                message: "\(at): " + (words == "connection failed" ? "the server failed a statement" : "cannot connect (\(words))"))
        }
        switch e.code {
        case .server:
            let state = e.serverInfo?[.sqlState] ?? ""
            let message = e.serverInfo?[.message] ?? "an error"
            switch state {
            case "28P01", "28000": return LedgerError(message: "\(at): authentication failed for user \(url.user)")
            case "3D000": return LedgerError(message: "\(at): database \(url.database) does not exist")
            case "57P01", "57P02", "57P03": return LedgerError(message: "\(at): the server is shutting down or starting (\(message))")
            default: return LedgerError(message: "\(at): the server refused a statement (\(state): \(message))")
            }
        case .authMechanismRequiresPassword:
            return LedgerError(
                message: "\(at): the server asks for a password: give it in PGPASSWORD, a .pgpass file or --ledger-password-file")
        case .sslUnsupported:
            return LedgerError(message: "\(at): the server does not offer TLS (sslmode=\(url.sslMode.rawValue))")
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return LedgerError(message: "\(at): the connection to the server was lost")
        case .connectionError:
            return LedgerError(message: "\(at): cannot connect (\(e.underlying.map(Self.words) ?? "no answer"))")
        default:
            return LedgerError(message: "\(at): \(e.code)")
        }
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
