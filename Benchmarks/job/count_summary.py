#!/usr/bin/env python3
"""Turns the summary of `sift run --summary-json` (for runs with --results none, which write no
result lines) into the record counts every program prints: total, valid, invalid. (Its
"fields" counts violations, not records, so the per-field counts are left out; report.py
compares the counts two runs both have.) Usage: count_summary.py SUMMARY.json"""
import json
import sys


def main(path):
    with open(path) as f:
        s = json.load(f)
    print(f"total {s['records']}\nvalid {s['valid']}\ninvalid {s['invalid']}")


if __name__ == "__main__":
    main(sys.argv[1])
