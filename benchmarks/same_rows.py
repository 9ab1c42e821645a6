"""The equivalence check of a hot-path change (issue 17): ingest the
generated files of :func:`ingest.fastpath.profile_texts` (every named profile,
misdeals, score-sheet lines, wrong written results) into a fresh database
and compare every table row for row with a reference taken with the code
before the change.

    # with the old code (e.g. main's venv), once:
    python benchmarks/same_rows.py --hands 20000 --save /tmp/ref.pkl
    # with the new code, after every change:
    python benchmarks/same_rows.py --hands 20000 --against /tmp/ref.pkl

Prints each table's row count and whether it is equal; exits 1 on the first
difference (the first differing row of each table is shown).  The database
is a temporary file, removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ingest import fastpath  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--save", type=Path, help="write the rows to this pickle (the reference)")
    ap.add_argument("--against", type=Path, help="compare the rows with this pickle")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "rows.duckdb"
        stored, rejected = fastpath.ingest_texts(fastpath.profile_texts(a.hands), db)
        rows = fastpath.stored_rows(db)
    print(f"{a.hands:,} hands: {stored:,} stored, {rejected:,} rejected; path: "
          f"{'compiled' if fastpath.compiled_now() else 'pure Python'}")
    if a.save:
        with open(a.save, "wb") as f:
            pickle.dump(rows, f)
        print(f"saved {sum(len(v) for v in rows.values()):,} rows of {len(rows)} tables to {a.save}")
    if a.against:
        with open(a.against, "rb") as f:
            ref = pickle.load(f)
        bad = 0
        for table in sorted(set(ref) | set(rows)):
            old, new = ref.get(table), rows.get(table)
            same = old == new
            print(f"  {table:28} {len(old or []):>9,} {len(new or []):>9,}  {'equal' if same else 'DIFFERENT'}")
            if not same:
                bad += 1
                if old is not None and new is not None:
                    for k, (x, y) in enumerate(zip(old, new)):
                        if x != y:
                            print(f"    first difference at row {k}:\n      ref {x!r:.400}\n      now {y!r:.400}")
                            break
                    else:
                        print(f"    row counts {len(old)} vs {len(new)}")
        print("every table equal" if not bad else f"{bad} table(s) differ")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
