import SiftCore
import SiftJSON
import SiftConfig

/// A compiled `apple_id_token:` section.
struct AppleIDPolicy: Sendable {
    let tokenField: FieldPath
    /// The record field with the expected `sub`.
    let userField: FieldPath?
    /// The record field with the expected nonce.
    let nonceField: FieldPath?
    /// True when the token carries the SHA-256 hex of the raw nonce.
    let nonceHashed: Bool
    let keys: AppleKeyStore
    let audiences: Set<String>
    let issuer: String
    /// Nil means the run's as-of time.
    let asOfMillis: Int64?
    let leewaySeconds: Int64
    /// The longest token (UTF-8 bytes) that is decoded at all.
    let maxTokenBytes: Int
    let malformedExp: MalformedExp
    let report: Report
    let rule: Mark

    /// `malformed_exp`: what a token without a usable `exp` (missing, or not a number) is.
    enum MalformedExp: String, CaseIterable, Sendable {
        /// `apple_id.exp_malformed`.
        case malformed
        /// `apple_id.expired`: a token that does not say until when it is good is not good now.
        case expired
    }

    /// `report`: every failing check of a token, or the first in check order.
    enum Report: String, CaseIterable, Sendable {
        case every, first
    }
}
