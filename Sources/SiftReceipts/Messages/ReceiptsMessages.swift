import SiftMessages

/// What SiftReceipts says in rule files, in English and Chinese side by side (`MessageTemplate`).
enum ReceiptsMessages: MessageCatalog {
    static let templates: [MessageTemplate] = rulesTemplates + violationTemplates
}
