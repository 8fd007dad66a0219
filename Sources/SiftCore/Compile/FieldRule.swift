/// The rules for one field path: when it is required, how null counts, and its checks.
final class FieldRule: @unchecked Sendable {  // immutable; the probes are freed in deinit
    /// When an absent field (or a null one, unless null counts as a value) is a failure.
    enum Requirement: Sendable {
        case always
        case never
        /// Required when the condition holds (`required: {when: {field: category, enum: [ecommerce]}}`).
        case when(Condition)
    }

    let path: FieldPath
    let required: Requirement
    /// `null: value`: a present null is a value the checks see, not a missing field.
    let nullIsValue: Bool
    /// `report: first`: only the first failing check of the field is reported.
    let firstOnly: Bool
    /// The start of this field's reason codes: `profile.phone` or the author's `reason:`.
    let reasonPrefix: String
    /// `<prefix>.required`, interned once.
    let requiredReason: ReasonCode
    let checks: [any CheckNode]
    /// The same checks typed and unretained (`checks` keeps them alive), when every one is a
    /// plugin's check (the common case): the rule loop then calls them directly, not through
    /// the `CheckNode` witness, and without reference counts.
    let pluginRefs: UnsafeMutableBufferPointer<Unmanaged<PluginCheckNode>>?
    /// Otherwise (compositions, named validators), the checks as one flat program.
    let program: CheckProgram?
    /// The field's own `type:` check, if it has one: a value of the wrong JSON type is then
    /// reported once, as `<field>.type`, and not again by each check that cannot read it.
    let typeCheck: Int?
    let rule: Mark
    /// False for the rules of a section's fields (`SectionField`): the section explains them.
    let explained: Bool
    /// The path as plain memory, for lookups without reference counts; nil with `[*]`.
    let probe: PathProbe?
    /// The path as plain memory when it has one `[*]` (`items[*].sku`).
    let wildcard: WildcardProbe?
    /// The first of this rule's violation sites: one per check, then one for "missing".
    let site: Int
    /// The paths of the pack's fields that contain this one (`items`, `items[*]` for
    /// `items[*].sku`), set once when the pack is compiled: where one of them is missing, this
    /// field's "missing" is not reported again.
    /// With each, whether it has a `type:` check (which reports a container of the wrong kind).
    private(set) var containers: [(path: FieldPath, typed: Bool)] = []

    /// Finds this rule's containers among the pack's `rules`; once, before the pack is used.
    func findContainers(among rules: [FieldRule]) {
        let mine = path.components
        containers = rules.filter { r in
            r.path.components.count < mine.count && Array(mine.prefix(r.path.components.count)) == r.path.components
        }.sorted { $0.path.components.count < $1.path.components.count }.map { ($0.path, $0.typeCheck != nil) }
    }

    init(
        path: FieldPath, required: Requirement, nullIsValue: Bool, firstOnly: Bool, reasonPrefix: String,
        checks: [any CheckNode], rule: Mark, explained: Bool = true
    ) {
        self.path = path
        self.required = required
        self.nullIsValue = nullIsValue
        self.firstOnly = firstOnly
        self.reasonPrefix = reasonPrefix
        self.requiredReason = ReasonCode(reasonPrefix + ".required")
        self.checks = checks
        let plugins = checks.compactMap { ($0 as? PluginCheckNode).map(Unmanaged.passUnretained) }
        if plugins.count == checks.count {
            pluginRefs = .allocate(capacity: plugins.count)  // its count is the loop's bound: exactly the checks
            _ = pluginRefs!.initialize(from: plugins)
        } else {
            pluginRefs = nil
        }
        program = plugins.count == checks.count ? nil : CheckProgram(checks)
        self.typeCheck = checks.firstIndex { ($0 as? PluginCheckNode)?.kind == "type" }
        self.rule = rule
        self.explained = explained
        self.site = ViolationTexts.reserveSites(checks.count + 1)
        self.probe = PathProbe(path)
        self.wildcard = WildcardProbe(path)
    }

    deinit {
        probe?.deallocate()
        wildcard?.deallocate()
        program?.deallocate()
        pluginRefs?.deallocate()
    }

    /// True when `value` is there for the checks to see.
    @inline(__always) func isPresent(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        return nullIsValue || !value.isNull
    }
}
