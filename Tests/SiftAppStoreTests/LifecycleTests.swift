import Foundation
import Sift
import SiftAppStoreTesting
import SiftTesting
import Testing

/// 2026-11-25 and 2026-12-20, after the tests' as-of time; 2026-11-19, before it.
let nov25: Int64 = 1_795_564_800_000
let dec20: Int64 = 1_797_724_800_000
let nov19: Int64 = 1_795_046_400_000

let monthly = "com.example.monthly"
let subscription = "Auto-Renewable Subscription"

/// A subscription transaction of `original` expiring at `expires`.
func sub(_ id: String, original: String = "3000000000000001", expires: Int64, extra: String = "") -> String {
    transaction(id, product: monthly, type: subscription, original: original, extra: #","expiresDate":\#(expires)\#(extra)"#)
}

/// Renewal info of `original`.
func renewalInfo(original: String = "3000000000000001", autoRenew: Int = 1, extra: String = "") -> String {
    #"{"originalTransactionId":"\#(original)","autoRenewProductId":"\#(monthly)","productId":"\#(monthly)","#
        + #""autoRenewStatus":\#(autoRenew),"signedDate":\#(signedDate),"environment":"Production"\#(extra)}"#
}

/// A notification payload: `body` is the whole of its `data` (or other body) member, JSON text.
func notice(_ type: String, _ subtype: String? = nil, uuid: String, body: String) -> String {
    #"{"notificationType":"\#(type)",\#(subtype.map { #""subtype":"\#($0)","# } ?? "")"notificationUUID":"\#(uuid)","#
        + #""version":"2.0","signedDate":\#(signedDate),\#(body)}"#
}

extension TestPKI {
    /// `"data":{...}` with the signed transaction (and renewal info, status) inside.
    func data(_ tx: String?, renewal: String? = nil, status: Int? = nil) -> String {
        var parts = [#""appAppleId":1234"#, #""bundleId":"com.example.app""#, #""environment":"Production""#]
        if let tx { parts.append(#""signedTransactionInfo":"\#(sign(tx))""#) }
        if let renewal { parts.append(#""signedRenewalInfo":"\#(sign(renewal))""#) }
        if let status { parts.append(#""status":\#(status)"#) }
        return #""data":{\#(parts.joined(separator: ","))}"#
    }
}

func json(_ r: AppStoreResult?) -> String { r.map { String(decoding: $0.json, as: UTF8.self) } ?? "nil" }

/// Lifecycle notifications: each type's action, and the entitlement it leaves.
@Suite struct AppStoreLifecycleTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    @Test func everyActionClassIsValidWhateverTheSubscriptionsState() throws {
        let p = try pipeline(pki, policyYAML + "\n  app_apple_id: 1234")
        let lapsed = sub("3000000000000002", expires: nov19)
        let cases: [(String, String?, String, String, String?)] = [
            ("SUBSCRIBED", "INITIAL_BUY", pki.data(sub("3000000000000001", expires: dec20), status: 1), "credit", "active"),
            (
                "DID_FAIL_TO_RENEW", "GRACE_PERIOD",
                pki.data(
                    lapsed, renewal: renewalInfo(extra: #","isInBillingRetryPeriod":true,"gracePeriodExpiresDate":\#(nov25)"#), status: 4),
                "keep", "grace_period"
            ),
            (
                "DID_FAIL_TO_RENEW", nil, pki.data(lapsed, renewal: renewalInfo(extra: #","isInBillingRetryPeriod":true"#)), "revoke",
                "billing_retry"
            ),
            (
                "EXPIRED", "VOLUNTARY", pki.data(lapsed, renewal: renewalInfo(autoRenew: 0, extra: #","expirationIntent":1"#), status: 2),
                "revoke", "expired"
            ),
            ("GRACE_PERIOD_EXPIRED", nil, pki.data(lapsed), "revoke", "expired"),
            (
                "REFUND", nil, pki.data(sub("3000000000000003", expires: dec20, extra: #","revocationDate":\#(signedDate)"#)), "refund",
                "refunded"
            ),
            ("REVOKE", nil, pki.data(sub("3000000000000004", expires: dec20)), "refund", "revoked"),
            ("REFUND_REVERSED", nil, pki.data(sub("3000000000000003", expires: dec20)), "restore", "active"),
            ("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", pki.data(lapsed, renewal: renewalInfo(autoRenew: 0)), "inform", "expired"),
            ("PRICE_INCREASE", "PENDING", pki.data(sub("3000000000000005", expires: dec20), renewal: renewalInfo()), "inform", "active"),
            ("TEST", nil, pki.data(nil), "inform", nil),
            ("SOMETHING_APPLE_ADDS_LATER", nil, pki.data(lapsed), "inform", "expired"),
        ]
        for (i, (type, subtype, body, action, state)) in cases.enumerated() {
            let v = try verdicts([record(pki.sign(notice(type, subtype, uuid: "u-\(i)", body: body)))], p)[0]
            #expect(v.reasons == [], "\(type)")
            #expect(v.appStore?.action?.rawValue == action, "\(type)")
            #expect(v.appStore?.entitlement?.state.rawValue == state, "\(type)")
            #expect(v.appStore?.creditable == (action == "credit"), "\(type)")
        }
        // Before, an EXPIRED notification was a failed purchase (app_store.subscription_expired).
        let expired = try verdicts([record(pki.sign(notice("EXPIRED", "VOLUNTARY", uuid: "e-1", body: cases[3].2)))], p)[0]
        #expect(
            json(expired.appStore)
                == #"{"kind":"notification","environment":"Production","notification":{"type":"EXPIRED","subtype":"VOLUNTARY","#
                + #""uuid":"e-1","action":"revoke","signed_ms":1795132800000},"transaction":{"product_id":"com.example.monthly","#
                + #""type":"auto_renewable","transaction_id":"3000000000000002","original_transaction_id":"3000000000000001","quantity":1,"#
                + #""expires_ms":1795046400000,"signed_ms":1795132800000,"purchase_ms":1795132740000},"entitlement":{"product_id":"com.example.monthly","state":"expired","#
                + #""expires_ms":1795046400000,"auto_renew":false,"expiration_intent":1,"from":["status","renewal_info","transaction"]},"#
                + #""creditable":false}"#)
    }

    @Test func theRulesOverrideAnAction() throws {
        let p = try pipeline(pki, policyYAML + "\n  actions: {DID_FAIL_TO_RENEW.GRACE_PERIOD: revoke, DID_RENEW: inform}")
        let grace = notice("DID_FAIL_TO_RENEW", "GRACE_PERIOD", uuid: "g", body: pki.data(sub("3000000000000002", expires: nov19)))
        let renew = notice("DID_RENEW", uuid: "r", body: pki.data(sub("3000000000000006", expires: dec20)))
        let v = try verdicts([record(pki.sign(grace)), record(pki.sign(renew))], p)
        #expect(v.map { $0.appStore?.action } == [.revoke, .inform])
        #expect(v.map(\.reasons) == [[], []])
        #expect(v[1].appStore?.creditable == false)
    }

    @Test func aLifecycleDayEndsWithTheRightEntitlementPerUser() throws {
        let p = try pipeline(pki, policyYAML + "\n  app_apple_id: 1234")
        let a = "3000000000000100", b = "3000000000000200"
        let retry = renewalInfo(original: b, extra: #","isInBillingRetryPeriod":true,"gracePeriodExpiresDate":\#(nov25)"#)
        let day: [(String, String?, String)] = [
            ("SUBSCRIBED", "INITIAL_BUY", pki.data(sub("3000000000000101", original: a, expires: nov25), status: 1)),
            ("SUBSCRIBED", "INITIAL_BUY", pki.data(sub("3000000000000201", original: b, expires: nov19), status: 1)),
            (
                "DID_FAIL_TO_RENEW", "GRACE_PERIOD",
                pki.data(sub("3000000000000201", original: b, expires: nov19), renewal: retry, status: 4)
            ),
            ("DID_RENEW", "BILLING_RECOVERY", pki.data(sub("3000000000000202", original: b, expires: dec20), status: 1)),
            ("DID_RENEW", nil, pki.data(sub("3000000000000102", original: a, expires: dec20), status: 1)),
            ("REFUND", nil, pki.data(sub("3000000000000102", original: a, expires: dec20, extra: #","revocationDate":\#(signedDate)"#))),
        ]
        let records = day.enumerated().map { i, n in record(pki.sign(notice(n.0, n.1, uuid: "d-\(i)", body: n.2)), order: "", user: "") }
        let v = try verdicts(records, p)
        // The second SUBSCRIBED credits a lapsed period: a purchase to credit must be current.
        #expect(v.map { $0.reasons.map(\.description) } == [[], ["app_store.subscription_expired"], [], [], [], []])
        var last: [String: String] = [:]
        for r in v {
            if let t = r.appStore?.transaction, let e = r.appStore?.entitlement { last[t.originalTransactionID!] = e.state.rawValue }
        }
        #expect(last == [a: "refunded", b: "active"])
        #expect(v.map { $0.appStore?.creditable } == [true, false, false, true, true, false])
    }

    @Test func aRefundReversedLiftsTheMark() throws {
        let p = try pipeline(pki)
        let pro = transaction("2000000000000301", product: "com.example.pro", type: "Non-Consumable")
        let restore = transaction("2000000000000302", product: "com.example.pro", type: "Non-Consumable", original: "2000000000000301")
        let refund = record(pki.sign(notice("REFUND", uuid: "f-1", body: pki.data(pro))))
        let reversed = record(pki.sign(notice("REFUND_REVERSED", uuid: "f-2", body: pki.data(pro))))
        let v = try verdicts([record(pki.sign(pro)), refund, record(pki.sign(restore)), reversed, record(pki.sign(restore))], p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], [], ["app_store.refunded"], [], []])
        #expect(v[4].appStore?.creditable == true)
    }
}

/// The strict shape of notifications.
@Suite struct AppStoreNotificationShapeTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    @Test func shapeFailuresAreMalformedAtTheirField() throws {
        let p = try pipeline(pki)
        let tx = sub("3000000000000001", expires: dec20)
        let summary =
            #""summary":{"bundleId":"com.example.app","environment":"Production","productId":"com.example.monthly","#
            + #""requestIdentifier":"r","succeededCount":3,"failedCount":0}"#
        let cases: [(String, [String], [String])] = [
            (notice("DID_RENEW", uuid: "", body: pki.data(tx)), ["app_store.claim_malformed"], ["signed.notificationUUID"]),
            (
                notice("DID_RENEW", uuid: "x", body: pki.data(tx)).replacingOccurrences(of: #""notificationUUID":"x","#, with: ""),
                ["app_store.claim_malformed"], ["signed.notificationUUID"]
            ),
            (notice("DID_RENEW", uuid: "a", body: pki.data(nil)), ["app_store.claim_malformed"], ["signed.data.signedTransactionInfo"]),
            (
                notice("ONE_TIME_CHARGE", uuid: "b", body: pki.data(nil)), ["app_store.claim_malformed"],
                ["signed.data.signedTransactionInfo"]
            ),
            (notice("RENEWAL_EXTENSION", "SUMMARY", uuid: "c", body: summary), [], []),
            (notice("RENEWAL_EXTENSION", "SUMMARY", uuid: "d", body: pki.data(tx)), ["app_store.claim_malformed"], ["signed.data"]),
            (notice("DID_RENEW", uuid: "e", body: pki.data(tx) + "," + summary), ["app_store.claim_malformed"], ["signed"]),
            (notice("DID_RENEW", uuid: "f", body: #""other":{}"#), ["app_store.claim_malformed"], ["signed"]),
        ]
        for (i, (payload, codes, fields)) in cases.enumerated() {
            let v = try verdicts([record(pki.sign(payload))], p)[0]
            #expect(v.reasons.map(\.description) == codes, "case \(i)")
            #expect(v.violations.map(\.field) == fields, "case \(i)")
        }
        let v = try verdicts([record(pki.sign(cases[6].0))], p)[0]
        #expect(
            v.violations[0].message.en
                == "a notification carries exactly one of data, summary, externalPurchaseToken and appData; this DID_RENEW has data, summary"
        )
    }

    @Test func anExternalPurchaseTokenAndARescindedConsentAreCheckedAsTheyCome() throws {
        let p = try pipeline(pki, policyYAML + "\n  environment: [Production, Sandbox]\n  app_apple_id: 1234")
        let token =
            #""externalPurchaseToken":{"externalPurchaseId":"SANDBOX_b2f","tokenCreationDate":1795132800000,"#
            + #""appAppleId":1234,"bundleId":"com.example.app"}"#
        let ok = try verdicts([record(pki.sign(notice("EXTERNAL_PURCHASE_TOKEN", "UNREPORTED", uuid: "t", body: token)))], p)[0]
        #expect(ok.reasons == [])
        #expect(ok.appStore?.environment == "Sandbox")
        let app = pki.sign(
            #"{"receiptType":"Production","appAppleId":1234,"bundleId":"com.example.app","originalApplicationVersion":"1.0","#
                + #""originalPurchaseDate":1700000000000,"receiptCreationDate":\#(signedDate)}"#)
        let consent =
            #""appData":{"appAppleId":1234,"bundleId":"com.example.app","environment":"Production","#
            + #""signedAppTransactionInfo":"\#(app)"}"#
        let r = try verdicts([record(pki.sign(notice("RESCIND_CONSENT", uuid: "c", body: consent)))], p)[0]
        #expect(r.reasons == [])
        #expect(r.appStore?.action == .inform)
        #expect(r.appStore?.appTransaction?.originalApplicationVersion == "1.0")
    }
}

/// Regressions from the second read of issue 39's change: each failed before its fix.
@Suite struct AppStoreLifecycleReviewTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    /// A notification `type` of `tx`, signed at `ms`.
    func note(_ type: String, _ uuid: String, _ tx: String, at ms: Int64) -> String {
        record(
            pki.sign(
                notice(type, uuid: uuid, body: pki.data(tx)).replacingOccurrences(
                    of: #""signedDate":\#(signedDate),"data""#, with: #""signedDate":\#(ms),"data""#)))
    }

    @Test func anOldReversalDeliveredAgainDoesNotLiftALaterRefund() throws {
        let p = try pipeline(pki)
        let coins = transaction("2000000000000801")
        let v = try verdicts(
            [
                note("REFUND", "r-1", coins, at: signedDate), note("REFUND_REVERSED", "v-1", coins, at: signedDate + 1000),
                note("REFUND", "r-2", coins, at: signedDate + 2000),
                // The first reversal again (a retry, or from Get Notification History): a new UUID here,
                // as if its first delivery had failed.
                note("REFUND_REVERSED", "v-1b", coins, at: signedDate + 1000), record(pki.sign(coins)),
            ], p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], [], [], [], ["app_store.refunded"]])
    }

    @Test func reversingOneRefundLeavesTheOriginalsMarkAnotherRefundMade() throws {
        let p = try pipeline(pki)
        let pro = transaction("2000000000000811", product: "com.example.pro", type: "Non-Consumable")
        let second = transaction("2000000000000812", product: "com.example.pro", type: "Non-Consumable", original: "2000000000000811")
        let restore = transaction("2000000000000813", product: "com.example.pro", type: "Non-Consumable", original: "2000000000000811")
        // 811's refund marks r:o:811; 812's refund finds it marked; reversing 812 must not lift it.
        let v = try verdicts(
            [
                note("REFUND", "r-1", pro, at: signedDate), note("REFUND", "r-2", second, at: signedDate),
                note("REFUND_REVERSED", "v-2", second, at: signedDate + 1000), record(pki.sign(restore)),
            ], p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], [], [], ["app_store.refunded"]])
    }

    @Test func aCertificateWithItsDatesReversedIsRefusedNotACrash() throws {
        let p = try pipeline(pki)
        var reversed = pki
        reversed.leaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: pki.intermediateKey, ca: false,
            markers: [TestPKI.leafMarker], from: TestPKI.until, until: TestPKI.from)
        #expect(try reasons(reversed.sign(transaction()), p) == ["app_store.certificate_expired"])
    }

    @Test func anExtensionOrAnOfferForTheActiveSubscriptionCreditsNothing() throws {
        let p = try pipeline(pki)
        let tx = sub("3000000000000901", expires: dec20)
        let v = try verdicts(
            [
                record(pki.sign(notice("SUBSCRIBED", "INITIAL_BUY", uuid: "s", body: pki.data(tx)))),
                record(pki.sign(notice("RENEWAL_EXTENDED", uuid: "x", body: pki.data(tx)))),
                record(pki.sign(notice("OFFER_REDEEMED", uuid: "o", body: pki.data(tx)))),
            ], p)
        #expect(v.map(\.reasons) == [[], [], []])
        #expect(v.map { $0.appStore?.action } == [.credit, .inform, .inform])
    }

    @Test func theGracePeriodHasABound() throws {
        #expect(throws: RulesDidNotLoad.self) { try pipeline(pki, policyYAML + "\n  expiry_grace_seconds: 9300000000000000") }
    }
}
