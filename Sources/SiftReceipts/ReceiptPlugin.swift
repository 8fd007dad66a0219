import Foundation
import SiftCore
import SiftJSON

extension PluginRegistry {
    /// Registers the `receipt` section: Apple in-app purchase receipt policy checks.
    public mutating func registerReceipts() {
        register(ReceiptPlugin.plugin)
        keyClaims = ReplaySettler.keyClaims
    }
}

enum ReceiptPlugin {
    static let productSpec: [PluginSpec.Option] = [
        PluginSpec.Option(
            "type", .choice(ProductType.allCases.map(\.rawValue)), required: true,
            doc: "consumable, non_consumable, auto_renewable or non_renewing."),
        PluginSpec.Option("group", .string, doc: "Subscription group: products in one group share an expiry (default: the product id)."),
    ]

    static let plugin = SectionPlugin(
        spec: PluginSpec(
            kind: "receipt",
            summary: "Apple verifyReceipt responses: status, environment, bundle id, products, refunds, subscriptions and replays.",
            options: [
                PluginSpec.Option("field", .string, doc: "Path of the verifyReceipt response in the record (default: the record itself)."),
                PluginSpec.Option("order_field", .string, default: .string("order_id"), doc: "Record field with the order id."),
                PluginSpec.Option("user_field", .string, default: .string("user_id"), doc: "Record field with the user id."),
                PluginSpec.Option(
                    "transaction_field", .string,
                    doc: "Record field naming the one transaction this order is for; others in the receipt are not credited."),
                PluginSpec.Option(
                    "environment", .oneOf([.choice(["Production", "Sandbox"]), .list(.choice(["Production", "Sandbox"]))]),
                    default: .string("Production"), doc: "Accepted environments."),
                PluginSpec.Option(
                    "sandbox_users", .list(.string),
                    doc: "User ids allowed to use sandbox receipts where Sandbox is not accepted (App Review)."),
                PluginSpec.Option("bundle_id", .oneOf([.string, .list(.string)]), required: true, doc: "Your app's bundle id, or a list."),
                PluginSpec.Option(
                    "products", .dictionary(.oneOf([.choice(ProductType.allCases.map(\.rawValue)), .object(productSpec)])),
                    required: true, doc: "The allowlist: product id -> type, or {type, group}."),
                PluginSpec.Option(
                    "as_of", .string, default: .string("now"),
                    doc: "now (the run's as-of time), request_date (the receipt's), or a fixed RFC 3339 time or epoch ms."),
                PluginSpec.Option(
                    "grace_period", .boolean, default: .bool(false), doc: "Count grace_period_expires_date_ms from pending_renewal_info."),
                PluginSpec.Option("ledger", .string, doc: "SQLite file that carries replay detection across runs (--ledger overrides)."),
                PluginSpec.Option(
                    "replay", .choice(ReceiptPolicy.ReplayScope.allCases.map(\.rawValue)), default: .string("credited"),
                    doc:
                        "credited: remember credited transactions only; "
                        + "every_seen: every well-formed purchase of every record with status 0."
                ),
                PluginSpec.Option(
                    "replay_owner", .choice(ReceiptPolicy.ReplayOwner.allCases.map(\.rawValue)), default: .string("order_and_user"),
                    doc:
                        "order_and_user: the same order and user sending a transaction again get it creditable again, marked "
                        + "redelivery (a retry gets the first answer); any: every reuse is a replay, a retry too."
                ),
                PluginSpec.Option(
                    "replay_key", .choice(ReceiptPolicy.ReplayKey.allCases.map(\.rawValue)), default: .string("transaction_and_original"),
                    doc:
                        "transaction_and_original: a non-consumable or subscription is also bound by its original transaction id "
                        + "(a restore or family sharing on another account is a replay); transaction: by its transaction id only."
                ),
                PluginSpec.Option(
                    "transaction_id_format", .choice(ReceiptPolicy.TransactionIDFormat.allCases.map(\.rawValue)),
                    default: .string("decimal"),
                    doc:
                        "decimal: ids are decimal digits, as the App Store sends them; any_text: any text of 1 to 256 bytes "
                        + "(masked or test ids). Ids are compared as written (\"0123\" is not \"123\")."
                ),
                PluginSpec.Option(
                    "latest_receipt_info", .choice(ReceiptPolicy.LatestReceiptInfoUse.allCases.map(\.rawValue)), default: .string("all"),
                    doc: "all: its purchases are credited like in_app's; expiry_only: read only for subscription expiry."),
                PluginSpec.Option(
                    "missing_expiry", .choice(ReceiptPolicy.MissingExpiry.allCases.map(\.rawValue)), default: .string("expired"),
                    doc:
                        "A subscription purchase without expires_date_ms: expired (receipt.subscription_expired) or malformed "
                        + "(receipt.value_malformed)."
                ),
                PluginSpec.Option(
                    "refunded_periods", .choice(["excluded", "count"]), default: .string("excluded"),
                    doc:
                        "excluded: a refunded subscription period does not extend its group's expiry; "
                        + "count: it still does (the refund is reported either way)."
                ),
                PluginSpec.Option(
                    "malformed_purchases", .choice(ReceiptPolicy.MalformedPurchases.allCases.map(\.rawValue)),
                    default: .string("not_creditable"),
                    doc:
                        "A purchase list with an element that is not an object (receipt.purchase_malformed): not_creditable: "
                        + "its good purchases are looked up for replays, neither claimed nor credited (sent again without the "
                        + "bad element, they are credited); credit_others: they are credited."
                ),
                PluginSpec.Option(
                    "environment_fallback", .choice(["none", "receipt_type"]), default: .string("none"),
                    doc:
                        "none: a response without environment is receipt.environment_missing; "
                        + "receipt_type: read it from receipt.receipt_type."
                ),
            ],
            examples: ["receipt: {field: receipt, bundle_id: com.example.app, products: {com.example.coins: consumable}}"]),
        make: { options, context in make(options, &context) })

    static func make(_ options: PluginOptions, _ context: inout BuildContext) -> (any Stage)? {
        func path(_ name: String) -> FieldPath? { options.fieldPath(name, &context) }
        var products: [String: ProductRule] = [:]
        for p in options.node("products")?.pairs ?? [] {
            guard let id = p.key.scalarText else { continue }
            let typeText = p.value.scalarText ?? p.value["type"]?.scalarText ?? ""
            guard let type = ProductType(rawValue: typeText) else { continue }
            products[id] = ProductRule(type: type, group: p.value["group"]?.scalarText ?? id)
        }
        var asOf = ReceiptPolicy.AsOf.run
        switch options.string("as_of") ?? "now" {
        case "now": asOf = .run
        case "request_date": asOf = .requestDate
        case let t:
            if let ms = Int64(t) {
                asOf = .fixed(ms)
            } else if let ms = CivilTime.rfc3339(t) {
                asOf = .fixed(ms)
            } else {
                context.error(
                    ReceiptsMessages.receiptNowRequestDateRfc(["t": "\(t)"]),
                    at: options.mark("as_of"))
                return nil
            }
        }
        let policy = ReceiptPolicy(
            response: path("field"), orderField: path("order_field") ?? FieldPath([.key("order_id")]),
            userField: path("user_field") ?? FieldPath([.key("user_id")]), transactionField: path("transaction_field"),
            environments: Set(options.strings("environment") ?? ["Production"]),
            sandboxUsers: Set(options.strings("sandbox_users") ?? []), bundleIDs: Set(options.strings("bundle_id") ?? []),
            products: products, asOf: asOf, grace: options.bool("grace_period") ?? false,
            ledger: RuleFileLedger.resolve(options, &context),
            replay: ReceiptPolicy.ReplayScope(rawValue: options.string("replay") ?? "") ?? .credited,
            replayOwner: ReceiptPolicy.ReplayOwner(rawValue: options.string("replay_owner") ?? "") ?? .orderAndUser,
            latestReceiptInfo: ReceiptPolicy.LatestReceiptInfoUse(rawValue: options.string("latest_receipt_info") ?? "") ?? .all,
            missingExpiry: ReceiptPolicy.MissingExpiry(rawValue: options.string("missing_expiry") ?? "") ?? .expired,
            environmentFromReceiptType: options.string("environment_fallback") == "receipt_type",
            refundedPeriodsCount: options.string("refunded_periods") == "count",
            malformedPurchases: ReceiptPolicy.MalformedPurchases(rawValue: options.string("malformed_purchases") ?? "") ?? .notCreditable,
            replayKey: ReceiptPolicy.ReplayKey(rawValue: options.string("replay_key") ?? "") ?? .transactionAndOriginal,
            transactionIDFormat: ReceiptPolicy.TransactionIDFormat(rawValue: options.string("transaction_id_format") ?? "") ?? .decimal,
            rule: options.mark)
        return ReceiptStage(policy: policy)
    }
}
