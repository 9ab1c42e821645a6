"""Write a large NetSchafkopf protocol whose games are nearly all good:
``python benchmarks/big_protocol.py OUT --mb 100`` (issue 15's memory
measurement of streamed protocols).

The games of a shipped protocol (data/netschafkopf, baseline 05.10.23 01:
99 games, all good) are written again and again, each copy renumbered
(game ``n`` of copy ``c`` is game ``n + 99 c``) and its running table
shifted by the table the copy before ended with, so the table stays
consistent: every game is a new game of one sitting whose units the table's
change confirms, and the end check holds.  Written as CP1252, as the
shipped file is (its ``Grün`` is one byte).  Measure with e.g.::

    nice -n 10 /usr/bin/time -v .venv/bin/shead ingest OUT --db /tmp/x.duckdb
    SHEAD_STREAM_ABOVE=100000000000 nice -n 10 /usr/bin/time -v ...   # read whole
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"


def games_of(path: Path = SOURCE) -> tuple[str, list[list[str]]]:
    """The protocol's header text and its game blocks (lists of lines)."""
    from ingest.netschafkopf import _GEBER, decode_protocol

    text, _ = decode_protocol(path.read_bytes())
    lines = text.lstrip("\ufeff").splitlines()
    starts = [i for i, line in enumerate(lines) if _GEBER.match(line)]
    blocks = [lines[a:b] for a, b in zip(starts, starts[1:] + [len(lines)])]
    return "\n".join(lines[:starts[0]]) + "\n", blocks


def write(out: Path, mb: float, path: Path = SOURCE) -> int:
    """Write about ``mb`` MB to ``out``; returns the number of games."""
    from ingest.netschafkopf import _TABLE_ROW

    head, blocks = games_of(path)
    last = None
    for line in blocks[-1]:
        if (m := _TABLE_ROW.match(line)):
            last = [int(x) for x in m.group(3).split()]
    assert last is not None, "the source's last game has no score row"
    target = int(mb * 1e6)
    n = 0
    with open(out, "w", encoding="cp1252", newline="\n") as fh:
        fh.write(head)
        copy = 0
        while fh.tell() < target:
            for block in blocks:
                for line in block:
                    m = _TABLE_ROW.match(line)
                    if m:
                        number, preis, stock = int(m.group(1)), int(m.group(2)), int(m.group(4))
                        values = [int(x) + copy * s for x, s in zip(m.group(3).split(), last)]
                        line = f"{number + copy * len(blocks):5d}{preis:9d}" + "".join(
                            f"{v:+13d}" for v in values) + f"{stock:9d}"
                    fh.write(line + "\n")
                n += 1
            copy += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--mb", type=float, default=100.0)
    args = ap.parse_args()
    n = write(args.out, args.mb)
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.1f} MB, {n} games")


if __name__ == "__main__":
    main()
