import Foundation

/// The bearer token `/v1/check`, `/v1/entitlements` and `/v1/reload` need: compared in constant
/// time, never logged.
struct BearerToken: Sendable {
    private let expected: [UInt8]

    /// `token` from `--token-file` or `SIFT_SERVE_TOKEN` (surrounding white space dropped).
    init?(_ token: String) {
        let t = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard t.count >= 16 else { return nil }
        expected = Array(t.utf8)
    }

    /// True for `Authorization: Bearer <the token>`.
    func admits(_ header: String?) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let given = Array(header.utf8.dropFirst(7))
        var diff = UInt8(given.count == expected.count ? 0 : 1)
        for i in 0..<expected.count { diff |= expected[i] ^ (i < given.count ? given[i] : 0) }
        return diff == 0
    }
}

/// Token buckets, one per source address: `rate` requests a second on average, `burst` at once
/// (the notification endpoint, which needs no token). A refused request is answered 429 and Apple
/// sends it again later; a flood from one address does not starve Apple's. At most `maxSources`
/// addresses are remembered (then the buckets start afresh).
final class RateLimit: @unchecked Sendable {
    private let lock = NSLock()
    private let rate: Double
    private let burst: Double
    private var buckets: [String: (tokens: Double, last: TimeInterval)] = [:]
    private let maxSources = 10_000

    init(perSecond rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Takes one token from `source`'s bucket if there is one.
    func take(from source: String) -> Bool {
        lock.withLock {
            let now = ProcessInfo.processInfo.systemUptime
            if buckets.count >= maxSources, buckets[source] == nil { buckets.removeAll(keepingCapacity: true) }
            var b = buckets[source] ?? (burst, now)
            b.tokens = min(burst, b.tokens + (now - b.last) * rate)
            b.last = now
            let ok = b.tokens >= 1
            if ok { b.tokens -= 1 }
            buckets[source] = b
            return ok
        }
    }
}

/// One line to standard error (the server's log): events, never a request body or the token.
func serveLog(_ line: String) {
    FileHandle.standardError.write(Data(("sift serve: " + line + "\n").utf8))
}
