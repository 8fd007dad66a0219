import SiftCore
import SiftReceipts
import SiftJSON
import SiftConfig

/// A compiled `app_store:` section: what a creditable signed transaction looks like.
struct AppStorePolicy: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        /// From the payload: `notificationType` is a notification, `transactionId` a transaction,
        /// `receiptType` an app transaction, `autoRenewStatus` or `autoRenewProductId` renewal info.
        case detect
        case transaction
        case renewal
        case notification
        case appTransaction = "app_transaction"
    }

    /// When `account_token_field` is checked.
    enum AccountToken: String, Sendable, CaseIterable {
        /// Every record must carry the field, and the transaction the same appAccountToken.
        case required
        /// Only records that carry the field are checked.
        case whenPresent = "when_present"
    }

    enum ValidationTime: String, Sendable, CaseIterable {
        /// The payload's `signedDate`, as Apple's library does offline: a token stays verifiable
        /// after its certificates expire, as long as they were valid when it was signed.
        case signedDate = "signed_date"
        /// The run's as-of time (`--as-of`, or now).
        case asOf = "as_of"
    }

    let field: FieldPath
    let kind: Kind
    let verifier: ChainVerifier
    let maxTokenBytes: Int
    let validationTime: ValidationTime
    let bundleIDs: Set<String>
    let environments: Set<String>
    let appAppleID: Int64?
    let products: [String: ProductRule]
    let graceSeconds: Int64
    let familySharedAccepted: Bool
    let accountTokenField: FieldPath?
    let accountToken: AccountToken
    let quantityMin: Int64
    let quantityMax: Int64?
    let storefronts: Set<String>?
    let transactionReasons: Set<String>?
    let upgradedAccepted: Bool
    let notificationTypes: Set<String>?
    /// The rules' `actions:` and `refund_types` (as `refund`), over the defaults.
    let actions: [String: NotificationAction]
    /// `paid_before_version`: app transactions bought before this version are paid buyers.
    let paidBeforeVersion: AppVersion?
    let orderField: FieldPath
    let userField: FieldPath
    let ledger: String?
    let replayOwner: ReceiptPolicy.ReplayOwner
    let replayKey: ReceiptPolicy.ReplayKey
    /// Nil: the run's as-of time.
    let asOfMillis: Int64?
    let rule: Mark

    /// Apple's `type` of a transaction, as `products:` names it.
    static let types: [String: ProductType] = [
        "Consumable": .consumable, "Non-Consumable": .nonConsumable, "Auto-Renewable Subscription": .autoRenewable,
        "Non-Renewing Subscription": .nonRenewing,
    ]

    static let allEnvironments = ["Production", "Sandbox", "Xcode", "LocalTesting"]
}
