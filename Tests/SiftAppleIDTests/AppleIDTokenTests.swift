import Foundation
import Sift
import Testing

/// Fixtures made by Fixtures/make_fixtures.py with Python's `cryptography`.
struct Fixtures {
    static let dir = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path
    struct File: Decodable {
        var sub: String
        var nonce: String
        var tokens: [String: String]
    }
    static let file: File = try! JSONDecoder().decode(File.self, from: FileManager.default.contents(atPath: dir + "/tokens.json")!)
    static func token(_ name: String) -> String { file.tokens[name]! }
    static let sub = file.sub
    static let nonce = file.nonce
}

func policy(_ extra: String = "", asOf: String = "now") -> String {
    """
    applies_to: { has: identity_token }
    apple_id_token:
      token_field: identity_token
      user_field: user_id
      nonce_field: nonce
      jwks: jwks.json
      audiences: [com.example.app, com.example.web]
      as_of: \(asOf)
    \(extra)
    """
}

func pipeline(_ yaml: String) throws -> Pipeline {
    let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "siwa.yaml", directory: Fixtures.dir)
    guard let p = r.pipeline else {
        Issue.record("rules did not load:\n\(r.rendered())")
        throw CancellationError()
    }
    return p
}

/// 2026-11-21T00:00:00Z
let asOf: Int64 = 1_795_219_200_000

func verdict(_ token: String, user: String = Fixtures.sub, nonce: String = Fixtures.nonce, yaml: String = policy()) throws -> RecordVerdict
{
    var w = JSONWriter()
    w.beginObject()
    w.field("user_id", user)
    w.field("nonce", nonce)
    w.field("identity_token", token)
    w.endObject()
    return try Session(pipeline: pipeline(yaml), asOfMillis: asOf).validate(json: w.bytes)
}

func reasons(_ name: String, user: String = Fixtures.sub, nonce: String = Fixtures.nonce, yaml: String = policy()) throws -> [ReasonCode] {
    try verdict(Fixtures.token(name), user: user, nonce: nonce, yaml: yaml).reasons
}

@Suite struct AppleIDTokenTests {
    @Test func validTokensFromEitherKey() throws {
        #expect(try reasons("valid") == [])
        #expect(try reasons("valid_key2") == [])
        let v = try verdict(Fixtures.token("valid"))
        #expect(v.appleID?.subject == "001234.0a1b2c3d4e5f.0123")
        #expect(v.appleID?.emailVerified == true && v.appleID?.audience == "com.example.app")
        let out = String(decoding: v.appleID!.json, as: UTF8.self)
        #expect(
            out
                == #"{"sub":"001234.0a1b2c3d4e5f.0123","email":"abc123@privaterelay.appleid.com","email_verified":true,"#
                + #""is_private_email":true,"nonce_supported":true,"aud":"com.example.app"}"#
        )
    }

    @Test func claimsAsBooleansAndAudienceAsArray() throws {
        let v = try verdict(Fixtures.token("valid_bool_claims_aud_array"))
        #expect(v.isValid)
        let out = String(decoding: v.appleID!.json, as: UTF8.self)
        #expect(out.contains(#""email_verified":true,"is_private_email":false"#))
        #expect(out.hasSuffix(#""aud":"com.example.web"}"#))
        #expect(try reasons("email_verified_garbled") == ["apple_id.claim_malformed"])
    }

    @Test func malformedTokens() throws {
        #expect(try reasons("malformed_segments") == ["apple_id.malformed_segments"])
        #expect(try reasons("malformed_base64") == ["apple_id.malformed_base64"])
        #expect(try reasons("malformed_json") == ["apple_id.malformed_json"])
        #expect(try verdict("").reasons == ["apple_id.token_missing"])
        #expect(try verdict("a.b.c.d").reasons == ["apple_id.malformed_segments"])
    }

    @Test func onlyRS256() throws {
        #expect(try reasons("alg_none") == ["apple_id.algorithm"])
        #expect(try reasons("hs256_public_key_as_secret") == ["apple_id.algorithm"])
        #expect(try verdict(Fixtures.token("alg_none")).violations[0].message.en == "the token is signed with none; only RS256 is accepted")
    }

    @Test func unknownKidNeverFallsBackToAnotherKey() throws {
        #expect(try reasons("unknown_kid") == ["apple_id.unknown_kid"])
        #expect(try reasons("unknown_kid_signed_by_known_key") == ["apple_id.unknown_kid"])
        #expect(try reasons("missing_kid") == ["apple_id.unknown_kid"])
        let unknown = try verdict(Fixtures.token("unknown_kid")).violations[0].message
        #expect(unknown.en == "no key 'ROGUE' in the key set (keys: SIFTTEST1, SIFTTEST2)")
        #expect(unknown.zh == "密钥集中没有密钥 'ROGUE'（现有密钥：SIFTTEST1, SIFTTEST2）")
        let missing = try verdict(Fixtures.token("missing_kid")).violations[0].message
        #expect(missing.en == "no key '(none given)' in the key set (keys: SIFTTEST1, SIFTTEST2)")
        #expect(missing.zh == "密钥集中没有密钥 '（未给出）'（现有密钥：SIFTTEST1, SIFTTEST2）")
    }

    @Test func badSignatures() throws {
        #expect(try reasons("tampered_payload") == ["apple_id.signature"])
        #expect(try reasons("signed_by_other_key") == ["apple_id.signature"])
        var flipped = Array(Fixtures.token("valid").utf8)
        flipped[flipped.count - 5] = flipped[flipped.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(try verdict(String(decoding: flipped, as: UTF8.self)).reasons == ["apple_id.signature"])
    }

    @Test func issuerAndAudience() throws {
        #expect(try reasons("bad_issuer") == ["apple_id.issuer"])
        #expect(try reasons("bad_audience") == ["apple_id.audience"])
        #expect(try reasons("bad_audience_array") == ["apple_id.audience"])
        let audience = try verdict(Fixtures.token("bad_audience")).violations[0].message
        #expect(audience.en == "the audience 'com.other.app' is not one of com.example.app, com.example.web")
        #expect(audience.zh == "受众 com.other.app 不在允许列表中（com.example.app, com.example.web）")
    }

    @Test func expiryAtExactlyExpAndLeeway() throws {
        // exp = 1700000000: expired when exp <= as-of.
        #expect(try reasons("exp_1700000000", yaml: policy(asOf: "1700000000")) == ["apple_id.expired"])
        #expect(try reasons("exp_1700000000", yaml: policy(asOf: "1699999999")) == [])
        #expect(try reasons("exp_1700000000", yaml: policy("  leeway_seconds: 1", asOf: "1700000000")) == [])
        #expect(try reasons("exp_1700000000") == ["apple_id.expired"])
        #expect(try reasons("exp_missing") == ["apple_id.exp_malformed"])
    }

    @Test func issuedInTheFuture() throws {
        #expect(try reasons("issued_in_future") == ["apple_id.issued_in_future"])
    }

    @Test func subjectAndNonce() throws {
        #expect(try reasons("valid", user: "someone.else") == ["apple_id.subject"])
        #expect(try reasons("valid", nonce: "n-other") == ["apple_id.nonce"])
        #expect(try reasons("nonce_missing_supported") == ["apple_id.nonce_missing"])
        #expect(try reasons("nonce_missing_unsupported") == [])
        let raw = policy("  nonce_hashed: false")
        #expect(try reasons("raw_nonce", yaml: raw) == [])
        #expect(try reasons("valid", yaml: raw) == ["apple_id.nonce"])
    }

    @Test func keySetErrorsAreLocated() {
        let r = RulesLoader(registry: .builtIn()).load(
            text: policy().replacingOccurrences(of: "jwks: jwks.json", with: "jwks: nope.json"),
            file: "siwa.yaml", directory: Fixtures.dir)
        #expect(r.errors.map(\.headline) == ["siwa.yaml:6:9: error: cannot read key set 'nope.json'"])
        let outside = RulesLoader(registry: .builtIn()).load(
            text: policy().replacingOccurrences(of: "jwks: jwks.json", with: "jwks: ../../Package.swift"),
            file: "siwa.yaml", directory: Fixtures.dir)
        #expect(
            outside.errors.map(\.headline) == [
                "siwa.yaml:6:9: error: key set '../../Package.swift' is outside the rules folder; keep it beside the rules"
            ])
        let notJWKS = RulesLoader(registry: .builtIn()).load(
            text: policy().replacingOccurrences(of: "jwks: jwks.json", with: "jwks: tokens.json"),
            file: "siwa.yaml", directory: Fixtures.dir)
        #expect(
            notJWKS.errors.map(\.headline) == [
                "siwa.yaml:6:9: error: key set 'tokens.json' has no \"keys\" array (expected Apple's JWKS format)"
            ])
    }
}

@Suite struct AppleIDLoaderErrorTests {
    @Test func mistakesInThePolicyAreLocated() {
        func errors(_ yaml: String) -> [String] {
            RulesLoader(registry: .builtIn()).load(text: yaml, file: "siwa.yaml", directory: Fixtures.dir).errors.map(\.headline)
        }
        #expect(
            errors(policy(asOf: "tomorrow")) == [
                "siwa.yaml:8:10: error: 'as_of' of 'apple_id_token' is now, an RFC 3339 time or epoch seconds, not 'tomorrow'"
            ])
        #expect(errors(policy("  leeway_seconds: -5")) == ["siwa.yaml:9:19: error: 'leeway_seconds' cannot be negative"])
        #expect(
            errors(policy("  audience: [x]")) == [
                "siwa.yaml:9:3: error: unknown option 'audience' for 'apple_id_token'; did you mean 'audiences'? (options: token_field, "
                    + "user_field, nonce_field, nonce_hashed, jwks, key_store, audiences, issuer, as_of, leeway_seconds, max_token_bytes, "
                    + "malformed_exp, report)"
            ])
    }
}

/// Keys a host keeps up to date: Apple rotates its keys, the host updates the store, the rules stay loaded.
@Suite struct AppleKeyStoreTests {
    /// The fixture key set with only the keys named.
    func jwks(_ kids: Set<String>) throws -> Data {
        let all =
            try JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: Fixtures.dir + "/jwks.json")!) as! [String: Any]
        let keys = (all["keys"] as! [[String: Any]]).filter { kids.contains($0["kid"] as! String) }
        return try JSONSerialization.data(withJSONObject: ["keys": keys])
    }

    func yaml(_ keys: String) -> String {
        policy().replacingOccurrences(of: "  jwks: jwks.json\n", with: keys)
    }

    @Test func aRotatedKeyIsUsedAfterTheHostUpdatesTheStore() throws {
        let store = try AppleKeyStore(jwks: jwks(["SIFTTEST1"]))
        var registry = PluginRegistry.builtIn()
        registry.registerAppleID(keyStores: ["apple": store])
        let loaded = RulesLoader(registry: registry).load(text: yaml("  key_store: apple\n"), file: "siwa.yaml", directory: Fixtures.dir)
        let p = try #require(loaded.pipeline, "\(loaded.rendered())")
        func reasons(_ token: String) -> [ReasonCode] {
            var w = JSONWriter()
            w.beginObject(); w.field("user_id", Fixtures.sub); w.field("nonce", Fixtures.nonce); w.field("identity_token", token);
            w.endObject()
            return p.validate(json: w.bytes, asOfMillis: asOf).reasons
        }
        #expect(reasons(Fixtures.token("valid")) == [])
        #expect(reasons(Fixtures.token("valid_key2")) == ["apple_id.unknown_kid"])
        try store.update(jwks: jwks(["SIFTTEST1", "SIFTTEST2"]))
        #expect(store.kids == ["SIFTTEST1", "SIFTTEST2"])
        #expect(reasons(Fixtures.token("valid_key2")) == [])
        // Unusable data leaves the keys in use as they were.
        let refused = #expect(throws: AppleKeyStore.Error.self) { try store.update(jwks: jwks([])) }
        #expect(refused?.message == "key set 'jwks' has no usable RS256 keys")
        #expect(reasons(Fixtures.token("valid_key2")) == [])
    }

    @Test func theKeysAreNamedOnceAndExist() throws {
        var registry = PluginRegistry.builtIn()
        registry.registerAppleID(keyStores: ["apple": try AppleKeyStore(jwks: jwks(["SIFTTEST1"]))])
        func errors(_ keys: String) -> [String] {
            RulesLoader(registry: registry).load(text: yaml(keys), file: "siwa.yaml", directory: Fixtures.dir).errors.map(\.message)
        }
        #expect(errors("  key_store: appel\n") == ["no key store 'appel' is registered; did you mean 'apple'?"])
        #expect(errors("  key_store: apple\n  jwks: jwks.json\n") == ["give 'jwks' or 'key_store', not both"])
        #expect(errors("") == ["'apple_id_token' needs its keys: 'jwks: FILE' (Apple's JWKS beside the rules) or 'key_store: NAME'"])
    }
}
