import SiftMessages

/// What SiftAppStore says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension AppStoreMessages {
    static let appStoreNowRfcTime = MessageTemplate(
        "app_store.app_store_now_rfc_time",
        en: "'as_of' of 'app_store' is now, an RFC 3339 time or epoch milliseconds, not '{t}'",
        zh: "'app_store' 的 'as_of' 应为 now、RFC 3339 时间或 epoch 毫秒数，而不是'{t}'")
    static let mustAtLeast = MessageTemplate(
        "app_store.must_at_least",
        en: "'{name}' must be at least 1, not {name2}",
        zh: "'{name}' 至少应为 1，而不是 {name2}")
    static let quantityMaxBelowQuantityMin = MessageTemplate(
        "app_store.quantity_max_below_quantity_min",
        en: "'quantity_max' ({max}) is below 'quantity_min' ({quantity_min})",
        zh: "'quantity_max'（{max}）小于 'quantity_min'（{quantity_min}）")
    static let expiryGraceSecondsCannotNegative = MessageTemplate(
        "app_store.expiry_grace_seconds_cannot_negative",
        en: "'expiry_grace_seconds' cannot be negative",
        zh: "'expiry_grace_seconds' 不能为负数")
    static let expiryGraceSecondsAtMost = MessageTemplate(
        "app_store.expiry_grace_seconds_at_most",
        en: "'expiry_grace_seconds' is at most 315360000 (ten years), not {grace}",
        zh: "'expiry_grace_seconds' 最多为 315360000（十年），而不是 {grace}")
    static let paidBeforeVersionVersionNumbers = MessageTemplate(
        "app_store.paid_before_version_version_numbers",
        en: "'paid_before_version' is a version of numbers and dots, like \"2.0\" or \"145\", not '{v}'",
        zh: "'paid_before_version' 应为以点分隔的数字版本，例如 \"2.0\" 或 \"145\"，而不是 '{v}'")
    static let refundTypesActionsGiveOne = MessageTemplate(
        "app_store.refund_types_actions_give_one",
        en: "'{type}' is in 'refund_types' and is '{action}' in 'actions': give it one action",
        zh: "'{type}' 在 'refund_types' 中，在 'actions' 中又是 '{action}'：请只给它一个动作")
    static let notificationTypeAppleDocuments = MessageTemplate(
        "app_store.notification_type_apple_documents",
        en: "'{base}' is not a notification type Apple documents{hint}",
        zh: "'{base}' 不是 Apple 文档中的通知类型{hint}")
    static let notificationSubtypeAppleDocuments = MessageTemplate(
        "app_store.notification_subtype_apple_documents",
        en: "'{parts}' is not a notification subtype Apple documents{hint}",
        zh: "'{parts}' 不是 Apple 文档中的通知子类型{hint}")
    static let cannotReadRootCertificate = MessageTemplate(
        "app_store.cannot_read_root_certificate",
        en: "cannot read the root certificate '{file}' ({path}: {path2})",
        zh: "无法读取根证书 '{file}'（{path}: {path2}）")
    static let holdsCertificatePemDerCan = MessageTemplate(
        "app_store.holds_certificate_pem_der_can",
        en: "'{file}' holds no certificate (PEM or DER) that can be read",
        zh: "'{file}' 中没有可读取的证书")
    static let rootsNamesCertificateFileGive = MessageTemplate(
        "app_store.roots_names_certificate_file_give",
        en: "'roots' names no certificate file: give the trusted roots, e.g. [keys/AppleRootCA-G3.cer]",
        zh: "'roots' 没有列出证书文件：请给出受信任的根证书，例如 [keys/AppleRootCA-G3.cer]")

    static let rulesTemplates: [MessageTemplate] = [
        appStoreNowRfcTime, mustAtLeast, quantityMaxBelowQuantityMin, expiryGraceSecondsCannotNegative, expiryGraceSecondsAtMost,
        paidBeforeVersionVersionNumbers, refundTypesActionsGiveOne, notificationTypeAppleDocuments,
        notificationSubtypeAppleDocuments, cannotReadRootCertificate, holdsCertificatePemDerCan, rootsNamesCertificateFileGive,
    ]
}
