/// The checks the loader itself knows (compositions, comparisons, `sum_of`, `expr`) and the field
/// keys that are checks of their own (`count`, `unique_in_run`, `unique_across_runs`), described
/// as plugins are (`PluginSpec`), so that `sift plugins` lists them beside the plugins' checks.
/// A test compares the check kinds here and in the plugins with those `sift schema` accepts.
package enum CompositionSpecs {
    /// The check kinds, in the order `sift schema` lists them.
    package static let checks: [PluginSpec] =
        CompareNode.Relation.allCases.map { relation in
            PluginSpec(
                kind: relation.rawValue, summary: "This value \(relation.words(.en, "the other field's")) (a relation between two fields).",
                options: [
                    PluginSpec.Option("field", .string, required: true, doc: "The other field: a path, or .name beside this one."),
                    PluginSpec.Option(
                        "when_other_missing", .choice(["pass", "fail"]), doc: "A missing or null other field: pass (default) or fail."),
                ], shorthand: "field", examples: ["\(relation.rawValue): \(relation == .sameAs ? "password" : "start")"])
        } + [
            PluginSpec(
                kind: "sum_of", summary: "The value equals the sum over a list's elements of a value in each, or of several multiplied.",
                options: [
                    PluginSpec.Option("items", .string, required: true, doc: "The list: items[*], or .lines beside this field."),
                    PluginSpec.Option(
                        "value", .oneOf([.string, .list(.string)]), doc: "A path in each element, or paths whose values are multiplied."),
                    PluginSpec.Option("tolerance", .number, doc: "How far the value may be from the sum (default 0)."),
                ], examples: ["sum_of: {items: 'items[*]', value: [price, qty], tolerance: 0.005}"]),
            PluginSpec(
                kind: "expr", summary: "A formula over the record must be true (docs/RULES.md, \"Expressions\").",
                options: [
                    PluginSpec.Option("expr", .string, required: true, doc: "The formula, in quotes."),
                    PluginSpec.Option("tolerance", .number, doc: "Written beside expr: numbers this close are equal (default 0)."),
                ], shorthand: "expr",
                examples: [#"expr: "total == sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping""#]),
            PluginSpec(
                kind: "contains", summary: "At least one element of the list passes the check.",
                options: [PluginSpec.Option("check", .any, required: true, doc: "The check one element must pass.")], shorthand: "check",
                examples: ["contains: {enum: [primary]}"]),
            PluginSpec(
                kind: "all", summary: "Every check of the list passes (the first failure is reported).",
                options: [PluginSpec.Option("checks", .list(.any), required: true, doc: "The checks.")], shorthand: "checks",
                examples: ["all: [trimmed, {length: {max: 20}}]"]),
            PluginSpec(
                kind: "any", summary: "At least one check of the list passes.",
                options: [PluginSpec.Option("checks", .list(.any), required: true, doc: "The checks.")], shorthand: "checks",
                examples: ["any: [{type: integer}, {regex: '^[0-9]+$'}]"]),
            PluginSpec(
                kind: "one_of", summary: "Exactly one check of the list passes (JSON Schema's oneOf): none, or two, fail.",
                options: [PluginSpec.Option("checks", .list(.any), required: true, doc: "The checks.")], shorthand: "checks",
                examples: ["one_of: [{length: 18}, {regex: '^[A-Z]{2}[0-9]{7}$'}]"]),
            PluginSpec(
                kind: "not", summary: "The check fails.",
                options: [PluginSpec.Option("check", .any, required: true, doc: "The check that must fail.")], shorthand: "check",
                examples: ["not: {enum: [test]}"]),
            PluginSpec(
                kind: "when", summary: "When the condition holds, the 'then' check applies; otherwise the 'else' check, if any.",
                options: [
                    PluginSpec.Option(
                        "when", .any, required: true, doc: "The condition: a check on this value, or {field: ..., <check>}, or {expr: ...}."
                    ),
                    PluginSpec.Option("then", .any, required: true, doc: "Written beside when: the check when it holds."),
                    PluginSpec.Option("else", .any, doc: "Written beside when: the check when it does not."),
                ], shorthand: "when", examples: ["when: {field: country, enum: [CN]}", "then: {regex: '^1[3-9][0-9]{9}$'}"]),
            PluginSpec(
                kind: "use", summary: "A named validator of the pack's 'validators:' applies.",
                options: [PluginSpec.Option("use", .string, required: true, doc: "The validator's name.")], shorthand: "use",
                examples: ["use: password_rule"]),
        ]

    /// Field keys that check something of their own, beside `checks:`.
    package static let fieldKeys: [PluginSpec] = [
        PluginSpec(
            kind: "count", summary: "How many values the field's path finds (with [*]), or how many elements its list has.",
            options: [
                PluginSpec.Option("min", .integer, doc: "The fewest."), PluginSpec.Option("max", .integer, doc: "The most."),
            ], examples: ["items: {count: {min: 1, max: 50}}", "items[*].gift_note: {count: {max: 1}}"]),
        PluginSpec(
            kind: "unique_in_run", summary: "No two records of the run have the same value (or the same values of several fields).",
            options: [PluginSpec.Option("with", .list(.string), doc: "More fields of the record that make the key with this one.")],
            examples: ["order_id: {unique_in_run: true}", "sku: {unique_in_run: {with: [store_id]}}"]),
        PluginSpec(
            kind: "unique_across_runs",
            summary: "No two records of any run on the same ledger have the same value (a digest of it is kept in the ledger).",
            options: [PluginSpec.Option("with", .list(.string), doc: "More fields of the record that make the key with this one.")],
            examples: ["order_id: {unique_across_runs: true}"]),
    ]
}
