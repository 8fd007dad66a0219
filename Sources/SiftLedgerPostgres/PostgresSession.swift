import Dispatch
import Foundation
import Logging
import NIOConcurrencyHelpers
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
            var c = configuration
            c.options.connectTimeout = .seconds(10)
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: c, id: 1, logger: Self.logger
            ).wait()
        } catch {
            throw PostgresProblem.plain(error, url)
        }
        // Every statement of the ledger finds claims by key. Given a block's thousands of keys, the
        // planner would read the whole table (45 ms for 6,000 keys among 300,000 claims, growing
        // with the ledger) rather than look them up in the key's index (15 ms).
        do { try execute("SET enable_seqscan = off") } catch {
            close()
            throw error
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

    /// The longest a statement may take, waiting for the block lock included (another run's
    /// block holds it for milliseconds): past it the connection is closed and the block fails.
    /// It also bounds a statement whose connection the server dropped without a word.
    static let statementTimeout: TimeInterval = 20

    /// Set once the connection is lost or stopped answering: every later statement fails at
    /// once with it (a connection in that state may never answer again).
    private var broken: LedgerError?
    /// True once the connection is lost or stopped answering: every statement fails at once.
    var isBroken: Bool { broken != nil || connection.isClosed }

    /// The future's value, or a failure after `statementTimeout`.
    private func wait<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = NIOLockedValueBox<Result<T, any Error>?>(nil)
        future.whenComplete { result in
            box.withLockedValue { $0 = result }
            done.signal()
        }
        // Waited for in slices: a statement sent as the server ends the connection (a restart's
        // goodbye) may never be answered, and the closed socket says so sooner than the timeout.
        let deadline = DispatchTime.now() + Self.statementTimeout
        var closedSlices = 0
        while done.wait(timeout: min(deadline, DispatchTime.now() + .milliseconds(100))) == .timedOut {
            if connection.isClosed { closedSlices += 1 }
            if closedSlices >= 2 {
                broken = LedgerError(message: "ledger \(url.shown): the connection to the server was lost")
                throw broken!
            }
            if DispatchTime.now() >= deadline {
                close()
                broken = LedgerError(message: "ledger \(url.shown): the server did not answer for \(Int(Self.statementTimeout)) seconds")
                throw broken!
            }
        }
        return try box.withLockedValue { $0! }.get()
    }

    /// Runs a statement unless the connection is broken; a lost connection breaks it.
    private func guarded<T>(_ body: () throws -> T) throws(LedgerError) -> T {
        if let broken { throw broken }
        do { return try body() } catch let e as LedgerError { throw e } catch {
            let problem = PostgresProblem.plain(error, url)
            if PostgresProblem.isConnectionLost(error) { broken = problem }
            throw problem
        }
    }

    func execute(_ query: PostgresQuery) throws(LedgerError) {
        _ = try guarded { try wait(connection.query(query, logger: Self.logger)) }
    }

    func rows<T: PostgresDecodable>(_ query: PostgresQuery, as: T.Type) throws(LedgerError) -> [T] {
        try guarded { try wait(connection.query(query, logger: Self.logger)).map { try $0.decode(T.self) } }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable>(_ query: PostgresQuery, as: (A, B).Type) throws(LedgerError) -> [(A, B)] {
        try guarded { try wait(connection.query(query, logger: Self.logger)).map { try $0.decode((A, B).self) } }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable>(_ query: PostgresQuery, as: (A, B, C).Type)
        throws(LedgerError) -> [(A, B, C)]
    {
        try guarded { try wait(connection.query(query, logger: Self.logger)).map { try $0.decode((A, B, C).self) } }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable, D: PostgresDecodable>(
        _ query: PostgresQuery, as: (A, B, C, D).Type
    ) throws(LedgerError) -> [(A, B, C, D)] {
        try guarded { try wait(connection.query(query, logger: Self.logger)).map { try $0.decode((A, B, C, D).self) } }
    }

    func rows<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable, D: PostgresDecodable, E: PostgresDecodable>(
        _ query: PostgresQuery, as: (A, B, C, D, E).Type
    ) throws(LedgerError) -> [(A, B, C, D, E)] {
        try guarded { try wait(connection.query(query, logger: Self.logger)).map { try $0.decode((A, B, C, D, E).self) } }
    }

    /// Statements this connection prepared, by their text.
    private var statements: [String: PreparedQuery] = [:]

    /// Runs `sql`, prepared on this connection the first time (`PostgresStatements`), with
    /// `binds`. (postgres-nio's other prepared statements are for async code only.) A statement
    /// the server no longer accepts as prepared (the table changed under it, `sift ledger init`;
    /// SQLSTATE 0A000, or 26000 once it is gone) is forgotten, to be prepared again: the block
    /// fails as a lost race and is settled again.
    func prepared(_ sql: String, _ binds: [PostgresData]) throws(LedgerError) {
        _ = try read(send(prepared: sql, binds))
    }

    /// The same, with its rows. Columns are best text: this API describes its results as text,
    /// whatever the server sent (a count in binary failed to decode).
    func prepared<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable, D: PostgresDecodable>(
        _ sql: String, _ binds: [PostgresData], as: (A, B, C, D).Type
    ) throws(LedgerError) -> [(A, B, C, D)] {
        try decode(read(send(prepared: sql, binds)), as: (A, B, C, D).self)
    }

    /// Rows read from a statement sent earlier (`read`), decoded.
    func decode<A: PostgresDecodable, B: PostgresDecodable, C: PostgresDecodable, D: PostgresDecodable>(
        _ rows: [PostgresRow], as: (A, B, C, D).Type
    ) throws(LedgerError) -> [(A, B, C, D)] {
        try guarded { try rows.map { try $0.decode((A, B, C, D).self) } }
    }

    /// Prepares each of `sqls` not yet prepared on this connection, waiting for it: called when
    /// no block is open on it, so that no statement of a block waits for a prepare queued behind
    /// the block's lock.
    func prepare(_ sqls: [String]) throws(LedgerError) {
        for sql in sqls where statements[sql] == nil { _ = try guarded { try statement(sql) } }
    }

    /// `sql` as prepared on this connection: prepared now the first time.
    private func statement(_ sql: String) throws -> PreparedQuery {
        if let known = statements[sql] { return known }
        let statement = try wait(connection.prepare(query: sql))
        statements[sql] = statement
        return statement
    }

    /// A statement sent without waiting for its answer: the connection runs its statements one
    /// after another, and `read` waits for this one's.
    struct Sent {
        fileprivate let rows: EventLoopFuture<[PostgresRow]>
        /// The prepared statement's text, to prepare it again should the server refuse it.
        fileprivate let prepared: String?
    }

    /// Sends `query` and returns at once.
    func send(_ query: PostgresQuery) -> Sent {
        if let broken { return Sent(rows: connection.eventLoop.makeFailedFuture(broken), prepared: nil) }
        return Sent(rows: connection.query(query, logger: Self.logger).map(\.rows), prepared: nil)
    }

    /// Sends `sql` as prepared on this connection, with `binds`, and returns at once (after
    /// preparing it, the first time).
    func send(prepared sql: String, _ binds: [PostgresData]) -> Sent {
        do {
            let statement = try guarded { try self.statement(sql) }
            return Sent(rows: statement.execute(binds), prepared: sql)
        } catch {
            return Sent(rows: connection.eventLoop.makeFailedFuture(error), prepared: sql)
        }
    }

    /// Waits for the answer of a statement sent on this connection.
    func read(_ sent: Sent) throws(LedgerError) -> [PostgresRow] {
        try guarded {
            do { return try wait(sent.rows) } catch {
                if let sql = sent.prepared, let (state, _) = PostgresProblem.refusal(error), ["0A000", "26000"].contains(state) {
                    statements[sql] = nil
                }
                throw error
            }
        }
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

    /// Closes the socket and waits until it is closed, also on a broken connection: closing
    /// asks nothing of the server, and PostgresNIO treats a connection released while its socket
    /// is still open as a programming error (a debug build stops on it: a server restart used to
    /// end a run that way, the server's goodbye marking the connection broken before its socket
    /// was closed).
    func close() {
        guard !connection.isClosed else { return }
        let done = DispatchSemaphore(value: 0)
        connection.close().whenComplete { _ in done.signal() }
        _ = done.wait(timeout: DispatchTime.now() + .seconds(5))
    }

    deinit { close() }
}
