import SiftConfig

extension PackCompiler {
    /// `record:` or `examples:` indented under `fields:`: YAML reads the section as a field of
    /// that name whose checks are the section's keys ("unknown check 'exactly_one_of'"). Said as
    /// the indentation it is, with the column the section belongs at.
    mutating func isIndentedSection(_ p: ConfigNode.Pair, fieldsColumn: Int) -> Bool {
        guard let name = p.key.scalarText else { return false }
        let keys: (ConfigNode) -> [String] = { $0.pairs?.compactMap(\.key.scalarText) ?? [] }
        let isSection: Bool
        switch name {
        case "record": isSection = keys(p.value).contains(where: RecordCompiler.keys.contains)
        case "examples": isSection = p.value.items?.contains { keys($0).contains(where: ["record", "json"].contains) } == true
        case "fail_when", "warn_when": isSection = keys(p.value).contains(where: Self.thresholdKeys.contains)
        default: isSection = false
        }
        guard isSection else { return false }
        diagnostics.error(
            CoreMessages.indentedUnderFieldsSoReads(["name": "\(name)", "fields_column": "\(fieldsColumn)"]), at: p.key.mark)
        return true
    }
}
