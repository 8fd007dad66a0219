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
                + #""signed_transaction","reason":"app_store.chain","message":"the certificate chain does not verify to a trusted root: "#
                + #"the intermediate certificate is not signed by a trusted root (1 in the rules)","rule":"rules/app-store.yaml:12:3"}]}"#)
        let refund: String = [
            #""app_store":{"kind":"notification","environment":"Production","notification":{"type":"REFUND","#,
            #""uuid":"6a1d0b8e-1f7a-4c55-9a3e-2f0c1d2e3f40","action":"refund","signed_ms":1795132800000},"transaction":{"#,
            #""product_id":"com.example.coins100","type":"consumable","transaction_id":"2000000000000106","#,
            #""original_transaction_id":"2000000000000106","quantity":1,"signed_ms":1795132800000,"purchase_ms":1795132740000,"#,
            #""revocation_ms":1795100000000,"revocation_reason":1},"#,
            #""entitlement":{"product_id":"com.example.coins100","state":"refunded","from":["notification","transaction"]},"#,
            #""creditable":false,"refunded":["2000000000000106"]}}"#,
        ].joined()
        #expect(lines[5].hasSuffix(refund))
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
                R/p.yaml:5:11: error: cannot read the root certificate 'nope.pem' (R/nope.pem: no such file or directory)
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
                "    - the chain verifies to one of 1 trusted root(s), with Apple's marker extensions, valid at its signedDate (whole seconds) "
                    + "[app_store.chain, app_store.certificate_oid, app_store.certificate_expired]\n"))
        let zh = try SiftProcess.run(["explain", "rules/app-store.yaml", "--lang", "zh"])
        #expect(
            zh.stdout.contains(
                "    - 只接受 alg ES256；不接受 jwk、jku、x5u；x5c 恰好 3 张证书 [app_store.algorithm, app_store.header_key, app_store.x5c]\n"))
        #expect(zh.stdout.contains("    - 通知：类型不限；按类型恰好带 data、summary、externalPurchaseToken、appData 之一；"))
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

    static let asOf = ["--as-of", "2026-11-21T00:00:00Z", "--quiet"]

    static func sampleLines(_ name: String) throws -> [String] {
        try String(contentsOfFile: SiftProcess.packageRoot.path + "/samples/app-store/" + name, encoding: .utf8)
            .split(separator: "\n").map { $0 + "\n" }
    }

    /// A day of notifications: every one valid whatever state it reports, the one Apple delivered
    /// twice too (a redelivery: marked, its purchase creditable again to the same buyer).
    @Test func aDayOfNotificationsSaysWhatToDo() throws {
        let r = try SiftProcess.run(
            ["run", "--rules", "rules/app-store-notifications.yaml", "samples/app-store/notifications.jsonl"] + Self.asOf)
        #expect(r.status == 0)
        #expect(try SiftProcess.reasons(r.stdout) == Array(repeating: [], count: 14))
        // A family-shared purchase revoked, a grace period over, a resubscription credited (a new period of C's subscription).
        #expect(r.stdout.split(separator: "\n").suffix(3).map { $0.contains(#""creditable":true"#) } == [false, false, true])
        let lines = r.stdout.split(separator: "\n")
        #expect(
            lines[10].contains(
                #""uuid":"7d1c0a51-0000-4000-8000-000000000004","action":"credit","signed_ms":1795132800000,"redelivery":true}"#))
        #expect(
            lines[10].hasSuffix(
                #""creditable":true,"redelivery":{"via":"notification","first":"line 4 of samples/app-store/notifications.jsonl","#
                    + #""at":"2026-11-21T00:00:00Z"}}}"#))
        let grace: String = [
            #"{"source":"samples/app-store/notifications.jsonl","line":3,"valid":true,"packs":["app-store-notifications"],"#,
            #""violations":[],"app_store":{"kind":"notification","environment":"Production","notification":{"#,
            #""type":"DID_FAIL_TO_RENEW","subtype":"GRACE_PERIOD","uuid":"7d1c0a51-0000-4000-8000-000000000003","action":"keep","#,
            #""signed_ms":1795132800000},"#,
            #""transaction":{"product_id":"com.example.monthly","type":"auto_renewable","transaction_id":"4000000000000201","#,
            #""original_transaction_id":"4000000000000200","quantity":1,"expires_ms":1795046400000,"signed_ms":1795132800000,"#,
            #""purchase_ms":1795132740000},"entitlement":{"#,
            #""product_id":"com.example.monthly","state":"grace_period","expires_ms":1795046400000,"grace_expires_ms":1795564800000,"#,
            #""auto_renew":true,"from":["status","renewal_info","transaction"]},"creditable":false}}"#,
        ].joined()
        #expect(lines[2] == grace)
        let expired: String = [
            #"{"source":"samples/app-store/notifications.jsonl","line":6,"valid":true,"packs":["app-store-notifications"],"#,
            #""violations":[],"app_store":{"kind":"notification","environment":"Production","notification":{"#,
            #""type":"EXPIRED","subtype":"BILLING_RETRY","uuid":"7d1c0a51-0000-4000-8000-000000000006","action":"revoke","#,
            #""signed_ms":1795132800000},"#,
            #""transaction":{"product_id":"com.example.monthly","type":"auto_renewable","transaction_id":"4000000000000301","#,
            #""original_transaction_id":"4000000000000301","quantity":1,"expires_ms":1795046400000,"signed_ms":1795132800000,"#,
            #""purchase_ms":1795132740000},"entitlement":{"#,
            #""product_id":"com.example.monthly","state":"expired","expires_ms":1795046400000,"auto_renew":false,"#,
            #""expiration_intent":2,"from":["status","renewal_info","transaction"]},"creditable":false}}"#,
        ].joined()
        #expect(lines[5] == expired)
    }

    /// REFUND in one run, REFUND_REVERSED in a later one: the mark holds across runs, then is lifted.
    @Test func aRefundAndItsReversalAcrossRunsWithALedger() throws {
        let ledger = TemporaryFiles.path("sift-app-store-refund-") + ".sqlite"
        let notes = try Self.sampleLines("notifications.jsonl")
        let (charge, refund, reversed) = (notes[6], notes[7], notes[8])
        let args = ["run", "--rules", "rules/app-store-notifications.yaml", "--ledger", ledger] + Self.asOf
        let first = try SiftProcess.run(args, stdin: charge + refund)
        #expect(try SiftProcess.reasons(first.stdout) == [[], []])
        #expect(first.stdout.contains(#""action":"refund","#) && first.stdout.contains(#""refunded":["4000000000000401"]}"#))
        // The charge delivered again: a redelivery, but its transaction is refunded now.
        let again = try SiftProcess.run(args, stdin: charge)
        #expect(try SiftProcess.reasons(again.stdout) == [["app_store.refunded"]])
        #expect(again.stdout.contains(#""redelivery":true}"#) && again.stdout.contains(#""creditable":false}"#))
        let restore = try SiftProcess.run(args, stdin: reversed)
        #expect(restore.status == 0)
        #expect(
            restore.stdout
                == #"{"source":"-","line":1,"valid":true,"packs":["app-store-notifications"],"violations":[],"app_store":{"#
                + #""kind":"notification","environment":"Production","notification":{"type":"REFUND_REVERSED","#
                + #""uuid":"7d1c0a51-0000-4000-8000-000000000009","action":"restore","signed_ms":1795132800000},"transaction":{"#
                + #""product_id":"com.example.coins100","type":"consumable","transaction_id":"4000000000000401","#
                + #""original_transaction_id":"4000000000000401","quantity":1,"signed_ms":1795132800000,"purchase_ms":1795132740000},"#
                + #""entitlement":{"product_id":"com.example.coins100","state":"active","from":["transaction"]},"creditable":false}}"#
                + "\n")
        // After the reversal, the charge delivered again is creditable again, as the first time.
        let after = try SiftProcess.run(args, stdin: charge)
        #expect(try SiftProcess.reasons(after.stdout) == [[]])
        #expect(after.stdout.contains(#""creditable":true,"redelivery":{"via":"notification","first":"line 1 of -","run":"#))
        // The ledger holds the charge (unbound: Apple's notification names no owner), the three
        // notifications, and no refund mark any more.
        let status = try SiftProcess.run(["ledger", "status", "--ledger", ledger])
        #expect(
            status.stdout
                == "sift ledger: \(ledger)\n  claims: 4 (transactions t: 1, originals o: 0, notifications n: 3, refund marks r: 0)\n"
                + "  unbound: 1 (claimed by a notification without an owner; the first arrival with one binds it)\n"
                + "  provisional: 0, held by 0 live runs\n")
        let export = try SiftProcess.run(["ledger", "export", "--ledger", ledger])
        #expect(export.stdout.contains(#"{"key":"t:4000000000000401","note":"c1 1795219200000 notification - "#))
        #expect(export.stdout.hasSuffix(#" line 1 -","unbound":true,"provisional":false}"# + "\n"))
        for sub in ["init", "status", "export"] {
            let none = try SiftProcess.run(["ledger", sub], environment: ["SIFT_LEDGER": ""])
            #expect(none.status == 2)
            #expect(none.stderr.hasPrefix("Error: give the ledger with --ledger FILE|URL or SIFT_LEDGER\n"), "\(sub)")
        }
        let missing = try SiftProcess.run(["ledger", "status", "--ledger", ledger + ".nothing"])
        #expect(missing.status == 4)
        #expect(missing.stderr == "sift ledger: ledger '\(ledger).nothing': no such file\n")
    }

    /// A purchase Apple's notification claimed without an owner, and the app's post of it kept in
    /// another ledger: copying binds the notification's claim to the app's owner, no conflict.
    @Test func aCopyBindsAnUnboundClaim() throws {
        let dir = TemporaryFiles.path("sift-bind-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (server, app) = (dir + "/server.sqlite", dir + "/app.sqlite")
        let charge = try Self.sampleLines("notifications.jsonl")[6]
        _ = try SiftProcess.run(["run", "--rules", "rules/app-store-notifications.yaml", "--ledger", server] + Self.asOf, stdin: charge)
        let receipt =
            #"{"order_id":"o-7","user_id":"u-7","receipt":{"status":0,"environment":"Production","receipt":{"bundle_id":"com.example.app","#
            + #""in_app":[{"product_id":"com.example.coins100","transaction_id":"4000000000000401","quantity":"1"}]}}}"#
        let posted = try SiftProcess.run(["run", "--rules", "rules/iap-receipts.yaml", "--ledger", app] + Self.asOf, stdin: receipt + "\n")
        #expect(posted.status == 0)
        let copy = try SiftProcess.run(["ledger", "copy", app, "--ledger", server])
        #expect(copy.status == 0)
        #expect(
            copy.stdout
                == "sift ledger copy: \(app) -> \(server): copied 0, 0 there already, 1 bound (held there without an owner), 0 conflicts\n")
        let export = try SiftProcess.run(["ledger", "export", "--ledger", server]).stdout
        // Bound to the app's owner; the notification's note (when and how it first came) is kept.
        #expect(export.contains(#"{"key":"t:4000000000000401","order_id":"o-7","user_id":"u-7","note":"c1 1795219200000 notification - "#))
        #expect(!export.contains("unbound"))
    }

    /// Server API responses: each element at its own path; one tampered element fails alone.
    @Test func serverAPIResponsesElementByElement() throws {
        let r = try SiftProcess.run(
            ["run", "--rules", "rules", "samples/app-store/notifications.jsonl", "samples/app-store/server-api.jsonl"] + Self.asOf)
        let lines = r.stdout.split(separator: "\n").suffix(3).map(String.init)
        #expect(
            lines[0].hasPrefix(
                #"{"source":"samples/app-store/server-api.jsonl","line":1,"valid":false,"packs":["app-store-history"],"violations":[{"#
                    + #""field":"signedTransactions[2]","reason":"app_store.signature","message":"the ES256 signature does not verify "#
                    + #"with the leaf certificate's key","rule":"rules/app-store-history.yaml:10:3"}],"app_store":[{"#
                    + #""path":"signedTransactions[0]","kind":"transaction","#))
        #expect(lines[0].hasSuffix(#"{"path":"signedTransactions[2]","kind":"unverified","creditable":false}]}"#))
        #expect(lines[1].contains(#""valid":true,"packs":["app-store-statuses"]"#))
        #expect(lines[1].contains(#""path":"data[0].lastTransactions[1].signedTransactionInfo","#))
        // A history page holding a notification delivered before: valid, that element marked.
        #expect(lines[2].contains(#""valid":true,"packs":["app-store-notification-history"],"violations":[]"#))
        #expect(
            lines[2].contains(
                #""uuid":"7d1c0a51-0000-4000-8000-000000000010","action":"inform","signed_ms":1795132800000,"redelivery":true}"#))
    }

    @Test func explainSaysTheActionsInBothLanguages() throws {
        let en = try SiftProcess.run(["explain", "rules/app-store-notifications.yaml"])
        #expect(en.stdout.contains("      - keep: keep the service on (grace period): DID_FAIL_TO_RENEW.GRACE_PERIOD\n"))
        #expect(en.stdout.contains("      - restore: lift the refund mark: REFUND_REVERSED\n"))
        let zh = try SiftProcess.run(["explain", "rules/app-store-notifications.yaml", "--lang", "zh"])
        #expect(zh.stdout.contains("      - revoke：结束权益；不做标记：DID_FAIL_TO_RENEW, EXPIRED, GRACE_PERIOD_EXPIRED\n"))
        #expect(zh.stdout.contains("      - refund：将交易标记为已退款：不再入账：REFUND, REVOKE\n"))
    }

    /// A folder holding `p.yaml`, a notification pack for `products` with `options` (lines of its
    /// `app_store:` section), and the samples' root as root.pem.
    static func notificationPack(products: String, _ options: String) throws -> String {
        let yaml = """
            pack: p
            applies_to: { has: signedPayload }
            app_store:
              field: signedPayload
              roots: [root.pem]
              bundle_id: com.example.app
              products: { \(products) }

            """
        let dir = (try SiftProcess.temp("p.yaml", yaml + options) as NSString).deletingLastPathComponent
        try FileManager.default.copyItem(
            atPath: SiftProcess.packageRoot.path + "/rules/keys/test-app-store-root.pem", toPath: dir + "/root.pem")
        return dir
    }

    @Test func lintKnowsTheActionsAndTheVersion() throws {
        let dir = try Self.notificationPack(
            products: "com.example.coins100: consumable",
            """
              refund_types: [REFUND]
              actions: { DID_RENEWW: credit, REFUND: inform, EXPIRED.VOLUNTARY: keep }
              paid_before_version: 2.0b
            """)
        let r = try SiftProcess.run(["lint", dir + "/p.yaml"])
        #expect(r.status == 2)
        #expect(
            r.stderr.replacingOccurrences(of: dir, with: "R") == """
                R/p.yaml:9:14: warning: 'DID_RENEWW' is not a notification type Apple documents; did you mean 'DID_RENEW'?
                  actions: { DID_RENEWW: credit, REFUND: inform, EXPIRED.VOLUNTARY: keep }
                             ^
                R/p.yaml:9:34: error: 'REFUND' is in 'refund_types' and is 'inform' in 'actions': give it one action
                  actions: { DID_RENEWW: credit, REFUND: inform, EXPIRED.VOLUNTARY: keep }
                                                 ^
                R/p.yaml:10:24: error: 'paid_before_version' is a version of numbers and dots, like "2.0" or "145", not '2.0b'
                  paid_before_version: 2.0b
                                       ^
                sift lint: 2 errors

                """)
        let zh = try SiftProcess.run(["lint", dir + "/p.yaml", "--lang", "zh"])
        #expect(zh.stderr.contains("warning: 'DID_RENEWW' 不是 Apple 文档中的通知类型；是否想写 'DID_RENEW'？\n"))
    }

    /// A misspelt subtype was accepted silently (issue 58): the action never applied.
    @Test func lintWarnsOfAMisspeltSubtype() throws {
        let dir = try Self.notificationPack(
            products: "com.example.monthly: auto_renewable", "  actions: { DID_FAIL_TO_RENEW.GRACE_PERIODD: keep }")
        let r = try SiftProcess.run(["lint", dir + "/p.yaml"])
        #expect(r.status == 0)
        #expect(
            r.stderr.replacingOccurrences(of: dir, with: "R").hasSuffix(
                """
                R/p.yaml:8:14: warning: 'GRACE_PERIODD' is not a notification subtype Apple documents; did you mean 'GRACE_PERIOD'?
                  actions: { DID_FAIL_TO_RENEW.GRACE_PERIODD: keep }
                             ^

                """))
        let zh = try SiftProcess.run(["lint", dir + "/p.yaml", "--lang", "zh"])
        #expect(zh.stderr.contains("warning: 'GRACE_PERIODD' 不是 Apple 文档中的通知子类型；是否想写 'GRACE_PERIOD'？\n"))
        #expect(try SiftProcess.run(["lint", "--strict", dir + "/p.yaml"]).status == 2)
    }
}
