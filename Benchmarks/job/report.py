#!/usr/bin/env python3
"""Reads the runs of scripts/compare and prints the Markdown table and the ratios; exits 1
when the programs' counts differ (printing every program's counts side by side).
Usage: report.py JOB RUNS.tsv DATA.jsonl   (RUNS.tsv: name, seconds, peak RSS KB, counts file)
       report.py --per-byte SIGNUP-RUNS.tsv SIGNUP.jsonl ORDER-RUNS.tsv ORDERS.jsonl
         (the order-review job's speed per byte beside the sign-up job's)"""
import os
import sys

from jobs import JOBS
LIMIT, SIFT1, PYTHON = "C++ limit, 1 thread", "sift, 1 worker", "Python"
NONE = ", --results none"
SCHEMA1 = "sift from JSON Schema, 1 worker"
COMPOSED1 = "sift composed pack, 1 worker"


def read_counts(path):
    counts = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                key, value = line.split()
                counts[key] = int(value)
    return counts


def read_runs(runs_path):
    runs = []  # (name, seconds, rss_kb, counts)
    with open(runs_path) as f:
        for line in f:
            name, seconds, rss_kb, counts_path = line.rstrip("\n").split("\t")
            runs.append((name, float(seconds), int(rss_kb), read_counts(counts_path)))
    return runs


def per_byte(signup_runs, signup_data, order_runs, order_data):
    """The order-review job's MB/s beside the sign-up job's, for sift 1 worker both ways."""
    signup, orders = dict((r[0], r[1]) for r in read_runs(signup_runs)), dict((r[0], r[1]) for r in read_runs(order_runs))
    signup_mb, order_mb = os.path.getsize(signup_data) / 1e6, os.path.getsize(order_data) / 1e6
    lines = ["### Real rule files: the order-review job per byte beside the sign-up job", ""]
    for name in (SIFT1, SIFT1 + NONE, LIMIT):
        if name in signup and name in orders:
            a, b = signup_mb / signup[name], order_mb / orders[name]
            lines.append(f"- {name}: sign-up {a:.1f} MB/s, order-review {b:.1f} MB/s: "
                         f"{a / b:.2f}× slower per byte" + (" (target ≤ 1.3×)" if name.startswith("sift") else ""))
    print("\n".join(lines))
    return 0


def main(job, runs_path, data_path):
    keys = ("total", "valid", "invalid") + JOBS[job]["fields"]
    runs = read_runs(runs_path)
    size_mb = os.path.getsize(data_path) / 1e6
    records = runs[0][3].get("total", 0)
    by_name = {name: seconds for name, seconds, _, _ in runs}
    limit_s, sift1_s = by_name.get(LIMIT), by_name.get(SIFT1)

    def ratio(s, base):
        return f"{s / base:.2f}×" if base else "-"

    lines = ["| program | seconds | records/s | MB/s | peak RSS MB | × C++ limit | × sift 1 worker |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for name, s, rss_kb, _ in runs:
        lines.append(f"| {name} | {s:.3f} | {records / s:,.0f} | {size_mb / s:.1f} | {rss_kb / 1024:.1f} "
                     f"| {ratio(s, limit_s)} | {ratio(s, sift1_s)} |")
    lines.append("")
    lines.append("Ratios are of wall times (seconds / seconds): above 1 means slower than the base.")
    python = [(s, name) for name, s, _, _ in runs if name.startswith(PYTHON)]
    sift1_none = by_name.get(SIFT1 + NONE)
    siftn = [(name, s) for name, s, _, _ in runs if name.startswith("sift, ") and name != SIFT1 and not name.endswith(NONE)]
    limitn = [(name, s) for name, s, _, _ in runs if name.startswith("C++ limit, ") and name != LIMIT]
    lines.append("")
    lines.append("Targets of issues 31 and 43 (throughput ratios, from the wall times above):")
    if sift1_none and limit_s:
        lines.append(f"- sift 1 worker --results none / C++ limit 1 thread: {limit_s / sift1_none:.2f}× its throughput (target ≥ 0.6×)")
    if sift1_s and sift1_none:
        lines.append(f"- full result lines to a file cost {100 * (sift1_s / sift1_none - 1):.0f}% over --results none, 1 worker "
                     "(target ≤ 25%)")
    if sift1_s and python:
        best_s, best = min(python)
        lines.append(f"- sift 1 worker (full results) / fastest Python ({best}): {best_s / sift1_s:.2f}× its throughput "
                     "(target ≥ 5×)")
    schema_s = by_name.get(SCHEMA1)
    if schema_s and sift1_s:
        lines.append(f"- the job from its JSON Schema (signup-schema.yaml) / the hand-written pack, 1 worker, full results: "
                     f"{schema_s / sift1_s:.2f}× the time (issue 42's target ≤ 1.10×)")
    composed_s = by_name.get(COMPOSED1)
    if composed_s and sift1_s:
        lines.append(f"- the job written with compositions (signup-composed.yaml) / the flat pack, 1 worker, full results: "
                     f"{composed_s / sift1_s:.2f}× the time (issue 43's target ≤ 1.10×)")
    for (name, s), (lname, ls) in zip(siftn, limitn):
        none_s = by_name.get(name + NONE)
        scale, limit_scale = sift1_s / s, limit_s / ls
        lines.append(f"- {name} / 1 worker: {scale:.2f}× the throughput; {lname} / 1 thread: {limit_scale:.2f}×; "
                     f"sift's scaling is {scale / limit_scale:.2f} of the limit's (target ≥ 0.9)"
                     + (f"; with --results none {sift1_none / none_s:.2f}×" if none_s and sift1_none else ""))

    reference = runs[0]
    def same(a, b):  # the counts both runs have are equal (--results none runs have only the record counts)
        return all(a[k] == b[k] for k in a.keys() & b.keys()) and {"total", "valid", "invalid"} <= a.keys() & b.keys()

    differ = [r for r in runs if not same(r[3], reference[3])]
    if differ:
        lines.append("")
        lines.append(f"**COUNTS DIFFER** (against {reference[0]}):")
        lines.append("")
        lines.append("| count | " + " | ".join(name for name, *_ in runs) + " |")
        lines.append("|---|" + "---:|" * len(runs))
        for key in keys:
            values = [r[3].get(key) for r in runs]
            mark = "" if len(set(values)) == 1 else " ⚠"
            lines.append(f"| {key}{mark} | " + " | ".join(str(v) for v in values) + " |")
    else:
        c = reference[3]
        lines.append("")
        lines.append(f"Counts identical in all {len(runs)} runs: " + ", ".join(f"{k} {c.get(k)}" for k in keys))
    print("\n".join(lines))
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1] == "--per-byte":
        sys.exit(per_byte(*sys.argv[2:6]))
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3]))
