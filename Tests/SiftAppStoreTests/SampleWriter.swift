import Foundation
import SiftAppStoreTesting
import Testing

/// Writes the shipped pack's test root and the signed samples (rules/keys/test-app-store-root.pem,
/// samples/app-store/signed.jsonl, and tokens for the examples of rules/app-store.yaml) from a new test PKI, whose
/// private keys are then thrown away. Runs only when asked:
/// `SIFT_WRITE_APP_STORE_SAMPLES=1 swift test --filter SampleWriter`.
@Suite struct SampleWriter {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SIFT_WRITE_APP_STORE_SAMPLES"] == "1"))
    func writeSamples() throws {
        let pki = try TestPKI(name: "Sift Sample")
        try pki.rootPEM.write(to: Self.root.appendingPathComponent("rules/keys/test-app-store-root.pem"), atomically: true, encoding: .utf8)
        func tx(_ id: String, product: String = "com.example.coins100", type: String = "Consumable", extra: String = "") -> String {
            transaction(id, product: product, type: type, extra: extra)
        }
        let monthly = "com.example.monthly", sub = "Auto-Renewable Subscription"
        let forged = try TestPKI(name: "Sift Sample")
        let good = pki.sign(tx("2000000000000101"))
        let parts = good.split(separator: ".").map(String.init)
        let note =
            #"{"notificationType":"REFUND","notificationUUID":"6a1d0b8e-1f7a-4c55-9a3e-2f0c1d2e3f40","version":"2.0","#
            + #""signedDate":\#(signedDate),"data":{"appAppleId":1234567890,"bundleId":"com.example.app","environment":"Production","#
            + #""signedTransactionInfo":"\#(pki.sign(tx("2000000000000106", extra: #","revocationDate":1795100000000,"revocationReason":1"#)))"}}"#
        let lines: [(String, String, String)] = [
            ("o-101", "u-101", good),
            ("o-102", "u-102", good),
            ("o-103", "u-103", pki.sign(tx("2000000000000103", product: monthly, type: sub, extra: #","expiresDate":1797811200000"#))),
            ("o-104", "u-104", pki.sign(tx("2000000000000104", product: monthly, type: sub, extra: #","expiresDate":1795000000000"#))),
            ("o-105", "u-105", forged.sign(tx("2000000000000105"))),
            ("o-106", "u-106", pki.sign(note)),
            ("o-107", "u-107", pki.sign(tx("2000000000000106"))),
            ("o-108", "u-108", parts[0] + "." + TestPKI.b64url(Array(tx("2000000000000108").utf8)) + "." + parts[2]),
            ("o-109", "u-109", pki.sign(tx("2000000000000109", extra: #","quantity":1"#))),
        ]
        let text = lines.map { #"{"order":"\#($0.0)","user":"\#($0.1)","signed_transaction":"\#($0.2)"}"# }.joined(separator: "\n") + "\n"
        let dir = Self.root.appendingPathComponent("samples/app-store")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try text.write(to: dir.appendingPathComponent("signed.jsonl"), atomically: true, encoding: .utf8)
        // The pack's examples (valid, forged chain, changed after signing), in place.
        try Self.replaceExampleTokens([good, forged.sign(tx("2000000000000105")), lines[7].2])
        try LifecycleSamples(pki: pki).write(to: dir, rules: Self.root.appendingPathComponent("rules"), forged: forged)
    }

    /// Puts `tokens` in place of the `signed_transaction` values of rules/app-store.yaml's examples, in order.
    static func replaceExampleTokens(_ tokens: [String]) throws {
        let url = root.appendingPathComponent("rules/app-store.yaml")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var next = tokens.makeIterator()
        for (i, line) in lines.enumerated() {
            guard let start = line.range(of: #"signed_transaction: ""#), line.hasSuffix(#"" }"#), let token = next.next() else { continue }
            lines[i] = String(line[..<start.upperBound]) + token + #"" }"#
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
