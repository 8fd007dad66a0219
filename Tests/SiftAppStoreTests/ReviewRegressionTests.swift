import Foundation
import Sift
import SiftAppStoreTesting
import SiftTesting
import Testing

/// Regressions from the second read of the App Store family: each failed before its fix.
@Suite struct AppStoreReviewRegressionTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    func notification(type: String, uuid: String, inner: String) -> String {
        #"{"notificationType":"\#(type)","notificationUUID":"\#(uuid)","version":"2.0","signedDate":\#(signedDate),"#
            + #""data":{"appAppleId":1234,"bundleId":"com.example.app","environment":"Production","signedTransactionInfo":"\#(inner)"}}"#
    }

    @Test func aHugeSignedDateIsMalformedNotACrash() throws {
        let p = try pipeline(pki)
        let jws = pki.sign(#"{"signedDate":9223372036854775807,"transactionId":"1"}"#)
        let v = try verdicts([record(jws)], p)[0]
        #expect(v.reasons.map(\.description) == ["app_store.claim_malformed"])
        #expect(v.violations[0].field == "signed.signedDate")
    }

    @Test func aRefundIsMarkedWhateverElseIsWrongWithItsNotification() throws {
        let p = try pipeline(pki, policyYAML + "\n  notification_types: [ONE_TIME_CHARGE]")
        let refund = record(pki.sign(notification(type: "REFUND", uuid: "r-1", inner: pki.sign(transaction("2000000000000070")))))
        let later = record(pki.sign(transaction("2000000000000070")), order: "o-9", user: "u-9")
        #expect(
            try verdicts([refund, later], p).map { $0.reasons.map(\.description) } == [
                ["app_store.notification_type"], ["app_store.refunded"],
            ])
    }

    @Test func aReplayedAndRefundedPurchaseReportsBoth() throws {
        let p = try pipeline(pki)
        let pro = transaction("2000000000000071", product: "com.example.pro", type: "Non-Consumable")
        let first = record(pki.sign(pro))
        let refund = record(pki.sign(notification(type: "REFUND", uuid: "r-2", inner: pki.sign(pro))), order: "o-2", user: "u-2")
        let again = record(pki.sign(pro), order: "o-3", user: "u-3")
        // A restore of the refunded purchase: a new transaction of the same original.
        let restore = record(
            pki.sign(transaction("2000000000000072", product: "com.example.pro", type: "Non-Consumable", original: "2000000000000071")),
            order: "o-1", user: "u-1")
        #expect(
            try verdicts([first, refund, again, restore], p).map { $0.reasons.map(\.description) } == [
                [], [], ["app_store.replayed_transaction", "app_store.refunded"], ["app_store.refunded"],
            ])
    }

    @Test func aFailedDeliveryMaySendItsNotificationAgain() throws {
        let p = try pipeline(pki)
        let expired = pki.sign(transaction("2000000000000073", product: "com.example.gems"))
        let failed = record(pki.sign(notification(type: "ONE_TIME_CHARGE", uuid: "n-9", inner: expired)))
        let fixed = try pipeline(pki, policyYAML + "\n    com.example.gems: consumable")
        #expect(
            try verdicts([failed, failed], p).map { $0.reasons.map(\.description) } == [
                ["app_store.product_unknown"], ["app_store.product_unknown"],
            ])
        #expect(
            try verdicts([failed, failed], fixed).map { $0.reasons.map(\.description) } == [
                [], [],
            ])
        let delivered = try verdicts([failed, failed], fixed)
        #expect(delivered.map { $0.appStore?.notification?.redelivery } == [false, true])
        #expect(delivered.map { $0.appStore?.creditable } == [true, true])
    }

    @Test func otherSignedDataIsNoRenewal() throws {
        let p = try pipeline(pki)
        #expect(
            try reasons(pki.sign(#"{"appAppleId":1234,"bundleId":"com.example.app","signedDate":\#(signedDate)}"#), p) == [
                "app_store.claim_malformed"
            ])
    }

    @Test(arguments: [
        ("roots: []", "'roots' names no certificate file: give the trusted roots, e.g. [keys/AppleRootCA-G3.cer]"),
        ("roots: [bad.pem]", "'bad.pem' holds no certificate (PEM or DER) that can be read"),
        ("roots: [root.pem]\n  quantity_min: 3\n  quantity_max: 2", "'quantity_max' (2) is below 'quantity_min' (3)"),
    ])
    func rootsAndBoundsAreChecked(_ option: String, _ message: String) throws {
        let dir = TemporaryFiles.path("sift-app-store-roots-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try pki.rootPEM.write(toFile: dir + "/root.pem", atomically: true, encoding: .utf8)
        // A good certificate and a block that is none: the file is refused, not half read.
        try (pki.rootPEM + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
            .write(toFile: dir + "/bad.pem", atomically: true, encoding: .utf8)
        let yaml = policyYAML.replacingOccurrences(of: "roots: [root.pem]", with: option)
        let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "p.yaml", directory: dir)
        #expect(r.pipeline == nil)
        #expect(r.errors.map(\.message) == [message])
    }
}
