#!/usr/bin/env python3
"""Python peer: orjson + jsonschema-rs. The JSON Schema does required / type / pattern /
maxLength (its Rust regex "$" matches only at the very end, so a trailing "\\n" fails);
the GB 11643 checksum is done in Python. Per-field failures come from iter_errors: a
"required" error names its property, the others carry the field in instance_path.
Usage: py_jsonschema_rs.py FILE.jsonl -> the job's counts."""
import sys

import jsonschema_rs

from common import EMAIL_MAX, FIELDS, PATTERNS, gb11643, records, report

SCHEMA = {
    "type": "object",
    "required": list(FIELDS),
    "properties": {name: {"type": "string", "pattern": p} for name, p in PATTERNS.items()},
}
SCHEMA["properties"]["email"]["maxLength"] = EMAIL_MAX


def main(path):
    iter_errors = jsonschema_rs.validator_for(SCHEMA).iter_errors
    failed = dict.fromkeys(FIELDS, 0)
    total = valid = 0
    for r in records(path):
        total += 1
        bad = set()
        for e in iter_errors(r):
            bad.add(e.instance_path[0] if e.instance_path else e.kind.property)
        if "id_number" not in bad and not gb11643(r["id_number"]):
            bad.add("id_number")
        for name in bad:
            failed[name] += 1
        valid += not bad
    report(total, valid, failed)


if __name__ == "__main__":
    main(sys.argv[1])
