/// Bounds that keep hostile rule files from hanging or exhausting memory.
package struct YAMLLimits: Sendable {
    /// How many nodes aliases may expand to in one file, counted as if each alias were copied.
    public var aliasExpansionBudget: Int
    /// How deeply mappings and sequences may nest.
    public var maxDepth: Int

    public init(aliasExpansionBudget: Int = 100_000, maxDepth: Int = 200) {
        self.aliasExpansionBudget = aliasExpansionBudget
        self.maxDepth = maxDepth
    }
}
