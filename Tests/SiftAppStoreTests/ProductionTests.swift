import Foundation
import Sift
import SiftAppStoreTesting
import SiftTesting
import Testing

/// App transactions, API responses element by element, the account token, second-precision
/// validity and plain chain messages.
@Suite struct AppStoreProductionTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    func appTransaction(version: String, env: String = "Production", extra: String = "") -> String {
        #"{"receiptType":"\#(env)","appAppleId":1234,"bundleId":"com.example.app","applicationVersion":"20","#
            + #""originalApplicationVersion":"\#(version)","originalPurchaseDate":1700000000000,"#
            + #""receiptCreationDate":\#(signedDate)\#(extra)}"#
    }

    @Test func anAppTransactionFromAPaidEraBuyer() throws {
        let p = try pipeline(pki, policyYAML + "\n  app_apple_id: 1234\n  paid_before_version: \"14\"")
        let v = try verdicts(["13", "14", "145", "2.9"].map { record(pki.sign(appTransaction(version: $0))) }, p)
        #expect(v.map(\.reasons) == [[], [], [], []])
        // Numbers, never text: "13" is before "14", "145" after it, "2.9" before it.
        #expect(v.map { $0.appStore?.appTransaction?.paidBuyer } == [true, false, false, true])
        #expect(
            json(v[0].appStore)
                == #"{"kind":"app_transaction","environment":"Production","app_transaction":{"original_application_version":"13","#
                + #""original_purchase_ms":1700000000000,"paid_buyer":true},"creditable":false}"#)
        let bad = try verdicts(
            [
                record(pki.sign(appTransaction(version: "1.0b2"))), record(pki.sign(appTransaction(version: "1.0", env: "Sandbox"))),
                record(
                    pki.sign(appTransaction(version: "1.0").replacingOccurrences(of: #","receiptCreationDate":\#(signedDate)"#, with: ""))),
            ], p)
        #expect(
            bad.map { $0.violations.map(\.field) } == [
                ["signed.originalApplicationVersion"], ["signed.receiptType"], ["signed.receiptCreationDate"],
            ])
        #expect(
            bad[0].violations[0].message.en
                == "originalApplicationVersion '1.0b2' is not numbers and dots, so it cannot be compared with 14")
    }

    @Test func aBadPaidBeforeVersionIsARuleError() throws {
        #expect(throws: RulesDidNotLoad.self) { try pipeline(pki, policyYAML + "\n  paid_before_version: v2") }
    }

    @Test func aHistoryPageWithOneTamperedElement() throws {
        let p = try pipeline(
            pki,
            policyYAML.replacingOccurrences(of: "field: signed", with: "field: signedTransactions[*]")
                .replacingOccurrences(of: "has: signed", with: "has: signedTransactions"))
        let good = [pki.sign(transaction("2000000000000401")), pki.sign(transaction("2000000000000402"))]
        let parts = pki.sign(transaction("2000000000000403")).split(separator: ".").map(String.init)
        let tampered = parts[0] + "." + TestPKI.b64url(Array(transaction("2000000000000404").utf8)) + "." + parts[2]
        let page = #"{"order_id":"o","user_id":"u","signedTransactions":["\#(good[0])","\#(tampered)","\#(good[1])"]}"#
        let v = try verdicts([page, page], p)
        #expect(v[0].reasons.map(\.description) == ["app_store.signature"])
        #expect(v[0].violations.map(\.field) == ["signedTransactions[1]"])
        #expect(v[0].appStoreElements.map(\.path) == ["signedTransactions[0]", "signedTransactions[1]", "signedTransactions[2]"])
        #expect(v[0].appStoreElements.map(\.creditable) == [true, false, true])
        #expect(v[0].appStoreElements.map(\.kind) == ["transaction", "unverified", "transaction"])
        // The same page again: each good element is a redelivery (creditable again, marked), the
        // tampered one refused at its own path.
        #expect(v[1].violations.map { "\($0.field) \($0.reason)" } == ["signedTransactions[1] app_store.signature"])
        #expect(v[1].appStoreElements.map(\.creditable) == [true, false, true])
        #expect(v[1].appStoreElements.map { $0.redelivery?.via } == ["api_response", nil, "api_response"])
    }

    @Test func subscriptionStatusesFeedTheEntitlementFromTheRenewalInfoBeside() throws {
        let field = "data[*].lastTransactions[*].signedTransactionInfo"
        let p = try pipeline(
            pki,
            policyYAML.replacingOccurrences(of: "field: signed", with: "field: \(field)")
                .replacingOccurrences(of: "has: signed", with: "has: data"))
        let retry = pki.sign(renewalInfo(extra: #","isInBillingRetryPeriod":true,"gracePeriodExpiresDate":\#(nov25)"#))
        let item =
            #"{"status":4,"originalTransactionId":"3000000000000001","#
            + #""signedTransactionInfo":"\#(pki.sign(sub("3000000000000001", expires: nov19)))","signedRenewalInfo":"\#(retry)"}"#
        let statuses =
            #"{"environment":"Production","bundleId":"com.example.app","#
            + #""data":[{"subscriptionGroupIdentifier":"g","lastTransactions":[\#(item)]}]}"#
        let v = try verdicts([statuses], p)[0]
        // Crediting an expired period fails; the entitlement still says what the signed data says.
        #expect(v.reasons.map(\.description) == ["app_store.subscription_expired"])
        let e = v.appStoreElements[0].entitlement
        #expect(e?.state == .gracePeriod)
        #expect(e?.graceExpiresMs == nov25)
        #expect(e?.sources == ["renewal_info", "transaction"])
        // Renewal info of another subscription is refused, not borrowed.
        let other = statuses.replacingOccurrences(of: retry, with: pki.sign(renewalInfo(original: "3000000000000999")))
        let w = try verdicts([other], p)[0]
        #expect(
            w.violations.map { "\($0.field) \($0.reason)" } == [
                "data[0].lastTransactions[0].signedRenewalInfo.originalTransactionId app_store.inner_mismatch",
                "data[0].lastTransactions[0].signedTransactionInfo.expiresDate app_store.subscription_expired",
            ])
        #expect(w.appStoreElements[0].entitlement?.state == .expired)
        #expect(v.appStoreElements[0].path == "data[0].lastTransactions[0].signedTransactionInfo")
    }

    @Test func notificationHistoryIsDeduplicatedByUUIDAsIfDelivered() throws {
        let p = try pipeline(
            pki,
            policyYAML.replacingOccurrences(of: "field: signed", with: "field: notificationHistory[*].signedPayload")
                .replacingOccurrences(of: "has: signed", with: "has: notificationHistory"))
        let n1 = pki.sign(notice("ONE_TIME_CHARGE", uuid: "h-1", body: pki.data(transaction("2000000000000501"))))
        let n2 = pki.sign(notice("TEST", uuid: "h-2", body: pki.data(nil)))
        let page =
            #"{"order_id":"o","user_id":"u","notificationHistory":[{"signedPayload":"\#(n1)"},{"signedPayload":"\#(n2)"},"#
            + #"{"signedPayload":"\#(n1)"}],"hasMore":false}"#
        let v = try verdicts([page], p)[0]
        // The third element is the first delivered again: valid, marked, and creditable again to its buyer.
        #expect(v.violations.isEmpty)
        #expect(v.appStoreElements.map(\.creditable) == [true, false, true])
        #expect(v.appStoreElements.map { $0.notification?.redelivery } == [false, false, true])
        #expect(v.appStoreElements[2].redelivery?.orderID == "o")
    }

    @Test func theAccountTokenWhenPresent() throws {
        let token = "A1B2C3D4-0000-4000-8000-000000000001"
        let tx = pki.sign(transaction(extra: #","appAccountToken":"\#(token)""#))
        let bare = pki.sign(transaction("2000000000000602"))
        func rec(_ jws: String, _ account: String?, _ order: String) -> String {
            #"{"order_id":"\#(order)","user_id":"u",\#(account.map { #""account":"\#($0)","# } ?? "")"signed":"\#(jws)"}"#
        }
        let records = [rec(tx, nil, "o-1"), rec(tx, token.lowercased(), "o-1"), rec(bare, token, "o-3"), rec(bare, "other", "o-4")]
        // A field that is there but not text is no way around the binding.
        let notText = #"{"order_id":"o-5","user_id":"u","account":null,"signed":"\#(tx)"}"#
        let required = try pipeline(pki, policyYAML + "\n  account_token_field: account")
        let present = try pipeline(pki, policyYAML + "\n  account_token_field: account\n  account_token: when_present")
        let r = try verdicts(records, required)
        let w = try verdicts(records, present)
        #expect(
            r.map { $0.reasons.map(\.description) } == [
                ["app_store.account_token"], [], ["app_store.account_token"], ["app_store.account_token"],
            ])
        #expect(
            w.map { $0.reasons.map(\.description) } == [
                [], [], ["app_store.account_token"], ["app_store.account_token"],
            ])
        #expect(r[0].violations[0].message.en == "the record has no account to bind the purchase to (account_token: required)")
        #expect(r[2].violations[0].message.en == "the transaction has no appAccountToken to bind it to the record's account")
        let n = try verdicts([notText], present)[0]
        #expect(n.violations.map(\.message.en) == ["the record's account is not text, so the purchase cannot be bound to it"])
    }

    @Test func validityAtSignedDateIsInWholeSeconds() throws {
        let p = try pipeline(pki)
        // A leaf that expires at a whole second, before the tests' signedDate.
        let notAfter: Int64 = 1_795_000_000
        var short = pki
        short.leaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: pki.intermediateKey, ca: false,
            markers: [TestPKI.leafMarker], until: Date(timeIntervalSince1970: Double(notAfter)))
        func signed(at ms: Int64, _ id: String) -> String {
            short.sign(transaction(id).replacingOccurrences(of: #""signedDate":\#(signedDate)"#, with: #""signedDate":\#(ms)"#))
        }
        let at = notAfter * 1000
        #expect(try reasons(signed(at: at, "2000000000000701"), p) == [])
        #expect(try reasons(signed(at: at + 999, "2000000000000702"), p) == [])
        #expect(try reasons(signed(at: at + 1000, "2000000000000703"), p) == ["app_store.certificate_expired"])
    }

    @Test func chainFailuresSayWhichRuleFailedInPlainWords() throws {
        let p = try pipeline(pki)
        let payload = transaction()
        let strayLeaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: P256.Signing.PrivateKey(), ca: false,
            markers: [TestPKI.leafMarker])
        let caLeaf = try TestPKI.certificate(
            "leaf", key: pki.leafKey.publicKey, issuer: pki.intermediate, issuerKey: pki.intermediateKey, ca: true,
            markers: [TestPKI.leafMarker])
        let cases: [(String, String)] = [
            (
                pki.sign(payload, chain: [strayLeaf, pki.intermediate, pki.root]),
                "the leaf certificate is not signed by the intermediate certificate"
            ),
            (
                pki.sign(payload, chain: [caLeaf, pki.intermediate, pki.root]),
                "the leaf certificate is a CA (CA:TRUE); a signing certificate must not be"
            ),
            (try TestPKI().sign(payload), "the intermediate certificate is not signed by a trusted root (1 in the rules)"),
        ]
        for (jws, why) in cases {
            let v = try verdicts([record(jws)], p)[0]
            #expect(v.reasons.map(\.description) == ["app_store.chain"])
            #expect(v.violations[0].message.en == "the certificate chain does not verify to a trusted root: " + why)
            for text in [v.violations[0].message.en, v.violations[0].message.zh] {
                #expect(!text.contains("Certificate(") && !text.contains("serialNumber") && !text.contains("RFC5280Policy"))
            }
        }
    }
}
