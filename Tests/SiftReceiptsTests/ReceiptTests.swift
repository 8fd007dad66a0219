import Foundation
import Sift
import SiftBatch
import Testing
import SiftTesting

let policyYAML = """
    applies_to: { has: order_id }
    receipt:
      field: receipt
      bundle_id: com.example.app
      sandbox_users: [review-1]
      grace_period: true
      products:
        coins: consumable
        pro: non_consumable
        monthly: { type: auto_renewable, group: premium }
        yearly: { type: auto_renewable, group: premium }
        pass: non_renewing
    """

/// 2026-11-21T00:00:00Z
let asOf: Int64 = 1_795_219_200_000

func pipeline(_ yaml: String = policyYAML) throws -> Pipeline {
    let r = RulesLoader(registry: .builtIn()).load(text: yaml, file: "iap.yaml")
    guard let p = r.pipeline else { throw RulesDidNotLoad(text: r.rendered()) }
    return p
}

struct RulesDidNotLoad: Error { var text: String }

/// A record with a verifyReceipt response; `inApp` and `extra` are JSON fragments.
func record(
    order: String = "o-1", user: String = "u-1", status: String = "0", env: String = "Production",
    bundle: String = "com.example.app", inApp: String = "[]", extra: String = ""
) -> String {
    """
    {"order_id":"\(order)","user_id":"\(user)","receipt":{"status":\(status),"environment":"\(env)"\(extra),\
    "receipt":{"bundle_id":"\(bundle)","request_date_ms":"1591004335844","in_app":\(inApp)}}}
    """
}

func tx(_ product: String, _ id: String, original: String? = nil, quantity: String = "\"1\"", extra: String = "") -> String {
    #"{"product_id":"\#(product)","transaction_id":"\#(id)","original_transaction_id":"\#(original ?? id)","quantity":\#(quantity),"#
        + #""is_trial_period":"false"\#(extra)}"#
}

func verdicts(_ records: [String], pipeline p: Pipeline? = nil) throws -> [RecordVerdict] {
    let s = try Session(pipeline: p ?? pipeline(), asOfMillis: asOf)
    return records.map { s.validate(json: Array($0.utf8)) }
}

func reasons(_ json: String) throws -> [ReasonCode] { try verdicts([json])[0].reasons }

func creditable(_ v: RecordVerdict) -> String {
    String(decoding: v.receipt?.json ?? [], as: UTF8.self)
}

@Suite struct StatusTests {
    @Test(arguments: [
        (21000, "receipt.status.request_malformed", false),
        (21002, "receipt.status.data_malformed", true),
        (21003, "receipt.status.not_authenticated", false),
        (21004, "receipt.status.shared_secret_mismatch", false),
        (21005, "receipt.status.server_unavailable", true),
        (21006, "receipt.status.subscription_expired", false),
        (21007, "receipt.status.sandbox_receipt_in_production", false),
        (21008, "receipt.status.production_receipt_in_sandbox", false),
        (21009, "receipt.status.internal_error", true),
        (21010, "receipt.status.account_not_found", false),
        (21100, "receipt.status.internal_data_access_error", true),
        (21199, "receipt.status.internal_data_access_error", true),
        (21001, "receipt.status.retired", false),
    ])
    func everyDocumentedStatus(_ code: Int, _ reason: String, _ retryable: Bool) throws {
        let v = try verdicts([#"{"order_id":"o","receipt":{"status":\#(code)}}"#])[0]
        #expect(v.reasons == [ReasonCode(reason)])
        #expect(creditable(v) == #"{"status":\#(code),"retryable":\#(retryable),"creditable":[]}"#)
    }

    @Test func isRetryableDecidesForInternalCodes() throws {
        let v = try verdicts([#"{"order_id":"o","receipt":{"status":21150,"is-retryable":false}}"#])[0]
        #expect(creditable(v) == #"{"status":21150,"retryable":false,"creditable":[]}"#)
    }

    @Test func sandboxHintAndChineseMessage() throws {
        let v = try verdicts([#"{"order_id":"o","receipt":{"status":21007}}"#])[0]
        #expect(v.violations[0].message.en == "a sandbox receipt was sent to the production service; verify it against the sandbox (21007)")
        #expect(v.violations[0].message.zh == "沙盒收据被发往生产环境验证，请改用沙盒环境验证（21007）")
    }

    @Test func missingOrNonNumericStatus() throws {
        #expect(try reasons(#"{"order_id":"o","receipt":{}}"#) == ["receipt.status_missing"])
        #expect(try reasons(#"{"order_id":"o","receipt":{"status":"0"}}"#) == ["receipt.status_malformed"])
        #expect(try reasons(#"{"order_id":"o","receipt":{"status":null}}"#) == ["receipt.status_missing"])
    }
}

@Suite struct PolicyTests {
    @Test func aCleanPurchaseIsCreditable() throws {
        let v = try verdicts([record(inApp: "[\(tx("coins", "1000000000000001", quantity: "\"2\""))]")])[0]
        #expect(v.isValid)
        // Typed, for hosts.
        let receipt = try #require(v.receipt)
        #expect(receipt.status == 0 && receipt.environment == "Production" && !receipt.retryable)
        #expect(
            receipt.creditable == [
                .init(
                    productID: "coins", type: "consumable", transactionID: "1000000000000001",
                    originalTransactionID: "1000000000000001", quantity: 2, expiresMs: nil)
            ])
        #expect(
            creditable(v)
                == #"{"status":0,"environment":"Production","retryable":false,"creditable":[{"product_id":"coins","type":"consumable","#
                + #""transaction_id":"1000000000000001","original_transaction_id":"1000000000000001","quantity":2}]}"#
        )
    }

    @Test func environment() throws {
        #expect(try reasons(record(env: "Sandbox")) == ["receipt.environment"])
        #expect(try reasons(record(user: "review-1", env: "Sandbox")) == [])
        let both = try pipeline(
            policyYAML.replacingOccurrences(
                of: "bundle_id: com.example.app", with: "bundle_id: com.example.app\n  environment: [Production, Sandbox]"))
        #expect(try verdicts([record(env: "Sandbox")], pipeline: both)[0].reasons == [])
        // Without "environment": reported, unless the policy reads receipt_type instead.
        let typed =
            #"{"order_id":"o","receipt":{"status":0,"receipt":{"receipt_type":"ProductionSandbox","bundle_id":"com.example.app","#
            + #""in_app":[]}}}"#
        #expect(try reasons(typed) == ["receipt.environment_missing"])
        let fallback = try pipeline(policyYAML + "\n  environment_fallback: receipt_type")
        #expect(try verdicts([typed], pipeline: fallback)[0].reasons == ["receipt.environment"])
        let numeric = #"{"order_id":"o","receipt":{"status":0,"environment":1,"receipt":{"bundle_id":"com.example.app","in_app":[]}}}"#
        #expect(try reasons(numeric) == ["receipt.environment_missing"])
    }

    @Test func bundleIDAndNothingIsCreditedFromAnotherApp() throws {
        let v = try verdicts([record(bundle: "com.other.app", inApp: "[\(tx("coins", "1000000000000001"))]")])[0]
        #expect(v.reasons == ["receipt.bundle_id"])
        #expect(creditable(v).hasSuffix(#""creditable":[]}"#))
    }

    @Test func productsQuantityAndIDs() throws {
        #expect(try reasons(record(inApp: "[\(tx("gems", "1000000000000001"))]")) == ["receipt.product_unknown"])
        #expect(try reasons(record(inApp: "[\(tx("coins", "1000000000000001", quantity: "\"0\""))]")) == ["receipt.quantity"])
        #expect(try reasons(record(inApp: "[\(tx("coins", "1000000000000001", quantity: "\"x\""))]")) == ["receipt.quantity_malformed"])
        #expect(
            try reasons(record(inApp: #"[{"product_id":"coins","transaction_id":"1000000000000001"}]"#)) == ["receipt.quantity_malformed"])
        #expect(try reasons(record(inApp: "[\(tx("coins", "1000000000000001", quantity: "1"))]")) == [])
        #expect(try reasons(record(inApp: "[\(tx("coins", "10***4780"))]")) == ["receipt.transaction_id", "receipt.transaction_id"])
        #expect(try reasons(record(inApp: #"[{"product_id":"coins","quantity":"1"}]"#)) == ["receipt.transaction_id"])
    }

    @Test func stringTypedBooleansAndDates() throws {
        #expect(try reasons(record(inApp: #"[{"product_id":"coins","transaction_id":"1","quantity":"1","is_trial_period":"true"}]"#)) == [])
        // The record used to hold is_trial_period twice, read last-wins: it is refused now.
        let twice = try verdicts([record(inApp: "[\(tx("coins", "1", extra: #","is_trial_period":"true""#))]")])[0]
        #expect(twice.inputError?.reason == "input.duplicate_key")
        #expect(try reasons(record(inApp: "[\(tx("coins", "1", extra: #","purchase_date_ms":"1591004216000""#))]")) == [])
        let bad = record(inApp: #"[{"product_id":"coins","transaction_id":"1","quantity":"1","is_trial_period":"maybe"}]"#)
        #expect(try reasons(bad) == ["receipt.value_malformed"])
        let date = record(inApp: "[\(tx("monthly", "1", extra: #","expires_date_ms":"soon""#))]")
        #expect(try reasons(date) == ["receipt.value_malformed"])
    }

    @Test func refundsAreNotCreditable() throws {
        let v = try verdicts([
            record(
                inApp:
                    "[\(tx("pro", "1", extra: #","cancellation_date_ms":"1591100000000","cancellation_reason":"0""#)),\(tx("coins", "2"))]")
        ])[0]
        #expect(v.reasons == ["receipt.refunded"])
        #expect(
            v.violations[0].message.en
                == "transaction 1 was refunded or revoked at 2020-06-02T12:13:20Z (cancellation_reason 0: another reason)")
        #expect(v.violations[0].message.zh == "交易 1 已于 2020-06-02T12:13:20Z 退款或撤销（原因 0：其他原因）")
        #expect(creditable(v).contains(#""transaction_id":"2""#))
        #expect(!creditable(v).contains(#""transaction_id":"1""#))
    }

    @Test func malformedReceipts() throws {
        #expect(try reasons(#"{"order_id":"o"}"#) == ["receipt.missing"])
        #expect(try reasons(#"{"order_id":"o","receipt":"abc"}"#) == ["receipt.missing"])
        #expect(try reasons(#"{"order_id":"o","receipt":{"status":0,"environment":"Production"}}"#) == ["receipt.receipt_missing"])
        #expect(try reasons(record(inApp: #"{"a":1}"#)) == ["receipt.in_app_malformed"])
        #expect(try reasons(record(inApp: "[1]")) == ["receipt.purchase_malformed"])
        // The value's kind in each language (the Chinese said it in English before).
        let list = try verdicts([record(inApp: #"{"a":1}"#)])[0].violations[0].message
        #expect(list.en == "must be an array of transactions, not an object")
        #expect(list.zh == "应为交易数组，实际为对象")
    }
}

@Suite struct SubscriptionTests {
    func sub(_ id: String, _ product: String = "monthly", expires: Int64, original: String = "900") -> String {
        tx(product, id, original: original, extra: #","expires_date_ms":"\#(expires)""#)
    }

    @Test func activeIfAndOnlyIfTheGroupsLatestExpiryIsAfterAsOf() throws {
        let expired = record(inApp: "[\(sub("1", expires: asOf - 1))]")
        #expect(try reasons(expired) == ["receipt.subscription_expired"])
        let atExactly = record(inApp: "[\(sub("1", expires: asOf))]")
        #expect(try reasons(atExactly) == ["receipt.subscription_expired"])
        let active = try verdicts([record(inApp: "[\(sub("1", expires: asOf - 1)),\(sub("2", "yearly", expires: asOf + 1))]")])[0]
        #expect(active.isValid)
        #expect(creditable(active).contains(#""transaction_id":"2""#))
        #expect(!creditable(active).contains(#""transaction_id":"1""#))
    }

    @Test func latestReceiptInfoComesFirstThenInApp() throws {
        let v = try verdicts([
            record(inApp: "[\(sub("1", expires: asOf - 10))]", extra: #","latest_receipt_info":[\#(sub("2", expires: asOf + 10))]"#)
        ])[0]
        #expect(v.isValid)
        #expect(creditable(v).contains(#""transaction_id":"2""#))
    }

    @Test func graceCountsOnlyWhenEnabled() throws {
        let pending = #","pending_renewal_info":[{"auto_renew_product_id":"monthly","grace_period_expires_date_ms":"\#(asOf + 1000)"}]"#
        let r = record(inApp: "[\(sub("1", expires: asOf - 1))]", extra: pending)
        #expect(try reasons(r) == [])
        let noGrace = try pipeline(policyYAML.replacingOccurrences(of: "grace_period: true", with: "grace_period: false"))
        #expect(try verdicts([r], pipeline: noGrace)[0].reasons == ["receipt.subscription_expired"])
    }

    @Test func asOfFromTheReceiptsRequestDate() throws {
        let p = try pipeline(policyYAML.replacingOccurrences(of: "grace_period: true", with: "as_of: request_date"))
        // request_date_ms is 2020-06-01; a subscription expiring in July 2020 was active then.
        #expect(try verdicts([record(inApp: "[\(sub("1", expires: 1_593_682_616_000))]")], pipeline: p)[0].reasons == [])
    }
}

@Suite struct ReplayTests {
    let coins = tx("coins", "1000000000000001")

    /// The same order and user again is a retry: valid, creditable again, marked `redelivery`.
    @Test func sameOrderIsARedeliveryOtherOrderOrUserIsReplayed() throws {
        let vs = try verdicts([
            record(order: "o-1", user: "u-1", inApp: "[\(coins)]"),
            record(order: "o-1", user: "u-1", inApp: "[\(coins)]"),
            record(order: "o-2", user: "u-1", inApp: "[\(coins)]"),
            record(order: "o-1", user: "u-2", inApp: "[\(coins)]"),
        ])
        #expect(vs.map(\.reasons) == [[], [], ["receipt.replayed_transaction"], ["receipt.replayed_transaction"]])
        #expect(vs.map { $0.receipt?.creditable.count } == [1, 1, 0, 0])
        #expect(vs[0].receipt?.creditable.first?.redelivery == nil)
        let again = try #require(vs[1].receipt?.creditable.first?.redelivery)
        #expect(again.via == "receipt")
        #expect(again.first == "record 1")
        #expect(again.run == nil)
        #expect(again.orderID == "o-1")
        #expect(again.userID == "u-1")
        #expect(
            vs[2].violations[0].message.en
                == "transaction_id 1000000000000001 was already credited to order o-1, user u-1: a replayed receipt")
    }

    @Test func originalTransactionLocksNonConsumablesAndSubscriptionsOnly() throws {
        let vs = try verdicts([
            record(order: "o-1", user: "u-1", inApp: "[\(tx("pro", "11", original: "10"))]"),
            record(order: "o-2", user: "u-2", inApp: "[\(tx("pro", "12", original: "10"))]"),
            record(order: "o-3", user: "u-1", inApp: "[\(tx("coins", "21", original: "20"))]"),
            record(order: "o-4", user: "u-2", inApp: "[\(tx("coins", "22", original: "20"))]"),
        ])
        #expect(vs.map(\.reasons) == [[], ["receipt.replayed_transaction"], [], []])
    }

    @Test func firstInInputOrderWinsWhateverTheWorkers() throws {
        var lines: [String] = []
        for i in 0..<3000 {
            let id = 1_000_000_000_000_000 + (i % 500)
            lines.append(record(order: "o-\(i % 700)", user: "u-\(i % 3)", inApp: "[\(tx("coins", String(id)))]"))
        }
        let path = TemporaryFiles.path("sift-replay-", ".jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        func run(_ workers: Int) throws -> [UInt8] {
            var out: [UInt8] = []
            let options = RunOptions(workers: workers, batchSize: 128, asOfMillis: asOf)
            _ = try BatchRunner(pipeline: pipeline(), options: options).run([.file(path)]) { out += $0 }
            return out
        }
        let one = try run(1), four = try run(4)
        #expect(one == four)
        let text = String(decoding: one, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 3000)
        #expect(text.split(separator: "\n").prefix(500).allSatisfy { $0.contains(#""valid":true"#) })
        #expect(
            text.split(separator: "\n").dropFirst(500).allSatisfy {
                $0.contains(#""redelivery":"#) || $0.contains("receipt.replayed_transaction")
            })
    }
}

@Suite struct ReceiptLoaderErrorTests {
    func errors(_ yaml: String) -> [String] {
        RulesLoader(registry: .builtIn()).load(text: yaml, file: "iap.yaml").diagnostics.map(\.headline)
    }

    @Test func mistakesInThePolicyAreLocated() {
        #expect(
            errors("receipt:\n  bundle_id: a\n  products:\n    x: consumabel\n    y: {type: auto_renewable, gruop: g}\n") == [
                "iap.yaml:4:8: error: 'x' in 'products' of 'receipt' should be one of consumable, non_consumable, auto_renewable, "
                    + "non_renewing, not the text 'consumabel'; did you mean 'consumable'?",
                "iap.yaml:5:31: error: unknown option 'gruop' for 'y' in 'products' of 'receipt'; did you mean 'group'? (options: type, "
                    + "group)",
            ])
        #expect(
            errors("receipt:\n  bundle_id: a\n  as_of: yesterday\n  products: {x: consumable}\n") == [
                "iap.yaml:3:10: error: 'as_of' of 'receipt' is now, request_date, an RFC 3339 time or epoch milliseconds, not 'yesterday'"
            ])
        #expect(
            errors("receipt:\n  products: {x: consumable}\n  environment: production\n") == [
                "iap.yaml:2:3: error: 'receipt' needs the option 'bundle_id' (Your app's bundle id, or a list.)",
                "iap.yaml:3:16: error: 'environment' of 'receipt' should be one of Production, Sandbox, not the text 'production'; did you "
                    + "mean 'Production'?",
            ])
    }
}

/// Each policy choice of issue 10 as an option, and every problem of a purchase reported.
@Suite struct ReceiptOptionTests {
    @Test func everyProblemOfAPurchaseIsReported() throws {
        let refunded = tx("gems", "1000000000000001", quantity: "\"0\"", extra: #","cancellation_date_ms":"1591004335844""#)
        let v = try verdicts([record(inApp: "[\(refunded)]")])[0]
        #expect(v.reasons == ["receipt.quantity", "receipt.product_unknown", "receipt.refunded"])
        #expect(creditable(v).hasSuffix(#""creditable":[]}"#))
    }

    @Test func missingOrMalformedPurchaseListsStopTheRecord() throws {
        let missing = #"{"order_id":"o","receipt":{"status":0,"environment":"Sandbox","receipt":{"bundle_id":"com.other"}}}"#
        #expect(try reasons(missing) == ["receipt.in_app_missing"])
        let nulled =
            #"{"order_id":"o","receipt":{"status":0,"environment":"Production","receipt":{"bundle_id":"com.example.app","in_app":null}}}"#
        #expect(try reasons(nulled) == ["receipt.in_app_missing"])
        // No environment or bundle reasons after a list that is not an array.
        #expect(try reasons(record(env: "Sandbox", bundle: "com.other", inApp: #""1""#)) == ["receipt.in_app_malformed"])
        // A malformed element does not stop the record: every problem is reported.
        #expect(
            try reasons(record(env: "Sandbox", bundle: "com.other", inApp: #"[1]"#))
                == ["receipt.environment", "receipt.bundle_id", "receipt.purchase_malformed"])
    }

    @Test func aTransactionTwiceInOneReceiptIsAReplayOfItself() throws {
        let t = tx("coins", "1000000000000001")
        let v = try verdicts([record(inApp: "[\(t),\(t)]")])[0]
        #expect(v.reasons == ["receipt.replayed_transaction"])
        #expect(v.violations[0].field == "receipt.receipt.in_app[1].transaction_id")
    }

    @Test func replayScopeEverySeenRemembersRefusedPurchases() throws {
        let t = tx("coins", "1000000000000001")
        let first = record(order: "o-1", user: "u-1", env: "Sandbox", inApp: "[\(t)]")  // refused: environment
        let second = record(order: "o-2", user: "u-2", inApp: "[\(t)]")
        #expect(try verdicts([first, second]).map(\.reasons) == [["receipt.environment"], []])
        let everySeen = try pipeline(policyYAML + "\n  replay: every_seen")
        #expect(
            try verdicts([first, second], pipeline: everySeen).map(\.reasons) == [
                ["receipt.environment"], ["receipt.replayed_transaction"],
            ])
    }

    @Test func replayOwnerAnyMakesARedeliveryAReplay() throws {
        let t = record(inApp: "[\(tx("coins", "1000000000000001"))]")
        let retried = try verdicts([t, t])
        #expect(retried.map(\.reasons) == [[], []])
        #expect(retried[1].receipt?.creditable.first?.redelivery?.orderID == "o-1")
        let strict = try pipeline(policyYAML + "\n  replay_owner: any")
        #expect(try verdicts([t, t], pipeline: strict).map(\.reasons) == [[], ["receipt.replayed_transaction"]])
    }

    @Test func latestReceiptInfoForExpiryOnly() throws {
        let latest = #","latest_receipt_info":[\#(tx("coins", "1000000000000009"))]"#
        let v = try verdicts([record(inApp: "[]", extra: latest)])[0]
        #expect(creditable(v).contains("1000000000000009"))
        let expiryOnly = try pipeline(policyYAML + "\n  latest_receipt_info: expiry_only")
        let w = try verdicts([record(inApp: "[]", extra: latest)], pipeline: expiryOnly)[0]
        #expect(w.reasons == [])
        #expect(creditable(w).hasSuffix(#""creditable":[]}"#))
        // Subscription expiry still comes from it, but only an in_app purchase is credited
        // (PolicyGapTests.expiryOnlyNeitherCreditsNorRegisters has the whole of it).
        let sub = #","latest_receipt_info":[\#(tx("monthly", "1000000000000010", extra: #","expires_date_ms":"1895000000000""#))]"#
        let older = tx("monthly", "1000000000000008", extra: #","expires_date_ms":"1595000000000""#)
        #expect(
            creditable(try verdicts([record(inApp: "[\(older)]", extra: sub)], pipeline: expiryOnly)[0])
                .contains(
                    #""transaction_id":"1000000000000008","original_transaction_id":"1000000000000008","quantity":1,"expires_ms":1595000000000"#
                ))
    }

    @Test func aSubscriptionWithoutExpiryIsExpiredByDefault() throws {
        let sub = record(inApp: "[\(tx("monthly", "1000000000000010"))]")
        #expect(try reasons(sub) == ["receipt.subscription_expired"])
        let strict = try pipeline(policyYAML + "\n  missing_expiry: malformed")
        #expect(try verdicts([sub], pipeline: strict)[0].reasons == ["receipt.value_malformed"])
        // -1 and far-future expiries parse.
        let past = record(inApp: "[\(tx("monthly", "1000000000000011", extra: #","expires_date_ms":"-1""#))]")
        #expect(try reasons(past) == ["receipt.subscription_expired"])
        let far = record(inApp: "[\(tx("monthly", "1000000000000012", extra: #","expires_date_ms":"99999999999999999999""#))]")
        #expect(try reasons(far) == [])
    }
}

@Suite struct RefundedPeriodTests {
    @Test func refundedPeriodsCountOnlyWhenThePolicySaysSo() throws {
        let expired = tx("monthly", "1000000000000020", original: "1000000000000020", extra: #","expires_date_ms":"1700000000000""#)
        let refunded = tx(
            "monthly", "1000000000000021", original: "1000000000000020",
            extra: #","expires_date_ms":"1995000000000","cancellation_date_ms":"1591004335844""#)
        let r = record(inApp: "[\(expired),\(refunded)]")
        // excluded (default): the refunded period does not keep the group active.
        let v = try verdicts([r])[0]
        #expect(v.reasons == ["receipt.refunded", "receipt.subscription_expired"])
        #expect(v.receipt?.creditable == [])
        // count: the group is active until the refunded period ends; the refund is still
        // reported and only the unrefunded purchase is credited.
        let counting = try pipeline(policyYAML + "\n  refunded_periods: count")
        let w = try verdicts([r], pipeline: counting)[0]
        #expect(w.reasons == ["receipt.refunded"])
        #expect(w.receipt?.creditable.map(\.transactionID) == ["1000000000000020"])
    }
}

@Suite struct AsOfRequestDateTests {
    /// With as_of: request_date and no request_date_ms, the problem is reported once per
    /// record, not once per subscription group.
    @Test func aMissingRequestDateIsReportedOnce() throws {
        let yaml = policyYAML.replacingOccurrences(of: "pass: non_renewing", with: "pass: { type: auto_renewable, group: other }")
        let p = try pipeline(yaml + "\n  as_of: request_date")
        let monthly = tx("monthly", "1000000000000030", extra: #","expires_date_ms":"1895000000000""#)
        let pass = tx("pass", "1000000000000031", extra: #","expires_date_ms":"1895000000000""#)
        let json =
            #"{"order_id":"o","user_id":"u","receipt":{"status":0,"environment":"Production","receipt":{"bundle_id":"com.example.app","#
            + #""in_app":[\#(monthly),\#(pass)]}}}"#
        #expect(try verdicts([json], pipeline: p)[0].reasons == ["receipt.value_malformed"])
    }
}

/// Stateful packs hosted through the actor session: shared by concurrent tasks, the time given per call.
@Suite struct RecordSessionTests {
    let asOfDate = Date(timeIntervalSince1970: Double(asOf) / 1000)

    @Test func concurrentTasksCreditEachTransactionOnce() async throws {
        let session = try RecordSession(pipeline: try pipeline())
        // 40 tasks deliver 10 distinct purchases, each 4 times, from different orders.
        let verdicts = await withTaskGroup(of: RecordVerdict.self) { group in
            for i in 0..<40 {
                let json = record(order: "o-\(i)", inApp: "[\(tx("coins", "10000000000000\(i % 10)"))]")
                group.addTask { await session.validate(json: json, asOf: asOfDate) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(verdicts.filter(\.isValid).count == 10)
        #expect(verdicts.filter { $0.reasons == ["receipt.replayed_transaction"] }.count == 30)
        try await session.finish()
    }

    @Test func aStreamOfRecordsGivesItsVerdictsInOrder() async throws {
        let session = try RecordSession(pipeline: try pipeline())
        let lines = [record(inApp: "[\(tx("coins", "1"))]"), "not json", record(order: "o-2", inApp: "[\(tx("coins", "1"))]")]
        let stream = AsyncStream<String> { c in
            for l in lines { c.yield(l) }
            c.finish()
        }
        var reasons: [[ReasonCode]] = []
        for try await v in session.verdicts(for: stream) { reasons.append(v.reasons) }
        #expect(reasons == [[], ["input.malformed_json"], ["receipt.replayed_transaction"]])
    }

    /// Records are read as their verdicts are taken: nothing is read ahead, and a reader that
    /// stops leaves the rest unread (and unsettled).
    @Test func aStreamIsReadOnlyAsItsVerdictsAreTaken() async throws {
        let session = try RecordSession(pipeline: try pipeline())
        let lines = CountedLines(lines: (0..<5).map { record(order: "o-\($0)", inApp: "[\(tx("coins", "\($0)"))]") })
        var verdicts = session.verdicts(for: lines).makeAsyncIterator()
        #expect(lines.read.value == 0)
        #expect(try await verdicts.next()?.isValid == true)
        #expect(lines.read.value == 1)
        #expect(try await verdicts.next()?.isValid == true)
        #expect(lines.read.value == 2)
    }
}

/// Lines that count how many were read.
struct CountedLines: AsyncSequence {
    final class Count: @unchecked Sendable { var value = 0 }
    let lines: [String]
    let read = Count()

    struct AsyncIterator: AsyncIteratorProtocol {
        let lines: [String]
        let read: Count
        mutating func next() async -> String? {
            guard read.value < lines.count else { return nil }
            read.value += 1
            return lines[read.value - 1]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(lines: lines, read: read) }
}
