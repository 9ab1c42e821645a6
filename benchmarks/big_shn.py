"""Write a large generated SHN file for the bounded-memory ingest check
(issue 15): ``python benchmarks/big_shn.py OUT.shn --mb 1024``.

A few sessions are generated once (:func:`ingest.generate.generate_session_text`,
seeded: legal hands, some score-sheet lines and misdeals) and written again and
again under new ``[Session]`` ids until the file holds ``--mb`` megabytes, so
every copy is a session of its own (its hands have their own content hashes)
and the file costs seconds to write, not the hour that generating a million
hands one by one takes.  Prints the bytes, sessions and hands written."""

from __future__ import annotations

import argparse
from pathlib import Path

from ingest.generate import generate_session_text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--mb", type=float, default=1024.0, help="size of the file in MB (10**6 bytes)")
    ap.add_argument("--hands", type=int, default=1000, help="hands per session")
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    bodies = []
    for k in range(4):
        text = generate_session_text(args.seed + k, args.hands, score_sheet_rate=0.05, misdeal_rate=0.01,
                                     session="@@SESSION@@")
        head, _, body = text.partition("\n")  # the %SHN 1.0 line once, at the top
        bodies.append(body)
    target = int(args.mb * 1e6)
    written = sessions = 0
    with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(head + "\n")
        written += len(head) + 1
        while written < target:
            body = bodies[sessions % len(bodies)].replace("@@SESSION@@", f"big {sessions + 1}", 1)
            fh.write(body)
            if not body.endswith("\n\n"):
                fh.write("\n")
                written += 1
            written += len(body.encode("utf-8"))
            sessions += 1
    print(f"{args.out}: {written} bytes, {sessions} sessions of {args.hands} hands ({sessions * args.hands} hands)")


if __name__ == "__main__":
    main()
