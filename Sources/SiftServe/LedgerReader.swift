import Foundation
import SiftReceipts

/// The ledger as the server reads it outside any block (entitlements, readiness): one store,
/// opened when first needed and again after a failure, used by one request at a time.
final class LedgerReader: @unchecked Sendable {
    private let lock = NSLock()
    private let open: @Sendable () throws -> any ClaimsStore
    private var store: (any ClaimsStore)?

    init(open: @escaping @Sendable () throws -> any ClaimsStore) {
        self.open = open
    }

    /// The entitlements `query` asks for; throws when the ledger cannot be read.
    func entitlements(_ query: EntitlementQuery) throws -> [EntitlementRow] {
        try using { try $0.entitlements(query) }
    }

    /// Throws unless the ledger answers.
    func ping() throws {
        _ = try using { try $0.liveRuns() }
    }

    private func using<T>(_ body: (any ClaimsStore) throws -> T) throws -> T {
        try lock.withLock {
            let s = try store ?? open()
            store = s
            do { return try body(s) } catch {
                store = nil  // opened afresh next time: the server may have come back
                throw error
            }
        }
    }
}
