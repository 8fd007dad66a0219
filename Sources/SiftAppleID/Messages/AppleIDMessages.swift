import SiftMessages

/// What SiftAppleID says in rule files, in English and Chinese side by side (`MessageTemplate`).
enum AppleIDMessages: MessageCatalog {
    static let templates: [MessageTemplate] = rulesTemplates + keyStoreTemplates + violationTemplates
}
