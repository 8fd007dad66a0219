import Crypto
import CryptoExtras
import Foundation
import Sift
import Testing

/// Tokens the tests sign themselves, for shapes the Python fixtures do not have (padding, a
/// fractional `exp`, 100 KB): an RS256 key made once per test run (its private half never
/// leaves the process), published to the rules as the key store `minted` under kid `SIFTMINT`.
/// The claims are written as JSON text, so a number is signed exactly as the test spells it.
enum Minted {
    static let kid = "SIFTMINT"
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// The key set with the public half: `{"keys":[{"kty":"RSA","kid":"SIFTMINT",...}]}`.
    static let jwks: Data = {
        let primitives = try! key.publicKey.getKeyPrimitives()
        let n = base64URL(Array(primitives.modulus)), e = base64URL(Array(primitives.publicExponent))
        return Data(#"{"keys":[{"kty":"RSA","kid":"\#(kid)","use":"sig","alg":"RS256","n":"\#(n)","e":"\#(e)"}]}"#.utf8)
    }()

    static let header = #"{"kid":"SIFTMINT","alg":"RS256"}"#

    /// The fixtures' claims, in their order; each value is JSON text.
    static let base: [(String, String)] = [
        ("iss", #""https://appleid.apple.com""#), ("aud", #""com.example.app""#), ("exp", "4070908800"), ("iat", "1577836800"),
        ("sub", "\"\(Fixtures.sub)\""), ("email", #""abc123@privaterelay.appleid.com""#), ("email_verified", #""true""#),
        ("is_private_email", #""true""#), ("nonce_supported", "true"),
        ("nonce", "\"" + SHA256.hash(data: Data(Fixtures.nonce.utf8)).map { String(format: "%02x", $0) }.joined() + "\""),
    ]

    /// The payload JSON with `changes` applied: a claim set to JSON text, or removed with nil; new claims go last.
    static func payload(_ changes: KeyValuePairs<String, String?> = [:]) -> String {
        var claims = base
        for (name, value) in changes {
            let at = claims.firstIndex { $0.0 == name }
            switch (at, value) {
            case (let i?, let v?): claims[i].1 = v
            case (let i?, nil): claims.remove(at: i)
            case (nil, let v?): claims.append((name, v))
            case (nil, nil): break
            }
        }
        return "{" + claims.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A token with the claims changed as `payload(_:)` says.
    static func token(_ changes: KeyValuePairs<String, String?> = [:]) -> String {
        sign(base64URL(Array(header.utf8)) + "." + base64URL(Array(payload(changes).utf8)))
    }

    /// `signingInput` (header and payload parts, as they will be written) with its RS256 signature appended.
    static func sign(_ signingInput: String) -> String {
        let signature = try! key.signature(for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
        return signingInput + "." + base64URL(Array(signature.rawRepresentation))
    }

    /// base64url without padding (RFC 7515).
    static func base64URL(_ bytes: [UInt8]) -> String {
        String(
            Data(bytes).base64EncodedString().compactMap { c -> Character? in
                c == "+" ? "-" : c == "/" ? "_" : c == "=" ? nil : c
            })
    }

    /// The rules of `policy(_:asOf:)` with the minted key store in place of the fixtures' key set.
    static func pipeline(_ extra: String = "", asOf: String = "now") throws -> Pipeline {
        var registry = PluginRegistry.builtIn()
        registry.registerAppleID(keyStores: ["minted": try AppleKeyStore(jwks: jwks)])
        let yaml = policy(extra, asOf: asOf).replacingOccurrences(of: "  jwks: jwks.json\n", with: "  key_store: minted\n")
        let loaded = RulesLoader(registry: registry).load(text: yaml, file: "siwa.yaml", directory: Fixtures.dir)
        return try #require(loaded.pipeline, "rules did not load:\n\(loaded.rendered())")
    }

    /// The verdict on a record with the fixtures' user and nonce and `token`, as of `millis` (2026-11-21) unless the rules say otherwise.
    static func verdict(_ token: String, _ extra: String = "", asOf time: String = "now", millis: Int64 = asOf) throws -> RecordVerdict {
        var w = JSONWriter()
        w.beginObject(); w.field("user_id", Fixtures.sub); w.field("nonce", Fixtures.nonce); w.field("identity_token", token)
        w.endObject()
        return try pipeline(extra, asOf: time).validate(json: w.bytes, asOfMillis: millis)
    }

    /// Each violation as `reason: message`, in the order reported.
    static func lines(_ token: String, _ extra: String = "", asOf time: String = "now", zh: Bool = false) throws -> [String] {
        try verdict(token, extra, asOf: time).violations.map { "\($0.reason.text): \(zh ? $0.message.zh : $0.message.en)" }
    }
}
