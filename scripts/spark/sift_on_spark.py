#!/usr/bin/env python3
"""Runs sift under Spark and checks the verdicts against a single run.

Usage: sift_on_spark.py PACKAGE RULES DATA SINGLE_RESULTS [--partitions N] [--as-of T]
  PACKAGE         the tarball of scripts/package (dist/sift-VERSION-linux-ARCH.tar.gz)
  RULES           the rules file
  DATA            a JSONL file whose records have an "id" field
  SINGLE_RESULTS  the result lines of `sift run --key id` over DATA in one process

Spark ships the package and the rules to the executors (shipped.py): nothing is read from a
path on the driver's machine, and the binary needs no Swift there. Each partition's lines go to one
`sift run -` (one record per line in, one result per line out); results carry the record's
id (--key id), so they join back without line numbers. Prints the counts of both runs and
exits 1 if any record's verdict or reasons differ.
"""
import argparse
import collections
import json
import os
import sys
import time

import shipped


def verdict(line):
    """(id, valid, reasons) of one result line."""
    r = json.loads(line)
    reasons = tuple(v["reason"] for v in r.get("violations", []))
    if "error" in r:
        reasons = (r["error"]["reason"],)
    return r.get("key"), r["valid"], reasons


def counts(verdicts):
    c = collections.Counter()
    for _, valid, reasons in verdicts:
        c["records"] += 1
        c["valid" if valid else "invalid"] += 1
        for reason in reasons:
            c[reason] += 1
    return c


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("package")
    ap.add_argument("rules")
    ap.add_argument("data")
    ap.add_argument("single")
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--as-of", default="2026-11-21T00:00:00Z")
    a = ap.parse_args()

    started = time.time()
    spark = shipped.start("sift-on-spark", "local[2]", a.package, a.rules)
    lines = spark.sparkContext.textFile(a.data, minPartitions=a.partitions)
    partitions = lines.getNumPartitions()
    package, rules, options = a.package, a.rules, ["--as-of", a.as_of]
    spark_verdicts = lines.mapPartitions(lambda part: shipped.run_sift(part, package, rules, options)).map(verdict).collect()
    spark.stop()
    spark_seconds = time.time() - started

    with open(a.single, encoding="utf-8") as f:
        single_verdicts = [verdict(line) for line in f if line.strip()]

    by_id = {v[0]: v for v in single_verdicts}
    differ = [v for v in spark_verdicts if by_id.get(v[0]) != v]
    ids = collections.Counter(v[0] for v in spark_verdicts)
    dup = [k for k, n in ids.items() if n > 1]
    sc, ss = counts(spark_verdicts), counts(single_verdicts)
    print(f"spark: {partitions} partitions on local[2], the binary shipped as {os.path.basename(a.package)}, "
          f"{spark_seconds:.1f} s including start-up")
    for key in ("records", "valid", "invalid"):
        print(f"  {key}: spark {sc[key]}, single run {ss[key]}")
    ok = sc == ss and not differ and not dup and len(spark_verdicts) == len(single_verdicts)
    if ok:
        print(f"identical verdicts and reasons for all {len(spark_verdicts)} records")
        return 0
    print(f"DIFFERENT: {len(differ)} records differ, {len(dup)} duplicated ids, "
          f"{len(spark_verdicts)} vs {len(single_verdicts)} results", file=sys.stderr)
    for v in differ[:5]:
        print(f"  spark {v} single {by_id.get(v[0])}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
