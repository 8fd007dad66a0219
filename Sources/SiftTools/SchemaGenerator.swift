import SiftCore
import SiftJSON
import SiftMessages

/// Writes a JSON Schema for rule files from the plugin specs, for editors
/// (yaml-language-server, VS Code) to complete and check rules as they are typed.
package enum SchemaGenerator: Sendable {
    public static func schema(for registry: PluginRegistry) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("$schema", "https://json-schema.org/draft/2020-12/schema")
        w.field("title", "Sift rules, version 1")
        w.field("type", "object")
        w.key("$defs")
        w.beginObject()
        w.key("check")
        checkDefinition(registry, &w)
        w.endObject()
        w.key("properties")
        topLevelProperties(registry, &w)
        w.field("additionalProperties", false)
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Writes the `check` definition: any of a name, a list, a plugin check or a composition.
    private static func checkDefinition(_ registry: PluginRegistry, _ w: inout JSONWriter) {
        w.beginObject()
        w.key("anyOf")
        w.beginArray()
        w.beginObject(); w.field("type", "string"); w.field("description", "A check with no options, or a named validator."); w.endObject()
        w.beginObject(); w.field("type", "array"); w.key("items"); ref(&w, "check"); w.endObject()
        pluginChecks(registry, &w)
        compositions(&w)
        w.endArray()
        w.endObject()
    }

    /// Writes one object schema per plugin check, sorted by kind, with the modifiers beside it.
    private static func pluginChecks(_ registry: PluginRegistry, _ w: inout JSONWriter) {
        for spec in registry.checks.values.map(\.spec).sorted(by: { $0.kind < $1.kind }) {
            w.beginObject()
            w.field("type", "object")
            w.field("description", spec.summary)
            w.key("required"); w.beginArray(); w.string(spec.kind); w.endArray()
            w.key("properties")
            w.beginObject()
            w.key(spec.kind); pluginValue(spec, &w)
            modifiers(&w)
            w.endObject()
            w.field("additionalProperties", false)
            w.endObject()
        }
    }

    /// Writes the object schemas of the comparisons with another field (`same_as`, `after`, ...).
    private static func comparisons(_ w: inout JSONWriter) {
        for relation in CompareRelation.allCases {
            w.beginObject(); w.field("type", "object")
            w.field("description", "This value \(relation.words(.en, "the other field's")) (the field named, or .name beside this one).")
            w.key("required"); w.beginArray(); w.string(relation.rawValue); w.endArray()
            w.key("properties"); w.beginObject(); w.key(relation.rawValue); w.beginObject(); w.key("anyOf"); w.beginArray()
            w.beginObject(); w.field("type", "string"); w.endObject()
            options(
                [
                    PluginSpec.Option("field", .string, required: true, doc: "The other field: a path, or .name beside this one."),
                    PluginSpec.Option(
                        "when_other_missing", .choice(["pass", "fail"]), doc: "A missing or null other field: pass (default) or fail."),
                ], description: "", &w)
            w.endArray(); w.endObject(); modifiers(&w); w.endObject()
            w.field("additionalProperties", false); w.endObject()
        }
    }

    /// Writes the object schemas of `all`, `any`, `not`, `contains`, `when` and `use`.
    private static func compositions(_ w: inout JSONWriter) {
        comparisons(&w)
        w.beginObject(); w.field("type", "object"); w.field("description", "The value equals the sum over a list (sum_of).")
        w.key("required"); w.beginArray(); w.string("sum_of"); w.endArray()
        w.key("properties"); w.beginObject(); w.key("sum_of")
        options(
            [
                PluginSpec.Option("items", .string, required: true, doc: "The list: items[*], or .lines beside this field."),
                PluginSpec.Option(
                    "value", .oneOf([.string, .list(.string)]), doc: "A path in each element, or paths whose values are multiplied."),
                PluginSpec.Option("tolerance", .number, doc: "How far the value may be from the sum (default 0)."),
            ], description: "", &w)
        modifiers(&w); w.endObject()
        w.field("additionalProperties", false); w.endObject()
        w.beginObject(); w.field("type", "object")
        w.field("description", "A formula over the record that must be true (expr; docs/RULES.md, \"Expressions\").")
        w.key("required"); w.beginArray(); w.string("expr"); w.endArray()
        w.key("properties"); w.beginObject()
        w.key("expr"); w.beginObject(); w.field("type", "string")
        w.field("description", "total == sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping"); w.endObject()
        w.key("tolerance"); w.beginObject(); w.field("type", "number"); w.key("minimum"); w.int(0)
        w.field("description", "Numbers this close are equal (default 0)."); w.endObject()
        modifiers(&w); w.endObject()
        w.field("additionalProperties", false); w.endObject()
        w.beginObject(); w.field("type", "object"); w.field("description", "At least one element of the list must pass the check.")
        w.key("required"); w.beginArray(); w.string("contains"); w.endArray()
        w.key("properties"); w.beginObject(); w.key("contains"); ref(&w, "check"); modifiers(&w); w.endObject()
        w.field("additionalProperties", false); w.endObject()
        for (kind, desc) in [
            ("all", "Every check must pass."), ("any", "At least one check must pass."), ("one_of", "Exactly one check must pass."),
        ] {
            w.beginObject(); w.field("type", "object"); w.field("description", desc)
            w.key("required"); w.beginArray(); w.string(kind); w.endArray()
            w.key("properties"); w.beginObject(); w.key(kind); w.beginObject(); w.field("type", "array"); w.key("items"); ref(&w, "check");
            w.endObject(); modifiers(&w); w.endObject()
            w.field("additionalProperties", false); w.endObject()
        }
        w.beginObject(); w.field("type", "object"); w.field("description", "The check must fail.")
        w.key("required"); w.beginArray(); w.string("not"); w.endArray()
        w.key("properties"); w.beginObject(); w.key("not"); ref(&w, "check"); modifiers(&w); w.endObject()
        w.field("additionalProperties", false); w.endObject()
        w.beginObject(); w.field("type", "object"); w.field("description", "Apply 'then' only when the condition holds.")
        w.key("required"); w.beginArray(); w.string("when"); w.string("then"); w.endArray()
        w.key("properties"); w.beginObject(); w.key("when"); w.beginObject(); w.endObject(); w.key("then"); ref(&w, "check"); w.key("else");
        ref(&w, "check"); modifiers(&w); w.endObject()
        w.field("additionalProperties", false); w.endObject()
        w.beginObject(); w.field("type", "object"); w.field("description", "Use a named validator.")
        w.key("required"); w.beginArray(); w.string("use"); w.endArray()
        w.key("properties"); w.beginObject(); w.key("use"); w.beginObject(); w.field("type", "string"); w.endObject(); modifiers(&w);
        w.endObject()
        w.field("additionalProperties", false); w.endObject()
    }

    /// Writes the properties of a rule file: pack keys, `fields`, `examples` and the sections' keys.
    private static func topLevelProperties(_ registry: PluginRegistry, _ w: inout JSONWriter) {
        w.beginObject()
        w.key("version"); w.beginObject(); w.key("const"); w.int(1); w.endObject()
        w.key("pack"); w.beginObject(); w.field("type", "string"); w.endObject()
        w.key("description"); w.beginObject(); w.field("description", "Text, or {en: ..., zh: ...}"); w.endObject()
        w.key("applies_to"); w.beginObject(); w.field("description", "'all', or {field: value} / {has: field}"); w.endObject()
        w.key("include"); w.beginObject(); w.key("anyOf"); w.beginArray(); w.beginObject(); w.field("type", "string"); w.endObject()
        w.beginObject(); w.field("type", "array"); w.key("items"); w.beginObject(); w.field("type", "string"); w.endObject(); w.endObject();
        w.endArray(); w.endObject()
        w.key("validators"); w.beginObject(); w.field("type", "object"); w.key("additionalProperties"); ref(&w, "check"); w.endObject()
        choice(&w, "null", ["missing", "value"], "Pack default: whether a present null is missing (default) or a value the checks see.")
        choice(&w, "report", ["all", "first"], "Pack default: report every failing check of a field (default) or the first.")
        for level in ["fail_when", "warn_when"] { thresholds(&w, level) }
        fields(&w)
        record(&w)
        w.key("examples"); w.beginObject(); w.field("type", "array"); w.endObject()
        for spec in registry.sections.values.map(\.spec).sorted(by: { $0.kind < $1.kind }) {
            w.key(spec.kind)
            options(spec.options, description: spec.summary, &w)
        }
        w.endObject()
    }

    /// Writes `fields`: each field is a check, or an object with `required`, `null`, `report`, `checks`, ...
    private static func fields(_ w: inout JSONWriter) {
        w.key("fields"); w.beginObject(); w.field("type", "object"); w.key("additionalProperties"); w.beginObject(); w.key("anyOf");
        w.beginArray()
        ref(&w, "check")
        w.beginObject(); w.field("type", "object"); w.key("properties"); w.beginObject()
        w.key("required"); w.beginObject(); w.key("anyOf"); w.beginArray()
        w.beginObject(); w.field("type", "boolean"); w.endObject()
        w.beginObject(); w.field("type", "object"); w.key("properties"); w.beginObject()
        w.key("when"); w.beginObject(); w.field("type", "object")
        w.field("description", "A condition: a check, with field: naming the field it reads (category, or .kind beside this one)");
        w.endObject()
        w.endObject()
        w.key("required"); w.beginArray(); w.string("when"); w.endArray(); w.field("additionalProperties", false); w.endObject()
        w.endArray(); w.endObject()
        choice(&w, "null", ["missing", "value"], "Whether a present null is missing or a value the checks see.")
        choice(&w, "report", ["all", "first"], "Report every failing check of the field, or the first.")
        w.key("reason"); w.beginObject(); w.field("type", "string"); w.endObject()
        w.key("description"); w.beginObject(); w.field("type", "string"); w.endObject()
        w.key("checks"); ref(&w, "check")
        w.key("count"); w.beginObject(); w.field("description", "How many elements give it ([*]), or the list's length: N or {min, max}")
        w.key("anyOf"); w.beginArray(); w.beginObject(); w.field("type", "integer"); w.key("minimum"); w.int(0); w.endObject()
        options(
            [
                PluginSpec.Option("min", .integer, doc: "At least this many."),
                PluginSpec.Option("max", .integer, doc: "At most this many."),
            ],
            description: "", &w)
        w.endArray(); w.endObject()
        for (key, doc) in [
            ("unique_in_run", "No two records of the run with the same value (with: and these fields' values): <field>.duplicate."),
            ("unique_across_runs", "As unique_in_run, with the keys claimed in the run's ledger: across runs, processes and hosts."),
        ] {
            w.key(key); w.beginObject(); w.field("description", doc); w.key("anyOf"); w.beginArray()
            w.beginObject(); w.key("const"); w.bool(true); w.endObject()
            options([PluginSpec.Option("with", .list(.string), required: true, doc: "Other fields of the key.")], description: "", &w)
            w.endArray(); w.endObject()
        }
        w.endObject(); w.field("additionalProperties", false); w.endObject()
        w.endArray(); w.endObject(); w.endObject()
    }

    /// Writes `record`: constraints on the whole record (RecordCompiler).
    private static func record(_ w: inout JSONWriter) {
        func names(_ w: inout JSONWriter) {
            w.beginObject(); w.field("type", "array"); w.key("items"); w.beginObject(); w.field("type", "string"); w.endObject();
            w.endObject()
        }
        w.key("record"); w.beginObject(); w.field("type", "object")
        w.field(
            "description", "Constraints on the whole record: how many of a group are given, fields that require others, closed records.")
        w.key("properties"); w.beginObject()
        for count in RecordCountKeys.all {
            w.key(count); w.beginObject(); w.key("anyOf"); w.beginArray(); names(&w)
            w.beginObject(); w.field("type", "array"); w.key("items"); names(&w); w.endObject()
            w.endArray(); w.endObject()
        }
        w.key("requires"); w.beginObject(); w.field("type", "object"); w.key("additionalProperties"); w.beginObject(); w.key("anyOf")
        w.beginArray(); w.beginObject(); w.field("type", "string"); w.endObject(); names(&w); w.endArray(); w.endObject(); w.endObject()
        choice(&w, "fields", ["open", "closed"], "closed: a key no rule of the pack names, nor 'allowed', is record.unknown_field.")
        w.key("allowed"); names(&w)
        w.endObject(); w.field("additionalProperties", false); w.endObject()
    }

    private static func ref(_ w: inout JSONWriter, _ name: String) {
        w.beginObject(); w.field("$ref", "#/$defs/\(name)"); w.endObject()
    }

    private static func modifiers(_ w: inout JSONWriter) {
        w.key("message"); w.beginObject(); w.key("anyOf"); w.beginArray()
        w.beginObject(); w.field("type", "string"); w.endObject()
        w.beginObject(); w.field("type", "object"); w.key("properties"); w.beginObject()
        for l in Language.allCases { w.key(l.rawValue); w.beginObject(); w.field("type", "string"); w.endObject() }
        w.endObject(); w.field("additionalProperties", false); w.endObject()
        w.endArray(); w.endObject()
        w.key("reason"); w.beginObject(); w.field("type", "string"); w.endObject()
    }

    private static func pluginValue(_ spec: PluginSpec, _ w: inout JSONWriter) {
        guard let short = spec.shorthand, let opt = spec.options.first(where: { $0.name == short }) else {
            options(spec.options, description: spec.summary, &w)
            return
        }
        w.beginObject(); w.key("anyOf"); w.beginArray()
        type(opt.type, &w)
        options(spec.options, description: spec.summary, &w)
        w.endArray(); w.endObject()
    }

    static func options(_ specs: [PluginSpec.Option], description: String, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("type", "object")
        if !description.isEmpty { w.field("description", description) }
        w.key("properties")
        w.beginObject()
        for o in specs {
            w.key(o.name)
            type(o.type, &w, doc: o.doc)
        }
        w.endObject()
        let req = specs.filter(\.required)
        if !req.isEmpty { w.key("required"); w.beginArray(); for r in req { w.string(r.name) }; w.endArray() }
        w.field("additionalProperties", false)
        w.endObject()
    }

    static func type(_ t: PluginSpec.OptionType, _ w: inout JSONWriter, doc: String? = nil) {
        w.beginObject()
        if let doc { w.field("description", doc) }
        switch t {
        case .string: w.field("type", "string")
        case .integer: w.field("type", "integer")
        case .number: w.field("type", "number")
        case .boolean: w.field("type", "boolean")
        case .choice(let words): w.key("enum"); w.beginArray(); for x in words { w.string(x) }; w.endArray()
        case .list(let inner): w.field("type", "array"); w.key("items"); type(inner, &w)
        case .object(let specs): w.key("allOf"); w.beginArray(); options(specs, description: "", &w); w.endArray()
        case .dictionary(let inner): w.field("type", "object"); w.key("additionalProperties"); type(inner, &w)
        case .oneOf(let ts): w.key("anyOf"); w.beginArray(); for x in ts { type(x, &w) }; w.endArray()
        case .any: break
        }
        w.endObject()
    }

    /// A property whose value is one of `values`.
    private static func choice(_ w: inout JSONWriter, _ key: String, _ values: [String], _ doc: String) {
        w.key(key); w.beginObject(); w.field("description", doc)
        w.key("enum"); w.beginArray(); for v in values { w.string(v) }; w.endArray(); w.endObject()
    }

    /// `fail_when` / `warn_when`: an invalid ratio and reason counts.
    private static func thresholds(_ w: inout JSONWriter, _ key: String) {
        w.key(key); w.beginObject(); w.field("type", "object")
        w.field("description", key == "fail_when" ? "Exit code 5 when crossed after a run." : "A warning when crossed after a run.")
        w.key("properties"); w.beginObject()
        w.key("invalid_ratio"); w.beginObject(); w.field("type", "number"); w.key("minimum"); w.int(0); w.field("maximum", 1); w.endObject()
        w.key("reasons"); w.beginObject(); w.field("type", "object"); w.key("additionalProperties")
        w.beginObject(); w.field("type", "integer"); w.key("minimum"); w.int(0); w.endObject(); w.endObject()
        w.endObject(); w.field("additionalProperties", false); w.endObject()
    }
}
