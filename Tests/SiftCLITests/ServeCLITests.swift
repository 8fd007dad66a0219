import Foundation
import SiftTesting
import Testing

/// `sift serve` through HTTP against the real binary (issue 59): every endpoint and status with
/// its exact body, the token, Apple's notifications delivered twice and out of order, reloads.
@Suite(.serialized) struct ServeCLITests {
    static let bad = #"{"kind":"signup","email":"not-an-email","password":"abc123","phone":"13800138000"}"#
    static let li =
        #"{"kind":"signup","email":"li.lei@mail.example.cn","password":"Passw0rd","confirm_password":"Passw0rd","phone":"16712345678"}"#

    @Test func checksAnswerResultLinesWithTheirStatus() async throws {
        let s = try ServeProcess(["--rules", "rules/signup.yaml", "--max-body", "400"])
        var a = try await s.request("POST", "/v1/check", body: Self.li)
        #expect(a.status == 401)
        #expect(a.body == "{\"error\":\"unauthorized: send Authorization: Bearer <token>\"}\n")
        #expect(a.headers["www-authenticate"] == "Bearer")
        a = try await s.request("POST", "/v1/check", body: Self.li, token: "serve-test-token-0123456780")
        #expect(a.status == 401)
        #expect(a.body == "{\"error\":\"unauthorized: the token is not this server's\"}\n")

        a = try await s.request("POST", "/v1/check", body: Self.li, authorized: true)
        #expect(a.status == 200)
        #expect(a.headers["content-type"] == "application/x-ndjson")
        #expect(a.body == #"{"source":"request","line":1,"valid":true,"packs":["signup"],"violations":[]}"# + "\n")
        // JSON Lines: a line each, numbered; an array: an element each.
        a = try await s.request("POST", "/v1/check", body: Self.li + "\n\n" + Self.bad + "\n", authorized: true)
        #expect(a.status == 200)
        #expect(
            a.body == #"{"source":"request","line":1,"valid":true,"packs":["signup"],"violations":[]}"# + "\n"
                + #"{"source":"request","line":3,"valid":false,"packs":["signup"],"violations":[{"field":"email","reason":"email.regex","message":"is not an email address","value":"not-an-email","rule":"rules/signup.yaml:33:9"}]}"#
                + "\n")
        a = try await s.request("POST", "/v1/check", body: "[" + Self.li + ",{\"kind\":\"signup\"}]", authorized: true)
        #expect(a.status == 200)
        #expect(
            a.body.split(separator: "\n").map { $0.prefix(52) } == [
                #"{"source":"request","line":1,"index":0,"valid":true,"#, #"{"source":"request","line":1,"index":1,"valid":false"#,
            ])
        // Not JSON: 400 with the error line. Over the limit: 413.
        a = try await s.request("POST", "/v1/check", body: #"{"email":"#, authorized: true)
        #expect(a.status == 400)
        #expect(
            a.body
                == #"{"source":"request","line":1,"valid":false,"error":{"reason":"input.malformed_json","message":"unexpected end of input at byte 10"}}"#
                + "\n")
        a = try await s.request("POST", "/v1/check", body: String(repeating: " ", count: 401) + Self.li, authorized: true)
        #expect(a.status == 413)
        #expect(a.body == "{\"error\":\"the body is over the limit of 400 bytes\"}\n")

        a = try await s.request("GET", "/healthz")
        #expect(a.status == 200 && a.body == "ok\n")
        a = try await s.request("GET", "/readyz")
        #expect(a.status == 200 && a.body == "{\"ready\":true}\n")
        a = try await s.request("GET", "/v1/entitlements?account=u-1", authorized: true)
        #expect(a.status == 404)
        #expect(a.body == "{\"error\":\"no ledger: entitlements are kept in the ledger (sift serve --ledger FILE|URL)\"}\n")
        a = try await s.request("GET", "/metrics")
        #expect(a.status == 200)
        for line in [
            #"sift_requests_total{endpoint="/v1/check",status="200"} 3"#, #"sift_requests_total{endpoint="/v1/check",status="401"} 2"#,
            #"sift_requests_total{endpoint="/v1/check",status="400"} 1"#, #"sift_requests_total{endpoint="/v1/check",status="413"} 1"#,
            #"sift_verdicts_total{valid="true"} 3"#, #"sift_verdicts_total{valid="false"} 3"#,
            #"sift_reasons_total{reason="email.regex"} 1"#,
            #"sift_reasons_total{reason="input.malformed_json"} 1"#, "sift_in_flight 1",
        ] {
            #expect(a.body.split(separator: "\n").contains { $0 == line }, "\(line)")
        }
        let end = s.stop()
        #expect(end.status == 0)
        #expect(end.stderr == "sift serve: stopped\n")
    }

    @Test func aServerWithoutATokenDoesNotStart() throws {
        let r = try SiftProcess.run(["serve", "--rules", "rules/signup.yaml"], environment: ["SIFT_SERVE_TOKEN": ""])
        #expect(r.status == 2)
        #expect(r.stderr == "sift serve: give the bearer token with --token-file FILE or SIFT_SERVE_TOKEN (never on the command line)\n")
        let short = try SiftProcess.run(["serve", "--rules", "rules/signup.yaml"], environment: ["SIFT_SERVE_TOKEN": "short"])
        #expect(short.status == 2)
        #expect(short.stderr == "sift serve: the token must be at least 16 characters (--token-file FILE or SIFT_SERVE_TOKEN)\n")
    }

    /// The sample notifications in order to one server, and backwards twice to another: the same
    /// entitlements, every second delivery a redelivery answered 200.
    @Test func notificationsTwiceAndOutOfOrderEndWithTheSameEntitlements() async throws {
        let notes = try String(contentsOfFile: SiftProcess.packageRoot.path + "/samples/app-store/notifications.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let (ledgerA, ledgerB) = (TemporaryFiles.path("sift-serve-a-") + ".sqlite", TemporaryFiles.path("sift-serve-b-") + ".sqlite")
        let a = try ServeProcess(["--rules", "rules/app-store-notifications.yaml", "--ledger", ledgerA])
        for n in notes { #expect(try await a.request("POST", "/v1/app-store/notifications", body: n).status == 200) }
        let b = try ServeProcess(["--rules", "rules/app-store-notifications.yaml", "--ledger", ledgerB])
        var second: [String] = []
        for (i, n) in (notes.reversed() + notes.reversed()).enumerated() {
            let answer = try await b.request("POST", "/v1/app-store/notifications", body: n)
            #expect(answer.status == 200)
            if i >= notes.count { second.append(answer.body) }
        }
        // Delivered again, every notification that passed is a redelivery (one that failed is settled afresh).
        #expect(second.filter { $0.contains(#""valid":true"#) }.allSatisfy { $0.contains(#""redelivery":true"#) })
        #expect(second.filter { $0.contains(#""valid":true"#) }.count >= notes.count - 1)
        for original in ["4000000000000101", "4000000000000200", "4000000000000301", "4000000000000801", "4000000000000901"] {
            let x = try await a.request("GET", "/v1/entitlements?original_transaction_id=\(original)", authorized: true)
            let y = try await b.request("GET", "/v1/entitlements?original_transaction_id=\(original)", authorized: true)
            #expect(x.status == 200 && x.body == y.body && x.body.contains(original))
        }
        let one = try await a.request("GET", "/v1/entitlements?original_transaction_id=4000000000000801", authorized: true)
        #expect(
            one.body
                == #"{"entitlements":[{"original_transaction_id":"4000000000000801","product_id":"com.example.pro","state":"revoked","transaction_id":"4000000000000801","signed_ms":1795132800000,"via":"notification","notification_uuid":"7d1c0a51-0000-4000-8000-000000000012","notification_type":"REVOKE"}]}"#
                + "\n")
        // A body that is not Apple's: 400 (Apple's always is); a forged one would be 200 and logged.
        let junk = try await a.request("POST", "/v1/app-store/notifications", body: #"{"hello":1}"#)
        #expect(junk.status == 400)
        #expect(junk.body == #"{"error":"not an App Store notification: the body must be {\"signedPayload\": \"...\"}"}"# + "\n")
        #expect(a.stop().status == 0)
        #expect(b.stop().status == 0)

        // The same, from the command line, as of the samples' signing time.
        let table = try SiftProcess.run([
            "ledger", "entitlements", "--ledger", ledgerB, "--original-transaction-id", "4000000000000901", "--as-of",
            "2026-11-20T00:00:00Z",
        ])
        #expect(table.status == 0)
        #expect(
            table.stdout == """
                ORIGINAL TRANSACTION  PRODUCT              STATE          EXPIRES               BUYER  SIGNED                BY
                4000000000000901      com.example.monthly  billing_retry  2026-11-19T00:00:00Z  -      2026-11-20T00:00:00Z  notification GRACE_PERIOD_EXPIRED
                1 entitlement

                """)
        let json = try SiftProcess.run([
            "ledger", "entitlements", "--ledger", ledgerA, "--format", "json", "--as-of", "2027-01-01T00:00:00Z",
        ])
        #expect(json.status == 0)
        #expect(json.stdout.split(separator: "\n").count == 6)
        #expect(
            json.stdout.split(separator: "\n").first
                == #"{"original_transaction_id":"4000000000000101","product_id":"com.example.monthly","state":"expired","signed_state":"active","changed_by":"expires_ms","expires_ms":1797724800000,"auto_renew":false,"transaction_id":"4000000000000101","signed_ms":1795132800000,"via":"notification","notification_uuid":"7d1c0a51-0000-4000-8000-000000000002","notification_type":"DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED"}"#
        )
    }

    /// The notification endpoint needs no token, so it sends nothing but Apple's body to nothing but
    /// notification packs: a receipt posted there (with an owner of the sender's choosing) is
    /// refused and credits nothing, even when every shipped pack is loaded.
    @Test func theNotificationEndpointCreditsNothingButNotifications() async throws {
        let ledger = TemporaryFiles.path("sift-serve-n-") + ".sqlite"
        let s = try ServeProcess(["--rules", "rules", "--ledger", ledger])
        let receipt =
            #"{"order_id":"o-x","user_id":"attacker","receipt":{"status":0,"environment":"Production","receipt":{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins100","transaction_id":"1000000000000001","quantity":"1"}]}}}"#
        var a = try await s.request("POST", "/v1/app-store/notifications", body: receipt)
        #expect(a.status == 400)
        a = try await s.request("POST", "/v1/app-store/notifications", body: #"{"signedPayload":"x","order":"o-x","user":"attacker"}"#)
        #expect(a.status == 400)
        // The owner's own upload is credited to the owner.
        a = try await s.request("POST", "/v1/check", body: receipt.replacingOccurrences(of: "attacker", with: "u-1"), authorized: true)
        #expect(a.status == 200 && a.body.contains(#""creditable":[{"#) && !a.body.contains("redelivery"))
        #expect(s.stop().status == 0)
    }

    /// Notifications over the rate from one address are answered 429 (Apple sends them again).
    @Test func notificationsOverTheRateAreAnswered429() async throws {
        let note = try String(contentsOfFile: SiftProcess.packageRoot.path + "/samples/app-store/notifications.jsonl", encoding: .utf8)
            .split(separator: "\n")[0]
        let s = try ServeProcess(["--rules", "rules/app-store-notifications.yaml", "--notification-rate", "0.01"])
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await s.request("POST", "/v1/app-store/notifications", body: String(note)).status) }
        #expect(statuses == [200, 429, 429])
        let a = try await s.request("POST", "/v1/app-store/notifications", body: String(note))
        #expect(a.body == "{\"error\":\"too many notifications; send it again later\"}\n")
        #expect(s.stop().status == 0)
    }

    /// `POST /v1/reload` and SIGHUP: rules with errors are refused and the old ones go on serving.
    @Test func aReloadWithErrorsIsRefusedAndTheOldRulesServeOn() async throws {
        let dir = TemporaryFiles.path("sift-serve-rules-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let good = "version: 1\npack: p\nfields:\n  name:\n    checks: [{type: string}]\n"
        try good.write(toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        let s = try ServeProcess(["--rules", dir])
        try "version: 1\npak: p\n".write(toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        var a = try await s.request("POST", "/v1/reload", authorized: true)
        #expect(a.status == 422)
        #expect(a.body.hasPrefix(#"{"reloaded":false,"errors":"\#(dir)/p.yaml:1:1: error: the pack 'p' has no rules"#))
        #expect(a.body.contains(#"\n\#(dir)/p.yaml:2:1: error: unknown key 'pak' in a rule pack; did you mean 'pack'?"#))
        a = try await s.request("POST", "/v1/check", body: "{}", authorized: true)
        #expect(a.body.contains(#""reason":"name.required""#))
        try "version: 1\npack: p\nfields:\n  age:\n    checks: [{type: integer}]\n".write(
            toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        kill(s.process.processIdentifier, SIGHUP)
        var reloaded = false
        for _ in 0..<50 where !reloaded {
            try await Task.sleep(nanoseconds: 100_000_000)
            reloaded = try await s.request("POST", "/v1/check", body: "{}", authorized: true).body.contains(#""reason":"age.required""#)
        }
        #expect(reloaded)
        a = try await s.request("POST", "/v1/reload", authorized: false)
        #expect(a.status == 401)
        a = try await s.request("POST", "/v1/reload", authorized: true)
        #expect(a.status == 200 && a.body == "{\"reloaded\":true,\"packs\":[\"p\"]}\n")
        let end = s.stop()
        #expect(end.status == 0)
        #expect(
            end.stderr.contains(
                "sift serve: rules not reloaded (the rules in use go on serving):\n\(dir)/p.yaml:1:1: error: the pack 'p' has no rules"))
        #expect(end.stderr.hasSuffix("sift serve: rules reloaded: p\nsift serve: rules reloaded: p\nsift serve: stopped\n"))
    }
}
