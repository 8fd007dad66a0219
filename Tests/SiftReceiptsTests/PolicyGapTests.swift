import Foundation
import Sift
import Testing
import SiftTesting

/// Issue 30, receipts: `expiry_only` that neither credits nor registers, every problem of a
/// purchase at once, `replay_key`, `transaction_id_format`, and purchases without an original
/// transaction id.
@Suite struct PolicyGapTests {
    static let future = #","expires_date_ms":"1895000000000""#
    static let past = #","expires_date_ms":"1595000000000""#
    static let refund = #","cancellation_date_ms":"1591100000000","cancellation_reason":"1""#

    /// A purchase without `original_transaction_id`.
    static func bare(_ product: String, _ id: String) -> String {
        #"{"product_id":"\#(product)","transaction_id":"\#(id)","quantity":"1"}"#
    }

    @Test func expiryOnlyNeitherCreditsNorRegisters() throws {
        let expiryOnly = try pipeline(policyYAML + "\n  latest_receipt_info: expiry_only")
        // Only in latest_receipt_info: a subscription, and a consumable with a masked id and quantity 0.
        let onlyLatest =
            #","latest_receipt_info":[\#(tx("monthly", "1000000000000100", extra: Self.future)),"#
            + #"\#(tx("coins", "10***01", quantity: #""0""#))]"#
        let a = record(order: "o-1", user: "u-1", inApp: "[]", extra: onlyLatest)
        // A later record of another user that really holds the subscription in in_app.
        let b = record(order: "o-2", user: "u-2", inApp: "[\(tx("monthly", "1000000000000100", extra: Self.future))]")
        let v = try verdicts([a, b], pipeline: expiryOnly)
        #expect(v.map(\.reasons) == [[], []])
        #expect(creditable(v[0]) == #"{"status":0,"environment":"Production","retryable":false,"creditable":[]}"#)
        #expect(creditable(v[1]).contains(#""transaction_id":"1000000000000100""#))
        // Under the default (all), latest_receipt_info is credited and checked like in_app.
        let w = try verdicts([a, b])
        #expect(
            w.map(\.reasons) == [
                ["receipt.transaction_id", "receipt.transaction_id", "receipt.quantity"], ["receipt.replayed_transaction"],
            ])
    }

    @Test func expiryOnlyStillDatesTheInAppPurchase() throws {
        let expiryOnly = try pipeline(policyYAML + "\n  latest_receipt_info: expiry_only")
        let renewed = #","latest_receipt_info":[\#(tx("monthly", "1000000000000102", extra: Self.future))]"#
        let r = record(inApp: "[\(tx("monthly", "1000000000000101", extra: Self.past))]", extra: renewed)
        let v = try verdicts([r], pipeline: expiryOnly)[0]
        #expect(v.reasons == [])
        #expect(creditable(v).contains(#""transaction_id":"1000000000000101""#))
        #expect(!creditable(v).contains("1000000000000102"))
    }

    /// Record 1 credits the purchase to o-1/u-1; record 2 (another order and user, unless
    /// `same`) holds it again with a second problem. Both problems are reported.
    @Test(
        arguments: [
            (
                "pro refunded", tx("pro", "1000000000000200") + "", tx("pro", "1000000000000200", extra: Self.refund), false,
                ["receipt.refunded", "receipt.replayed_transaction"]
            ),
            (
                "pro refunded, same order (the same buyer's: no replay)", tx("pro", "1000000000000201"),
                tx("pro", "1000000000000201", extra: Self.refund), true, ["receipt.refunded"]
            ),
            (
                "unknown product", tx("coins", "1000000000000202"), tx("gems", "1000000000000202"), false,
                ["receipt.product_unknown", "receipt.replayed_transaction"]
            ),
            (
                "quantity 0", tx("coins", "1000000000000203"), tx("coins", "1000000000000203", quantity: #""0""#), false,
                ["receipt.quantity", "receipt.replayed_transaction"]
            ),
            (
                "quantity 1.5", tx("coins", "1000000000000204"), tx("coins", "1000000000000204", quantity: #""1.5""#), false,
                ["receipt.quantity_malformed", "receipt.replayed_transaction"]
            ),
            (
                "unreadable value", tx("coins", "1000000000000205"),
                #"{"product_id":"coins","transaction_id":"1000000000000205","quantity":"1","is_trial_period":"maybe"}"#, false,
                ["receipt.value_malformed", "receipt.replayed_transaction"]
            ),
            (
                "expired, same original", tx("monthly", "1000000000000206", extra: Self.future),
                tx("monthly", "1000000000000207", original: "1000000000000206", extra: Self.past), false,
                ["receipt.subscription_expired", "receipt.replayed_transaction"]
            ),
            (
                "no original", tx("pro", "1000000000000208"), Self.bare("pro", "1000000000000208"), false,
                ["receipt.original_transaction_id_missing", "receipt.replayed_transaction"]
            ),
            (
                "refunded and unknown product", tx("coins", "1000000000000209"),
                tx("gems", "1000000000000209", extra: Self.refund), false,
                ["receipt.product_unknown", "receipt.refunded", "receipt.replayed_transaction"]
            ),
        ] as [(String, String, String, Bool, [String])])
    func everyProblemOfAPurchaseWithAReplay(_ name: String, _ first: String, _ second: String, _ same: Bool, _ want: [String]) throws {
        let one = record(order: "o-1", user: "u-1", inApp: "[\(first)]")
        let two = record(order: same ? "o-1" : "o-2", user: same ? "u-1" : "u-2", inApp: "[\(second)]")
        let v = try verdicts([one, two])
        #expect(v[0].reasons == [], "\(name)")
        #expect(v[1].reasons.map(\.description) == want, "\(name)")
        #expect(creditable(v[1]).hasSuffix(#""creditable":[]}"#), "\(name)")
    }

    /// Pairs of problems of one purchase with no replay: each is reported.
    @Test(
        arguments: [
            (#"{"product_id":"gems","transaction_id":"10***4780","quantity":"1"}"#, ["receipt.transaction_id", "receipt.product_unknown"]),
            (
                #"{"product_id":"coins","transaction_id":"abc","quantity":"1","cancellation_date_ms":"1591100000000"}"#,
                ["receipt.transaction_id", "receipt.refunded"]
            ),
            (
                #"{"product_id":"coins","transaction_id":"1000000000000210","quantity":"0","cancellation_date_ms":"1591100000000"}"#,
                ["receipt.quantity", "receipt.refunded"]
            ),
            (
                #"{"transaction_id":"1000000000000211","quantity":"1","cancellation_date_ms":"1591100000000"}"#,
                ["receipt.value_malformed", "receipt.refunded"]
            ),
            (
                #"{"product_id":"pro","transaction_id":"1000000000000212","quantity":"1","cancellation_date_ms":"1591100000000"}"#,
                ["receipt.refunded", "receipt.original_transaction_id_missing"]
            ),
        ] as [(String, [String])])
    func everyProblemOfOnePurchase(_ purchase: String, _ want: [String]) throws {
        #expect(try reasons(record(inApp: "[\(purchase)]")).map(\.description) == want)
    }

    @Test func replayKeyTransactionLetsARestoreOnAnotherAccountBeCredited() throws {
        let first = record(order: "o-1", user: "u-1", inApp: "[\(tx("pro", "1000000000000300"))]")
        let restored = record(order: "o-2", user: "u-2", inApp: "[\(tx("pro", "1000000000000301", original: "1000000000000300"))]")
        let byDefault = try verdicts([first, restored])
        #expect(byDefault.map(\.reasons) == [[], ["receipt.replayed_transaction"]])
        #expect(byDefault[1].violations[0].message.en.hasPrefix("original_transaction_id 1000000000000300 was already credited"))
        let transactionOnly = try pipeline(policyYAML + "\n  replay_key: transaction")
        let v = try verdicts([first, restored], pipeline: transactionOnly)
        #expect(v.map(\.reasons) == [[], []])
        #expect(creditable(v[1]).contains(#""transaction_id":"1000000000000301""#))
        // The transaction itself is still bound, and no original is needed.
        let again = record(order: "o-3", user: "u-3", inApp: "[\(Self.bare("pro", "1000000000000301"))]")
        #expect(try verdicts([restored, again], pipeline: transactionOnly).map(\.reasons) == [[], ["receipt.replayed_transaction"]])
    }

    @Test func transactionIdFormatAnyTextComparesExactly() throws {
        let masked = record(inApp: "[\(tx("coins", "10***4780"))]")
        #expect(try reasons(masked) == ["receipt.transaction_id", "receipt.transaction_id"])
        let anyText = try pipeline(policyYAML + "\n  transaction_id_format: any_text")
        let v = try verdicts([masked], pipeline: anyText)[0]
        #expect(v.reasons == [])
        #expect(creditable(v).contains(#""transaction_id":"10***4780","original_transaction_id":"10***4780""#))
        // "0123" and "123" are different ids, in both formats.
        for p in [try pipeline(), anyText] {
            let records = [("o-1", "0123"), ("o-2", "123"), ("o-3", "0123")].map { order, id in
                record(order: order, user: order, inApp: "[\(tx("coins", id))]")
            }
            #expect(try verdicts(records, pipeline: p).map(\.reasons) == [[], [], ["receipt.replayed_transaction"]])
        }
        // Empty and over-long ids are still refused.
        let long = String(repeating: "x", count: 257)
        for id in ["", long] {
            let w = try verdicts([record(inApp: "[\(tx("coins", id))]")], pipeline: anyText)[0]
            #expect(w.reasons == ["receipt.transaction_id", "receipt.transaction_id"])
            #expect(w.violations[0].message.en == "a transaction id is text of 1 to 256 bytes")
            #expect(w.violations[0].message.zh == "交易号应为 1 到 256 字节的文本")
        }
    }

    @Test func aPurchaseWithoutOriginalIsNeitherCreditedNorRegistered() throws {
        let bare = record(order: "o-1", user: "u-1", inApp: "[\(Self.bare("pro", "1000000000000400"))]")
        let v = try verdicts([bare])[0]
        #expect(v.reasons == ["receipt.original_transaction_id_missing"])
        #expect(v.violations[0].field == "receipt.receipt.in_app[0].original_transaction_id")
        #expect(
            v.violations[0].message.en
                == "original_transaction_id is missing or not text; it binds this non_consumable purchase to one user")
        #expect(creditable(v).hasSuffix(#""creditable":[]}"#))
        // Not registered: the purchase sent again in full (another order) is credited.
        let full = record(order: "o-2", user: "u-2", inApp: "[\(tx("pro", "1000000000000400"))]")
        #expect(try verdicts([bare, full]).map(\.reasons) == [["receipt.original_transaction_id_missing"], []])
        // A consumable needs none (its original binds nothing).
        #expect(try reasons(record(inApp: "[\(Self.bare("coins", "1000000000000401"))]")) == [])
        // Nor does a subscription under replay_key: transaction.
        let transactionOnly = try pipeline(policyYAML + "\n  replay_key: transaction")
        let sub = #"{"product_id":"monthly","transaction_id":"1000000000000402","quantity":"1"\#(Self.future)}"#
        #expect(try verdicts([record(inApp: "[\(sub)]")], pipeline: transactionOnly)[0].reasons == [])
        #expect(try reasons(record(inApp: "[\(sub)]")) == ["receipt.original_transaction_id_missing"])
    }

    /// Regressions from the second read.
    @Test func everySeenDoesNotClaimAPurchaseWithoutItsOriginal() throws {
        let everySeen = try pipeline(policyYAML + "\n  replay: every_seen")
        let bare = record(order: "o-1", user: "u-1", inApp: "[\(Self.bare("pro", "1000000000000500"))]")
        let full = record(order: "o-2", user: "u-2", inApp: "[\(tx("pro", "1000000000000500"))]")
        #expect(try verdicts([bare, full], pipeline: everySeen).map(\.reasons) == [["receipt.original_transaction_id_missing"], []])
    }

    @Test func expiryOnlySkipsAnElementThatIsNotAnObject() throws {
        let expiryOnly = try pipeline(policyYAML + "\n  latest_receipt_info: expiry_only")
        let r = record(inApp: "[\(tx("coins", "1000000000000501"))]", extra: #","latest_receipt_info":[7]"#)
        let v = try verdicts([r], pipeline: expiryOnly)[0]
        #expect(v.reasons == [])
        #expect(creditable(v).contains("1000000000000501"))
    }
}
