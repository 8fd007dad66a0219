#!/usr/bin/env python3
"""Python peer of the order-review job: orjson + fastjsonschema. fastjsonschema stops at
the first error and has no error iteration, so each field gets its own compiled schema
(orders_common.FIELD_SCHEMAS: required, type, enum, pattern, exclusiveMinimum/maximum,
if/then/else, anyOf/not, items) and every record is checked by all seventeen;
fastjsonschema rewrites "$" to "\\Z", so a trailing "\\n" fails. (A chain of allOf
validators, restarted after each field that fails, did the same work no faster: the
generated code's own checks, not the calls, take the time.) What JSON Schema cannot say
(a real date not after now, at most 12 graphemes, GB 11643, Luhn) is done in Python for
the fields whose schema passed.
Usage: orders_fastjsonschema.py FILE.jsonl -> the job's counts."""
import sys

import fastjsonschema
from fastjsonschema import JsonSchemaValueException

from orders_common import FIELD_SCHEMAS, FIELDS, beyond_schema, records, report, tally


def main(path):
    checks = [(k, fastjsonschema.compile(schema)) for k, schema in enumerate(FIELD_SCHEMAS)]
    failed = [0] * len(FIELDS)
    total = valid = 0
    for r in records(path):
        total += 1
        bad = []
        for k, validate in checks:
            try:
                validate(r)
            except JsonSchemaValueException:
                bad.append(k)
        bad += beyond_schema(r, bad)
        valid += tally(failed, bad)
    report(total, valid, failed)


if __name__ == "__main__":
    main(sys.argv[1])
