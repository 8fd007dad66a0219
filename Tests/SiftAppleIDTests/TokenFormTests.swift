import Foundation
import Sift
import Testing

/// The compact serialization as RFC 7515 writes it (base64url without padding) and the token
/// length limit, both checked before anything is trusted (issue 30, items 11 and 13).
@Suite struct TokenFormTests {
    /// The minted token's parts: header, payload, signature.
    func parts(_ token: String = Minted.token()) -> [String] {
        token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theMintedKeySignsTokensSiftAccepts() throws {
        #expect(try Minted.lines(Minted.token()) == [])
    }

    /// A payload with `=` padding, signed over the padded bytes, verifies; it is still not a JWT.
    @Test func aPaddedPayloadIsRefusedEvenWhenSignedOverThePadding() throws {
        var payload = Minted.payload()
        while Minted.base64URL(Array(payload.utf8)).count % 4 == 0 { payload += " " }  // JSON allows trailing space
        let unpadded = Minted.base64URL(Array(payload.utf8))
        let padded = unpadded + String(repeating: "=", count: 4 - unpadded.count % 4)
        let token = Minted.sign(Minted.base64URL(Array(Minted.header.utf8)) + "." + padded)
        #expect(
            try Minted.lines(token) == [
                "apple_id.malformed_base64: the token's payload is not base64url: it has '=' padding, which a JWT leaves out"
            ])
        #expect(
            try Minted.lines(token, zh: true) == ["apple_id.malformed_base64: 令牌的 payload 不是 base64url 编码：含有 '=' 填充，JWT 不带填充"])
        // The same claims without the padding are credited.
        #expect(try Minted.lines(Minted.sign(Minted.base64URL(Array(Minted.header.utf8)) + "." + unpadded)) == [])
    }

    @Test func everySegmentIsBase64URLWithoutPaddingOrWhitespace() throws {
        let p = parts()
        func lines(_ header: String, _ payload: String, _ signature: String) throws -> [String] {
            try Minted.lines(header + "." + payload + "." + signature)
        }
        let base64URL = "the token's %@ is not base64url: "
        func line(_ part: String, _ why: String) -> String {
            "apple_id.malformed_base64: " + base64URL.replacingOccurrences(of: "%@", with: part) + why
        }
        #expect(try lines(p[0] + "=", p[1], p[2]) == [line("header", "it has '=' padding, which a JWT leaves out")])
        #expect(try lines(p[0], p[1], p[2] + "==") == [line("signature", "it has '=' padding, which a JWT leaves out")])
        #expect(try lines("eyJ+" + p[0], p[1], p[2]) == [line("header", "'+' is standard base64; base64url writes '-'")])
        #expect(try lines(p[0], "eyJ/" + p[1], p[2]) == [line("payload", "'/' is standard base64; base64url writes '_'")])
        #expect(try lines(p[0], p[1], p[2] + "\n") == [line("signature", "it contains whitespace")])
        #expect(try lines(p[0], p[1] + " ", p[2]) == [line("payload", "it contains whitespace")])
        #expect(try lines("\t" + p[0], p[1], p[2]) == [line("header", "it contains whitespace")])
        #expect(
            try lines("eyJ@@@", p[1], p[2]) == [line("header", "it has a character other than A-Z, a-z, 0-9, '-' and '_'")])
        // A length of 4n+1 characters encodes no bytes, in any segment.
        func fourNPlusOne(_ s: String) -> String { s + String(repeating: "A", count: (5 - s.count % 4) % 4) }
        let header = fourNPlusOne(p[0]), signature = fourNPlusOne(p[2])
        #expect(
            try lines(header, p[1], p[2]) == [line("header", "its length (\(header.count) characters) is one more than a multiple of 4")])
        #expect(
            try lines(p[0], p[1], signature) == [
                line("signature", "its length (\(signature.count) characters) is one more than a multiple of 4")
            ])
    }

    /// Lengths 4n+2 and 4n+3 are whole base64url (1 or 2 bytes in the last group): the minted
    /// token's header (32 bytes) and signature (256 bytes) have them and are accepted.
    @Test func lengthsTwoAndThreeOverAMultipleOfFourAreBase64URL() throws {
        let p = parts()
        #expect(p[0].count % 4 == 3 && p[2].count % 4 == 2)
        #expect(try Minted.lines(p.joined(separator: ".")) == [])
    }

    @Test func aTokenOverMaxTokenBytesIsRefusedBeforeDecoding() throws {
        let big = Minted.token(["pad": "\"" + String(repeating: "x", count: 100_000) + "\""])
        let size = big.utf8.count
        #expect(size > 100_000)
        #expect(
            try Minted.lines(big) == ["apple_id.too_large: the token is \(size) bytes long; the limit is 8192 bytes (max_token_bytes)"])
        #expect(try Minted.lines(big, zh: true) == ["apple_id.too_large: 令牌长 \(size) 字节，超过上限 8192 字节（max_token_bytes）"])
        // Exactly the limit is allowed; one byte more is not.
        #expect(try Minted.lines(big, "  max_token_bytes: \(size)") == [])
        #expect(
            try Minted.lines(big, "  max_token_bytes: \(size - 1)") == [
                "apple_id.too_large: the token is \(size) bytes long; the limit is \(size - 1) bytes (max_token_bytes)"
            ])
        // Garbage is measured before it is split: too large, not malformed.
        #expect(try verdict(String(repeating: "x", count: 9000)).reasons == ["apple_id.too_large"])
        #expect(try verdict(String(repeating: "x", count: 8192)).reasons == ["apple_id.malformed_segments"])
        // The limit counts UTF-8 bytes, not characters.
        #expect(try verdict(String(repeating: "é", count: 4097)).reasons == ["apple_id.too_large"])
    }
}
