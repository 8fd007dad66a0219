import Foundation

/// One subscription's or purchase's entitlement as the ledger keeps it: the latest state of its
/// original transaction (the later period, then the one Apple signed last; never an older
/// notification delivered late), as of the time asked for, and the buyer it was credited to
/// (docs/SERVE.md, "Entitlements").
public struct LedgerEntitlement: Sendable, Equatable {
    /// The subscription's (or purchase's) first transaction: one entitlement each.
    public let originalTransactionID: String
    /// The transaction whose signed data made the state.
    public let transactionID: String
    /// The App Store product identifier.
    public let productID: String
    /// `active`, `grace_period`, `billing_retry`, `expired`, `revoked` or `refunded`, as of the time
    /// asked for: past its expiry an active entitlement is expired (or in billing retry).
    public let state: String
    /// The state as Apple signed it, before the dates were compared with the time asked for.
    public let signedState: String
    /// The end of the paid period (milliseconds since 1970).
    public let expiresMs: Int64?
    /// The end of the billing grace period (milliseconds since 1970).
    public let graceExpiresMs: Int64?
    /// Whether it renews (`autoRenewStatus` of the renewal info), when known.
    public let autoRenew: Bool?
    /// The buyer: the signed transaction's `appAccountToken` (lower case).
    public let appAccountToken: String?
    /// The user the app posted it for (a notification has none; the first arrival with one fills it in).
    public let userID: String?
    /// The order the app posted it with.
    public let orderID: String?
    /// When Apple signed what made the state (milliseconds since 1970).
    public let signedMs: Int64
    /// How what made the state arrived: `notification`, `transaction` or `api_response`.
    public let via: String
    /// The `notificationUUID` of the notification that made it.
    public let notificationUUID: String?
    /// Its type, with the subtype after a dot (`DID_RENEW`, `DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED`).
    public let notificationType: String?

    init(_ row: EntitlementRow, asOf: Int64) {
        originalTransactionID = row.originalTransactionID
        transactionID = row.transactionID
        productID = row.productID
        state = row.state(asOf: asOf).state
        signedState = row.state
        (expiresMs, graceExpiresMs, autoRenew) = (row.expiresMs, row.graceExpiresMs, row.autoRenew)
        (appAccountToken, userID, orderID) = (row.account, row.user, row.order)
        (signedMs, via, notificationUUID, notificationType) = (row.signedMs, row.via, row.notificationUUID, row.notificationType)
    }
}

extension RecordSession {
    /// The entitlements of a buyer (`account`: their `appAccountToken` or the user id the app
    /// posted) kept in the session's ledger, as of `asOf`. Throws `LedgerUnavailable` when the
    /// session has no ledger given (`ledger:`) or it cannot be read.
    public func entitlements(account: String, asOf: Date = Date()) throws -> [LedgerEntitlement] {
        try entitlements(EntitlementQuery(account: account), asOf: asOf)
    }

    /// The entitlement of one subscription or purchase, by its original transaction id.
    public func entitlement(originalTransactionID: String, asOf: Date = Date()) throws -> LedgerEntitlement? {
        try entitlements(EntitlementQuery(originalTransactionID: originalTransactionID), asOf: asOf).first
    }

    /// Read through one store, opened at the first read and kept (again after a failure).
    private func entitlements(_ query: EntitlementQuery, asOf: Date) throws -> [LedgerEntitlement] {
        guard let ledger = environment.overrides["ledger"] else {
            throw LedgerUnavailable(message: "the session has no ledger: give one (RecordSession(pipeline:ledger:))")
        }
        do {
            let store = try reader.store ?? ClaimsStores.openToRead(ledger, environment)
            reader.store = store
            return try store.entitlements(query).map { LedgerEntitlement($0, asOf: asOf.siftMillis) }
        } catch let error as LedgerError {
            reader.store = nil
            throw LedgerUnavailable(message: error.message)
        }
    }
}

/// The store a session reads entitlements through, kept by the session (its actor) between reads.
final class EntitlementReader {
    var store: (any ClaimsStore)?
}

/// The ledger could not be read (or the session has none); the message names it, never a password.
public struct LedgerUnavailable: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one line.
    public let message: String
    /// The message.
    public var description: String { message }
}
