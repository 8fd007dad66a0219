import SiftMessages

/// What SiftRoutes says in rule files, in English and Chinese side by side (`MessageTemplate`).
enum RoutesMessages: MessageCatalog {
    static let templates: [MessageTemplate] = rulesTemplates + patternTemplates + violationTemplates
}
