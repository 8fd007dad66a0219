"""Records for a real-world JSON schema: values built by walking the schema (its `examples`,
`default`, `enum` and `const` where it gives them; `$ref`s followed a few levels deep; one
`anyOf`/`oneOf` branch at a time), and a share of them mutated the ways files go wrong (a
required member left out, a value of another type, an unknown member, a text with `\\r`,
U+2028 or U+00A0 in it). Deterministic for a seed. Standard library only.

hypothesis-jsonschema was tried first: it refuses most of these schemas (recursive `$ref`s,
`$ref`s beside other keywords) and breaks on current hypothesis, so the walk is our own.
"""
import random
import re

TEXTS = ["main", "build", "ubuntu-latest", "v1.2.3", "echo hello", "src/**", "x", "", "A b", "node:20", "1.0",
         "https://example.com/a", "dev@example.com", "2024-05-01", "10.5281/zenodo.1234", "1.2.3", "README.md"]
ODD = ["a\rb", "a\u2028", "\u00a0", "x y\u2009z", "é", "a\nb", "${{ x }}", "*", "-1", "  "]


class Generator:
    def __init__(self, schema, seed, max_depth=5):
        self.root = schema
        self.rng = random.Random(seed)
        self.max_depth = max_depth

    def resolve(self, ref):
        if not ref.startswith("#"):
            return None
        node = self.root
        for part in ref[1:].split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, list):
                node = node[int(part)]
            elif isinstance(node, dict) and part in node:
                node = node[part]
            else:
                return None
        return node

    def value(self, schema, depth=0):
        rng = self.rng
        if schema is True or schema is None or schema == {}:
            return self.any_value(depth)
        if schema is False or not isinstance(schema, dict):
            return None
        if "$ref" in schema and depth < self.max_depth + 2:
            target = self.resolve(schema["$ref"])
            if target is not None:
                rest = {k: v for k, v in schema.items() if k != "$ref"}
                return self.value({**target, **rest} if isinstance(target, dict) else target, depth + 1)
        if "const" in schema:
            return schema["const"]
        if "enum" in schema and schema["enum"]:
            return rng.choice(schema["enum"])
        for key in ("examples", "default"):
            given = schema.get(key)
            if given is not None and rng.random() < (0.5 if key == "examples" else 0.2):
                if key == "examples" and isinstance(given, list) and given:
                    return rng.choice(given)
                if key == "default" and not isinstance(given, (dict, list)) and self.fits(given, schema.get("type")):
                    return given
        for key in ("anyOf", "oneOf"):
            if isinstance(schema.get(key), list) and schema[key]:
                branch = rng.choice(schema[key])
                rest = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}
                if isinstance(branch, dict):
                    return self.value({**rest, **branch}, depth + 1)
        if isinstance(schema.get("allOf"), list):
            merged = {k: v for k, v in schema.items() if k != "allOf"}
            for sub in schema["allOf"]:
                if isinstance(sub, dict):
                    sub = self.resolve(sub["$ref"]) if "$ref" in sub and self.resolve(sub["$ref"]) else sub
                    for k, v in sub.items():
                        if k == "properties" and isinstance(v, dict):
                            merged["properties"] = {**merged.get("properties", {}), **v}
                        elif k == "required" and isinstance(v, list):
                            merged["required"] = list(merged.get("required", [])) + v
                        elif k == "then" and isinstance(v, dict):
                            merged["required"] = list(merged.get("required", [])) + list(v.get("required", []))
                            merged["properties"] = {**v.get("properties", {}), **merged.get("properties", {})}
                        else:
                            merged.setdefault(k, v)
            return self.value(merged, depth + 1)
        return self.typed(schema, self.kind(schema), depth)

    def kind(self, schema):
        t = schema.get("type")
        if isinstance(t, list) and t:
            t = self.rng.choice(t)
        if isinstance(t, str):
            return t
        if any(k in schema for k in ("properties", "required", "additionalProperties", "patternProperties")):
            return "object"
        if any(k in schema for k in ("items", "prefixItems", "minItems")):
            return "array"
        if any(k in schema for k in ("pattern", "minLength", "maxLength", "format")):
            return "string"
        if any(k in schema for k in ("minimum", "maximum", "multipleOf")):
            return "number"
        return self.rng.choice(["string", "object", "boolean", "integer"])

    def typed(self, schema, kind, depth):
        rng = self.rng
        if kind == "object":
            return self.object(schema, depth)
        if kind == "array":
            if depth >= self.max_depth:
                return []
            items = schema.get("items")
            prefix = schema.get("prefixItems") or (items if isinstance(items, list) else [])
            rest = items if isinstance(items, dict) else {}
            n = max(schema.get("minItems", 0), rng.randint(0, 3))
            return [self.value(prefix[i] if i < len(prefix) else rest, depth + 1) for i in range(n)]
        if kind == "string":
            text = rng.choice(TEXTS)
            if isinstance(schema.get("pattern"), str):
                try:
                    fits = [t for t in TEXTS if re.search(schema["pattern"], t)]
                except re.error:
                    fits = []
                text = rng.choice(fits) if fits else text
            lo, hi = schema.get("minLength", 0), schema.get("maxLength")
            while len(text) < lo:
                text += "x"
            return text[:hi] if hi is not None else text
        if kind in ("integer", "number"):
            lo, hi = schema.get("minimum", 0), schema.get("maximum", 100)
            n = rng.randint(int(lo), int(max(lo, min(hi, lo + 100))))
            return n if kind == "integer" or rng.random() < 0.5 else n + 0.5
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "null":
            return None
        return self.any_value(depth)

    def object(self, schema, depth):
        rng = self.rng
        out = {}
        props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        required = [r for r in schema.get("required", []) if isinstance(r, str)]
        for name in required:
            out[name] = self.value(props.get(name, True), depth + 1) if depth < self.max_depth else "x"
        if depth < self.max_depth:
            # A few of the optional members, as a real file names a few of hundreds of options.
            optional = [n for n in props if n not in out]
            for name in rng.sample(optional, min(len(optional), rng.randint(0, (8, 5, 3, 2, 1)[min(depth, 4)]))):
                out[name] = self.value(props[name], depth + 1)
        for name in self.forbidden(schema.get("not")):
            out.pop(name, None)
        extra = schema.get("additionalProperties")
        names = [n for n in props if n not in out]
        while len(out) < schema.get("minProperties", 0) and depth < self.max_depth:
            if names:
                name = names.pop(rng.randrange(len(names)))
                out[name] = self.value(props[name], depth + 1)
            else:
                patterns = schema.get("patternProperties") or {}
                sub = next(iter(patterns.values()), extra if isinstance(extra, dict) else True)
                out["k" + str(len(out))] = self.value(sub, depth + 1)
        return out

    @staticmethod
    def fits(value, declared):
        """Whether a `default` is of the declared type (some schemas give `default: null` to a text)."""
        kinds = {"string": str, "object": dict, "array": list, "boolean": bool}
        if isinstance(declared, str) and declared in kinds:
            return isinstance(value, kinds[declared])
        return declared is None or value is not None

    @staticmethod
    def forbidden(negated):
        """The names a `not: {required: [...]}` (or an `anyOf` of them) forbids together."""
        if not isinstance(negated, dict):
            return []
        names = list(negated.get("required", [])) if isinstance(negated.get("required"), list) else []
        for sub in negated.get("anyOf", []) if isinstance(negated.get("anyOf"), list) else []:
            if isinstance(sub, dict) and isinstance(sub.get("required"), list):
                names += sub["required"]
        return names

    def any_value(self, depth):
        return self.rng.choice([self.rng.choice(TEXTS), self.rng.randint(0, 9), True, None] if depth else [{}])

    def mutate(self, record, schema):
        """One way a file goes wrong, applied at a random object inside the record."""
        rng = self.rng
        objects, texts = [], []

        def walk(v, parent, key):
            if isinstance(v, dict):
                objects.append(v)
                for k, x in v.items():
                    walk(x, v, k)
            elif isinstance(v, list):
                for i, x in enumerate(v):
                    walk(x, v, i)
            elif isinstance(v, str):
                texts.append((parent, key))

        walk(record, None, None)
        how = rng.choice(["drop", "type", "unknown", "odd"])
        if how == "odd" and texts:
            parent, key = rng.choice(texts)
            parent[key] = rng.choice(ODD) if rng.random() < 0.5 else parent[key] + rng.choice(ODD)
        elif how == "drop" and objects:
            obj = rng.choice(objects)
            if obj:
                del obj[rng.choice(list(obj))]
        elif how == "type" and objects:
            obj = rng.choice(objects)
            if obj:
                obj[rng.choice(list(obj))] = rng.choice([12, "12", [], {}, None, True])
        elif objects:
            rng.choice(objects)["x-unknown-" + str(rng.randint(0, 9))] = "u"
        return record

    def records(self, n, mutated=0.4, accept=None, tries=30):
        """`n` records; with `accept` (a validator's yes/no), each unmutated one is the first of up
        to `tries` walks that it accepts, so that the records are mostly valid, as real files are."""
        out = []
        for _ in range(n):
            for _ in range(tries if accept else 1):
                record = self.value(self.root)
                if not isinstance(record, dict):
                    record = {}
                if accept is None or accept(record):
                    break
            if self.rng.random() < mutated:
                record = self.mutate(record, self.root)
            out.append(record)
        return out
