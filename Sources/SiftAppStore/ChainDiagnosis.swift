import Foundation
import SiftCore
import X509

/// Why a chain that swift-certificates' verifier refused fails, in words a person can act on:
/// the verifier's own reasons can hold a certificate's debug description, which a reason
/// message must never show. The checks run in the order a reader would look.
enum ChainDiagnosis {
    struct Why {
        let en: String
        let zh: String
    }

    static func why(leaf: Certificate, intermediate: Certificate, roots: [Certificate], at time: Date) -> Why {
        if case .isCertificateAuthority? = try? leaf.extensions.basicConstraints {
            return Why(en: "the leaf certificate is a CA (CA:TRUE); a signing certificate must not be", zh: "叶证书是 CA（CA:TRUE）；签名证书不能是 CA")
        }
        if let usage = try? leaf.extensions.keyUsage, !usage.digitalSignature {
            return Why(en: "the leaf certificate's key usage does not allow signatures", zh: "叶证书的密钥用途不允许签名")
        }
        if leaf.issuer != intermediate.subject || !intermediate.publicKey.isValidSignature(leaf.signature, for: leaf) {
            return Why(en: "the leaf certificate is not signed by the intermediate certificate", zh: "叶证书不是由中间证书签发的")
        }
        let constraints = try? intermediate.extensions.basicConstraints
        if case .notCertificateAuthority? = constraints {
            return Why(en: "the intermediate certificate is not a CA", zh: "中间证书不是 CA")
        }
        if let usage = try? intermediate.extensions.keyUsage, !usage.keyCertSign {
            return Why(en: "the intermediate certificate's key usage does not allow signing certificates", zh: "中间证书的密钥用途不允许签发证书")
        }
        let issuers = roots.filter {
            $0.subject == intermediate.issuer && $0.publicKey.isValidSignature(intermediate.signature, for: intermediate)
        }
        if issuers.isEmpty {
            return Why(
                en: "the intermediate certificate is not signed by a trusted root (\(roots.count) in the rules)",
                zh: "中间证书不是由受信任的根证书签发的（规则中共 \(roots.count) 个根证书）"
            )
        }
        if !issuers.contains(where: { ChainVerifier.isValid($0, at: time) }) {
            return Why(en: "the trusted root is not valid at \(ChainVerifier.iso(time))", zh: "受信任的根证书在 \(ChainVerifier.iso(time)) 无效")
        }
        return Why(
            en: "the chain breaks a rule of X.509 (RFC 5280), such as a critical extension no verifier knows",
            zh: "证书链不符合 X.509（RFC 5280）的规则，例如带有未知的关键扩展"
        )
    }
}
