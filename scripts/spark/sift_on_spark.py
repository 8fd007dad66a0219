#!/usr/bin/env python3
"""Runs sift under Spark and checks the verdicts against a single run.

Usage: sift_on_spark.py PACKAGE RULES DATA SINGLE_RESULTS [--partitions N] [--as-of T]
  PACKAGE         the tarball of scripts/package (dist/sift-VERSION-linux-ARCH.tar.gz)
  RULES           the rules file
  DATA            a JSONL file whose records have an "id" field
  SINGLE_RESULTS  the result lines of `sift run --key id` over DATA in one process

Spark ships the package and the rules to the executors (SparkContext.addArchive and
addFile, as `spark-submit --archives/--files` would): nothing is read from a path on the
driver's machine, and the binary needs no Swift there. Each partition's lines go to one
`sift run -` (one record per line in, one result per line out); results carry the record's
id (--key id), so they join back without line numbers. Prints the counts of both runs and
exits 1 if any record's verdict or reasons differ.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

from pyspark.sql import SparkSession


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


def sift_partition(lines, archive, package, rules, as_of):
    """One partition through the shipped binary, on whichever executor runs it."""
    from pyspark import SparkFiles
    binary = os.path.join(SparkFiles.get(archive), package, "bin", "sift")
    data = "".join(line + "\n" for line in lines).encode()
    run = subprocess.run([binary, "run", "--rules", SparkFiles.get(rules), "--as-of", as_of, "--key", "id",
                          "--quiet", "--workers", "1", "-"], input=data, stdout=subprocess.PIPE, check=False)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"sift exited with {run.returncode}")
    return run.stdout.decode().splitlines()


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
    spark = (SparkSession.builder.master("local[2]").appName("sift-on-spark")
             .config("spark.ui.enabled", "false").config("spark.driver.memory", "1g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    sc = spark.sparkContext
    sc.addArchive(a.package)
    sc.addFile(a.rules)
    archive = os.path.basename(a.package)
    package = archive[: -len(".tar.gz")]
    rules = os.path.basename(a.rules)
    lines = sc.textFile(a.data, minPartitions=a.partitions)
    partitions = lines.getNumPartitions()
    as_of = a.as_of
    spark_verdicts = lines.mapPartitions(lambda part: sift_partition(part, archive, package, rules, as_of)).map(verdict).collect()
    spark.stop()
    spark_seconds = time.time() - started

    with open(a.single, encoding="utf-8") as f:
        single_verdicts = [verdict(line) for line in f if line.strip()]

    by_id = {v[0]: v for v in single_verdicts}
    differ = [v for v in spark_verdicts if by_id.get(v[0]) != v]
    ids = collections.Counter(v[0] for v in spark_verdicts)
    dup = [k for k, n in ids.items() if n > 1]
    sc, ss = counts(spark_verdicts), counts(single_verdicts)
    print(f"spark: {partitions} partitions on local[2], the binary shipped as {archive}, "
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
