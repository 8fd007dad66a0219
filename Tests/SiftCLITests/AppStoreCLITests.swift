import Foundation
import Testing
import SiftTesting

/// `app_store:` through the real binary: the shipped pack over its signed samples (the golden
/// output has every line), lint of the roots, explain in both languages, a ledger shared across
/// runs and with `receipt:`.
@Suite struct AppStoreCLITests {
    @Test func theShippedSamplesGiveTheDocumentedVerdicts() throws {
        let r = try SiftProcess.run([
            "run", "--rules", "rules/app-store.yaml", "samples/app-store/signed.jsonl", "--as-of", "2026-11-21T00:00:00Z", "--quiet",
        ])
        #expect(r.status == 1)
        let reasons = try SiftProcess.reasons(r.stdout)
        #expect(
            reasons == [
                [], ["app_store.replayed_transaction"], [], ["app_store.subscription_expired"], ["app_store.chain"], [],
                ["app_store.refunded"], ["app_store.signature"], ["app_store.malformed_json"],
            ])
        let lines = r.stdout.split(separator: "\n")
        #expect(
            lines[4]
                == #"{"source":"samples/app-store/signed.jsonl","line":5,"valid":false,"packs":["app-store"],"violations":[{"field":"#
                + #""signed_transaction","reason":"app_store.chain","message":"the certificate chain does not verify to a trusted root "#
                + #"(no chain to a trusted root)","rule":"rules/app-store.yaml:12:3"}]}"#)
        #expect(
            lines[5].hasSuffix(
                #""app_store":{"kind":"notification","environment":"Production","notification":{"type":"REFUND","#
                    + #""uuid":"6a1d0b8e-1f7a-4c55-9a3e-2f0c1d2e3f40"},"creditable":false,"refunded":["2000000000000106"]}}"#))
    }

    @Test func lintLocatesEveryRootProblem() throws {
        let dir =
            (try SiftProcess.temp(
                "p.yaml",
                """
                pack: p
                applies_to: { has: signed_transaction }
                app_store:
                  field: signed_transaction
                  roots: [nope.pem, p.yaml, ../outside.pem]
                  bundle_id: com.example.app
                  products: { com.example.coins100: consumable }
                """) as NSString).deletingLastPathComponent
        let r = try SiftProcess.run(["lint", dir + "/p.yaml"])
        #expect(r.status == 2)
        #expect(
            r.stderr.replacingOccurrences(of: dir, with: "R") == """
                R/p.yaml:5:11: error: cannot read the root certificate 'nope.pem'
                  roots: [nope.pem, p.yaml, ../outside.pem]
                          ^
                R/p.yaml:5:21: error: 'p.yaml' holds no certificate (PEM or DER) that can be read
                  roots: [nope.pem, p.yaml, ../outside.pem]
                                    ^
                R/p.yaml:5:29: error: root certificate '../outside.pem' is outside the rules folder; keep it beside the rules
                  roots: [nope.pem, p.yaml, ../outside.pem]
                                            ^
                sift lint: 3 errors

                """)
    }

    @Test func explainInBothLanguages() throws {
        let en = try SiftProcess.run(["explain", "rules/app-store.yaml"])
        #expect(
            en.stdout.contains(
                "    - the chain verifies to one of 1 trusted root(s), with Apple's marker extensions, valid at its signedDate "
                    + "[app_store.chain, app_store.certificate_oid, app_store.certificate_expired]\n"))
        let zh = try SiftProcess.run(["explain", "rules/app-store.yaml", "--lang", "zh"])
        #expect(
            zh.stdout.contains(
                "    - 只接受 alg ES256；不接受 jwk、jku、x5u；x5c 恰好 3 张证书 [app_store.algorithm, app_store.header_key, app_store.x5c]\n"))
        #expect(zh.stdout.contains("    - 通知：类型不限；REFUND, REVOKE 会把交易标记为已退款；"))
    }

    @Test func aLedgerCarriesCreditsAcrossRuns() throws {
        let ledger = TemporaryFiles.path("sift-app-store-ledger-") + ".sqlite"
        let args = ["run", "--rules", "rules/app-store.yaml", "--as-of", "2026-11-21T00:00:00Z", "--quiet", "--ledger", ledger]
        let lines = try String(contentsOfFile: SiftProcess.packageRoot.path + "/samples/app-store/signed.jsonl", encoding: .utf8)
            .split(separator: "\n")
        let first = try SiftProcess.run(args, stdin: lines[0] + "\n")
        #expect(first.status == 0)
        // The same transaction for another order, in a later run.
        let again = try SiftProcess.run(args, stdin: lines[1] + "\n")
        #expect(again.status == 1)
        #expect(
            again.stdout.contains(
                #""reason":"app_store.replayed_transaction","message":"transactionId 2000000000000101 was "#
                    + #"already credited to order o-101, user u-101: a replayed transaction""#))
    }
}
