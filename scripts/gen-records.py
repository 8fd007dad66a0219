#!/usr/bin/env python3
"""Writes N signup-like JSONL records (about 10% invalid) for throughput runs.
Usage: scripts/gen-records.py N > bench-data/records.jsonl   (bench-data/ is git-ignored)"""
import json, random, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rnd = random.Random(42)
prefixes = ["138", "139", "150", "166", "172", "188", "195", "149", "154"]
out = sys.stdout
for i in range(n):
    kind = ("signup", "mobile", "identity", "vehicle")[i % 4]
    if kind == "signup":
        r = {"kind": kind, "email": f"user{i}@example.com", "password": f"pw{i:06d}x", "phone": rnd.choice(prefixes) + f"{rnd.randrange(10**8):08d}"}
    elif kind == "mobile":
        r = {"kind": kind, "phone": rnd.choice(prefixes) + f"{rnd.randrange(10**8):08d}"}
    elif kind == "identity":
        r = {"kind": kind, "id_number": "11010519491231002X" if i % 10 else "110105194912310021"}
    else:
        r = {"kind": kind, "plate": "京A12345" if i % 10 else "京O12345"}
    out.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
