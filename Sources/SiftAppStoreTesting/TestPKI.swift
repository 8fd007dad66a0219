@_exported import Crypto
import Foundation
@_exported import SwiftASN1
@_exported import X509

/// A certificate authority built in the tests, shaped like Apple's (root, intermediate with
/// 1.2.840.113635.100.6.2.1, leaf with 1.2.840.113635.100.6.11.1), and a signer of compact
/// JWS with its chain in `x5c`, for tests and benchmarks. No private key comes from anywhere else.
public struct TestPKI: Sendable {
    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
    /// 2025-01-01 and 2045-01-01.
    public static let from = Date(timeIntervalSince1970: 1_735_689_600)
    public static let until = Date(timeIntervalSince1970: 2_366_841_600)

    public let rootKey = P256.Signing.PrivateKey()
    public let intermediateKey = P256.Signing.PrivateKey()
    public var leafKey = P256.Signing.PrivateKey()
    public let root: Certificate
    public var intermediate: Certificate
    public var leaf: Certificate

    /// The usual chain; `name` keeps look-alike authorities' names equal to the real one's.
    public init(name: String = "Test Apple") throws {
        root = try Self.certificate(
            "\(name) Root CA - G3", key: rootKey.publicKey, issuer: nil, issuerKey: rootKey, ca: true, markers: [])
        intermediate = try Self.certificate(
            "\(name) Worldwide Developer Relations CA - G6", key: intermediateKey.publicKey, issuer: root, issuerKey: rootKey, ca: true,
            markers: [Self.intermediateMarker])
        leaf = try Self.certificate(
            "\(name) Prod ECC Mac App Store and iTunes Store Receipt Signing", key: leafKey.publicKey, issuer: intermediate,
            issuerKey: intermediateKey, ca: false, markers: [Self.leafMarker])
    }

    /// A certificate of `key`, issued by `issuer` (itself when nil) and signed with `issuerKey`.
    public static func certificate(
        _ name: String, key: P256.Signing.PublicKey, issuer: Certificate?, issuerKey: P256.Signing.PrivateKey, ca: Bool,
        markers: [ASN1ObjectIdentifier], from: Date = TestPKI.from, until: Date = TestPKI.until
    ) throws -> Certificate {
        let subject = try DistinguishedName {
            CommonName(name); OrganizationName("Test")
        }
        var extensions = [
            try Critical(ca ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority)
                .makeCertificateExtension(),
            try Critical(ca ? KeyUsage(keyCertSign: true, cRLSign: true) : KeyUsage(digitalSignature: true)).makeCertificateExtension(),
        ]
        extensions += markers.map { Certificate.Extension(oid: $0, critical: false, value: [0x05, 0x00]) }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key), notValidBefore: from, notValidAfter: until,
            issuer: issuer?.subject ?? subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions(extensions), issuerPrivateKey: .init(issuerKey))
    }

    public static func der(_ c: Certificate) -> [UInt8] {
        var s = DER.Serializer()
        try! s.serialize(c)
        return s.serializedBytes
    }

    public var rootPEM: String { try! root.serializeAsPEM().pemString }

    /// The x5c of the usual chain: leaf, intermediate, root.
    public var chain: [Certificate] { [leaf, intermediate, root] }

    /// A compact JWS of `payload` (JSON text) signed with the leaf's key (or `key`), with
    /// `chain` (default: the usual one) as x5c; `header` replaces the header JSON entirely.
    public func sign(
        _ payload: String, chain: [Certificate]? = nil, header: String? = nil, key: P256.Signing.PrivateKey? = nil
    ) -> String {
        let x5c = (chain ?? self.chain).map { "\"" + Data(Self.der($0)).base64EncodedString() + "\"" }.joined(separator: ",")
        let h = header ?? #"{"alg":"ES256","x5c":[\#(x5c)]}"#
        let input = Self.b64url(Array(h.utf8)) + "." + Self.b64url(Array(payload.utf8))
        let signature = try! (key ?? leafKey).signature(for: SHA256.hash(data: Array(input.utf8)))
        return input + "." + Self.b64url(Array(signature.rawRepresentation))
    }

    public static func b64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The x5c header value for `chain`.
    public static func x5c(_ chain: [Certificate]) -> String {
        chain.map { "\"" + Data(der($0)).base64EncodedString() + "\"" }.joined(separator: ",")
    }
}
