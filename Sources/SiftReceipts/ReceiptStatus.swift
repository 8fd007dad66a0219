import SiftCore
import SiftMessages

/// The `status` of a verifyReceipt response, with its stable reason code and messages.
struct ReceiptStatus: Sendable {
    let code: Int
    /// The reason code, or nil for 0 (valid).
    let reason: ReasonCode?
    let message: LocalizedText
    /// Whether Apple says trying again later may succeed.
    let retryable: Bool

    static func of(_ code: Int, isRetryable: Bool?) -> ReceiptStatus {
        if code == 0 {
            return ReceiptStatus(code: 0, reason: nil, message: LocalizedText(en: "valid", zh: "有效"), retryable: false)
        }
        if let known = table[code] {
            return ReceiptStatus(code: code, reason: known.reason, message: known.message, retryable: known.retryable)
        }
        if (21100...21199).contains(code) {
            return ReceiptStatus(
                code: code, reason: .Receipt.statusInternalDataAccessError,
                message: LocalizedText(
                    en: "Apple had an internal data access error (status \(code))",
                    zh: "苹果服务器内部数据访问错误（状态码 \(code)）"),
                retryable: isRetryable ?? true)
        }
        return ReceiptStatus(
            code: code, reason: .Receipt.statusUnknown,
            message: LocalizedText(
                en: "status \(code) is not a documented verifyReceipt status",
                zh: "状态码 \(code) 不是已知的 verifyReceipt 状态"),
            retryable: isRetryable ?? false)
    }

    private static let table: [Int: (reason: ReasonCode, message: LocalizedText, retryable: Bool)] = [
        21000: (
            .Receipt.statusRequestMalformed,
            LocalizedText(
                en: "the request to the App Store was malformed (21000)",
                zh: "发往 App Store 的请求格式错误（21000）"), false
        ),
        21001: (
            .Receipt.statusRetired,
            LocalizedText(
                en: "status 21001 is no longer sent by the App Store; the response is not a real verifyReceipt answer (21001)",
                zh: "App Store 已不再返回状态码 21001，此响应不是真实的 verifyReceipt 结果（21001）"), false
        ),
        21002: (
            .Receipt.statusDataMalformed,
            LocalizedText(
                en: "the receipt-data was malformed or the service had a temporary issue; try again (21002)",
                zh: "收据数据格式错误或服务暂时出错，请重试（21002）"), true
        ),
        21003: (
            .Receipt.statusNotAuthenticated,
            LocalizedText(en: "the receipt could not be authenticated (21003)", zh: "收据无法通过验证（21003）"),
            false
        ),
        21004: (
            .Receipt.statusSharedSecretMismatch,
            LocalizedText(
                en: "the shared secret does not match the account's (21004)",
                zh: "共享密钥与账户不一致（21004）"), false
        ),
        21005: (
            .Receipt.statusServerUnavailable,
            LocalizedText(
                en: "the receipt server was unavailable; try again (21005)",
                zh: "收据服务器暂不可用，请重试（21005）"), true
        ),
        21006: (
            .Receipt.statusSubscriptionExpired,
            LocalizedText(
                en: "the receipt is valid but its subscription has expired (21006)",
                zh: "收据有效但订阅已过期（21006）"), false
        ),
        21007: (
            .Receipt.statusSandboxReceiptInProduction,
            LocalizedText(
                en: "a sandbox receipt was sent to the production service; verify it against the sandbox (21007)",
                zh: "沙盒收据被发往生产环境验证，请改用沙盒环境验证（21007）"), false
        ),
        21008: (
            .Receipt.statusProductionReceiptInSandbox,
            LocalizedText(
                en: "a production receipt was sent to the sandbox service; verify it against production (21008)",
                zh: "生产收据被发往沙盒环境验证，请改用生产环境验证（21008）"), false
        ),
        21009: (
            .Receipt.statusInternalError,
            LocalizedText(en: "Apple had an internal error; try again (21009)", zh: "苹果服务器内部错误，请重试（21009）"),
            true
        ),
        21010: (
            .Receipt.statusAccountNotFound,
            LocalizedText(
                en: "the user account cannot be found or has been deleted (21010)",
                zh: "用户账户不存在或已删除（21010）"), false
        ),
    ]
}
