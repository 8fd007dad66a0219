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
            return ReceiptStatus(code: 0, reason: nil, message: M.valid().localized, retryable: false)
        }
        if let known = table[code] {
            return ReceiptStatus(code: code, reason: known.reason, message: known.message().localized, retryable: known.retryable)
        }
        if (21100...21199).contains(code) {
            return ReceiptStatus(
                code: code, reason: .Receipt.statusInternalDataAccessError, message: M.status211xx(["code": "\(code)"]).localized,
                retryable: isRetryable ?? true)
        }
        return ReceiptStatus(
            code: code, reason: .Receipt.statusUnknown, message: M.statusUnknown(["code": "\(code)"]).localized,
            retryable: isRetryable ?? false)
    }

    private static let table: [Int: (reason: ReasonCode, message: MessageTemplate, retryable: Bool)] = [
        21000: (.Receipt.statusRequestMalformed, M.status21000, false),
        21001: (.Receipt.statusRetired, M.status21001, false),
        21002: (.Receipt.statusDataMalformed, M.status21002, true),
        21003: (.Receipt.statusNotAuthenticated, M.status21003, false),
        21004: (.Receipt.statusSharedSecretMismatch, M.status21004, false),
        21005: (.Receipt.statusServerUnavailable, M.status21005, true),
        21006: (.Receipt.statusSubscriptionExpired, M.status21006, false),
        21007: (.Receipt.statusSandboxReceiptInProduction, M.status21007, false),
        21008: (.Receipt.statusProductionReceiptInSandbox, M.status21008, false),
        21009: (.Receipt.statusInternalError, M.status21009, true),
        21010: (.Receipt.statusAccountNotFound, M.status21010, false),
    ]
}

private typealias M = ReceiptsMessages
