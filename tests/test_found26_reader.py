"""break26b F8: W-LINE-END names the soft line end it found (U+001C was read as a line end under a message that
listed U+2028, U+2029, NEL, VT and FF only)."""

from __future__ import annotations

import re

import pytest

from ingest.shn import reader
from ingest.shn.reader import read

HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\nhand 1\n'


@pytest.mark.parametrize(("ch", "found"), [("\x1c", "U+001C (FS)"), ("\u2028", "U+2028 (LINE SEPARATOR)"),
                                           ("\x0b", "U+000B (VT)"), ("\x85", "U+0085 (NEL)")])
def test_w_line_end_names_the_character_found(ch, found):
    # 'pick Al' is line 4, columns 1-7: the soft line end at column 8 ends it, 'dealer Bea' is read as line 5
    f = read(HEAD + "pick Al" + ch + "dealer Bea\n", "p.shn")
    (w,) = [d for d in f.errors if d.code == "W-LINE-END"]
    assert (w.line, w.col, w.found) == (4, 8, found)
    assert w.message.startswith(f"found {found}, a line end that is no LF")
    h = f.hands[0]
    assert (h.pick.value, h.dealer.value, h.dealer.pos.line) == ("Al", "Bea", 5)


def test_every_soft_line_end_has_a_name():
    chars = set(re.findall(r"[^\[\]]", reader._SOFT_BREAK.pattern))
    assert chars == set(reader._SOFT_NAMES)


@pytest.mark.parametrize("block", [1, 5, 64, 4096])
def test_w_line_end_comes_in_line_order_read_whole_or_streamed(tmp_path, block):
    # found by hypothesis (tests/test_stream_ingest.py, seed 16435): read whole, W-LINE-END came first, before a tag
    # error on an earlier line; streamed in blocks of 1 byte, in line order. Now both in line order: the tag left
    # open on line 2 (E-UNTERMINATED, outside any hand), then the form feed ending line 5 at column 8 ('pick Al' is
    # columns 1-7)
    text = '%SHN 1.0\n[Table "2\n[Seats "Al; Bea; Cy; Di; Ed"]\nhand 1\npick Al\x0cdealer Bea\n'
    whole = read(text, "p.shn")
    p = tmp_path / "p.shn"
    p.write_text(text, encoding="utf-8")
    errors = []
    for shn in reader.read_stream(p, 1, name="p.shn", block=block):
        errors += shn.errors
    assert [(d.code, d.line, d.col) for d in whole.errors] == [("E-UNTERMINATED", 2, 1), ("W-LINE-END", 5, 8)]
    assert errors == whole.errors
