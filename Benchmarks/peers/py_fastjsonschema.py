#!/usr/bin/env python3
"""Python peer: orjson + fastjsonschema. fastjsonschema stops at the first error and has
no error iteration, so each field gets its own compiled schema (required / type /
pattern / maxLength) and every record is checked by all five; fastjsonschema rewrites
"$" to "\\Z", so a trailing "\\n" fails. The GB 11643 checksum is done in Python.
Usage: py_fastjsonschema.py FILE.jsonl -> the job's counts."""
import sys

import fastjsonschema
from fastjsonschema import JsonSchemaValueException

from common import EMAIL_MAX, FIELDS, PATTERNS, gb11643, records, report


def field_schema(name):
    prop = {"type": "string", "pattern": PATTERNS[name]}
    if name == "email":
        prop["maxLength"] = EMAIL_MAX
    return {"type": "object", "required": [name], "properties": {name: prop}}


def main(path):
    checks = [(name, fastjsonschema.compile(field_schema(name))) for name in FIELDS]
    failed = dict.fromkeys(FIELDS, 0)
    total = valid = 0
    for r in records(path):
        total += 1
        ok = True
        for name, validate in checks:
            try:
                validate(r)
                if name == "id_number" and not gb11643(r["id_number"]):
                    failed[name] += 1; ok = False
            except JsonSchemaValueException:
                failed[name] += 1; ok = False
        valid += ok
    report(total, valid, failed)


if __name__ == "__main__":
    main(sys.argv[1])
