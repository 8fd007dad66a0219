import Sift
import Testing

/// Values that once parsed as "absent": a refunded purchase was credited.
@Suite struct BigValueRegressionTests {
    @Test(arguments: [#""9999999999999999999""#, #""99999999999999999999999""#, "9999999999999999999", "1e30"])
    func aHugeCancellationDateIsARefund(_ date: String) throws {
        let v = try verdicts([record(inApp: "[\(tx("pro", "1", extra: #","cancellation_date_ms":\#(date)"#))]")])[0]
        #expect(v.reasons == ["receipt.refunded"])
        #expect(!creditable(v).contains(#""transaction_id":"1""#))
    }

    @Test func theRefundMessageShowsTheFarFutureDate() throws {
        let v = try verdicts([record(inApp: "[\(tx("pro", "1", extra: #","cancellation_date_ms":"9999999999999999999""#))]")])[0]
        #expect(
            v.violations.first?.message.en
                == "transaction 1 was refunded or revoked at 292278994-08-17T07:12:55Z (cancellation_reason absent: no reason given)")
    }

    @Test(arguments: [#""12.5""#, #""1e3""#, #""soon""#, "12.5", "true", "[]", #""""#, #""-""#])
    func anUnreadableDateIsMalformedNeverAbsent(_ date: String) throws {
        let v = try verdicts([record(inApp: "[\(tx("pro", "1", extra: #","cancellation_date_ms":\#(date)"#))]")])[0]
        #expect(v.reasons == ["receipt.value_malformed"])
        #expect(!creditable(v).contains(#""transaction_id":"1""#))
    }

    @Test func farFutureAndNegativeExpiriesCompareByValue() throws {
        let future = record(inApp: "[\(tx("monthly", "1", extra: #","expires_date_ms":"99999999999999999999""#))]")
        #expect(try reasons(future) == [])
        let past = record(inApp: "[\(tx("monthly", "1", extra: #","expires_date_ms":"-1""#))]")
        #expect(try reasons(past) == ["receipt.subscription_expired"])
        let hugeNegative = record(inApp: "[\(tx("monthly", "1", extra: #","expires_date_ms":"-99999999999999999999""#))]")
        #expect(try reasons(hugeNegative) == ["receipt.subscription_expired"])
    }

    @Test func aFractionalQuantityIsNotAWholeNumber() throws {
        let v = try verdicts([record(inApp: "[\(tx("coins", "1", quantity: "1.5"))]")])[0]
        #expect(v.violations.map(\.message.en) == ["quantity is not a whole number"])
    }
}

/// A malformed element of a purchase list once hid the record's good purchases from replay
/// detection. Then (until 0.10.0) they were claimed but not credited, so a paying user whose
/// receipt had one bad element could never be credited. Now they are looked up (a replay is
/// found) but claimed only when credited: sent again without the bad element, they are.
@Suite struct MalformedPurchaseRegressionTests {
    let good = tx("coins", "1000000000000001")
    let pro = tx("pro", "1000000000000002")

    @Test(arguments: ["1", "null", #""text""#, "[]"])
    func theGoodPurchasesAreLookedUpNotClaimedAndCreditedWhenSentFixed(_ bad: String) throws {
        let taken = tx("coins", "1000000000000009")
        let vs = try verdicts([
            record(order: "o-3", user: "u-3", inApp: "[\(taken)]"),
            record(order: "o-1", user: "u-1", inApp: "[\(good),\(bad),\(pro),\(taken)]"),
            record(order: "o-1", user: "u-1", inApp: "[\(good),\(pro)]"),
            record(order: "o-2", user: "u-2", inApp: "[\(good)]"),
        ])
        #expect(vs[1].violations.map(\.field) == ["receipt.receipt.in_app[1]", "receipt.receipt.in_app[3].transaction_id"])
        #expect(vs[1].reasons == ["receipt.purchase_malformed", "receipt.replayed_transaction"])  // a replay is still found
        #expect(creditable(vs[1]).hasSuffix(#""creditable":[]}"#))
        // Sent again without the bad element: credited, as a first credit (nothing was claimed).
        #expect(vs[2].reasons == [])
        #expect(vs[2].receipt?.creditable.map(\.transactionID) == ["1000000000000001", "1000000000000002"])
        #expect(vs[2].receipt?.creditable.allSatisfy { $0.redelivery == nil } == true)
        #expect(vs[3].reasons == ["receipt.replayed_transaction"])
    }

    @Test func everyProblemOfTheOtherPurchasesIsStillReported() throws {
        let refunded = tx("pro", "1000000000000003", extra: #","cancellation_date_ms":"1591004335844""#)
        let v = try verdicts([record(inApp: "[\(refunded),7,\(tx("nope", "1000000000000004"))]")])[0]
        #expect(v.reasons == ["receipt.purchase_malformed", "receipt.refunded", "receipt.product_unknown"])
        let latest = try verdicts([record(inApp: "[\(good)]", extra: #","latest_receipt_info":[false]"#)])[0]
        #expect(latest.violations.map(\.field) == ["receipt.latest_receipt_info[0]"])
        #expect(creditable(latest).hasSuffix(#""creditable":[]}"#))
    }

    @Test func creditOthersCreditsTheGoodPurchases() throws {
        let p = try pipeline(policyYAML + "\n  malformed_purchases: credit_others")
        let vs = try verdicts([record(inApp: "[\(good),1]"), record(order: "o-2", user: "u-2", inApp: "[\(good)]")], pipeline: p)
        #expect(vs[0].reasons == ["receipt.purchase_malformed"])
        #expect(creditable(vs[0]).contains(#""transaction_id":"1000000000000001""#))
        #expect(vs[1].reasons == ["receipt.replayed_transaction"])
    }
}
