import Foundation
import SiftCore
import SiftReceipts
import SwiftASN1
import X509

extension PluginRegistry {
    /// Registers the `app_store` section: App Store signed transactions, renewal info and
    /// Server Notifications V2 (JWS with an x5c chain to trusted roots).
    public mutating func registerAppStore() {
        register(AppStorePlugin.plugin)
    }
}

enum AppStorePlugin {
    static let productTypes = ProductType.allCases.map(\.rawValue)

    static let plugin = SectionPlugin(
        spec: PluginSpec(
            kind: "app_store",
            summary:
                "App Store signed data (StoreKit 2, App Store Server API, Server Notifications V2): x5c chain, ES256 signature, "
                + "bundle, environment, products, refunds, subscriptions and replays.",
            options: options,
            examples: [
                "app_store: {field: signed_transaction, roots: [keys/AppleRootCA-G3.cer], bundle_id: com.example.app, "
                    + "products: {com.example.coins: consumable}}"
            ]),
        make: { options, context in make(options, &context) })

    static let options: [PluginSpec.Option] = [
        PluginSpec.Option("field", .string, required: true, doc: "Record field with the signed data (a compact JWS)."),
        PluginSpec.Option(
            "kind", .choice(AppStorePolicy.Kind.allCases.map(\.rawValue)), default: .string("detect"),
            doc: "transaction, renewal or notification (signedPayload); detect: from the payload."),
        PluginSpec.Option(
            "roots", .oneOf([.string, .list(.string)]), required: true,
            doc: "Trusted root certificates (PEM or DER files beside the rules), usually Apple Root CA - G3. No network, no system store."),
        PluginSpec.Option(
            "max_token_bytes", .integer, default: .int(65536), doc: "Longest signed data decoded at all; longer is app_store.too_large."),
        PluginSpec.Option(
            "validation_time", .choice(AppStorePolicy.ValidationTime.allCases.map(\.rawValue)), default: .string("signed_date"),
            doc: "When the certificates must be valid: signed_date (the payload's, as Apple's library does offline) or as_of."),
        PluginSpec.Option(
            "as_of", .string, default: .string("now"),
            doc: "now (the run's as-of time) or a fixed RFC 3339 time or epoch ms: for subscription expiry (and validation_time: as_of)."),
        PluginSpec.Option("bundle_id", .oneOf([.string, .list(.string)]), required: true, doc: "Your app's bundle id, or a list."),
        PluginSpec.Option(
            "environment", .oneOf([.choice(AppStorePolicy.allEnvironments), .list(.choice(AppStorePolicy.allEnvironments))]),
            default: .string("Production"), doc: "Accepted environments: Production, Sandbox, Xcode, LocalTesting."),
        PluginSpec.Option("app_apple_id", .integer, doc: "Your app's Apple id: a Production notification's data.appAppleId must be it."),
        PluginSpec.Option(
            "products", .dictionary(.choice(productTypes)), required: true,
            doc:
                "The allowlist: product id -> consumable, non_consumable, auto_renewable or non_renewing (the transaction's type must agree)."
        ),
        PluginSpec.Option(
            "expiry_grace_seconds", .integer, default: .int(0), doc: "A subscription stays creditable this long after expiresDate."),
        PluginSpec.Option(
            "family_shared", .choice(["accept", "refuse"]), default: .string("accept"),
            doc: "inAppOwnershipType FAMILY_SHARED: accepted, or app_store.family_shared."),
        PluginSpec.Option(
            "account_token_field", .string,
            doc: "Record field with the signed-in user's UUID: appAccountToken must equal it (binds the purchase to the user)."),
        PluginSpec.Option("quantity_min", .integer, default: .int(1), doc: "Smallest quantity accepted."),
        PluginSpec.Option("quantity_max", .integer, doc: "Largest quantity accepted (default: no limit)."),
        PluginSpec.Option("storefronts", .list(.string), doc: "Accepted storefronts (ISO 3166-1 alpha-3: USA, CHN); default any."),
        PluginSpec.Option(
            "transaction_reasons", .list(.choice(["PURCHASE", "RENEWAL"])), doc: "Accepted transactionReason values; default any."),
        PluginSpec.Option(
            "upgraded", .choice(["refuse", "accept"]), default: .string("refuse"),
            doc: "isUpgraded true (replaced by a higher level): refused (app_store.upgraded) or accepted."),
        PluginSpec.Option(
            "notification_types", .list(.string), doc: "Accepted notificationType values (or TYPE.SUBTYPE); default any."),
        PluginSpec.Option(
            "refund_types", .list(.string),
            doc:
                "Notification types (or TYPE.SUBTYPE) that mark their transaction refunded in the claims, never credited again "
                + "(default REFUND, REVOKE)."),
        PluginSpec.Option("order_field", .string, default: .string("order_id"), doc: "Record field with the order id."),
        PluginSpec.Option("user_field", .string, default: .string("user_id"), doc: "Record field with the user id."),
        PluginSpec.Option(
            "ledger", .string, doc: "SQLite file of claims, shared with receipt: packs naming the same file (--ledger overrides)."),
        PluginSpec.Option(
            "replay_owner", .choice(ReceiptPolicy.ReplayOwner.allCases.map(\.rawValue)), default: .string("order_and_user"),
            doc: "As for receipt: order_and_user (a re-delivery is app_store.already_credited) or any."),
        PluginSpec.Option(
            "replay_key", .choice(ReceiptPolicy.ReplayKey.allCases.map(\.rawValue)), default: .string("transaction_and_original"),
            doc: "As for receipt: also bind originalTransactionId of non-consumables and subscriptions, or the transaction only."),
    ]

    static func make(_ options: PluginOptions, _ context: inout BuildContext) -> (any Stage)? {
        let before = context.diagnostics.errors.count
        let roots = loadRoots(options, &context)
        var asOf: Int64?
        if let t = options.string("as_of"), t != "now" {
            asOf = Int64(t) ?? CivilTime.rfc3339(t)
            if asOf == nil {
                context.error(
                    "'as_of' of 'app_store' is now, an RFC 3339 time or epoch milliseconds, not '\(t)'", at: options.mark("as_of"))
            }
        }
        for name in ["max_token_bytes", "quantity_min"] where (options.int(name) ?? 1) < 1 {
            context.error("'\(name)' must be at least 1, not \(options.int(name)!)", at: options.mark(name))
        }
        if let max = options.int("quantity_max"), max < (options.int("quantity_min") ?? 1) {
            context.error(
                "'quantity_max' (\(max)) is below 'quantity_min' (\(options.int("quantity_min") ?? 1))", at: options.mark("quantity_max"))
        }
        if (options.int("expiry_grace_seconds") ?? 0) < 0 {
            context.error("'expiry_grace_seconds' cannot be negative", at: options.mark("expiry_grace_seconds"))
        }
        guard let field = options.fieldPath("field", &context), context.diagnostics.errors.count == before else { return nil }
        var products: [String: ProductRule] = [:]
        for p in options.node("products")?.pairs ?? [] {
            guard let id = p.key.scalarText, let type = ProductType(rawValue: p.value.scalarText ?? "") else { continue }
            products[id] = ProductRule(type: type, group: id)
        }
        let policy = AppStorePolicy(
            field: field, kind: AppStorePolicy.Kind(rawValue: options.string("kind") ?? "") ?? .detect,
            verifier: ChainVerifier(roots: roots), maxTokenBytes: options.int("max_token_bytes") ?? 65536,
            validationTime: AppStorePolicy.ValidationTime(rawValue: options.string("validation_time") ?? "") ?? .signedDate,
            bundleIDs: Set(options.strings("bundle_id") ?? []), environments: Set(options.strings("environment") ?? ["Production"]),
            appAppleID: options.int("app_apple_id").map(Int64.init), products: products,
            graceSeconds: Int64(options.int("expiry_grace_seconds") ?? 0),
            familySharedAccepted: options.string("family_shared") != "refuse",
            accountTokenField: options.fieldPath("account_token_field", &context),
            quantityMin: Int64(options.int("quantity_min") ?? 1), quantityMax: options.int("quantity_max").map(Int64.init),
            storefronts: options.strings("storefronts").map(Set.init),
            transactionReasons: options.strings("transaction_reasons").map(Set.init),
            upgradedAccepted: options.string("upgraded") == "accept",
            notificationTypes: options.strings("notification_types").map(Set.init),
            refundTypes: Set(options.strings("refund_types") ?? ["REFUND", "REVOKE"]),
            orderField: options.fieldPath("order_field", &context) ?? FieldPath([.key("order_id")]),
            userField: options.fieldPath("user_field", &context) ?? FieldPath([.key("user_id")]),
            ledger: options.string("ledger").flatMap { ledger in
                context.overrides["ledger"] != nil
                    ? ledger : context.pathInsideRules(ledger, option: "ledger", flag: "--ledger", at: options.mark("ledger"))
            },
            replayOwner: ReceiptPolicy.ReplayOwner(rawValue: options.string("replay_owner") ?? "") ?? .orderAndUser,
            replayKey: ReceiptPolicy.ReplayKey(rawValue: options.string("replay_key") ?? "") ?? .transactionAndOriginal,
            asOfMillis: asOf, rule: options.mark)
        return AppStoreStage(policy: policy)
    }

    /// The trusted roots: each file inside the rules folder, PEM (one or more certificates)
    /// or DER; every problem reported, located at `roots`.
    static func loadRoots(_ options: PluginOptions, _ context: inout BuildContext) -> [Certificate] {
        var roots: [Certificate] = []
        let node = options.node("roots")
        let files = node?.items.map { $0.map { ($0.scalarText ?? "", $0.mark) } } ?? [(node?.scalarText ?? "", options.mark("roots"))]
        for (file, mark) in files where !file.isEmpty {
            guard let path = context.pathInsideRules(file, option: "root certificate", flag: nil, at: mark) else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                context.error("cannot read the root certificate '\(file)'", at: mark)
                continue
            }
            // Every certificate in the file must be read: one skipped would go unnoticed.
            guard let found = certificates(in: [UInt8](data)), !found.isEmpty else {
                context.error("'\(file)' holds no certificate (PEM or DER) that can be read", at: mark)
                continue
            }
            roots += found
        }
        if files.allSatisfy(\.0.isEmpty) {
            context.error(
                "'roots' names no certificate file: give the trusted roots, e.g. [keys/AppleRootCA-G3.cer]", at: options.mark("roots"))
        }
        return roots
    }

    /// The certificates of a PEM file (every block must be one) or of a DER file; nil when one cannot be read.
    static func certificates(in bytes: [UInt8]) -> [Certificate]? {
        if let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") {
            guard let docs = try? PEMDocument.parseMultiple(pemString: text) else { return nil }
            var out: [Certificate] = []
            for doc in docs {
                guard let c = try? Certificate(pemDocument: doc) else { return nil }
                out.append(c)
            }
            return out
        }
        return (try? Certificate(derEncoded: bytes)).map { [$0] }
    }
}
