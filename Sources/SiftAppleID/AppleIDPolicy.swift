import SiftCore

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
    let rule: Mark
}
