import ExtrasBase64
import JWTKit
import SiftCore
import SiftJSON

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
