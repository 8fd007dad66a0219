import Foundation
import Sift
@testable import SiftCore
import SiftTesting
import Testing

/// The `record:` section: how many fields of a group are given, fields that require others,
/// closed records with nested objects and arrays, and every mistake located.
@Suite struct RecordConstraintTests {
    static let yaml = """
        pack: orders
        fields:
          order_id: [{type: string}]
          shipping.city: {required: false, checks: [{type: string}]}
          items[*].sku: {required: false, checks: [{type: string}]}
          items[*].qty: {required: false, checks: [{type: integer}]}
        record:
          exactly_one_of: [card, wallet]
          at_least_one_of: [email, phone]
          at_most_one_of: [[coupon, voucher], [gift_to, gift_card]]
          requires: {coupon: [coupon_source], gift_to: gift_note}
          fields: closed
          allowed: [trace_id, meta]
        """

    func reasons(_ json: String, _ yaml: String = Self.yaml) throws -> [String] {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let verdict = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8))
        return verdict.violations.map { "\($0.field) \($0.reason): \($0.message.en)" }
    }

    @Test func aRecordThatKeepsEveryConstraintIsValid() throws {
        let ok =
            #"{"order_id":"o-1","card":"4111","email":"a@b.c","coupon":"X","coupon_source":"ad","trace_id":7,"#
            + #""meta":{"anything":[1,{"goes":true}]},"shipping":{"city":"Paris"},"items":[{"sku":"A","qty":1},{"sku":"B"}]}"#
        #expect(try reasons(ok) == [])
    }

    @Test func eachConstraintHasItsReasonAndWords() throws {
        let bad =
            #"{"order_id":"o-1","card":"4111","wallet":"pay","coupon":"X","voucher":"V","gift_to":"u","#
            + #""shipping":{"city":"Paris","adress":"1 rue"},"items":[{"sku":"A","qtty":1}],"order_di":2}"#
        #expect(
            try reasons(bad) == [
                "card, wallet record.exactly_one_of: exactly one of card, wallet must be given; 2 are: card, wallet",
                "email, phone record.at_least_one_of: at least one of email, phone must be given; none is",
                "coupon, voucher record.at_most_one_of: at most one of coupon, voucher may be given; 2 are: coupon, voucher",
                "coupon_source record.requires: is required when coupon is given",
                "gift_note record.requires: is required when gift_to is given",
                "shipping.adress record.unknown_field: is not a field this pack names",
                "items[0].qtty record.unknown_field: is not a field this pack names; did you mean 'qty'?",
                "order_di record.unknown_field: is not a field this pack names; did you mean 'order_id'?",
            ])
        #expect(
            try reasons(#"{"order_id":"o","email":"e","card":null,"wallet":null}"#)
                == ["card, wallet record.exactly_one_of: exactly one of card, wallet must be given; none is"])
        // With `null: value`, a null field is given.
        let nullIsValue = "null: value\nfields:\n  a: [{type: string}]\nrecord:\n  exactly_one_of: [card, wallet]\n"
        #expect(try reasons(#"{"a":"x","card":null}"#, nullIsValue) == [])
    }

    /// A field a condition reads is a field the pack names.
    @Test func aClosedRecordAllowsWhatConditionsRead() throws {
        let yaml = """
            fields:
              phone: {required: {when: {field: sms_opt_in, enum: [true]}}, checks: [{type: string}]}
              items[*].code: [{when: {field: .kind, enum: [coupon]}, then: {type: string}}]
            record: {fields: closed}
            """
        #expect(try reasons(#"{"sms_opt_in":false,"items":[{"code":"A","kind":"coupon"}]}"#, yaml) == [])
        #expect(
            try reasons(#"{"sms_optin":false,"items":[{"code":"A","knd":1}]}"#, yaml) == [
                "sms_optin record.unknown_field: is not a field this pack names; did you mean 'sms_opt_in'?",
                "items[0].knd record.unknown_field: is not a field this pack names; did you mean 'kind'?",
            ])
    }

    @Test func inChinese() throws {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        let v = try Session(pipeline: p, asOfMillis: 0).validate(
            json: Array(#"{"order_id":"o","order_di":1,"card":"c","wallet":"w"}"#.utf8))
        #expect(
            v.violations.map(\.message.zh) == [
                "card、wallet 必须且只能填写一个；填写了 2 个：card、wallet", "email、phone 至少填写一个；一个也没有",
                "不是此规则包列出的字段；是否想写 'order_id'？",
            ])
    }

    @Test func mistakesAreLocated() {
        let yaml = """
            fields:
              a: [{type: string}]
            record:
              exactly_one_of: [a]
              at_least_one_of: email
              at_most_one_of: [[x, y], ['items[*].a', b]]
              requires: [coupon]
              fields: shut
              alowed: [z]
            """
        #expect(
            RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").diagnostics.map(\.headline) == [
                "r.yaml:4:19: error: 'exactly_one_of' needs two fields or more; one field is 'required'",
                "r.yaml:5:20: error: 'at_least_one_of' is a list of fields, such as [email, phone], not the text 'email'",
                "r.yaml:6:29: error: 'at_most_one_of' names fields of the record, not of each element: 'items[*].a' has '[*]'",
                "r.yaml:7:13: error: 'requires' maps a field to the fields it makes required, such as {coupon: [coupon_source]}, "
                    + "not a list",
                "r.yaml:8:11: error: 'fields' of 'record' is 'open' or 'closed', not 'shut'",
                "r.yaml:9:3: error: unknown key 'alowed' in 'record'; did you mean 'allowed'? (keys: exactly_one_of, at_least_one_of, "
                    + "at_most_one_of, requires, fields, allowed)",
            ])
        let twice = RulesLoader(registry: .builtIn()).load(text: "record:\n  at_most_one_of: [a, b, a]\n", file: "r.yaml")
        #expect(twice.diagnostics.map(\.headline) == ["r.yaml:2:19: error: 'at_most_one_of' names 'a' twice"])
        let open = RulesLoader(registry: .builtIn()).load(text: "record:\n  allowed: [z]\n  at_least_one_of: [a, b]\n", file: "r.yaml")
        #expect(
            open.diagnostics.map(\.headline) == [
                "r.yaml:2:12: error: 'allowed' names the keys a closed record may have besides its fields: add 'fields: closed'"
            ])
    }

    @Test func explainSaysEachConstraint() throws {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        let record = try #require(p.packs[0].stages.compactMap { $0 as? RecordStage }.first)
        #expect(
            record.explain(.en) == """
                record: exactly one of card, wallet [record.exactly_one_of] (r.yaml:8:19)
                record: at least one of email, phone [record.at_least_one_of] (r.yaml:9:20)
                record: at most one of coupon, voucher [record.at_most_one_of] (r.yaml:10:20)
                record: at most one of gift_to, gift_card [record.at_most_one_of] (r.yaml:10:39)
                record: when coupon is given, coupon_source must be too [record.requires] (r.yaml:11:14)
                record: when gift_to is given, gift_note must be too [record.requires] (r.yaml:11:39)
                record: closed: only the fields this pack names, and allowed: trace_id, meta [record.unknown_field] (r.yaml:12:11)
                """)
    }

    /// A null or missing container of a group's fields is one reason (issue 60, smaller items):
    /// `payment.required`, not also `record.exactly_one_of`.
    @Test func aMissingContainerOfAGroupIsOneReason() throws {
        let yaml = "pack: p\nfields:\n  payment: [{type: object}]\nrecord:\n  exactly_one_of: [payment.card, payment.wallet]\n"
        #expect(try reasons(#"{"payment":null}"#, yaml) == ["payment payment.required: is required but null"])
        #expect(try reasons(#"{}"#, yaml) == ["payment payment.required: is required but missing"])
        #expect(
            try reasons(#"{"payment":{}}"#, yaml) == [
                "payment.card, payment.wallet record.exactly_one_of: exactly one of payment.card, payment.wallet must be given; none is"
            ])
    }
}
