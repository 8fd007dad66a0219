import Foundation
import Sift
import SiftTesting
import SiftAppStoreTesting
import Testing

/// Claims of verified transactions, notifications, and replays shared with `receipt:`.
@Suite struct AppStoreClaimTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    @Test func everyFailingClaimIsReported() throws {
        let yaml =
            policyYAML + """

                  account_token_field: account
                  family_shared: refuse
                  storefronts: [CHN]
                  transaction_reasons: [PURCHASE]
                  quantity_max: 5
                """
        let p = try pipeline(pki, yaml)
        let bad = transaction(
            product: "com.example.pro", type: "Consumable", env: "Sandbox", bundle: "com.other.app",
            extra: #","quantity":9,"revocationDate":1795000000000,"inAppOwnershipType":"FAMILY_SHARED","appAccountToken":"X""#
        ).replacingOccurrences(of: #""quantity":1,"#, with: "").replacingOccurrences(of: #","inAppOwnershipType":"PURCHASED""#, with: "")
        let rec = #"{"order_id":"o-1","user_id":"u-1","account":"y","signed":"\#(pki.sign(bad))"}"#
        let v = try verdicts([rec], p)[0]
        #expect(
            v.reasons.map(\.description) == [
                "app_store.bundle_id", "app_store.environment", "app_store.product_type", "app_store.quantity", "app_store.refunded",
                "app_store.family_shared", "app_store.account_token", "app_store.storefront",
            ])
        #expect(
            v.violations.map(\.field) == [
                "signed.bundleId", "signed.environment", "signed.type", "signed.quantity", "signed.revocationDate",
                "signed.inAppOwnershipType", "signed.appAccountToken", "signed.storefront",
            ])
        #expect(v.appStore?.creditable == false)
    }

    @Test func subscriptionsExpireWithAGracePeriod() throws {
        let sub = transaction(product: "com.example.monthly", type: "Auto-Renewable Subscription", extra: #","expiresDate":1795215600000"#)
        #expect(try reasons(pki.sign(sub), try pipeline(pki)) == ["app_store.subscription_expired"])
        let grace = try pipeline(pki, policyYAML + "\n  expiry_grace_seconds: 7200")
        #expect(try reasons(pki.sign(sub), grace) == [])
        let noExpiry = transaction(product: "com.example.monthly", type: "Auto-Renewable Subscription")
        #expect(try reasons(pki.sign(noExpiry), grace) == ["app_store.claim_malformed"])
    }

    @Test func upgradedAndUnknownProducts() throws {
        let p = try pipeline(pki)
        #expect(try reasons(pki.sign(transaction(extra: #","isUpgraded":true"#)), p) == ["app_store.upgraded"])
        #expect(try reasons(pki.sign(transaction(product: "com.example.gems")), p) == ["app_store.product_unknown"])
    }

    @Test func aTransactionCreditedThroughAReceiptIsAReplayAsJWSAndBack() throws {
        let dir = TemporaryFiles.path("sift-app-store-shared-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try pki.rootPEM.write(toFile: dir + "/root.pem", atomically: true, encoding: .utf8)
        let receiptPack = """
            pack: legacy
            applies_to: { has: receipt }
            receipt:
              field: receipt
              bundle_id: com.example.app
              ledger: claims.sqlite
              products: { com.example.coins: consumable }
            """
        let jwsPack = "pack: jws\n" + policyYAML.replacingOccurrences(of: "  bundle_id:", with: "  ledger: claims.sqlite\n  bundle_id:")
        try receiptPack.write(toFile: dir + "/legacy.yaml", atomically: true, encoding: .utf8)
        try jwsPack.write(toFile: dir + "/jws.yaml", atomically: true, encoding: .utf8)
        let r = RulesLoader(registry: .builtIn()).load(path: dir)
        let p = try #require(r.pipeline, "\(r.rendered())")
        let legacy =
            #"{"order_id":"o-1","user_id":"u-1","receipt":{"status":0,"environment":"Production","receipt":"#
            + #"{"bundle_id":"com.example.app","in_app":[{"product_id":"com.example.coins","transaction_id":"2000000000000001","#
            + #""original_transaction_id":"2000000000000001","quantity":"1"}]}}}"#
        let jws = record(pki.sign(transaction("2000000000000001")), order: "o-2", user: "u-2")
        #expect(try verdicts([legacy, jws], p).map { $0.reasons.map(\.description) } == [[], ["app_store.replayed_transaction"]])
        // Across runs, through the ledger, the other way round.
        let jws2 = record(pki.sign(transaction("2000000000000002")))
        let legacy2 = legacy.replacingOccurrences(of: "2000000000000001", with: "2000000000000002")
            .replacingOccurrences(of: "o-1", with: "o-9").replacingOccurrences(of: "u-1", with: "u-9")
        func run(_ json: String) throws -> [String] {
            let s = try Session(pipeline: p, asOfMillis: asOf)
            defer { try? s.finish() }
            return s.validate(json: Array(json.utf8)).reasons.map(\.description)
        }
        #expect(try run(jws2) == [])
        #expect(try run(legacy2) == ["receipt.replayed_transaction"])
    }

    /// A notification's `data` and inner signed data.
    func notification(
        type: String = "ONE_TIME_CHARGE", uuid: String = "11111111-2222-3333-4444-555555555555", bundle: String = "com.example.app",
        env: String = "Production", inner: String? = nil
    ) -> String {
        let t = inner ?? pki.sign(transaction("2000000000000050"))
        return #"{"notificationType":"\#(type)","notificationUUID":"\#(uuid)","version":"2.0","signedDate":\#(signedDate),"#
            + #""data":{"appAppleId":1234,"bundleId":"\#(bundle)","environment":"\#(env)","signedTransactionInfo":"\#(t)"}}"#
    }

    @Test func notificationsAreVerifiedInsideAndOut() throws {
        let p = try pipeline(pki, policyYAML + "\n  app_apple_id: 1234\n  notification_types: [ONE_TIME_CHARGE, REFUND]")
        let ok = try verdicts([record(pki.sign(notification()))], p)[0]
        #expect(ok.reasons == [])
        #expect(
            String(decoding: ok.appStore!.json, as: UTF8.self)
                == #"{"kind":"notification","environment":"Production","notification":{"type":"ONE_TIME_CHARGE","#
                + #""uuid":"11111111-2222-3333-4444-555555555555","action":"credit","signed_ms":1795132800000},"transaction":{"#
                + #""product_id":"com.example.coins","type":"consumable","transaction_id":"2000000000000050","#
                + #""original_transaction_id":"2000000000000050","quantity":1,"signed_ms":1795132800000,"purchase_ms":1795132740000},"#
                + #""entitlement":{"product_id":"com.example.coins","state":"active","from":["transaction"]},"creditable":true}"#)
        // The inner transaction signed by an untrusted chain; or naming another bundle than data.
        let forged = try TestPKI().sign(transaction("2000000000000051"))
        let v = try verdicts([record(pki.sign(notification(uuid: "a", inner: forged)))], p)[0]
        #expect(v.reasons.map(\.description) == ["app_store.chain"])
        #expect(v.violations[0].field == "signed.data.signedTransactionInfo")
        let other = pki.sign(transaction("2000000000000052", bundle: "com.other.app"))
        #expect(
            try reasons(pki.sign(notification(uuid: "b", inner: other)), p) == ["app_store.inner_mismatch", "app_store.bundle_id"])
        #expect(try reasons(pki.sign(notification(uuid: "c", bundle: "com.other.app")), p).first == "app_store.bundle_id")
        #expect(try reasons(pki.sign(notification(type: "DID_RENEW", uuid: "d")), p) == ["app_store.notification_type"])
    }

    /// A notification delivered again (Apple retries until it is acknowledged) is a redelivery:
    /// valid, marked, its purchase creditable again to its buyer.
    @Test func aNotificationIsTakenOnceAndARefundMarksItsTransaction() throws {
        let p = try pipeline(pki)
        let note = record(pki.sign(notification(uuid: "n-1")))
        let refund = record(pki.sign(notification(type: "REFUND", uuid: "n-2", inner: pki.sign(transaction("2000000000000060")))))
        let later = record(pki.sign(transaction("2000000000000060")))
        let v = try verdicts([note, note, refund, later], p)
        #expect(
            v.map { $0.reasons.map(\.description) } == [
                [], [], [], ["app_store.refunded"],
            ])
        #expect(v.map { $0.appStore?.notification?.redelivery } == [false, true, false, nil])
        #expect(v.map { $0.appStore?.creditable } == [true, true, false, false])
        #expect(String(decoding: v[2].appStore!.json, as: UTF8.self).hasSuffix(#""creditable":false,"refunded":["2000000000000060"]}"#))
    }
}

/// Signed renewal info (`signedRenewalInfo`), alone or inside a notification.
@Suite struct AppStoreRenewalTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    static func renewal(product: String = "com.example.monthly", env: String = "Production") -> String {
        #"{"originalTransactionId":"2000000000000070","autoRenewProductId":"\#(product)","productId":"com.example.monthly","#
            + #""autoRenewStatus":1,"signedDate":\#(signedDate),"environment":"\#(env)","renewalDate":1797811200000}"#
    }

    @Test func renewalInfoIsVerifiedAndItsProductsAndEnvironmentChecked() throws {
        let p = try pipeline(pki)
        let ok = try verdicts([record(pki.sign(Self.renewal()))], p)[0]
        #expect(ok.reasons == [])
        #expect(String(decoding: ok.appStore!.json, as: UTF8.self) == #"{"kind":"renewal","environment":"Production","creditable":false}"#)
        #expect(
            try reasons(pki.sign(Self.renewal(product: "com.example.gems", env: "Sandbox")), p) == [
                "app_store.environment", "app_store.product_unknown",
            ])
        #expect(try reasons(try TestPKI().sign(Self.renewal()), p) == ["app_store.chain"])
    }
}
