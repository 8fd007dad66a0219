#!/usr/bin/env python3
"""Turns `sift run` result lines into a job's counts (the lines every program prints):
a record is valid when "valid" is true; a field failed when at least one violation
names it in "field" (an item's index made [*]: items[3].sku counts as items[*].sku; a
group's fields joined by "|": "payment.card_token|payment.wallet").
Unreadable records (an "error" instead of violations) are counted as invalid and reported
on stderr. Usage: count_sift.py [--job signup|order-review] RESULTS.jsonl"""
import re
import sys

from jobs import JOBS

try:
    from orjson import loads
except ImportError:
    from json import loads

INDEX = re.compile(r"\[[0-9]+\]")


def main(path, job="signup"):
    fields = JOBS[job]["fields"]
    failed = dict.fromkeys(fields, 0)
    total = valid = unreadable = 0
    with open(path, "rb") as f:
        for line in f:
            r = loads(line)
            total += 1
            valid += r["valid"] is True
            if "error" in r:
                unreadable += 1
            for name in {INDEX.sub("[*]", v["field"]).replace(", ", "|") for v in r.get("violations", ())}:
                if name in failed:
                    failed[name] += 1
    if unreadable:
        print(f"count_sift.py: {unreadable} unreadable records in {path}", file=sys.stderr)
    out = [f"total {total}", f"valid {valid}", f"invalid {total - valid}"]
    out += [f"{name} {failed[name]}" for name in fields]
    print("\n".join(out))


if __name__ == "__main__":
    args = sys.argv[1:]
    job = "signup"
    if args[:1] == ["--job"]:
        job, args = args[1], args[2:]
    main(args[0], job)
