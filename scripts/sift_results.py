"""What the differential and trial scripts share: which `sift` binary to run, and the result
lines of one `sift run` (one JSON object per record; exit 1 only means some record was invalid).
Standard library only."""
import json
import os
import subprocess
import sys


def default_sift():
    """$SIFT, else .build/release/sift when it exists and is newer, else .build/debug/sift."""
    if os.environ.get("SIFT"):
        return os.environ["SIFT"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    release = os.path.join(root, ".build", "release", "sift")
    debug = os.path.join(root, ".build", "debug", "sift")
    if os.path.exists(release) and (not os.path.exists(debug)
                                    or os.path.getmtime(release) > os.path.getmtime(debug)):
        return release
    return debug


def run_results(sift, pack, data, name):
    """The result objects of `sift run --rules PACK DATA`, in order; exits 2 (saying `name:`) when
    Sift cannot run or fails. Lines are split on "\\n" only: U+2028 may stand inside a line."""
    try:
        proc = subprocess.run([sift, "run", "--rules", pack, data], capture_output=True, text=True, check=False)
    except OSError as error:
        sys.exit(f"{name}: cannot run {sift}: {error}")
    if proc.returncode not in (0, 1):
        sys.exit(f"{name}: {sift} exited {proc.returncode}:\n{proc.stderr}")
    return [json.loads(text) for text in proc.stdout.split("\n") if text.strip()]
