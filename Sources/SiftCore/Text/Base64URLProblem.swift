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

    /// Why, in English, after "the token's header is not base64url: ".
    package var en: String {
        switch self {
        case .padding: "it has '=' padding, which a JWT leaves out"
        case .standardAlphabet(let b):
            b == UInt8(ascii: "+") ? "'+' is standard base64; base64url writes '-'" : "'/' is standard base64; base64url writes '_'"
        case .whitespace: "it contains whitespace"
        case .character: "it has a character other than A-Z, a-z, 0-9, '-' and '_'"
        case .length(let n): "its length (\(n) characters) is one more than a multiple of 4"
        }
    }

    /// Why, in Chinese, after "令牌的 header 不是 base64url 编码：".
    package var zh: String {
        switch self {
        case .padding: "含有 '=' 填充，JWT 不带填充"
        case .standardAlphabet(let b): b == UInt8(ascii: "+") ? "'+' 属于标准 base64，base64url 写作 '-'" : "'/' 属于标准 base64，base64url 写作 '_'"
        case .whitespace: "含有空白字符"
        case .character: "含有 A-Z、a-z、0-9、'-'、'_' 以外的字符"
        case .length(let n): "长度（\(n) 个字符）比 4 的倍数多 1"
        }
    }
}
