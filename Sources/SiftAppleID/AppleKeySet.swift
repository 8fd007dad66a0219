import Crypto
import CryptoExtras
import JWTKit
import SiftCore
import SiftJSON

/// Apple's public keys (a JWKS file), loaded once; verifies RS256 signatures by `kid`.
/// An unknown `kid` never falls back to another key.
struct AppleKeySet: Sendable {
    private let keys: [String: _RSA.Signing.PublicKey]

    var kids: [String] { keys.keys.sorted() }

    /// Reads `{"keys":[{"kty":"RSA","kid":...,"alg":"RS256","n":...,"e":"AQAB"}]}`.
    /// Keys that are not RSA/RS256 are skipped with a warning.
    init(jwks bytes: [UInt8], file: String, at mark: Mark, context: inout BuildContext) throws(Diagnostic) {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes) } catch {
            throw .error(AppleIDMessages.keySetValidJson(["file": "\(file)", "error": "\(error)"]), at: mark)
        }
        guard let list = doc.root["keys"], list.kind == .array else {
            throw .error(AppleIDMessages.keySetHasKeysArray(["file": "\(file)"]), at: mark)
        }
        var keys: [String: _RSA.Signing.PublicKey] = [:]
        for (i, k) in list.elements.enumerated() {
            guard let kid = k["kid"]?.string else {
                context.warning(AppleIDMessages.keyHasKidSkipped(["i": "\(i + 1)", "file": "\(file)"]), at: mark)
                continue
            }
            guard k["kty"]?.string == "RSA", k["alg"]?.string ?? "RS256" == "RS256", let n = k["n"]?.string, let e = k["e"]?.string else {
                context.warning(AppleIDMessages.keyRsRsaKeySkipped(["kid": "\(kid)", "file": "\(file)"]), at: mark)
                continue
            }
            do {
                // jwt-kit decodes the base64url modulus and exponent and builds the key.
                let jwtKey = try Insecure.RSA.PublicKey(modulus: n, exponent: e)
                keys[kid] = try _RSA.Signing.PublicKey(pemRepresentation: jwtKey.pemRepresentation)
            } catch {
                throw .error(AppleIDMessages.keyUsableRsaKey(["kid": "\(kid)", "file": "\(file)", "error": "\(error)"]), at: mark)
            }
        }
        if keys.isEmpty { throw .error(AppleIDMessages.keySetHasUsableRs(["file": "\(file)"]), at: mark) }
        self.keys = keys
    }

    func has(_ kid: String) -> Bool { keys[kid] != nil }

    /// RSASSA-PKCS1-v1_5 with SHA-256 over `signingInput`, with the key named `kid` only.
    func verify(signature: [UInt8], signingInput: ArraySlice<UInt8>, kid: String) -> Bool {
        guard let key = keys[kid] else { return false }
        return key.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature),
            for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5)
    }
}

/// Lowercase hex SHA-256, for hashed nonces.
func sha256Hex(_ text: String) -> String {
    SHA256.hash(data: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
}

import Foundation
import SiftConfig
