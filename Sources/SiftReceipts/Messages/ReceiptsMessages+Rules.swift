import SiftMessages

/// What SiftReceipts says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension ReceiptsMessages {
    static let ruleFileNamesOnlySqlite = MessageTemplate(
        "receipts.rule_file_names_only_sqlite",
        en: "a rule file names only a SQLite ledger file beside the rules; give a database with --ledger or SIFT_LEDGER",
        zh: "规则文件只能指定规则旁边的 'SQLite' 台账文件；数据库请用 '--ledger' 或 'SIFT_LEDGER' 指定")
    static let receiptNowRequestDateRfc = MessageTemplate(
        "receipts.receipt_now_request_date_rfc",
        en: "'as_of' of 'receipt' is now, request_date, an RFC 3339 time or epoch milliseconds, not '{t}'",
        zh: "'receipt' 的 'as_of' 应为 now、request_date、RFC 3339 时间或 epoch 毫秒数，而不是'{t}'")

    static let rulesTemplates: [MessageTemplate] = [
        ruleFileNamesOnlySqlite, receiptNowRequestDateRfc,
    ]
}
