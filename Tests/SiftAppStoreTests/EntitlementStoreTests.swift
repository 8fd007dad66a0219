import Foundation
import Sift
import SiftAppStoreTesting
import SiftTesting
import Testing

/// The ledger keeps each subscription's entitlement as Apple signed it last (issue 59): by
/// `signedDate`, never by arrival, with the buyer the app posted it for.
@Suite struct EntitlementStoreTests {
    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    /// A notification signed at `at` (milliseconds) about transaction `id` of subscription 7000.
    func note(
        _ type: String, _ subtype: String? = nil, uuid: String, at: Int64, id: String, expires: Int64, status: Int? = nil,
        original: String = "7000"
    ) -> String {
        let inner = pki.sign(
            transaction(
                id, product: "com.example.monthly", type: "Auto-Renewable Subscription", original: original,
                extra: #","expiresDate":\#(expires),"appAccountToken":"5F0E6C8A-0000-4000-8000-00000000000A""#))
        let sub = subtype.map { #""subtype":"\#($0)","# } ?? ""
        let n =
            #"{"notificationType":"\#(type)",\#(sub)"notificationUUID":"\#(uuid)","version":"2.0","signedDate":\#(at),"#
            + #""data":{"appAppleId":1234,"bundleId":"com.example.app","environment":"Production","signedTransactionInfo":"\#(inner)""#
            + (status.map { #","status":\#($0)"# } ?? "") + "}}"
        return #"{"signed":"\#(pki.sign(n))"}"#
    }

    func session(_ ledger: String) throws -> RecordSession {
        try RecordSession(pipeline: try pipeline(pki), ledger: .file(ledger))
    }

    @Test func theStateSignedLastWinsInEveryOrderOfArrival() async throws {
        let (day, far): (Int64, Int64) = (86_400_000, 9_999_999_999_999)
        let renew = note("DID_RENEW", uuid: "u-2", at: signedDate + day, id: "7002", expires: far, status: 1)
        let refund = note("REFUND", uuid: "u-3", at: signedDate + 2 * day, id: "7002", expires: far)
        let reversed = note("REFUND_REVERSED", uuid: "u-4", at: signedDate + 3 * day, id: "7002", expires: far)
        let first = note("SUBSCRIBED", "INITIAL_BUY", uuid: "u-1", at: signedDate, id: "7000", expires: far, status: 1)
        // In order, backwards, and backwards delivered twice: the same entitlement each time.
        for order in [
            [first, renew, refund, reversed], [reversed, refund, renew, first], [reversed, reversed, refund, first, renew, refund],
        ] {
            let path = TemporaryFiles.path("sift-entitlements-") + ".sqlite"
            let s = try session(path)
            for n in order {
                // A renewal of a transaction refunded already is not credited; it changes no entitlement.
                let reasons = await s.validate(json: n).reasons.map(\.text)
                #expect(reasons == [] || (n == renew && reasons == ["app_store.refunded"]))
            }
            let e = try #require(
                try await s.entitlement(originalTransactionID: "7000", asOf: Date(timeIntervalSince1970: Double(signedDate) / 1000)))
            #expect(e.state == "active")
            #expect(e.transactionID == "7002")
            #expect(e.expiresMs == far)
            #expect(e.notificationType == "REFUND_REVERSED")
            #expect(e.notificationUUID == "u-4")
            #expect(e.signedMs == signedDate + 3 * day)
            // Past its expiry it is expired, and says what Apple signed.
            let later = try #require(try await s.entitlement(originalTransactionID: "7000", asOf: Date(timeIntervalSince1970: 1.1e10)))
            #expect(later.state == "expired" && later.signedState == "active")
            // Found by the transaction's appAccountToken, in any case.
            #expect(try await s.entitlements(account: "5f0e6c8a-0000-4000-8000-00000000000a").map(\.originalTransactionID) == ["7000"])
            #expect(try await s.entitlements(account: "5F0E6C8A-0000-4000-8000-00000000000A").count == 1)
        }
    }

    @Test func aRefundSignedLastEndsItWhicheverCameFirst() async throws {
        let (day, far): (Int64, Int64) = (86_400_000, 9_999_999_999_999)
        let renew = note("DID_RENEW", uuid: "v-2", at: signedDate + day, id: "7002", expires: far, status: 1)
        let refund = note("REFUND", uuid: "v-3", at: signedDate + 2 * day, id: "7002", expires: far)
        let s = try session(TemporaryFiles.path("sift-entitlements-") + ".sqlite")
        #expect(await s.validate(json: refund).isValid)
        // The renewal arrives after its refund: not credited, and the refund's state stays.
        let reasons = await s.validate(json: renew).reasons.map(\.text)
        #expect(reasons == ["app_store.refunded"])
        let e = try #require(try await s.entitlement(originalTransactionID: "7000"))
        #expect(e.state == "refunded" && e.notificationType == "REFUND")
    }

    @Test func theAppsPostGivesTheBuyerAndANotificationKeepsIt() async throws {
        let path = TemporaryFiles.path("sift-entitlements-") + ".sqlite"
        let s = try session(path)
        let jws = pki.sign(
            transaction(
                "7100", product: "com.example.monthly", type: "Auto-Renewable Subscription", extra: #","expiresDate":9999999999999"#))
        #expect(await s.validate(json: record(jws, order: "o-9", user: "u-9")).isValid)
        let before = try #require(try await s.entitlements(account: "u-9").first)
        #expect(before.userID == "u-9" && before.orderID == "o-9" && before.via == "transaction" && before.state == "active")
        // Apple's renewal, signed later, has no order or user: the state is its, the buyer stays.
        let renewal = note("DID_RENEW", uuid: "w-1", at: signedDate + 1, id: "7101", expires: 9_999_999_999_999, original: "7100")
        #expect(await s.validate(json: renewal).isValid)
        let e = try #require(try await s.entitlements(account: "u-9").first)
        #expect(e.userID == "u-9" && e.orderID == "o-9" && e.via == "notification" && e.transactionID == "7101")
        #expect(e.originalTransactionID == "7100")
        // A session without a ledger has none to read.
        let none = try RecordSession(pipeline: try pipeline(pki))
        await #expect(throws: LedgerUnavailable.self) { try await none.entitlements(account: "u-9") }
    }
}
