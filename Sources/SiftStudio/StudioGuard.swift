import HTTPTypes
import Hummingbird

/// What every request must show, checked before any handler runs: the `Host` is the address
/// the studio listens on (a page on another site cannot reach it through a DNS name that
/// resolves to 127.0.0.1), API calls carry the session token, and writes come from the
/// studio's own page (`Origin`).
package struct StudioGuard<Context: RequestContext>: RouterMiddleware {
    /// The `Host` values accepted: `127.0.0.1:PORT`, `localhost:PORT` (or the address given).
    package let hosts: Set<String>
    /// The `Origin` values accepted for writes: `http://` and each host.
    package var origins: Set<String> { Set(hosts.map { "http://" + $0 }) }
    package let token: String

    package init(address: String, port: Int, token: String) {
        var names = [address.contains(":") ? "[\(address)]" : address]
        if address == "127.0.0.1" || address == "localhost" { names = ["127.0.0.1", "localhost"] }
        var hosts = Set(names.map { "\($0):\(port)" })
        if port == 80 { hosts.formUnion(names) }  // a Host without a port means port 80
        self.hosts = hosts
        self.token = token
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first Host header is the request's authority; any further one stays a header
        // field, and must name this studio too.
        let hosts = [request.head.authority].compactMap { $0 } + request.headers[values: Self.hostField]
        try check(
            hosts: hosts, path: request.uri.path, method: request.method, token: request.headers[Self.tokenField],
            origin: request.headers[.origin], contentType: request.headers[.contentType])
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return response
    }

    static var hostField: HTTPField.Name { HTTPField.Name("Host")! }

    /// The header that carries the session token.
    package static var tokenField: HTTPField.Name { HTTPField.Name("X-Sift-Token")! }

    /// Throws why a request is refused, or returns.
    /// Only the page itself (`/`, exactly) needs no token: any other path, whatever the router
    /// makes of it (`//api/save` reaches the save route), does. Writes need the page's `Origin`
    /// and a JSON body (a form or `text/plain` post from another site is refused before any route).
    package func check(
        hosts given: [String], path: String, method: HTTPRequest.Method, token: String?, origin: String?, contentType: String? = nil
    ) throws(StudioError) {
        guard !given.isEmpty, given.allSatisfy({ hosts.contains($0.lowercased()) }) else {
            throw StudioError(.wrongHost, "this studio answers only at \(hosts.sorted().joined(separator: " or "))")
        }
        if method != .get, method != .head {
            guard let origin, origins.contains(origin.lowercased()) else {
                throw StudioError(.crossOrigin, "writes are accepted only from the studio's own page")
            }
            guard let contentType, contentType.lowercased().hasPrefix("application/json") else {
                throw StudioError(.badRequest, "requests with a body must send JSON (Content-Type: application/json)")
            }
        }
        guard path != "/" || method != .get else { return }  // the page itself holds no data
        guard let token, Self.equalInConstantTime(token, self.token) else {
            throw StudioError(.unauthorized, "the session token is missing or wrong; open the address sift studio printed")
        }
    }

    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in x.indices { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}
