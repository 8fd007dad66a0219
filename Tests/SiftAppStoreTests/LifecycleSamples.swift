import Foundation
import SiftAppStoreTesting

/// The shipped lifecycle samples, signed by the sample PKI (see `SampleWriter`):
/// samples/app-store/notifications.jsonl, a day of Server Notifications as Apple POSTs them
/// (`{"signedPayload": ...}`), and samples/app-store/server-api.jsonl, one page of each App Store
/// Server API response that carries signed data.
struct LifecycleSamples {
    let pki: TestPKI
    /// The shipped pack's app.
    let appAppleId = 1_234_567_890
    /// 2026-11-25, 2026-12-20 (after the samples' as-of, 2026-11-21) and 2026-11-19 (before it).
    let nov25: Int64 = 1_795_564_800_000, dec20: Int64 = 1_797_724_800_000, nov19: Int64 = 1_795_046_400_000

    func write(to dir: URL, rules: URL, forged: TestPKI) throws {
        try lines(notifications()).write(to: dir.appendingPathComponent("notifications.jsonl"), atomically: true, encoding: .utf8)
        try lines(api()).write(to: dir.appendingPathComponent("server-api.jsonl"), atomically: true, encoding: .utf8)
        for (pack, examples) in examples(forged) {
            let url = rules.appendingPathComponent(pack + ".yaml")
            var text = try String(contentsOf: url, encoding: .utf8)
            if let cut = text.range(of: "\nexamples:\n") { text = String(text[..<cut.lowerBound]) + "\n" }
            text += "\nexamples:\n" + examples.map { "  - name: \($0.0)\n    record: \($0.1)\n    \($0.2)\n" }.joined()
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Each new pack's examples: (name, record as JSON, `valid: true` or `reasons: [...]`); the
    /// forged ones are signed by a look-alike authority the rules do not trust.
    func examples(_ forged: TestPKI) -> [(String, [(String, String, String)])] {
        let grace = signedNotice(
            "DID_FAIL_TO_RENEW", "GRACE_PERIOD", "9e0c0a51-0000-4000-8000-000000000001",
            data(
                tx("4000000000000901", expires: nov19),
                renewal: renewal("4000000000000901", extra: #","isInBillingRetryPeriod":true,"gracePeriodExpiresDate":\#(nov25)"#),
                status: 4))
        let expired = signedNotice(
            "EXPIRED", "VOLUNTARY", "9e0c0a51-0000-4000-8000-000000000002",
            data(tx("4000000000000902", expires: nov19), renewal: renewal("4000000000000902", autoRenew: 0), status: 2))
        let fake = forged.sign(
            #"{"notificationType":"TEST","notificationUUID":"9e0c0a51-0000-4000-8000-000000000003","version":"2.0","#
                + #""signedDate":\#(signedDate),\#(data(nil))}"#)
        let good = pki.sign(tx("4000000000000903", product: "com.example.coins100"))
        let bad = forged.sign(tx("4000000000000904", product: "com.example.coins100"))
        func status(_ signer: TestPKI, _ id: String) -> String {
            #"{"data":[{"subscriptionGroupIdentifier":"21000001","lastTransactions":[{"status":1,"originalTransactionId":"\#(id)","#
                + #""signedTransactionInfo":"\#(signer.sign(tx(id, expires: dec20)))"}]}]}"#
        }
        let other = signedNotice(
            "TEST", nil, "9e0c0a51-0000-4000-8000-000000000004",
            data(nil).replacingOccurrences(of: "com.example.app", with: "com.example.other"))
        return [
            (
                "app-store-notifications",
                [
                    ("billing failed in the grace period - keep the service on", #"{"signedPayload":"\#(grace)"}"#, "valid: true"),
                    (
                        "an expired subscription - a valid notification, entitlement expired", #"{"signedPayload":"\#(expired)"}"#,
                        "valid: true"
                    ),
                    ("signed by a look-alike authority", #"{"signedPayload":"\#(fake)"}"#, "reasons: [app_store.chain]"),
                ]
            ),
            (
                "app-store-history",
                [
                    ("a page of one purchase", #"{"order":"o-9","user":"u-9","signedTransactions":["\#(good)"]}"#, "valid: true"),
                    (
                        "a page with a forged element", #"{"order":"o-9","user":"u-9","signedTransactions":["\#(bad)"]}"#,
                        "reasons: [app_store.chain]"
                    ),
                ]
            ),
            (
                "app-store-statuses",
                [
                    ("an active subscription", status(pki, "4000000000000905"), "valid: true"),
                    ("a forged status", status(forged, "4000000000000906"), "reasons: [app_store.chain]"),
                ]
            ),
            (
                "app-store-notification-history",
                [
                    (
                        "a page of one test notification",
                        #"{"notificationHistory":[{"signedPayload":"\#(signedNotice("TEST", nil, "9e0c0a51-0000-4000-8000-000000000005", data(nil)))"}]}"#,
                        "valid: true"
                    ),
                    (
                        "a notification for another app", #"{"notificationHistory":[{"signedPayload":"\#(other)"}]}"#,
                        "reasons: [app_store.bundle_id]"
                    ),
                ]
            ),
        ]
    }

    private func lines(_ records: [String]) -> String { records.joined(separator: "\n") + "\n" }

    func tx(_ id: String, original: String? = nil, product: String = "com.example.monthly", expires: Int64? = nil, extra: String = "")
        -> String
    {
        let type =
            product == "com.example.monthly" ? "Auto-Renewable Subscription" : product.hasSuffix("pro") ? "Non-Consumable" : "Consumable"
        return #"{"transactionId":"\#(id)","originalTransactionId":"\#(original ?? id)","bundleId":"com.example.app","#
            + #""productId":"\#(product)","type":"\#(type)","quantity":1,"purchaseDate":\#(signedDate - 60000),"#
            + #""signedDate":\#(signedDate),"environment":"Production","inAppOwnershipType":"PURCHASED","#
            + #""transactionReason":"PURCHASE","storefront":"USA"\#(expires.map { #","expiresDate":\#($0)"# } ?? "")\#(extra)}"#
    }

    func renewal(_ original: String, autoRenew: Int = 1, extra: String = "") -> String {
        #"{"originalTransactionId":"\#(original)","autoRenewProductId":"com.example.monthly","productId":"com.example.monthly","#
            + #""autoRenewStatus":\#(autoRenew),"signedDate":\#(signedDate),"environment":"Production"\#(extra)}"#
    }

    func data(_ tx: String?, renewal: String? = nil, status: Int? = nil) -> String {
        var parts = [#""appAppleId":\#(appAppleId)"#, #""bundleId":"com.example.app""#, #""environment":"Production""#]
        if let tx { parts.append(#""signedTransactionInfo":"\#(pki.sign(tx))""#) }
        if let renewal { parts.append(#""signedRenewalInfo":"\#(pki.sign(renewal))""#) }
        if let status { parts.append(#""status":\#(status)"#) }
        return #""data":{\#(parts.joined(separator: ","))}"#
    }

    func signedNotice(_ type: String, _ subtype: String?, _ uuid: String, _ body: String) -> String {
        pki.sign(
            #"{"notificationType":"\#(type)",\#(subtype.map { #""subtype":"\#($0)","# } ?? "")"notificationUUID":"\#(uuid)","#
                + #""version":"2.0","signedDate":\#(signedDate),\#(body)}"#)
    }

    /// A day: A subscribes and turns auto-renew off; B fails to renew (grace period) and
    /// recovers; C fails to renew without grace and expires; D buys coins, is refunded and the
    /// refund reversed; Apple's TEST; B's recovery delivered twice; then F loses a family-shared
    /// purchase (REVOKE), G's grace period ends (GRACE_PERIOD_EXPIRED) and C resubscribes
    /// (SUBSCRIBED.RESUBSCRIBE: a new transaction of the same original, creditable).
    func notifications() -> [String] {
        let retry = #","isInBillingRetryPeriod":true"#
        let recovered = signedNotice(
            "DID_RENEW", "BILLING_RECOVERY", "7d1c0a51-0000-4000-8000-000000000004",
            data(tx("4000000000000202", original: "4000000000000200", expires: dec20), renewal: renewal("4000000000000200"), status: 1))
        let notes = [
            signedNotice(
                "SUBSCRIBED", "INITIAL_BUY", "7d1c0a51-0000-4000-8000-000000000001",
                data(tx("4000000000000101", expires: dec20), renewal: renewal("4000000000000101"), status: 1)),
            signedNotice(
                "DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", "7d1c0a51-0000-4000-8000-000000000002",
                data(tx("4000000000000101", expires: dec20), renewal: renewal("4000000000000101", autoRenew: 0), status: 1)),
            signedNotice(
                "DID_FAIL_TO_RENEW", "GRACE_PERIOD", "7d1c0a51-0000-4000-8000-000000000003",
                data(
                    tx("4000000000000201", original: "4000000000000200", expires: nov19),
                    renewal: renewal("4000000000000200", extra: retry + #","gracePeriodExpiresDate":\#(nov25)"#), status: 4)),
            recovered,
            signedNotice(
                "DID_FAIL_TO_RENEW", nil, "7d1c0a51-0000-4000-8000-000000000005",
                data(tx("4000000000000301", expires: nov19), renewal: renewal("4000000000000301", extra: retry), status: 3)),
            signedNotice(
                "EXPIRED", "BILLING_RETRY", "7d1c0a51-0000-4000-8000-000000000006",
                data(
                    tx("4000000000000301", expires: nov19),
                    renewal: renewal("4000000000000301", autoRenew: 0, extra: #","expirationIntent":2"#),
                    status: 2)),
            signedNotice(
                "ONE_TIME_CHARGE", nil, "7d1c0a51-0000-4000-8000-000000000007",
                data(tx("4000000000000401", product: "com.example.coins100"))),
            signedNotice(
                "REFUND", nil, "7d1c0a51-0000-4000-8000-000000000008",
                data(
                    tx(
                        "4000000000000401", product: "com.example.coins100",
                        extra: #","revocationDate":\#(signedDate),"revocationReason":0"#))),
            signedNotice(
                "REFUND_REVERSED", nil, "7d1c0a51-0000-4000-8000-000000000009",
                data(tx("4000000000000401", product: "com.example.coins100"))),
            signedNotice("TEST", nil, "7d1c0a51-0000-4000-8000-000000000010", data(nil)),
            recovered,
            signedNotice(
                "REVOKE", nil, "7d1c0a51-0000-4000-8000-000000000012",
                data(
                    tx(
                        "4000000000000801", product: "com.example.pro",
                        extra: #","inAppOwnershipType":"FAMILY_SHARED","revocationDate":\#(signedDate),"revocationReason":0"#
                    )
                    .replacingOccurrences(of: #","inAppOwnershipType":"PURCHASED""#, with: ""))),
            signedNotice(
                "GRACE_PERIOD_EXPIRED", nil, "7d1c0a51-0000-4000-8000-000000000013",
                data(
                    tx("4000000000000901", expires: nov19),
                    renewal: renewal("4000000000000901", extra: retry + #","gracePeriodExpiresDate":\#(nov19 + 86_400_000)"#), status: 3)),
            signedNotice(
                "SUBSCRIBED", "RESUBSCRIBE", "7d1c0a51-0000-4000-8000-000000000014",
                data(tx("4000000000000302", original: "4000000000000301", expires: dec20), renewal: renewal("4000000000000301"), status: 1)),
        ]
        return notes.map { #"{"signedPayload":"\#($0)"}"# }
    }

    /// Get Transaction History (one element changed after signing), Get All Subscription
    /// Statuses, Get Notification History (one notification delivered before).
    func api() -> [String] {
        let parts = pki.sign(tx("4000000000000503", product: "com.example.coins100")).split(separator: ".").map(String.init)
        let tampered = parts[0] + "." + TestPKI.b64url(Array(tx("4000000000000504", product: "com.example.coins100").utf8)) + "." + parts[2]
        let history = [
            pki.sign(tx("4000000000000501", product: "com.example.coins100")), pki.sign(tx("4000000000000502", product: "com.example.pro")),
            tampered,
        ]
        let page =
            #"{"order":"o-500","user":"u-500","bundleId":"com.example.app","appAppleId":\#(appAppleId),"environment":"Production","#
            + #""revision":"r-1","hasMore":false,"signedTransactions":[\#(history.map { #""\#($0)""# }.joined(separator: ","))]}"#
        func item(_ original: String, status: Int, autoRenew: Int) -> String {
            #"{"status":\#(status),"originalTransactionId":"\#(original)","#
                + #""signedTransactionInfo":"\#(pki.sign(tx(original, expires: dec20)))","#
                + #""signedRenewalInfo":"\#(pki.sign(renewal(original, autoRenew: autoRenew)))"}"#
        }
        let statuses =
            #"{"order":"o-600","user":"u-600","bundleId":"com.example.app","appAppleId":\#(appAppleId),"environment":"Production","#
            + #""data":[{"subscriptionGroupIdentifier":"21000001","lastTransactions":["#
            + item("4000000000000601", status: 1, autoRenew: 1) + "," + item("4000000000000701", status: 1, autoRenew: 0) + "]}]}"
        let fresh = signedNotice(
            "DID_RENEW", nil, "7d1c0a51-0000-4000-8000-000000000011",
            data(tx("4000000000000102", original: "4000000000000101", expires: dec20), renewal: renewal("4000000000000101"), status: 1))
        let delivered = notifications()[9]  // the TEST, delivered before
        let payload = delivered.dropFirst(#"{"signedPayload":""#.count).dropLast(2)
        let historyPage =
            #"{"hasMore":false,"paginationToken":"p-1","notificationHistory":[{"signedPayload":"\#(fresh)","#
            + #""sendAttempts":[{"attemptDate":\#(signedDate),"sendAttemptResult":"SUCCESS"}]},{"signedPayload":"\#(payload)"}]}"#
        return [page, statuses, historyPage]
    }
}
