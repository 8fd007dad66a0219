import Foundation
import Sift
import SiftAppStoreTesting
import SiftTesting
import Testing

/// No paid purchase is lost (issue 58): a retry gets the first answer, one purchase arriving by
/// the app's post and by Apple's notification is one purchase, a refund takes back only what it
/// refunds, and the entitlement is as of the run's time.
@Suite struct NeverLostTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    /// A pack with a ledger file in its folder; each `run` is a session of its own, as a run is.
    func ledgerPipeline(_ yaml: String = policyYAML) throws -> Pipeline {
        try pipeline(pki, yaml.replacingOccurrences(of: "  bundle_id:", with: "  ledger: claims.sqlite\n  bundle_id:"))
    }

    func run(_ records: [String], _ p: Pipeline) throws -> [RecordVerdict] {
        let s = try Session(pipeline: p, asOfMillis: asOf)
        defer { try? s.finish() }
        return records.map { s.validate(json: Array($0.utf8)) }
    }

    /// A signed monthly subscription transaction expiring at `expires`.
    func monthly(_ id: String, expires: Int64) -> String {
        pki.sign(
            transaction(id, product: "com.example.monthly", type: "Auto-Renewable Subscription", extra: #","expiresDate":\#(expires)"#))
    }

    func json(_ v: RecordVerdict) -> String { String(decoding: v.appStore!.json, as: UTF8.self) }

    /// A notification without an order or user (as Apple sends it), with `data.status` and the
    /// renewal info (a payload, signed here) when given.
    func note(_ type: String, _ subtype: String? = nil, uuid: String, _ inner: String, status: Int? = nil, renewal: String? = nil)
        -> String
    {
        let sub = subtype.map { #""subtype":"\#($0)","# } ?? ""
        let more = (status.map { #","status":\#($0)"# } ?? "") + (renewal.map { #","signedRenewalInfo":"\#(pki.sign($0))""# } ?? "")
        let n =
            #"{"notificationType":"\#(type)",\#(sub)"notificationUUID":"\#(uuid)","version":"2.0","signedDate":\#(signedDate),"#
            + #""data":{"appAppleId":1234,"bundleId":"com.example.app","environment":"Production","signedTransactionInfo":"\#(inner)""#
            + more + "}}"
        return #"{"signed":"\#(pki.sign(n))"}"#
    }

    @Test func aRetryOfTheSameOrderIsCreditableAgainAndAnotherOrderIsAReplay() throws {
        let p = try ledgerPipeline()
        let jws = pki.sign(transaction("2000000000000001"))
        let first = try run([record(jws)], p)[0]
        #expect(first.isValid && first.appStore?.creditable == true && first.appStore?.redelivery == nil)
        // The answer was lost; the app sends the same order again, in another run.
        let retry = try run([record(jws), record(jws, order: "o-2", user: "u-2")], p)
        #expect(retry[0].isValid)
        #expect(retry[0].appStore?.creditable == true)
        #expect(retry[0].appStore?.redelivery?.orderID == "o-1")
        #expect(retry[0].appStore?.redelivery?.via == "transaction")
        #expect(retry[0].appStore?.redelivery?.first == "record 1")
        #expect(retry[0].appStore?.redelivery?.atMs == asOf)
        #expect(retry[0].appStore?.redelivery?.run != nil)
        #expect(retry[1].reasons.map(\.description) == ["app_store.replayed_transaction"])
        #expect(retry[1].appStore?.creditable == false)
    }

    @Test func aNotificationThenTheAppsPostIsOnePurchaseBoundToTheApp() throws {
        let p = try ledgerPipeline()
        let jws = pki.sign(transaction("2000000000000002"))
        let notified = try run([note("ONE_TIME_CHARGE", uuid: "n-1", jws)], p)[0]
        #expect(notified.isValid && notified.appStore?.creditable == true)
        let posted = try run([record(jws), record(jws, order: "o-9", user: "u-9")], p)
        #expect(posted[0].isValid)
        #expect(posted[0].appStore?.creditable == true)
        #expect(posted[0].appStore?.redelivery == nil)
        #expect(posted[0].appStore?.firstSeen?.via == "notification")
        #expect(
            json(posted[0]).hasSuffix(
                #""creditable":true,"first_seen":{"via":"notification","first":"record 1","#
                    + #""run":"\#(posted[0].appStore!.firstSeen!.run!)","at":"2026-11-21T00:00:00Z"}}"#))
        // Bound now: another order is a replay, naming the owner that bound it.
        #expect(posted[1].reasons.map(\.description) == ["app_store.replayed_transaction"])
        #expect(posted[1].violations[0].message.en.contains("already credited to order o-1, user u-1"))
        // The notification delivered again afterwards is a redelivery to that owner.
        let again = try run([note("ONE_TIME_CHARGE", uuid: "n-1", jws)], p)[0]
        #expect(again.isValid && again.appStore?.creditable == true)
        #expect(again.appStore?.redelivery?.orderID == "o-1")
        #expect(again.appStore?.notification?.redelivery == true)
    }

    @Test func theAppsPostThenTheNotificationIsARedeliveryToTheApp() throws {
        let p = try ledgerPipeline()
        let jws = pki.sign(transaction("2000000000000003"))
        let v = try run([record(jws), note("ONE_TIME_CHARGE", uuid: "n-3", jws)], p)
        #expect(v.map(\.isValid) == [true, true])
        #expect(v.map { $0.appStore?.creditable } == [true, true])
        #expect(v[1].appStore?.redelivery?.orderID == "o-1")
        #expect(v[1].appStore?.redelivery?.userID == "u-1")
        #expect(v[1].appStore?.redelivery?.via == "transaction")
        #expect(v[1].appStore?.notification?.redelivery == false)
    }

    /// The token is signed, but it is the transaction's: it is the sender's only when the record's
    /// `account_token_field` names it (or Apple sends it, in a notification). Then the same token
    /// is the same buyer whatever order the record names; without it, order and user decide.
    @Test func theAppAccountTokenIsTheBuyerOnlyWhenTheRecordNamesIt() throws {
        let p = try ledgerPipeline(policyYAML + "\n  account_token_field: account\n  account_token: when_present")
        let token = "e8a8a3b4-0000-4000-8000-000000000001"
        let jws = pki.sign(transaction("2000000000000004", extra: #","appAccountToken":"\#(token.uppercased())""#))
        func post(_ order: String, account: String?) -> String {
            #"{"order_id":"\#(order)","user_id":"u-\#(order)",\#(account.map { #""account":"\#($0)","# } ?? "")"signed":"\#(jws)"}"#
        }
        let v = try run(
            [
                note("ONE_TIME_CHARGE", uuid: "n-4", jws), post("o-1", account: token), post("o-2", account: token),
                post("o-3", account: nil),
            ],
            p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], [], [], ["app_store.replayed_transaction"]])
        #expect(v[0].appStore?.transaction?.facts.appAccountToken == token)
        #expect(v[1].appStore?.firstSeen?.appAccountToken == token)  // the notification's claim, bound to o-1
        #expect(v[2].appStore?.redelivery?.orderID == "o-1")  // the same buyer: its token, named by the record
        // A record that does not name the token is not that buyer: a replay for o-3.
        #expect(v[3].violations[0].message.en.contains("already credited to order o-1, user u-o-1, appAccountToken \(token)"))
    }

    /// A notification's token-only claim bound by a post that names no token: the order binds it
    /// alone, so a later post naming the token for another order is not the same buyer.
    @Test func aPostWithoutTheTokenBindsTheClaimToItsOrderAlone() throws {
        let p = try ledgerPipeline(policyYAML + "\n  account_token_field: account\n  account_token: when_present")
        let token = "e8a8a3b4-0000-4000-8000-000000000002"
        let jws = pki.sign(transaction("2000000000000005", extra: #","appAccountToken":"\#(token)""#))
        let named = #"{"order_id":"o-2","user_id":"u-2","account":"\#(token)","signed":"\#(jws)"}"#
        let v = try run([note("ONE_TIME_CHARGE", uuid: "n-5", jws), record(jws, order: "o-9", user: "u-9"), named], p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], [], ["app_store.replayed_transaction"]])
        #expect(v[1].appStore?.firstSeen?.via == "notification")
    }

    @Test func aRefundedRenewalLeavesTheResubscriptionCreditable() throws {
        let p = try ledgerPipeline()
        let monthly = "com.example.monthly", sub = "Auto-Renewable Subscription", later = #","expiresDate":1797811200000"#
        let renewal = pki.sign(transaction("4000000000000201", product: monthly, type: sub, original: "4000000000000200", extra: later))
        let resub = pki.sign(transaction("4000000000000202", product: monthly, type: sub, original: "4000000000000200", extra: later))
        let v = try run(
            [
                note("DID_RENEW", uuid: "r-1", renewal), note("REFUND", uuid: "r-2", renewal),
                note("SUBSCRIBED", "RESUBSCRIBE", uuid: "r-3", resub),
            ],
            p)
        #expect(v.map { $0.reasons.map(\.description) } == [[], [], []])
        #expect(v[2].appStore?.creditable == true)
        #expect(v[1].appStore?.refunded == ["4000000000000201"])
        // The refunded period itself is refused, naming itself.
        let again = try run([record(renewal, order: "o-5", user: "u-5")], p)[0]
        #expect(again.reasons.map(\.description).contains("app_store.refunded"))
    }

    @Test func aRefundedNonConsumableDoesNotComeBackByRestore() throws {
        let p = try ledgerPipeline()
        let bought = pki.sign(transaction("4000000000000301", product: "com.example.pro", type: "Non-Consumable"))
        let restored = pki.sign(
            transaction("4000000000000302", product: "com.example.pro", type: "Non-Consumable", original: "4000000000000301"))
        let v = try run([record(bought), note("REFUND", uuid: "p-1", bought), record(restored)], p)
        #expect(v[2].reasons.map(\.description) == ["app_store.refunded"])
        #expect(
            v[2].violations[0].message.en
                == "transaction 4000000000000302 is refused: transaction 4000000000000301 of the same purchase (original transaction "
                + "4000000000000301) was refunded or revoked (a REFUND or REVOKE notification)")
    }

    /// `data.status` is Apple's word when it signed; a run as of a later time says the period ended.
    @Test func theEntitlementIsAsOfTheRunsTime() throws {
        let p = try pipeline(pki)
        let t = monthly("4000000000000401", expires: 1_797_811_200_000)
        let rec = note("DID_RENEW", uuid: "e-1", t, status: 1)
        let now = try Session(pipeline: p, asOfMillis: asOf).validate(json: Array(rec.utf8))
        #expect(now.appStore?.entitlement?.state == .active)
        #expect(now.appStore?.entitlement?.sources == ["status", "transaction"])
        let later = try Session(pipeline: p, asOfMillis: 1_811_808_000_000).validate(json: Array(rec.utf8))  // 2027-06-01
        #expect(later.appStore?.entitlement?.state == .expired)
        #expect(later.appStore?.entitlement?.sources == ["expires_ms", "status", "transaction"])
    }

    /// A grace period ends only at a known end (`gracePeriodExpiresDate`); past expiry in billing
    /// retry the state is the grace period, then billing retry, as the dates alone say.
    @Test func theAsOfStateFollowsTheDatesRules() throws {
        let p = try pipeline(pki)
        let t = monthly("4000000000000402", expires: 1_795_046_400_000)
        // No renewal info: Apple's grace period stands, whatever the as-of time.
        let grace = try verdicts([note("DID_FAIL_TO_RENEW", "GRACE_PERIOD", uuid: "g-1", t, status: 4)], p)[0]
        #expect(grace.appStore?.entitlement?.state == .gracePeriod)
        #expect(grace.appStore?.entitlement?.sources == ["status", "transaction"])
        // Renewal info in billing retry with the grace period over at the as-of time: billing retry.
        let renewal =
            #"{"originalTransactionId":"4000000000000402","autoRenewProductId":"com.example.monthly","productId":"com.example.monthly","#
            + #""autoRenewStatus":1,"signedDate":\#(signedDate),"environment":"Production","isInBillingRetryPeriod":true,"#
            + #""gracePeriodExpiresDate":1795132800000}"#
        let over = try verdicts([note("DID_FAIL_TO_RENEW", "GRACE_PERIOD", uuid: "g-2", t, status: 4, renewal: renewal)], p)[0]
        #expect(over.appStore?.entitlement?.state == .billingRetry)
        #expect(over.appStore?.entitlement?.sources == ["grace_expires_ms", "status", "renewal_info", "transaction"])
    }

    /// Once "notification  is not in notification_types" (an empty type in the sentence).
    @Test func aNotificationWithoutItsTypeSaysSo() throws {
        let p = try pipeline(pki, policyYAML + "\n  kind: notification\n  notification_types: [ONE_TIME_CHARGE]")
        let n =
            #"{"notificationUUID":"t-1","version":"2.0","signedDate":\#(signedDate),"data":{"appAppleId":1234,"#
            + #""bundleId":"com.example.app","environment":"Production","signedTransactionInfo":"\#(pki.sign(transaction("2000000000000009")))"}}"#
        let v = try verdicts([#"{"signed":"\#(pki.sign(n))"}"#], p)[0]
        let typed = v.violations.filter { $0.field == "signed.notificationType" }
        #expect(typed.map(\.message.en) == ["the notification has no notificationType"])
        #expect(typed.map(\.message.zh) == ["通知没有 notificationType"])
        #expect(typed.map(\.reason.description) == ["app_store.claim_malformed"])
    }

    @Test func theResultCarriesWhatAServerKeeps() throws {
        let p = try pipeline(pki)
        let t = pki.sign(
            transaction(
                "4000000000000501",
                extra: #","appAccountToken":"ABC","originalPurchaseDate":1795000000000,"webOrderLineItemId":"9001","#
                    + #""offerType":1,"offerDiscountType":"FREE_TRIAL","offerIdentifier":"intro""#))
        let v = try verdicts([record(t)], p)[0]
        #expect(
            json(v).contains(
                #""quantity":1,"app_account_token":"abc","signed_ms":1795132800000,"purchase_ms":1795132740000,"#
                    + #""original_purchase_ms":1795000000000,"web_order_line_item_id":"9001","offer_type":1,"#
                    + #""offer_identifier":"intro","offer_discount_type":"FREE_TRIAL"}"#))
    }
}
