import Crypto
import Dispatch
import Foundation
import SiftCore
import SwiftASN1
import SiftJSON
@_spi(FixedExpiryValidationTime) import X509

/// Verifies signed data as Apple's own verifier does: the x5c chain to one of the trusted
/// roots with swift-certificates' `Verifier` (RFC 5280, at the verification time) and a policy
/// for Apple's two marker extensions, key usage and a leaf that is no CA; then the ES256
/// signature with the leaf's P-256 key. Nothing is fetched; no system trust store is used.
///
/// The App Store signs with few chains, so a verified chain is remembered (by its leaf and
/// intermediate as sent) with the window of time in which all of its certificates are valid;
/// a token with the same chain and a time in that window needs only its signature checked.
final class ChainVerifier: @unchecked Sendable {  // `verified` is read and written under `lock` only
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
    /// Chains remembered at most (a flood of distinct chains cannot grow memory).
    static let cacheLimit = 64

    let roots: [Certificate]
    private var verified: [[UInt8]: Verified] = [:]
    private let lock = NSLock()

    init(roots: [Certificate]) {
        self.roots = roots
    }

    /// A chain verified before: when all of its certificates are valid, and the leaf's key.
    private struct Verified {
        let window: ClosedRange<Date>
        let key: P256.Signing.PublicKey
    }

    /// Verifies the chain at `time` (or finds it verified before for a window holding `time`),
    /// then the signature with the leaf's key.
    func verify(_ data: SignedData, at time: Date) throws(SignedData.Problem) {
        // The chain is built from the leaf and the intermediate (the root comes from `roots`, never
        // from x5c[2]): they are the key, the leaf's length first so that no two pairs run together.
        let leafLength = UInt32(truncatingIfNeeded: data.certificates[0].count)
        let cacheKey = withUnsafeBytes(of: leafLength.bigEndian, Array.init) + data.certificates[0] + data.certificates[1]
        if let known = lock.withLock({ verified[cacheKey] }), known.window.contains(time) {
            return try Self.checkSignature(data, known.key)
        }
        let certs = try Self.parse(data.certificates)
        let (leaf, intermediate) = (certs[0], certs[1])
        try Self.checkMarkers(leaf, intermediate)
        try Self.checkValidity([("leaf", leaf), ("intermediate", intermediate)], at: time)
        guard let key = P256.Signing.PublicKey(leaf.publicKey) else {
            throw SignedData.Problem(code: .AppStore.signature, en: "the leaf's key is not a P-256 key", zh: "叶证书的密钥不是 P-256 密钥")
        }
        let window = try verifyChain(leaf, intermediate, at: time)
        lock.withLock {
            if verified.count >= Self.cacheLimit { verified.remove(at: verified.startIndex) }
            verified[cacheKey] = Verified(window: window, key: key)
        }
        try Self.checkSignature(data, key)
    }

    private static func checkSignature(_ data: SignedData, _ key: P256.Signing.PublicKey) throws(SignedData.Problem) {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: data.signature),
            key.isValidSignature(signature, for: SHA256.hash(data: data.signingInput))
        else {
            throw SignedData.Problem(
                code: .AppStore.signature, en: "the ES256 signature does not verify with the leaf certificate's key",
                zh: "ES256 签名无法用叶证书的密钥验证")
        }
    }

    private static func parse(_ ders: [[UInt8]]) throws(SignedData.Problem) -> [Certificate] {
        var out: [Certificate] = []
        for (i, der) in ders.enumerated() {
            guard let c = try? Certificate(derEncoded: der) else {
                throw SignedData.Problem(code: .AppStore.x5c, en: "x5c[\(i)] is not an X.509 certificate", zh: "x5c[\(i)] 不是 X.509 证书")
            }
            out.append(c)
        }
        return out
    }

    private static func checkMarkers(_ leaf: Certificate, _ intermediate: Certificate) throws(SignedData.Problem) {
        if leaf.extensions[oid: leafMarker] == nil {
            throw SignedData.Problem(
                code: .AppStore.certificateOid, en: "the leaf certificate lacks Apple's marker extension 1.2.840.113635.100.6.11.1",
                zh: "叶证书缺少 Apple 的标记扩展 1.2.840.113635.100.6.11.1")
        }
        if intermediate.extensions[oid: intermediateMarker] == nil {
            throw SignedData.Problem(
                code: .AppStore.certificateOid,
                en: "the intermediate certificate lacks Apple's marker extension 1.2.840.113635.100.6.2.1",
                zh: "中间证书缺少 Apple 的标记扩展 1.2.840.113635.100.6.2.1")
        }
    }

    /// Says which certificate is out of date, and when it is valid. (The verifier checks it
    /// too; this is for a message people can act on.)
    private static func checkValidity(_ certs: [(String, Certificate)], at time: Date) throws(SignedData.Problem) {
        for (name, c) in certs where !Self.isValid(c, at: time) {
            let window = "\(iso(c.notValidBefore)) to \(iso(c.notValidAfter))"
            throw SignedData.Problem(
                code: .AppStore.certificateExpired,
                en: "the \(name) certificate is valid from \(window), not at \(iso(time)) (validation_time)",
                zh: "\(name == "leaf" ? "叶证书" : "中间证书")的有效期为 \(window)，不含 \(iso(time))（validation_time）")
        }
    }

    /// Whether `time` is within the certificate's validity. Compared bound by bound: a
    /// certificate may state a notAfter before its notBefore (nothing refuses it before the
    /// chain is checked), and a range of those would trap.
    static func isValid(_ c: Certificate, at time: Date) -> Bool {
        c.notValidBefore <= time && time <= c.notValidAfter
    }

    /// A time for messages; never traps (times outside years 1 to 9999 are clamped).
    static func iso(_ d: Date) -> String {
        let ms = (d.timeIntervalSince1970 * 1000).rounded(.down)
        return CivilTime.isoTime(Int64(exactly: min(max(ms, -62_135_596_800_000), 253_402_300_799_999)) ?? 0)
    }

    /// Runs swift-certificates' verifier; returns the window in which the whole chain is valid.
    private func verifyChain(_ leaf: Certificate, _ intermediate: Certificate, at time: Date) throws(SignedData.Problem)
        -> ClosedRange<Date>
    {
        let store = CertificateStore(self.roots), roots = self.roots
        let result = Blocking.run {
            var verifier = Verifier(rootCertificates: store) {
                RFC5280Policy(fixedExpiryValidationTime: time)
                AppStoreChainPolicy()
            }
            return await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate]))
        }
        switch result {
        case .validCertificate(let chain):
            let from = chain.map(\.notValidBefore).max()!, until = chain.map(\.notValidAfter).min()!
            return from...max(from, until)
        case .couldNotValidate:
            let why = ChainDiagnosis.why(leaf: leaf, intermediate: intermediate, roots: roots, at: time)
            throw SignedData.Problem(
                code: .AppStore.chain, en: "the certificate chain does not verify to a trusted root: \(why.en)",
                zh: "证书链无法验证到受信任的根证书：\(why.zh)")
        }
    }
}

/// Apple's policy on top of RFC 5280: a chain of exactly leaf, intermediate and trusted root;
/// the marker extensions on leaf and intermediate; a leaf that is no CA and may sign; an
/// intermediate that may sign certificates.
struct AppStoreChainPolicy: VerifierPolicy {
    /// None of its own: a certificate with a critical extension RFC 5280's policy does not know
    /// (Apple's markers included) is refused, as Apple's verifier refuses it.
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard chain.count == 3 else { return .failsToMeetPolicy(reason: "the chain is \(chain.count) certificates, not 3") }
        let leaf = chain[0], intermediate = chain[1]
        guard leaf.extensions[oid: ChainVerifier.leafMarker] != nil, intermediate.extensions[oid: ChainVerifier.intermediateMarker] != nil
        else { return .failsToMeetPolicy(reason: "Apple's marker extensions are missing") }
        // An extension that cannot be read fails the chain; it is never taken as absent.
        let leafConstraints: BasicConstraints?, leafUsage: KeyUsage?, intermediateUsage: KeyUsage?
        do {
            leafConstraints = try leaf.extensions.basicConstraints
            leafUsage = try leaf.extensions.keyUsage
            intermediateUsage = try intermediate.extensions.keyUsage
        } catch {
            return .failsToMeetPolicy(reason: "a basic constraints or key usage extension cannot be read")
        }
        if case .isCertificateAuthority? = leafConstraints {
            return .failsToMeetPolicy(reason: "the leaf certificate is a CA (CA:TRUE)")
        }
        if let usage = leafUsage, !usage.digitalSignature {
            return .failsToMeetPolicy(reason: "the leaf certificate's key usage does not allow signatures")
        }
        if let usage = intermediateUsage, !usage.keyCertSign {
            return .failsToMeetPolicy(reason: "the intermediate certificate's key usage does not allow signing certificates")
        }
        return .meetsPolicy
    }
}

/// Runs async work to completion from synchronous code (a pipeline stage), on a thread of its
/// own rather than Swift's shared pool, so that a caller that is itself on the pool cannot
/// starve it.
enum Blocking {
    private final class Slot<T>: @unchecked Sendable {  // written once, before `done` is signalled
        var value: T?
    }

    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let slot = Slot<T>()
        let done = DispatchSemaphore(value: 0)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            Task(executorPreference: QueueExecutor.shared) {
                slot.value = await body()
                done.signal()
            }
        } else {
            Task.detached {
                slot.value = await body()
                done.signal()
            }
        }
        done.wait()
        return slot.value!
    }
}

/// A task executor that runs jobs on one dispatch queue of its own.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class QueueExecutor: TaskExecutor, @unchecked Sendable {  // the queue is its only state
    static let shared = QueueExecutor()
    private let queue = DispatchQueue(label: "sift.app-store.x509")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
