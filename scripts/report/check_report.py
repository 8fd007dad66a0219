#!/usr/bin/env python3
"""Checks a `sift run --report` page as rendered by headless Chromium: what the DOM shows
(totals, one bar per reason, sample rows, rule links) and what the screenshot shows (the page
is drawn, with the tiles' green and red text and the red and violet bars in it).

Usage: check_report.py DOM.html SCREENSHOT.png EXPECTED.json
EXPECTED.json: {"records": N, "valid": N, "invalid": N, "reasons": N, "samples": N}
"""
import json
import re
import struct
import sys
import zlib


def png_pixels(path):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG, stdlib only."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), f"unexpected PNG format {depth}/{color}"
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, bpp)])
        prev = line
    return width, height, rows


def main(dom_path, png_path, expected_path):
    dom = open(dom_path, encoding="utf-8").read()
    want = json.load(open(expected_path))
    problems = []

    def tile(name):
        m = re.search(r'id="%s"><b>([^<]+)</b>' % name, dom)
        return m.group(1) if m else None

    for name in ("records", "valid", "invalid"):
        if tile(name) != str(want[name]):
            problems.append(f"tile {name}: shows {tile(name)!r}, expected {want[name]}")
    reasons = re.search(r'<svg id="reasons".*?</svg>', dom, re.S)
    bars = len(re.findall(r"<rect ", reasons.group(0))) if reasons else 0
    if bars != min(want["reasons"], 25):
        problems.append(f"{bars} reason bars, expected {min(want['reasons'], 25)}")
    samples = len(re.findall(r"<tr><td><code>", re.search(r'<table id="samples">.*?</table>', dom, re.S).group(0)))
    if samples != want["samples"]:
        problems.append(f"{samples} sample rows, expected {want['samples']}")
    if 'href="file://' not in dom:
        problems.append("no links to rule files")

    width, height, rows = png_pixels(png_path)
    colors = {}
    for row in rows[::2]:
        for px in row[::2]:
            colors[px] = colors.get(px, 0) + 1
    def near(rgb, tol=40):
        return sum(n for c, n in colors.items() if all(abs(c[i] - rgb[i]) <= tol for i in range(3)))
    white = near((255, 255, 255), 8)
    seen = {"red bars": near((0xb3, 0x26, 0x1e)), "violet bars": near((0x8a, 0x5c, 0xf6)), "green text": near((0x1b, 0x7f, 0x3b))}
    for what, n in seen.items():
        if n < 20:
            problems.append(f"the screenshot shows no {what} ({n} pixels)")
    total = sum(colors.values())
    if white > 0.98 * total:
        problems.append("the screenshot is blank")
    print(f"report: {width}x{height} screenshot; " + ", ".join(f"{k}: {v} px" for k, v in seen.items())
          + f"; DOM: {bars} reason bars, {samples} samples")
    for p in problems:
        print("  PROBLEM: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
