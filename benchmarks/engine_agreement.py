"""The rules engine's restructuring keeps every stored row (issue 17): ingest
``profile_texts(N)`` (every named profile, misdeals, score-sheet lines,
wrong written results) with this checkout and compare every table, row for
row, with a reference pickle made the same way from another checkout
(e.g. main's):

    /work/main/.venv/bin/python -c "from pathlib import Path; import pickle; from ingest import fastpath as f; \
        t=f.profile_texts(20000); f.ingest_texts(t, Path('/tmp/ref.duckdb')); \
        pickle.dump(f.stored_rows(Path('/tmp/ref.duckdb')), open('/tmp/ref.pkl','wb'))"
    nice -n 10 .venv/bin/python benchmarks/engine_agreement.py /tmp/ref.pkl -n 20000

Prints each table's row count and whether it is equal; exits 1 when any
table differs (naming the first differing row).
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ingest import fastpath  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reference", type=Path)
    ap.add_argument("-n", "--hands", type=int, default=20_000)
    args = ap.parse_args()
    ref = pickle.loads(args.reference.read_bytes())
    print(f"compiled here: {fastpath.compiled_now() or 'nothing (pure Python)'}")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "here.duckdb"
        stored, rejected = fastpath.ingest_texts(fastpath.profile_texts(args.hands), db)
        here = fastpath.stored_rows(db)
    print(f"{stored:,} stored, {rejected:,} rejected")
    bad = 0
    for t in sorted(set(ref) | set(here)):
        a, b = ref.get(t), here.get(t)
        same = a == b
        print(f"  {t:<28} {len(a or []):>9,} rows  {'equal' if same else 'DIFFERENT'}")
        if not same:
            bad += 1
            if a is not None and b is not None:
                for x, y in zip(a, b):
                    if x != y:
                        print(f"    first difference:\n      ref  {x!r:.600}\n      here {y!r:.600}")
                        break
                else:
                    print(f"    row counts {len(a)} vs {len(b)}")
    print("every table equal" if not bad else f"{bad} table(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
