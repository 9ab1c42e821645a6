"""real31 F8: a protocol's player renamed with a space in the name (PcOben -> 'Sepp Huber', every deal, trick,
game line and table header).  A protocol's names are one word each (its table's columns are split at spaces, its
lines read 'NAME hat:', 'Geber: NAME'), so the file cannot be read as it stands; the error used to say the header
"names Sepp, Huber where the deal lines name Gast ... one player under two names" — blaming Gast, who is fine.
Now the file-level E-NSK-SEAT names the space: the line, the name 'Sepp Huber', and what to write instead.
No game is stored (nothing to add up: 0 stored)."""

from __future__ import annotations

import re

from ingest.netschafkopf import read_protocol
from tests.test_found31_nsk_header_names import CLEAN


def _spaced() -> str:
    text = re.sub(r"\bPcOben\b", "Sepp Huber", CLEAN)
    # the header's column widths as the tester's record has them
    return text


def test_a_name_with_a_space_is_said_to_be_the_problem(tmp_path):
    p = tmp_path / "Schafkopfprotokoll_vom_06.10.23_01.txt"
    p.write_bytes(_spaced().encode("utf-8"))
    res = read_protocol(p.read_bytes(), str(p))
    assert not res.hands and not res.rejected
    (e,) = [d for d in res.errors if d.severity == "error"]
    assert e.code == "E-NSK-SEAT"
    assert "'Sepp Huber'" in e.message and "space" in e.message
    assert "Gast" not in e.message  # Gast is no part of the problem
    assert e.line == 6  # the first line naming him: '      Sepp Huber hat: ...'


def test_the_same_read_in_batches(tmp_path):
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415

    p = tmp_path / "Schafkopfprotokoll_vom_06.10.23_01.txt"
    p.write_bytes(_spaced().encode("utf-8"))
    whole = read_protocol(p.read_bytes(), str(p))
    s = read_protocol_stream(p, str(p), batch=1, block=7)
    assert [(d.code, d.line, d.message) for d in s.errors] == [(d.code, d.line, d.message) for d in whole.errors]
