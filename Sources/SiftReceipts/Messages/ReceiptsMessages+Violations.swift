import SiftMessages

/// What a verifyReceipt response's checks say in a result line, in English and Chinese side by side.
extension ReceiptsMessages {
    // The response.
    static let missing = MessageTemplate(
        "receipts.violation.missing", en: "the record holds no verifyReceipt response here", zh: "记录中此处没有 verifyReceipt 响应")
    static let receiptMissing = MessageTemplate(
        "receipts.violation.receipt_missing", en: "status is 0 but the response has no receipt object", zh: "状态为 0 但响应中没有 receipt 对象")
    static let statusMissing = MessageTemplate("receipts.violation.status_missing", en: "the response has no status", zh: "响应缺少 status")
    static let statusMalformed = MessageTemplate(
        "receipts.violation.status_malformed", en: "status must be a number, as Apple sends it", zh: "status 必须是数字")
    static let environmentMissing = MessageTemplate(
        "receipts.violation.environment_missing", en: "the response says no environment (text)", zh: "响应中没有 environment（文本）")
    static let environmentNorType = MessageTemplate(
        "receipts.violation.environment_nor_type", en: "the response says neither environment nor receipt_type",
        zh: "响应中既没有 environment 也没有 receipt_type")
    static let environment = MessageTemplate(
        "receipts.violation.environment", en: "the receipt is from {env}; accepted: {accepted}", zh: "收据环境为 {env}，允许的环境：{accepted}")
    static let bundle = MessageTemplate(
        "receipts.violation.bundle", en: "the receipt is for another app; expected {bundles}", zh: "收据属于其他应用；应为 {bundles}")

    // Its purchases.
    static let twiceInApp = MessageTemplate(
        "receipts.violation.twice_in_app", en: "transaction {id} appears twice in in_app: a replayed purchase",
        zh: "交易 {id} 在 in_app 中出现两次：重放的购买")
    static let productUnknown = MessageTemplate(
        "receipts.violation.product_unknown", en: "product {product} is not in the allowlist", zh: "商品 {product} 不在允许列表中")
    static let originalMissing = MessageTemplate(
        "receipts.violation.original_missing",
        en: "original_transaction_id is missing or not text; it binds this {type} purchase to one user",
        zh: "缺少 original_transaction_id 或不是文本；它用于把此 {type} 购买绑定到一个用户")
    static let refunded = MessageTemplate(
        "receipts.violation.refunded", en: "transaction {id} was refunded or revoked at {at} (cancellation_reason {code}: {why})",
        zh: "交易 {id} 已于 {at} 退款或撤销（原因 {code}：{why}）")
    static let whyApp = MessageTemplate("receipts.cancellation.app", en: "an issue in the app", zh: "应用内问题")
    static let whyOther = MessageTemplate("receipts.cancellation.other", en: "another reason", zh: "其他原因")
    static let whyNone = MessageTemplate("receipts.cancellation.none", en: "no reason given", zh: "未说明原因")
    static let absent = MessageTemplate("receipts.cancellation.absent", en: "absent", zh: "无")
    static let inAppMissing = MessageTemplate(
        "receipts.violation.in_app_missing", en: "the receipt has no in_app array", zh: "收据中没有 in_app 数组")
    static let inAppMalformed = MessageTemplate(
        "receipts.violation.in_app_malformed", en: "must be an array of transactions, not {kind}", zh: "应为交易数组，实际为{kind}")
    static let purchaseMalformed = MessageTemplate(
        "receipts.violation.purchase_malformed", en: "a purchase must be an object, not {kind}", zh: "购买记录应为对象，实际为{kind}")
    static let productIDMissing = MessageTemplate(
        "receipts.violation.product_id_missing", en: "product_id is missing or not text", zh: "缺少 product_id 或不是文本")
    static let idDecimal = MessageTemplate(
        "receipts.violation.id_decimal", en: "{what} is a string of decimal digits", zh: "{what}应为十进制数字字符串")
    static let idText = MessageTemplate(
        "receipts.violation.id_text", en: "{what} is text of 1 to {max} bytes", zh: "{what}应为 1 到 {max} 字节的文本")
    static let transactionID = MessageTemplate("receipts.id.transaction", en: "a transaction id", zh: "交易号")
    static let originalID = MessageTemplate("receipts.id.original", en: "an original transaction id", zh: "原始交易号")
    static let quantity = MessageTemplate("receipts.violation.quantity", en: "quantity must be 1 or more", zh: "数量必须至少为 1")
    static let quantityMissing = MessageTemplate("receipts.violation.quantity_missing", en: "quantity is missing", zh: "缺少数量")
    static let quantityNotWhole = MessageTemplate(
        "receipts.violation.quantity_not_whole", en: "quantity is not a whole number", zh: "数量不是整数")
    static let trialMalformed = MessageTemplate(
        "receipts.violation.trial_malformed", en: "is_trial_period is not true or false", zh: "is_trial_period 不是布尔值")
    static let notMillis = MessageTemplate("receipts.violation.not_millis", en: "{key} is not milliseconds since 1970", zh: "{key} 不是毫秒时间戳")

    // Subscriptions.
    static let expiryMissing = MessageTemplate(
        "receipts.violation.expiry_missing", en: "a subscription transaction needs expires_date_ms", zh: "订阅交易缺少 expires_date_ms")
    static let noExpiry = MessageTemplate(
        "receipts.violation.no_expiry", en: "the subscription ({group}) has no expires_date_ms: treated as expired",
        zh: "订阅（{group}）没有 expires_date_ms：视为已过期")
    static let expired = MessageTemplate(
        "receipts.violation.expired", en: "the subscription ({group}) expired at {until}, before {as_of}",
        zh: "订阅（{group}）已于 {until} 过期，早于 {as_of}")
    static let requestDate = MessageTemplate(
        "receipts.violation.request_date", en: "request_date_ms is missing or not milliseconds", zh: "request_date_ms 缺失或不是毫秒时间戳")

    // Replays and refunds on the ledger.
    static let replayed = MessageTemplate(
        "receipts.violation.replayed", en: "{key} {id} was already credited to {who}: {what}", zh: "{key} {id} 已入账给 {who}：{what}")
    static let owner = MessageTemplate("receipts.owner", en: "order {order}, user {user}{account}", zh: "订单 {order}、用户 {user}{account}")
    static let ownerAccount = MessageTemplate("receipts.owner.account", en: ", appAccountToken {token}", zh: "、appAccountToken {token}")
    static let none = MessageTemplate("receipts.none", en: "(none)", zh: "无")
    static let replayedReceipt = MessageTemplate("receipts.replayed_receipt", en: "a replayed receipt", zh: "收据被重放")
    static let refundedMarked = MessageTemplate(
        "receipts.violation.refunded_marked", en: "transaction {id} was refunded or revoked (a REFUND or REVOKE notification)",
        zh: "交易 {id} 已退款或撤销（REFUND 或 REVOKE 通知）")
    static let refusedForRefund = MessageTemplate(
        "receipts.violation.refused_for_refund",
        en: "transaction {id} is refused: {other} of the same purchase (original transaction {original}) was refunded "
            + "or revoked (a REFUND or REVOKE notification)",
        zh: "交易 {id} 被拒绝：同一购买（原始交易 {original}）的{other}已退款或撤销（REFUND 或 REVOKE 通知）")
    static let otherTransaction = MessageTemplate("receipts.other_transaction", en: "transaction {id}", zh: "交易 {id}")
    static let someTransaction = MessageTemplate("receipts.some_transaction", en: "a transaction", zh: "某笔交易")

    // Apple's status codes.
    static let valid = MessageTemplate("receipts.status.valid", en: "valid", zh: "有效")
    static let status211xx = MessageTemplate(
        "receipts.status.internal_data_access", en: "Apple had an internal data access error (status {code})",
        zh: "苹果服务器内部数据访问错误（状态码 {code}）")
    static let statusUnknown = MessageTemplate(
        "receipts.status.unknown", en: "status {code} is not a documented verifyReceipt status", zh: "状态码 {code} 不是已知的 verifyReceipt 状态")
    static let status21000 = MessageTemplate(
        "receipts.status.21000", en: "the request to the App Store was malformed (21000)", zh: "发往 App Store 的请求格式错误（21000）")
    static let status21001 = MessageTemplate(
        "receipts.status.21001",
        en: "status 21001 is no longer sent by the App Store; the response is not a real verifyReceipt answer (21001)",
        zh: "App Store 已不再返回状态码 21001，此响应不是真实的 verifyReceipt 结果（21001）")
    static let status21002 = MessageTemplate(
        "receipts.status.21002", en: "the receipt-data was malformed or the service had a temporary issue; try again (21002)",
        zh: "收据数据格式错误或服务暂时出错，请重试（21002）")
    static let status21003 = MessageTemplate(
        "receipts.status.21003", en: "the receipt could not be authenticated (21003)", zh: "收据无法通过验证（21003）")
    static let status21004 = MessageTemplate(
        "receipts.status.21004", en: "the shared secret does not match the account's (21004)", zh: "共享密钥与账户不一致（21004）")
    static let status21005 = MessageTemplate(
        "receipts.status.21005", en: "the receipt server was unavailable; try again (21005)", zh: "收据服务器暂不可用，请重试（21005）")
    static let status21006 = MessageTemplate(
        "receipts.status.21006", en: "the receipt is valid but its subscription has expired (21006)", zh: "收据有效但订阅已过期（21006）")
    static let status21007 = MessageTemplate(
        "receipts.status.21007", en: "a sandbox receipt was sent to the production service; verify it against the sandbox (21007)",
        zh: "沙盒收据被发往生产环境验证，请改用沙盒环境验证（21007）")
    static let status21008 = MessageTemplate(
        "receipts.status.21008", en: "a production receipt was sent to the sandbox service; verify it against production (21008)",
        zh: "生产收据被发往沙盒环境验证，请改用生产环境验证（21008）")
    static let status21009 = MessageTemplate(
        "receipts.status.21009", en: "Apple had an internal error; try again (21009)", zh: "苹果服务器内部错误，请重试（21009）")
    static let status21010 = MessageTemplate(
        "receipts.status.21010", en: "the user account cannot be found or has been deleted (21010)", zh: "用户账户不存在或已删除（21010）")

    static let violationTemplates: [MessageTemplate] = [
        missing, receiptMissing, statusMissing, statusMalformed, environmentMissing, environmentNorType, environment, bundle, twiceInApp,
        productUnknown, originalMissing, refunded, whyApp, whyOther, whyNone, absent, inAppMissing, inAppMalformed, purchaseMalformed,
        productIDMissing, idDecimal, idText, transactionID, originalID, quantity, quantityMissing, quantityNotWhole, trialMalformed,
        notMillis, expiryMissing, noExpiry, expired, requestDate, replayed, owner, ownerAccount, none, replayedReceipt, refundedMarked,
        refusedForRefund, otherTransaction, someTransaction, valid, status211xx, statusUnknown, status21000, status21001, status21002,
        status21003, status21004, status21005, status21006, status21007, status21008, status21009, status21010,
    ]
}
