import Foundation
import SiftReceipts

/// The ledger as the server reads it outside any block (entitlements, readiness): one store,
/// opened when first needed and again after a failure (no sooner than a second after it), used
/// one read at a time on a thread of its own, so that a ledger that does not answer holds none of
/// the threads requests are answered on.
final class LedgerReader: @unchecked Sendable {
    private let queue = DispatchQueue(label: "sift.serve.ledger-reader")
    private let open: @Sendable () throws -> any ClaimsStore
    /// Read and written on `queue` only.
    private var store: (any ClaimsStore)?
    private var failedAt: TimeInterval?
    /// The last readiness answer and when it was found (`ready()` asks at most once a second).
    private let lock = NSLock()
    private var readiness: (ok: Bool, at: TimeInterval)?

    init(open: @escaping @Sendable () throws -> any ClaimsStore) {
        self.open = open
    }

    /// The entitlements `query` asks for; throws when the ledger cannot be read.
    func entitlements(_ query: EntitlementQuery) async throws -> [EntitlementRow] {
        try await using { try $0.entitlements(query) }
    }

    /// True when the ledger answered within the last second (asked again after that).
    func ready() async -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        if let last = lock.withLock({ readiness }), now - last.at < 1 { return last.ok }
        let ok = (try? await using { try $0.liveRuns() }) != nil
        lock.withLock { readiness = (ok, ProcessInfo.processInfo.systemUptime) }
        return ok
    }

    private func using<T: Sendable>(_ body: @escaping @Sendable (any ClaimsStore) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { done in
            queue.async { [self] in done.resume(with: Result { try read(body) }) }
        }
    }

    /// On `queue`: the store, opened if need be, read by `body`.
    private func read<T>(_ body: (any ClaimsStore) throws -> T) throws -> T {
        let now = ProcessInfo.processInfo.systemUptime
        if store == nil, let failedAt, now - failedAt < 1 { throw LedgerError(message: "the ledger did not answer a moment ago") }
        do {
            let s = try store ?? open()
            store = s
            return try body(s)
        } catch {
            store = nil  // opened afresh next time: the server may have come back
            failedAt = now
            throw error
        }
    }
}
