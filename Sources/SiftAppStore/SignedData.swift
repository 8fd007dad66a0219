import ExtrasBase64
import SiftCore
import SiftJSON

/// A compact JWS as the App Store writes it (`signedTransactionInfo`, `signedRenewalInfo`,
/// `signedPayload`), split and decoded, not yet trusted: nothing of it is read as a claim
/// before `ChainVerifier` has verified its chain and signature.
struct SignedData: Sendable {
    let header: JSONDocument
    let payload: JSONDocument
    /// Raw r||s.
    let signature: [UInt8]
    /// `header.payload` as written: what the signature signs.
    let signingInput: [UInt8]
    /// The x5c certificates (DER), leaf first.
    let certificates: [[UInt8]]

    /// Why signed data was refused: one reason, in both languages.
    struct Problem: Error, Sendable {
        let code: ReasonCode
        let en: String
        let zh: String
    }

    /// Decodes `text`, refusing anything Apple's verifier would not read: longer than
    /// `maxBytes` (checked before anything else), not three base64url parts without padding,
    /// JSON that is not an object or names a key twice, `alg` other than ES256, a header
    /// `jwk`/`jku`/`x5u`, an `x5c` that is not three base64 certificates, a signature that is
    /// not 64 bytes.
    init(_ text: String, maxBytes: Int) throws(Problem) {
        let size = text.utf8.count
        guard size <= maxBytes else {
            throw Problem(
                code: .AppStore.tooLarge, en: "the signed data is \(size) bytes long; the limit is \(maxBytes) (max_token_bytes)",
                zh: "签名数据长 \(size) 字节，上限为 \(maxBytes)（max_token_bytes）")
        }
        let bytes = Array(text.utf8)
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty else {
            throw Problem(code: .AppStore.malformedSegments, en: "signed data has three dot-separated parts", zh: "签名数据应由三段以点分隔的部分组成")
        }
        let h = try Self.base64url(parts[0], "header"), p = try Self.base64url(parts[1], "payload")
        signature = try Self.base64url(parts[2], "signature")
        header = try Self.object(h, "header")
        payload = try Self.object(p, "payload")
        signingInput = Array(bytes[..<parts[1].endIndex])
        certificates = try Self.checkHeader(header.root)
        guard signature.count == 64 else {
            throw Problem(
                code: .AppStore.signature,
                en: "the signature is \(signature.count) bytes; ES256 in a JWS is 64 bytes (r||s), not DER",
                zh: "签名长 \(signature.count) 字节；JWS 中的 ES256 签名为 64 字节（r||s），不是 DER")
        }
    }

    private static func base64url(_ part: ArraySlice<UInt8>, _ name: String) throws(Problem) -> [UInt8] {
        if let problem = Base64URLProblem(part) {
            throw Problem(
                code: .AppStore.malformedBase64, en: "the \(name) is not base64url: \(problem.en)",
                zh: "\(name) 不是 base64url 编码：\(problem.zh)")
        }
        do { return try Base64.decode(bytes: part, options: [.base64UrlAlphabet, .omitPaddingCharacter]) } catch {
            throw Problem(code: .AppStore.malformedBase64, en: "the \(name) is not base64url", zh: "\(name) 不是 base64url 编码")
        }
    }

    /// A JSON object, duplicate keys refused (two parsers could read them differently).
    private static func object(_ bytes: [UInt8], _ name: String) throws(Problem) -> JSONDocument {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes, maxDepth: 32) } catch {
            if let key = error.duplicateKeyPath {
                throw Problem(
                    code: .AppStore.malformedJson, en: "the \(name) names '\(key)' twice", zh: "\(name) 中 '\(key)' 出现了两次")
            }
            throw Problem(code: .AppStore.malformedJson, en: "the \(name) is not JSON", zh: "\(name) 不是 JSON")
        }
        guard doc.root.kind == .object else {
            throw Problem(code: .AppStore.malformedJson, en: "the \(name) is not a JSON object", zh: "\(name) 不是 JSON 对象")
        }
        return doc
    }

    /// The header's `alg`, key parameters and `x5c`; returns the certificates' DER.
    private static func checkHeader(_ header: JSONValue) throws(Problem) -> [[UInt8]] {
        let alg = header["alg"]?.string
        guard alg == "ES256" else {
            let shown = alg.map { "'\($0)'" } ?? "missing"
            throw Problem(
                code: .AppStore.algorithm, en: "alg is \(shown); App Store signed data is ES256 only",
                zh: "alg 为 \(shown)；App Store 签名数据只接受 ES256")
        }
        for name in ["jwk", "jku", "x5u"] where header[name] != nil {
            throw Problem(
                code: .AppStore.headerKey, en: "the header carries '\(name)'; the key is taken from the x5c chain only",
                zh: "header 中带有 '\(name)'；密钥只取自 x5c 证书链")
        }
        guard let x5c = header["x5c"], x5c.kind == .array, x5c.count == 3 else {
            let n = header["x5c"].map { $0.kind == .array ? "\($0.count) certificates" : "not a list" } ?? "missing"
            throw Problem(
                code: .AppStore.x5c, en: "x5c must hold exactly 3 certificates (leaf, intermediate, root); it is \(n)",
                zh: "x5c 必须恰好包含 3 张证书（叶证书、中间证书、根证书）；实际为 \(n)")
        }
        var ders: [[UInt8]] = []
        for (i, item) in x5c.elements.enumerated() {
            guard let text = item.string, let der = try? Base64.decode(string: text), !der.isEmpty else {
                throw Problem(
                    code: .AppStore.x5c, en: "x5c[\(i)] is not a base64 certificate", zh: "x5c[\(i)] 不是 base64 编码的证书")
            }
            ders.append(der)
        }
        return ders
    }
}
