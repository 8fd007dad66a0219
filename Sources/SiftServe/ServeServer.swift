import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SiftCore
import SiftReceipts
import SiftJSON
import SiftMessages

/// `sift serve`: the rules as an HTTP service (Hummingbird), a thin layer over the
/// `RecordSession` a host uses (docs/SERVE.md). Every answer is committed before it is sent.
package struct ServeServer: Sendable {
    /// What the operator chose (`sift serve`'s options).
    package struct Settings: Sendable {
        package var host = "127.0.0.1"
        package var port = 8080
        /// The largest `/v1/check` body.
        package var maxBody = 1 << 20
        /// The largest notification body (Apple's are a few kilobytes).
        package var maxNotification = 256 << 10
        /// Notifications taken a second on average, and at once.
        package var notificationRate = 100.0
        package var notificationBurst = 200.0
        /// Connections served at once.
        package var maxConnections = 1024
        /// A connection with no request for this many seconds is closed (0: never).
        package var idleSeconds = 30.0
        /// A body must arrive within this many seconds (408 otherwise).
        package var bodySeconds = 10.0
        package var language = Language.en
        package var duplicateKeys = DuplicateKeys.reject
        package init() {}
    }

    let settings: Settings
    let token: BearerToken
    let rules: CurrentRules
    let ledger: LedgerReader?
    let metrics = ServeMetrics()
    let notifications: RateLimit

    /// A server for the rules `source` loads (loaded now: rules with errors throw
    /// `RuleSource.Refused`), answering requests that carry `token`; `ledger` opens the ledger
    /// to read entitlements (nil: the rules keep no ledger).
    package init(settings: Settings, token: String, source: RuleSource, ledger: (@Sendable () throws -> any ClaimsStore)?) throws {
        guard let token = BearerToken(token) else { throw ServeStartError.shortToken }
        self.settings = settings
        self.token = token
        rules = try CurrentRules(source: source)
        self.ledger = ledger.map(LedgerReader.init(open:))
        notifications = RateLimit(perSecond: settings.notificationRate, burst: max(1, settings.notificationBurst))
    }

    /// True when the rules keep claims across records (replay detection, a ledger).
    package var keepsState: Bool { !rules.current.isStateless }

    /// Serves until SIGTERM or SIGINT: then stops accepting, answers the requests in flight,
    /// makes the session's claims durable and returns. `onRunning` gets the port it listens on.
    package func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        var logger = Logger(label: "sift-serve")
        logger.logLevel = .warning
        // A connection idle for `idleSeconds` is closed; at most `maxConnections` at once (more wait in the backlog).
        let idle = settings.idleSeconds > 0 ? TimeAmount.milliseconds(Int64(settings.idleSeconds * 1000)) : nil
        let app = Application(
            router: router(), server: .http1(configuration: .init(idleTimeout: idle)),
            configuration: .init(
                address: .hostname(settings.host, port: settings.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(settings.maxConnections)),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? settings.port) }, logger: logger)
        try await app.runService()
        try await rules.current.session.finish()
    }

    /// Loads the rules again (SIGHUP, `POST /v1/reload`): refused, with the old rules serving on,
    /// when they have errors.
    package func reload() -> (packs: [String]?, errors: String?) {
        if ledger == nil, keepsState {
            metrics.reload("refused")
            let why = "the rules keep claims in memory (no --ledger): a reload would forget them; restart with --ledger FILE|URL"
            serveLog("rules not reloaded: \(why)")
            return (nil, why)
        }
        do {
            let packs = try rules.reload()
            metrics.reload("loaded")
            serveLog("rules reloaded: \(packs.joined(separator: ", "))")
            return (packs, nil)
        } catch {
            metrics.reload("refused")
            serveLog("rules not reloaded (the rules in use go on serving):\n\(error)")
            return (nil, "\(error)")
        }
    }

    package func router() -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.add(middleware: CountingMiddleware(metrics: metrics))
        router.get("/healthz") { _, _ in Self.answer(.ok, "ok\n", type: "text/plain; charset=utf-8") }
        router.get("/readyz") { _, _ in await ready() }
        router.get("/metrics") { _, _ in Self.answer(.ok, metrics.text, type: "text/plain; version=0.0.4; charset=utf-8") }
        router.post("/v1/check") { request, _ in
            if let refused = authorize(request) { return refused }
            var request = request
            guard let body = try await body(&request, upTo: settings.maxBody) else { return Self.tooLarge(settings.maxBody) }
            return await check(body, contentType: request.headers[.contentType])
        }
        router.post("/v1/app-store/notifications") { request, context in
            guard notifications.take(from: context.remoteHost) else {
                return Self.error(.tooManyRequests, "too many notifications; send it again later")
            }
            var request = request
            guard let body = try await body(&request, upTo: settings.maxNotification, deadline: true) else {
                return Self.tooLarge(settings.maxNotification)
            }
            return await notification(body)
        }
        router.get("/v1/entitlements") { request, _ in
            if let refused = authorize(request) { return refused }
            let query = request.uri.queryParameters
            return await entitlements(
                account: query["account"].map(String.init), original: query["original_transaction_id"].map(String.init))
        }
        router.post("/v1/reload") { request, _ in
            if let refused = authorize(request) { return refused }
            let outcome = reload()
            var w = JSONWriter()
            w.beginObject()
            w.field("reloaded", outcome.packs != nil)
            if let packs = outcome.packs {
                w.key("packs")
                w.beginArray()
                for p in packs { w.string(p) }
                w.endArray()
            }
            if let errors = outcome.errors { w.field("errors", errors) }
            w.endObject()
            return Self.answer(outcome.packs == nil ? .unprocessableContent : .ok, w.bytes + [0x0A])
        }
        return router
    }

    /// The request's body, or nil when it is over `limit` bytes. `deadline`: throws 408 when it
    /// does not arrive within `settings.bodySeconds` (a client that sends a byte now and then), for
    /// the endpoint without a token; a request with the token is trusted to send its body.
    func body(_ request: inout Request, upTo limit: Int, deadline: Bool = false) async throws -> [UInt8]? {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return nil }
        guard deadline else {
            do { return Array(try await request.collectBody(upTo: limit).readableBytesView) } catch is NIOTooManyBytesError { return nil }
        }
        let body = request.body
        let seconds = settings.bodySeconds
        do {
            let buffer = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await body.collect(upTo: limit) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let buffer = first else {
                    throw HTTPError(.requestTimeout, message: "the body did not arrive within \(Int(seconds)) seconds")
                }
                return buffer
            }
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            return nil
        }
    }

    /// Nil when the request carries the token; otherwise the 401 answer.
    func authorize(_ request: Request) -> Response? {
        let header = request.headers[.authorization]
        if token.admits(header) { return nil }
        var r = Self.error(
            .unauthorized,
            header == nil ? "unauthorized: send Authorization: Bearer <token>" : "unauthorized: the token is not this server's")
        r.headers[.wwwAuthenticate] = "Bearer"
        return r
    }
}

/// Why `sift serve` could not start.
package enum ServeStartError: Error, CustomStringConvertible {
    case shortToken

    package var description: String {
        switch self {
        case .shortToken: return "the token must be at least 16 characters (--token-file FILE or SIFT_SERVE_TOKEN)"
        }
    }
}

/// The server's request context: the connection's peer, for the notifications' rate per source.
package struct ServeContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    private let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The peer's address without its port (`127.0.0.1`), or "" when unknown.
    var remoteHost: String { channel.remoteAddress?.ipAddress ?? "" }
}

/// Counts every request by endpoint and status, and those in flight.
struct CountingMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let metrics: ServeMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        metrics.started()
        defer { metrics.ended() }
        let path = request.uri.path
        let endpoint =
            ["/v1/check", "/v1/app-store/notifications", "/v1/entitlements", "/v1/reload", "/healthz", "/readyz", "/metrics"]
                .contains(path) ? path : "other"
        do {
            let response = try await next(request, context)
            metrics.request(endpoint, status: response.status.code)
            return response
        } catch let error as HTTPError {
            metrics.request(endpoint, status: error.status.code)
            throw error
        }
    }
}
