import SiftMessages

/// Base64url as a compact JWS or JWT writes it (RFC 7515): what Sign in with Apple tokens and
/// App Store signed data must be.

/// What keeps a part of a compact JWT from being base64url as RFC 7515 writes it: the URL-safe
/// alphabet (A-Z, a-z, 0-9, `-`, `_`) with no padding and no whitespace. The decoder Sift uses
/// accepts `=` padding, so this is checked first, on every part.
package enum Base64URLProblem: Equatable, Sendable {
    /// `=`, which base64url in a JWT leaves out.
    case padding
    /// `+` or `/`: the standard base64 alphabet.
    case standardAlphabet(UInt8)
    /// A space, tab or line break.
    case whitespace
    /// Any other character outside the alphabet.
    case character
    /// A length of 4n+1 characters, which no bytes encode to.
    case length(Int)

    /// The first problem of `part`, reading it from the start, or nil when it is base64url.
    package init?(_ part: ArraySlice<UInt8>) {
        for b in part {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: "="): self = .padding
            case UInt8(ascii: "+"), UInt8(ascii: "/"): self = .standardAlphabet(b)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C: self = .whitespace
            default: self = .character
            }
            return
        }
        guard part.count % 4 == 1 else { return nil }
        self = .length(part.count)
    }

    /// Why, after "the token's header is not base64url: " (令牌的 header 不是 base64url 编码：).
    package var message: Message {
        switch self {
        case .padding: JSONMessages.base64Padding()
        case .standardAlphabet(let b): b == UInt8(ascii: "+") ? JSONMessages.base64Plus() : JSONMessages.base64Slash()
        case .whitespace: JSONMessages.base64Whitespace()
        case .character: JSONMessages.base64Character()
        case .length(let n): JSONMessages.base64Length(["n": "\(n)"])
        }
    }

    /// Why, in English.
    package var en: String { message.text(.en) }
    /// Why, in Chinese.
    package var zh: String { message.text(.zh) }
}
