import Crypto
import Foundation
import SiftCore

/// `unique_across_runs` keeps its keys in the run's ledger, through the settler that keeps the
/// receipts' claims there: one store, one block per part of a run, the same exactly-once
/// guarantees. A key is `u:<pack>/<fields>:` and the first 32 hex digits of the SHA-256 of the
/// value's canonical JSON (the value itself is never stored); its note is the place of the
/// record that claimed it and the run that did.
extension ReplaySettler: KeyClaims {
    /// Opens the claims of the ledger the run was given (`--ledger`, `SIFT_LEDGER`, a host's
    /// `LedgerConfiguration`); nil without one.
    static let keyClaims: KeyClaimsOpener = { environment in
        guard environment.useLedgers, let ledger = environment.overrides["ledger"] else { return nil }
        return try ReplaySettler.shared(environment, ledger: ledger)
    }

    package func claim(prefix: String, value: [UInt8], place: String) -> (place: String, thisRun: Bool)? {
        let key = Self.key(prefix, value)
        if let prior = owner(ofKey: key) {
            let note = prior.note ?? ""
            let run = note.prefix { $0 != " " }
            return (String(note.dropFirst(run.count + 1)), run == runID)
        }
        claim(key: key, Owner(order: nil, user: nil, note: runID + " " + place))
        return nil
    }

    package func prefetch(prefix: String, values: [[UInt8]]) {
        prefetchKeys(values.map { Self.key(prefix, $0) })
    }

    static func key(_ prefix: String, _ value: [UInt8]) -> String {
        let digest = SHA256.hash(data: value)
        return prefix + digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
