import SiftCore

extension ReasonCode {
    /// The reason codes of `apple_id:` (docs/SIGN-IN-WITH-APPLE.md). Each keeps its meaning forever; compare a
    /// verdict's codes with them (`violation.reason == ReasonCode.AppleID.algorithm`).
    public enum AppleID: Sendable {
        /// `alg` is not RS256: `none`, and HS256 (even signed with the public key as the HMAC secret), are rejected
        /// before any key is used.
        public static let algorithm: ReasonCode = "apple_id.algorithm"
        /// No `aud` value (a string or an array) is accepted.
        public static let audience: ReasonCode = "apple_id.audience"
        /// `email_verified`, `is_private_email` or `nonce_supported` neither true nor false (as booleans or strings).
        /// (Before issue 30 it also meant a missing or non-number `exp` or `iat`: now `expMalformed` and `iatMalformed`.)
        public static let claimMalformed: ReasonCode = "apple_id.claim_malformed"
        /// `exp` is missing or not a JSON number (a NumericDate may have a fraction or an exponent: those are numbers).
        /// With `malformed_exp: expired` such a token is `expired` instead.
        public static let expMalformed: ReasonCode = "apple_id.exp_malformed"
        /// `exp` + leeway ≤ as-of, compared exactly (a token is expired at exactly `exp`); with `malformed_exp: expired`,
        /// also a token without a usable `exp`.
        public static let expired: ReasonCode = "apple_id.expired"
        /// `iat` is missing or not a JSON number.
        public static let iatMalformed: ReasonCode = "apple_id.iat_malformed"
        /// `iat` > as-of + leeway, compared exactly.
        public static let issuedInFuture: ReasonCode = "apple_id.issued_in_future"
        /// `iss` is not the issuer.
        public static let issuer: ReasonCode = "apple_id.issuer"
        /// The header or payload is not a JSON object.
        public static let malformedJson: ReasonCode = "apple_id.malformed_json"
        /// A part is not base64url as RFC 7515 writes it: a character other than A-Z, a-z, 0-9, `-` and `_` (`=`
        /// padding, `+` and `/` of standard base64, whitespace included), or a length of 4n+1 characters.
        public static let malformedBase64: ReasonCode = "apple_id.malformed_base64"
        /// Not three dot-separated parts.
        public static let malformedSegments: ReasonCode = "apple_id.malformed_segments"
        /// The nonce differs from the record's (hashed or raw, as configured).
        public static let nonce: ReasonCode = "apple_id.nonce"
        /// No nonce although the token says `nonce_supported: true`.
        public static let nonceMissing: ReasonCode = "apple_id.nonce_missing"
        /// The RS256 signature does not verify with the key named by `kid`.
        public static let signature: ReasonCode = "apple_id.signature"
        /// `sub` differs from the record's `user_field`.
        public static let subject: ReasonCode = "apple_id.subject"
        /// No token (or an empty one) at `token_field`.
        public static let tokenMissing: ReasonCode = "apple_id.token_missing"
        /// The token is longer than `max_token_bytes` (UTF-8 bytes, default 8192); measured before it is decoded.
        public static let tooLarge: ReasonCode = "apple_id.too_large"
        /// The `kid` is missing or not in the key set; there is no fallback to another key.
        public static let unknownKid: ReasonCode = "apple_id.unknown_kid"
    }
}
