import SiftCore

extension ReasonCode {
    /// The reason codes of `app_store:` (docs/APP-STORE.md). Each keeps its meaning forever; compare a
    /// verdict's codes with them (`violation.reason == ReasonCode.AppStore.signature`).
    public enum AppStore: Sendable {
        // Signed data: each stops the record (or the inner transaction of a notification).

        /// No JWS (text) at `field`, or an empty one.
        public static let tokenMissing: ReasonCode = "app_store.token_missing"
        /// Longer than `max_token_bytes`; not decoded at all.
        public static let tooLarge: ReasonCode = "app_store.too_large"
        /// Not three dot-separated parts.
        public static let malformedSegments: ReasonCode = "app_store.malformed_segments"
        /// A part is not base64url without padding (RFC 7515).
        public static let malformedBase64: ReasonCode = "app_store.malformed_base64"
        /// The header or payload is not a JSON object, or names a key twice.
        public static let malformedJson: ReasonCode = "app_store.malformed_json"
        /// `alg` is not ES256 (`none`, HS256, RS256, ...).
        public static let algorithm: ReasonCode = "app_store.algorithm"
        /// The header carries `jwk`, `jku` or `x5u`: keys are taken from the x5c chain only.
        public static let headerKey: ReasonCode = "app_store.header_key"
        /// `x5c` is not exactly three base64 DER certificates.
        public static let x5c: ReasonCode = "app_store.x5c"
        /// The leaf lacks 1.2.840.113635.100.6.11.1 or the intermediate 1.2.840.113635.100.6.2.1.
        public static let certificateOid: ReasonCode = "app_store.certificate_oid"
        /// A certificate of the chain is not valid at the verification time (`validation_time`).
        public static let certificateExpired: ReasonCode = "app_store.certificate_expired"
        /// The chain does not verify to one of the trusted roots (signatures, CA flags, key usage, names).
        public static let chain: ReasonCode = "app_store.chain"
        /// The ES256 signature (raw r||s, 64 bytes) does not verify with the leaf's key.
        public static let signature: ReasonCode = "app_store.signature"

        // Claims of a verified transaction: every one that fails is reported.

        /// A claim is missing or not of its type (`field` names it).
        public static let claimMalformed: ReasonCode = "app_store.claim_malformed"
        /// `bundleId` is not one of `bundle_id`.
        public static let bundleId: ReasonCode = "app_store.bundle_id"
        /// `environment` is not accepted.
        public static let environment: ReasonCode = "app_store.environment"
        /// A notification's `data.appAppleId` differs from `app_apple_id` (Production).
        public static let appAppleId: ReasonCode = "app_store.app_apple_id"
        /// `productId` is not in `products`.
        public static let productUnknown: ReasonCode = "app_store.product_unknown"
        /// The transaction's `type` is not the product's declared type.
        public static let productType: ReasonCode = "app_store.product_type"
        /// `revocationDate` is set (refunded or revoked), or a REFUND / REVOKE notification marked it.
        public static let refunded: ReasonCode = "app_store.refunded"
        /// A subscription whose `expiresDate` (plus `expiry_grace_seconds`) is not after the as-of time.
        public static let subscriptionExpired: ReasonCode = "app_store.subscription_expired"
        /// `inAppOwnershipType` is FAMILY_SHARED and `family_shared: refuse`.
        public static let familyShared: ReasonCode = "app_store.family_shared"
        /// `appAccountToken` differs from the record's `account_token_field` (or is missing).
        public static let accountToken: ReasonCode = "app_store.account_token"
        /// `quantity` outside `quantity: {min, max}`.
        public static let quantity: ReasonCode = "app_store.quantity"
        /// `storefront` not in `storefronts`.
        public static let storefront: ReasonCode = "app_store.storefront"
        /// `transactionReason` not in `transaction_reasons`.
        public static let transactionReason: ReasonCode = "app_store.transaction_reason"
        /// `isUpgraded` is true: the subscription was replaced by a higher level (`upgraded: refuse`).
        public static let upgraded: ReasonCode = "app_store.upgraded"
        /// The transaction was credited before to another order or user (or, with `replay_owner: any`, to
        /// anyone): through `app_store:` or through `receipt:` sharing the ledger.
        public static let replayedTransaction: ReasonCode = "app_store.replayed_transaction"
        /// Retired in 0.10.0, never reported since: the same buyer again is valid and creditable,
        /// marked `redelivery` in the result (CHANGELOG.md).
        public static let alreadyCredited: ReasonCode = "app_store.already_credited"

        // Notifications (App Store Server Notifications V2).

        /// `notificationType` (or `TYPE.SUBTYPE`) not in `notification_types`.
        public static let notificationType: ReasonCode = "app_store.notification_type"
        /// `notificationUUID` seen before, in this run or in the ledger.
        public static let notificationDuplicate: ReasonCode = "app_store.notification_duplicate"
        /// The inner signed transaction or renewal names another bundle or environment than `data`.
        public static let innerMismatch: ReasonCode = "app_store.inner_mismatch"
    }
}
