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
