import ExtrasBase64
import JWTKit
import SiftCore

/// A compact JWT split and decoded, not yet trusted.
struct IdentityToken: Sendable {
    let header: JSONDocument
    let payload: JSONDocument
    let signature: [UInt8]
    let signingInput: ArraySlice<UInt8>

    /// Why a token could not be decoded; each case is its own reason code.
    enum Malformed: Error {
        /// Not three dot-separated parts.
        case segments
        /// The part named is not base64url: why, when it is not written as RFC 7515 says.
        case base64(String, Base64URLProblem?)
        /// The part named is not a JSON object.
        case json(String)
    }

    init(_ token: String) throws(Malformed) {
        let bytes = Array(token.utf8)
        let parts: (header: ArraySlice<UInt8>, payload: ArraySlice<UInt8>, signature: ArraySlice<UInt8>)
        do { parts = try DefaultJWTParser().getTokenParts(bytes) } catch { throw .segments }
        guard !parts.header.isEmpty, !parts.payload.isEmpty else { throw .segments }
        func decode(_ part: ArraySlice<UInt8>, _ name: String) throws(Malformed) -> [UInt8] {
            if let problem = Base64URLProblem(part) { throw .base64(name, problem) }
            do { return try Base64.decode(bytes: part, options: [.base64UrlAlphabet, .omitPaddingCharacter]) } catch {
                throw .base64(name, nil)
            }
        }
        let h = try decode(parts.header, "header"), p = try decode(parts.payload, "payload")
        let s = try decode(parts.signature, "signature")
        do { header = try JSONDocument(bytes: h) } catch { throw .json("header") }
        do { payload = try JSONDocument(bytes: p) } catch { throw .json("payload") }
        guard header.root.kind == .object else { throw .json("header") }
        guard payload.root.kind == .object else { throw .json("payload") }
        signature = s
        signingInput = bytes[..<(parts.payload.endIndex)]
    }
}

/// What keeps a part of a compact JWT from being base64url as RFC 7515 writes it: the URL-safe
/// alphabet (A-Z, a-z, 0-9, `-`, `_`) with no padding and no whitespace. The decoder Sift uses
/// accepts `=` padding, so this is checked first, on every part.
enum Base64URLProblem: Equatable, Sendable {
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
    init?(_ part: ArraySlice<UInt8>) {
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
    var en: String {
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
    var zh: String {
        switch self {
        case .padding: "含有 '=' 填充，JWT 不带填充"
        case .standardAlphabet(let b): b == UInt8(ascii: "+") ? "'+' 属于标准 base64，base64url 写作 '-'" : "'/' 属于标准 base64，base64url 写作 '_'"
        case .whitespace: "含有空白字符"
        case .character: "含有 A-Z、a-z、0-9、'-'、'_' 以外的字符"
        case .length(let n): "长度（\(n) 个字符）比 4 的倍数多 1"
        }
    }
}
