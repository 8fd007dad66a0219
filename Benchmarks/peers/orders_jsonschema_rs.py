#!/usr/bin/env python3
"""Python peer of the order-review job: orjson + jsonschema-rs. One JSON Schema, an allOf
of one sub-schema per field (orders_common.FIELD_SCHEMAS: required, type, enum, pattern,
exclusiveMinimum/maximum, if/then/else, anyOf/not, items; its Rust regex "$" matches only
at the very end, so a trailing "\\n" fails), so every error's schema_path starts with
["allOf", <field index>]. What JSON Schema cannot say (a real date not after now, at most
12 graphemes, GB 11643, Luhn) is done in Python for the fields whose schema passed.
Usage: orders_jsonschema_rs.py FILE.jsonl -> the job's counts."""
import sys

import jsonschema_rs

from orders_common import FIELD_SCHEMAS, FIELDS, beyond_schema, records, report, tally


def main(path):
    iter_errors = jsonschema_rs.validator_for({"allOf": list(FIELD_SCHEMAS)}).iter_errors
    failed = [0] * len(FIELDS)
    total = valid = 0
    for r in records(path):
        total += 1
        bad = {e.schema_path[1] for e in iter_errors(r)}
        bad.update(beyond_schema(r, bad))
        valid += tally(failed, bad)
    report(total, valid, failed)


if __name__ == "__main__":
    main(sys.argv[1])
