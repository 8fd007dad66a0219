import SiftMessages

/// What SiftJSONSchema says in rule files, in English and Chinese side by side (`MessageTemplate`).
enum JSONSchemaMessages: MessageCatalog {
    /// A problem with a schema and where in it (a JSON pointer).
    static let atPointer = MessageTemplate("schema.at_pointer", en: "{problem} (at {pointer})", zh: "{problem}（位置 {pointer}）")

    static let templates: [MessageTemplate] = [atPointer] + rulesTemplates + refuseTemplates + violationTemplates
}
