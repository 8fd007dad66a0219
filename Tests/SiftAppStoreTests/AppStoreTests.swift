import Foundation
import Sift
import SiftTesting
import SiftAppStoreTesting
import Testing

/// 2026-11-21T00:00:00Z, the as-of time of the tests.
let asOf: Int64 = 1_795_219_200_000
/// 2026-11-20T00:00:00Z: when the test transactions were signed.
let signedDate: Int64 = 1_795_132_800_000

let policyYAML = """
    applies_to: { has: signed }
    app_store:
      field: signed
      roots: [root.pem]
      bundle_id: com.example.app
      products:
        com.example.coins: consumable
        com.example.pro: non_consumable
        com.example.monthly: auto_renewable
    """

/// Loads `yaml` from a folder that holds `pki`'s root as root.pem.
func pipeline(_ pki: TestPKI, _ yaml: String = policyYAML) throws -> Pipeline {
    let dir = TemporaryFiles.path("sift-app-store-")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try pki.rootPEM.write(toFile: dir + "/root.pem", atomically: true, encoding: .utf8)
    let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "p.yaml", directory: dir)
    guard let p = r.pipeline else { throw RulesDidNotLoad(text: r.rendered()) }
    return p
}

struct RulesDidNotLoad: Error { var text: String }

/// A signed transaction's payload (JSON text); `extra` is appended inside the object.
func transaction(
    _ id: String = "2000000000000001", product: String = "com.example.coins", type: String = "Consumable",
    env: String = "Production", bundle: String = "com.example.app", original: String? = nil, extra: String = ""
) -> String {
    #"{"transactionId":"\#(id)","originalTransactionId":"\#(original ?? id)","bundleId":"\#(bundle)","productId":"\#(product)","#
        + #""type":"\#(type)","quantity":1,"purchaseDate":\#(signedDate - 60000),"signedDate":\#(signedDate),"#
        + #""environment":"\#(env)","inAppOwnershipType":"PURCHASED","transactionReason":"PURCHASE","storefront":"USA"\#(extra)}"#
}

func record(_ jws: String, order: String = "o-1", user: String = "u-1") -> String {
    #"{"order_id":"\#(order)","user_id":"\#(user)","signed":"\#(jws)"}"#
}

func verdicts(_ records: [String], _ p: Pipeline) throws -> [RecordVerdict] {
    let s = try Session(pipeline: p, asOfMillis: asOf)
    return records.map { s.validate(json: Array($0.utf8)) }
}

func reasons(_ jws: String, _ p: Pipeline) throws -> [String] {
    try verdicts([record(jws)], p)[0].reasons.map(\.description)
}

@Suite struct AppStoreSignatureTests {
    let pki: TestPKI
    let p: Pipeline
    init() throws {
        pki = try TestPKI()
        p = try pipeline(pki)
    }

    @Test func aValidTransactionIsCreditedOnce() throws {
        let jws = pki.sign(transaction())
        let v = try verdicts([record(jws), record(jws, order: "o-2", user: "u-2"), record(jws)], p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], ["app_store.replayed_transaction"], []])
        #expect(
            String(decoding: v[0].appStore!.json, as: UTF8.self)
                == #"{"kind":"transaction","environment":"Production","transaction":{"product_id":"com.example.coins","type":"consumable","#
                + #""transaction_id":"2000000000000001","original_transaction_id":"2000000000000001","quantity":1,"#
                + #""signed_ms":1795132800000,"purchase_ms":1795132740000},"#
                + #""entitlement":{"product_id":"com.example.coins","state":"active","from":["transaction"]},"creditable":true}"#)
        #expect(v[1].appStore?.creditable == false)
        // The same order again: a retry, answered as the first time and marked.
        #expect(
            String(decoding: v[2].appStore!.json, as: UTF8.self).hasSuffix(
                #""creditable":true,"redelivery":{"via":"transaction","first":"record 1","at":"2026-11-21T00:00:00Z","#
                    + #""order_id":"o-1","user_id":"u-1"}}"#))
    }

    /// Each attack, with the one reason that stops the record.
    @Test func attacksAreRefusedWithTheirOwnCode() throws {
        let payload = transaction()
        let x5c = TestPKI.x5c(pki.chain)
        func header(_ json: String) -> String { pki.sign(payload, header: json) }
        let hmacKey = SymmetricKey(data: pki.leafKey.publicKey.x963Representation)
        let hsInput = TestPKI.b64url(Array(#"{"alg":"HS256","x5c":[\#(x5c)]}"#.utf8)) + "." + TestPKI.b64url(Array(payload.utf8))
        let hs256 = hsInput + "." + TestPKI.b64url(Array(HMAC<SHA256>.authenticationCode(for: Array(hsInput.utf8), using: hmacKey)))
        let signed = pki.sign(payload)
        let parts = signed.split(separator: ".").map(String.init)
        let tampered = parts[0] + "." + TestPKI.b64url(Array(transaction(extra: #","quantity":1"#).utf8)) + "." + parts[2]
        let changed = parts[0] + "." + TestPKI.b64url(Array(transaction("2000000000000009").utf8)) + "." + parts[2]
        let der = try pki.leafKey.signature(for: SHA256.hash(data: Array((parts[0] + "." + parts[1]).utf8))).derRepresentation
        let cases: [(String, String, String)] = [
            ("alg none", header(#"{"alg":"none","x5c":[\#(x5c)]}"#), "app_store.algorithm"),
            ("alg none, no signature", parts[0] + "." + parts[1] + ".", "app_store.malformed_segments"),
            ("HS256 keyed with the leaf's public key", hs256, "app_store.algorithm"),
            ("RS256", header(#"{"alg":"RS256","x5c":[\#(x5c)]}"#), "app_store.algorithm"),
            ("jwk in the header", header(#"{"alg":"ES256","jwk":{"kty":"EC"},"x5c":[\#(x5c)]}"#), "app_store.header_key"),
            ("2 certificates", pki.sign(payload, chain: [pki.leaf, pki.intermediate]), "app_store.x5c"),
            ("4 certificates", pki.sign(payload, chain: pki.chain + [pki.root]), "app_store.x5c"),
            ("payload changed after signing", changed, "app_store.signature"),
            ("duplicate key (changed, unsigned)", tampered, "app_store.malformed_json"),
            ("signed by another key", pki.sign(payload, key: P256.Signing.PrivateKey()), "app_store.signature"),
            ("DER signature", parts[0] + "." + parts[1] + "." + TestPKI.b64url(Array(der)), "app_store.signature"),
            ("padding", parts[0] + "." + parts[1] + "=." + parts[2], "app_store.malformed_base64"),
            (
                "standard base64", parts[0] + "." + parts[1] + "." + parts[2].replacingOccurrences(of: "-", with: "+") + "+",
                "app_store.malformed_base64"
            ),
            ("too large", pki.sign(transaction(extra: #","note":"\#(String(repeating: "x", count: 70_000))""#)), "app_store.too_large"),
        ]
        for (name, jws, code) in cases {
            #expect(try reasons(jws, p) == [code], "\(name)")
        }
    }

    @Test func duplicateKeysInThePayloadAreRefusedEvenWhenSigned() throws {
        let dup = String(transaction().dropLast()) + #","bundleId":"com.other.app"}"#
        let v = try verdicts([record(pki.sign(dup))], p)[0]
        #expect(v.reasons.map(\.description) == ["app_store.malformed_json"])
        #expect(v.violations[0].message.en == "the payload names 'bundleId' twice")
    }

    @Test func chainAttacks() throws {
        let payload = transaction()
        // A look-alike authority (same names, other keys) that the rules do not trust.
        let fake = try TestPKI()
        #expect(try reasons(fake.sign(payload), p) == ["app_store.chain"])
        // Marker extensions missing.
        var noLeafMarker = pki
        noLeafMarker.leaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: pki.intermediateKey, ca: false, markers: [])
        #expect(try reasons(noLeafMarker.sign(payload), p) == ["app_store.certificate_oid"])
        let plainIntermediate = try TestPKI.certificate(
            pki.intermediate.subject.description, key: pki.intermediateKey.publicKey, issuer: pki.root, issuerKey: pki.rootKey, ca: true,
            markers: [])
        #expect(try reasons(pki.sign(payload, chain: [pki.leaf, plainIntermediate, pki.root]), p) == ["app_store.certificate_oid"])
        // A leaf signed by another intermediate, shown with the real one.
        let otherKey = P256.Signing.PrivateKey()
        let strayLeaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: otherKey, ca: false, markers: [TestPKI.leafMarker])
        #expect(try reasons(pki.sign(payload, chain: [strayLeaf, pki.intermediate, pki.root]), p) == ["app_store.chain"])
        // A leaf that is a CA.
        let caLeaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: pki.intermediateKey, ca: true,
            markers: [TestPKI.leafMarker])
        #expect(try reasons(pki.sign(payload, chain: [caLeaf, pki.intermediate, pki.root]), p) == ["app_store.chain"])
        // Expired and not yet valid at signedDate.
        for (from, until) in [
            (TestPKI.from, Date(timeIntervalSince1970: 1_780_000_000)), (Date(timeIntervalSince1970: 1_800_000_000), TestPKI.until),
        ] {
            let dated = try TestPKI.certificate(
                "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: pki.intermediateKey, ca: false,
                markers: [TestPKI.leafMarker], from: from, until: until)
            #expect(try reasons(pki.sign(payload, chain: [dated, pki.intermediate, pki.root]), p) == ["app_store.certificate_expired"])
        }
    }
}
