import SiftCore
import SiftReceipts

extension AppStorePlugin {
    static let options: [PluginSpec.Option] = [
        PluginSpec.Option(
            "field", .string, required: true,
            doc: "Record field with the signed data (a compact JWS); with [*], every element of an API response (signedTransactions[*])."),
        PluginSpec.Option(
            "kind", .choice(AppStorePolicy.Kind.allCases.map(\.rawValue)), default: .string("detect"),
            doc: "transaction, renewal, notification (signedPayload) or app_transaction; detect: from the payload."),
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
        PluginSpec.Option(
            "account_token", .choice(AppStorePolicy.AccountToken.allCases.map(\.rawValue)), default: .string("required"),
            doc: "required: every record carries account_token_field; when_present: records without it are not checked."),
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
                "More notification types (or TYPE.SUBTYPE) that mark their transaction refunded in the claims, never credited "
                + "again (REFUND and REVOKE do by default): the same as actions: {TYPE: refund}."),
        PluginSpec.Option(
            "actions", .dictionary(.choice(NotificationAction.allCases.map(\.rawValue))),
            doc:
                "What a notification type (or TYPE.SUBTYPE) means for the server: credit, keep, revoke, refund, restore or inform "
                + "(defaults from Apple's documentation, docs/APP-STORE.md)."),
        PluginSpec.Option(
            "paid_before_version", .string,
            doc:
                "App transactions whose originalApplicationVersion is before this one (compared number by number) are paid buyers "
                + "(paid_buyer: true). It is the build number (CFBundleVersion) except on macOS, and always 1.0 in the sandbox."),
        PluginSpec.Option("order_field", .string, default: .string("order_id"), doc: "Record field with the order id."),
        PluginSpec.Option("user_field", .string, default: .string("user_id"), doc: "Record field with the user id."),
        PluginSpec.Option(
            "ledger", .string, doc: "SQLite file of claims, shared with receipt: packs naming the same file (--ledger overrides)."),
        PluginSpec.Option(
            "replay_owner", .choice(ReceiptPolicy.ReplayOwner.allCases.map(\.rawValue)), default: .string("order_and_user"),
            doc: "As for receipt: order_and_user (the same buyer again is creditable, marked redelivery) or any."),
        PluginSpec.Option(
            "replay_key", .choice(ReceiptPolicy.ReplayKey.allCases.map(\.rawValue)), default: .string("transaction_and_original"),
            doc: "As for receipt: also bind originalTransactionId of non-consumables and subscriptions, or the transaction only."),
    ]
}
