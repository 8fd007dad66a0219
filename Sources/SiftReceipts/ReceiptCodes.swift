import SiftCore

extension ReasonCode {
    /// The reason codes of `receipt:` (docs/RECEIPTS.md). Each keeps its meaning forever; compare a
    /// verdict's codes with them (`violation.reason == ReasonCode.Receipt.replayedTransaction`).
    public enum Receipt: Sendable {
        /// Retired in 0.10.0, never reported since: a purchase sent again by the same order and user
        /// is valid and creditable, marked `redelivery` in the result (CHANGELOG.md).
        public static let alreadyCredited: ReasonCode = "receipt.already_credited"
        /// A receipt of another app.
        public static let bundleId: ReasonCode = "receipt.bundle_id"
        /// Environment not accepted (and the user is not a sandbox user).
        public static let environment: ReasonCode = "receipt.environment"
        /// The response has no text `environment` (and `environment_fallback` is `none`, or `receipt_type` is missing
        /// too).
        public static let environmentMissing: ReasonCode = "receipt.environment_missing"
        /// `in_app` / `latest_receipt_info` is not an array; stops the record. (Before 0.9 also an element that
        /// is not an object: that is `purchaseMalformed` now.)
        public static let inAppMalformed: ReasonCode = "receipt.in_app_malformed"
        /// The receipt has no `in_app` array (absent or null); stops the record.
        public static let inAppMissing: ReasonCode = "receipt.in_app_missing"
        /// The record has no verifyReceipt response (object) at `field`.
        public static let missing: ReasonCode = "receipt.missing"
        /// A non-consumable or auto-renewable purchase without a text `original_transaction_id`, under
        /// `replay_key: transaction_and_original` (the id that binds it to one user): not credited, not claimed,
        /// still looked up for replays by its transaction id. (Before 0.9 such a purchase was credited unbound.)
        public static let originalTransactionIdMissing: ReasonCode = "receipt.original_transaction_id_missing"
        /// An element of `in_app` / `latest_receipt_info` that is not an object (the field gives its index). The
        /// other purchases are still checked and claimed; `malformed_purchases` says whether they are credited.
        public static let purchaseMalformed: ReasonCode = "receipt.purchase_malformed"
        /// A product not in the allowlist.
        public static let productUnknown: ReasonCode = "receipt.product_unknown"
        /// Quantity below 1 (`"0"`, `"-1"`).
        public static let quantity: ReasonCode = "receipt.quantity"
        /// Quantity missing, or not a whole number (`"x"`, `"1.5"`).
        public static let quantityMalformed: ReasonCode = "receipt.quantity_malformed"
        /// Status 0 but no `receipt` object.
        public static let receiptMissing: ReasonCode = "receipt.receipt_missing"
        /// `cancellation_date_ms` is set: refunded or revoked; `cancellation_reason` is reported.
        public static let refunded: ReasonCode = "receipt.refunded"
        /// The transaction (or, for non-consumables and subscriptions, its original transaction) was credited to
        /// another order or user (or, with `replay_owner: any`, to anyone; with `replay: every_seen`, shown before);
        /// or it appears twice in one `in_app`.
        public static let replayedTransaction: ReasonCode = "receipt.replayed_transaction"
        /// 21010.
        public static let statusAccountNotFound: ReasonCode = "receipt.status.account_not_found"
        /// 21002, retryable.
        public static let statusDataMalformed: ReasonCode = "receipt.status.data_malformed"
        /// 21100–21199; retryable as `is-retryable` says (default yes).
        public static let statusInternalDataAccessError: ReasonCode = "receipt.status.internal_data_access_error"
        /// 21009, retryable.
        public static let statusInternalError: ReasonCode = "receipt.status.internal_error"
        /// 21003.
        public static let statusNotAuthenticated: ReasonCode = "receipt.status.not_authenticated"
        /// 21008: verify it against production instead.
        public static let statusProductionReceiptInSandbox: ReasonCode = "receipt.status.production_receipt_in_sandbox"
        /// 21000.
        public static let statusRequestMalformed: ReasonCode = "receipt.status.request_malformed"
        /// 21001: no longer sent by the App Store, so the response is not a real answer.
        public static let statusRetired: ReasonCode = "receipt.status.retired"
        /// 21007: verify it against the sandbox instead.
        public static let statusSandboxReceiptInProduction: ReasonCode = "receipt.status.sandbox_receipt_in_production"
        /// 21005, retryable.
        public static let statusServerUnavailable: ReasonCode = "receipt.status.server_unavailable"
        /// 21004.
        public static let statusSharedSecretMismatch: ReasonCode = "receipt.status.shared_secret_mismatch"
        /// 21006.
        public static let statusSubscriptionExpired: ReasonCode = "receipt.status.subscription_expired"
        /// Any other non-zero status.
        public static let statusUnknown: ReasonCode = "receipt.status.unknown"
        /// `status` is not a JSON number (e.g. the string `"0"`).
        public static let statusMalformed: ReasonCode = "receipt.status_malformed"
        /// The response has no `status`.
        public static let statusMissing: ReasonCode = "receipt.status_missing"
        /// The group's latest expiry (or grace period) is not after the as-of time.
        public static let subscriptionExpired: ReasonCode = "receipt.subscription_expired"
        /// A (original) transaction id that is missing or not in `transaction_id_format`: not a decimal string
        /// (e.g. masked `10***4780`) by default; with `any_text`, empty or longer than 256 bytes.
        public static let transactionId: ReasonCode = "receipt.transaction_id"
        /// A date or boolean that cannot be parsed, or a subscription without `expires_date_ms`. A value that is
        /// present but unreadable (`"12.5"`, `"soon"`, `[]`) is always this code, never treated as absent. Whole
        /// numbers beyond 64 bits (`"9999999999999999999"`) are read as dates far in the future (or past), not as
        /// errors: such a `cancellation_date_ms` is a refund.
        public static let valueMalformed: ReasonCode = "receipt.value_malformed"
    }
}
