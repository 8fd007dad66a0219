#!/usr/bin/env python3
"""Turns `sift run` result lines into the job's counts (the lines every program prints):
a record is valid when "valid" is true; a field failed when at least one violation
names it in "field". Unreadable records (an "error" instead of violations) are counted
as invalid and reported on stderr. Usage: count_sift.py RESULTS.jsonl"""
import sys

try:
    from orjson import loads
except ImportError:
    from json import loads

FIELDS = ("phone", "email", "password", "plate", "id_number")


def main(path):
    failed = dict.fromkeys(FIELDS, 0)
    total = valid = unreadable = 0
    with open(path, "rb") as f:
        for line in f:
            r = loads(line)
            total += 1
            valid += r["valid"] is True
            if "error" in r:
                unreadable += 1
            for name in {v["field"] for v in r.get("violations", ())}:
                if name in failed:
                    failed[name] += 1
    if unreadable:
        print(f"count_sift.py: {unreadable} unreadable records in {path}", file=sys.stderr)
    out = [f"total {total}", f"valid {valid}", f"invalid {total - valid}"]
    out += [f"{name} {failed[name]}" for name in FIELDS]
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
