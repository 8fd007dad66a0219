#!/usr/bin/env python3
"""Python peer: orjson + the standard `re` module (re.fullmatch, so a trailing "\\n" fails;
re's "$" alone would accept it). Usage: py_re.py FILE.jsonl -> the job's counts."""
import re
import sys

from common import EMAIL_MAX, FIELDS, PATTERNS, gb11643, records, report


def main(path):
    # fullmatch needs no anchors: strip the leading "^" and trailing "$".
    match = {name: re.compile(p[1:-1]).fullmatch for name, p in PATTERNS.items()}
    phone, email, password, plate, id_number = (match[n] for n in FIELDS)
    failed = dict.fromkeys(FIELDS, 0)
    total = valid = 0
    for r in records(path):
        total += 1
        ok = True
        v = r.get("phone")
        if type(v) is not str or not phone(v):
            failed["phone"] += 1; ok = False
        v = r.get("email")
        if type(v) is not str or len(v) > EMAIL_MAX or not email(v):
            failed["email"] += 1; ok = False
        v = r.get("password")
        if type(v) is not str or not password(v):
            failed["password"] += 1; ok = False
        v = r.get("plate")
        if type(v) is not str or not plate(v):
            failed["plate"] += 1; ok = False
        v = r.get("id_number")
        if type(v) is not str or not id_number(v) or not gb11643(v):
            failed["id_number"] += 1; ok = False
        valid += ok
    report(total, valid, failed)


if __name__ == "__main__":
    main(sys.argv[1])
