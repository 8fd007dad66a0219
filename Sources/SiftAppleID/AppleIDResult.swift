import SiftCore
import SiftJSON

/// The claims of a verified Sign in with Apple token (`verdict.appleID`).
public struct AppleIDResult: StageOutput, Equatable {
    public var key: String { "apple_id" }
    /// The user's stable id (`sub`).
    public let subject: String?
    /// The email address the token carries (`email`), when the user shared one.
    public let email: String?
    /// Whether Apple verified the email (`email_verified`).
    public let emailVerified: Bool?
    /// True for an Apple private relay address (`is_private_email`).
    public let isPrivateEmail: Bool?
    /// Whether the platform supports the nonce (`nonce_supported`).
    public let nonceSupported: Bool?
    /// The audience (client id) that matched the policy.
    public let audience: String?

    package func write(into w: inout JSONWriter) {
        w.beginObject()
        if let subject { w.field("sub", subject) }
        if let email { w.field("email", email) }
        if let emailVerified { w.field("email_verified", emailVerified) }
        if let isPrivateEmail { w.field("is_private_email", isPrivateEmail) }
        if let nonceSupported { w.field("nonce_supported", nonceSupported) }
        if let audience { w.field("aud", audience) }
        w.endObject()
    }
}

extension RecordVerdict {
    /// The verified token's claims, when a Sign in with Apple pack checked the record.
    public var appleID: AppleIDResult? { output(AppleIDResult.self) }
}
