import SiftMessages

/// What SiftFields says in rule files, in English and Chinese side by side (`MessageTemplate`).
enum FieldsMessages: MessageCatalog {
    static let templates: [MessageTemplate] = rulesTemplates + adviceTemplates + violationTemplates
}
