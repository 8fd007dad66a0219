#!/usr/bin/env python3
"""Python peer: orjson + jsonschema-rs. The JSON Schema does required / type / pattern /
maxLength (its Rust regex "$" matches only at the very end, so a trailing "\\n" fails);
the GB 11643 checksum is done in Python. Per-field failures come from iter_errors: a
"required" error names its property, the others carry the field in instance_path.
Usage: py_jsonschema_rs.py FILE.jsonl -> the job's counts."""
import json
import sys
from pathlib import Path

import jsonschema_rs

from common import EMAIL_MAX, FIELDS, PATTERNS, gb11643, records, report

# The job's schema, the file Sift's signup-schema.yaml also runs (scripts/compare's "from JSON
# Schema" row); it says what PATTERNS and EMAIL_MAX say.
with open(Path(__file__).resolve().parent.parent / "job" / "signup.schema.json") as f:
    SCHEMA = json.load(f)
assert SCHEMA["required"] == list(FIELDS) and SCHEMA["properties"]["email"]["maxLength"] == EMAIL_MAX
assert all(SCHEMA["properties"][name]["pattern"] == p for name, p in PATTERNS.items())


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
