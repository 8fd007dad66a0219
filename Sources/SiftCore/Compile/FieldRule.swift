import SiftJSON
import SiftConfig

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
    /// The same checks as plugins' checks in a row, typed and unretained (`checks` keeps them
    /// alive), when each is a plugin's check or an `all:` of them (named validators included):
    /// the common case, and the way authors group a field's checks. The rule loop then calls
    /// them directly, not through the `CheckNode` witness, and without reference counts.
    let steps: UnsafeMutableBufferPointer<Step>?
    /// Otherwise (`when`, `any`, `not`, relabelled validators), the checks as one flat program.
    let program: CheckProgram?

    /// A plugin's check in `steps`: the field's check it belongs to (`checks[owner]`) and where
    /// that check's steps end (after the first failure of an `all:`, the rest is not run).
    struct Step {
        let check: Unmanaged<PluginCheckNode>
        let owner: Int
        let end: Int
    }
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
    /// The first of this rule's violation sites: one per check (a failure the program made),
    /// then one for "missing", then one per step (`stepSite`) or per plugin's check of
    /// `program` (`programSite`).
    let site: Int
    let siteCount: Int
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
        if let flat = Self.steps(checks) {
            steps = .allocate(capacity: flat.count)  // its count is the loop's bound: exactly the steps
            _ = steps!.initialize(from: flat)
            program = nil
        } else {
            steps = nil
            program = CheckProgram(checks)
        }
        self.typeCheck = checks.firstIndex { ($0 as? PluginCheckNode)?.kind == "type" }
        self.rule = rule
        self.explained = explained
        self.siteCount = checks.count + 1 + (steps?.count ?? program?.pluginCount ?? 0)
        self.site = ViolationTexts.reserveSites(siteCount)
        self.probe = PathProbe(path)
        self.wildcard = WildcardProbe(path)
    }

    deinit {
        probe?.deallocate()
        wildcard?.deallocate()
        program?.deallocate()
        steps?.deallocate()
    }

    /// `checks` as steps, or nil when one of them is more than an `all:` of plugins' checks.
    private static func steps(_ checks: [any CheckNode]) -> [Step]? {
        var steps: [Step] = []
        for (n, check) in checks.enumerated() {
            var plugins: [Unmanaged<PluginCheckNode>] = []
            guard collect(check, into: &plugins) else { return nil }
            let end = steps.count + plugins.count
            steps += plugins.map { Step(check: $0, owner: n, end: end) }
        }
        return steps
    }

    private static func collect(_ node: any CheckNode, into plugins: inout [Unmanaged<PluginCheckNode>]) -> Bool {
        switch node {
        case let p as PluginCheckNode:
            plugins.append(.passUnretained(p))
            return true
        case let n as NamedNode: return collect(n.child, into: &plugins)  // the same checks, explained by name
        case let a as AllNode:
            for child in a.children where !collect(child, into: &plugins) { return false }
            return true
        default: return false
        }
    }

    /// The violation site of step `k`.
    @inline(__always) func stepSite(_ k: Int) -> Int { site + checks.count + 1 + k }
    /// The violation site of the program's plugin check at `pc`.
    @inline(__always) func programSite(_ pc: Int32) -> Int { site + checks.count + 1 + program.unsafelyUnwrapped.ordinal(pc) }

    /// True when `value` is there for the checks to see.
    @inline(__always) func isPresent(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        return nullIsValue || !value.isNull
    }
}
