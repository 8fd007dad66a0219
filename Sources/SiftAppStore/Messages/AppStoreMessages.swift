import SiftMessages

/// What SiftAppStore says in rule files, in English and Chinese side by side (`MessageTemplate`).
enum AppStoreMessages: MessageCatalog {
    static let templates: [MessageTemplate] = rulesTemplates
}
