"""Issue 15: many short hands, each refused: ``hand`` alone on its line.

Each lone ``hand`` line starts a hand with no number: ``E-NUMBER`` just
after the word (the column after the line's last token), the hand refused
with that one error and its text up to the next ``hand``.  The speed work
for this shape (``benchmarks/bench_hostile.py``: "'hand' alone on 100,000
lines") changed how the position and the diagnostic are made, never what
they are: these expectations are worked out by hand from the text."""

from __future__ import annotations

import hashlib
import inspect
from dataclasses import MISSING, FrozenInstanceError, fields

import pytest

from ingest.cli import load_bytes
from ingest.model import content_hash
from ingest.shn.errors import ShnSyntaxError
from ingest.shn.reader import read
from replay.errors import Diagnostic

HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n'
# lines 4, 5 and 6: 'hand' at column 1, at column 3 (two blanks before, two after), at column 1 before a comment
TEXT = HEAD + "hand\n  hand  \nhand ; no number\n"
NO_NUMBER = "found end of line after 'hand'; expected the hand number, a whole number from 1 without leading zeros"


def _sha(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()[:32]


def test_three_lone_hand_lines_are_three_refused_hands_each_with_its_e_number():
    result, fmt = load_bytes("lone.shn", TEXT.encode())
    assert fmt == "shn"
    assert result.hands == [] and result.errors == []
    # E-NUMBER at the column just after 'hand': line 4 'hand' is columns 1-4, so 5; line 5 '  hand  ' has it at
    # 3-6, so 7 (the trailing blanks are no token); line 6's comment is no token, so 5.  No hand number (None).
    want = [(4, 5), (5, 7), (6, 5)]
    assert [(r.source_line, [(d.code, d.line, d.col, d.hand, d.trick, d.found, d.expected, d.message, d.file)
                             for d in r.errors]) for r in result.rejected] == [
        (ln, [("E-NUMBER", ln, col, None, None, "end of line", "a hand number", NO_NUMBER, "lone.shn")])
        for ln, col in want]
    # each hand's text runs from its 'hand' to the next 'hand' (the first takes the next line's two blanks)
    assert [r.source for r in result.rejected] == ["hand\n  ", "hand  \n", "hand ; no number\n"]
    # no Session, Event, Date or Table tag: the session id is '?'; no hand number (none read: break22 F8, it was
    # reported as 'hand 0'); the hash is over the text with its blanks at both ends stripped, its number as 0
    assert [(r.session, r.hand, r.source_file) for r in result.rejected] == [("?", None, "lone.shn")] * 3
    assert [r.hash for r in result.rejected] == [_sha("?\x000\x00hand"), _sha("?\x000\x00hand"),
                                                 _sha("?\x000\x00hand ; no number")]


def test_a_lone_hand_line_in_strict_reading_raises_its_e_number():
    with pytest.raises(ShnSyntaxError) as got:
        read(TEXT, "lone.shn", strict=True)
    d = got.value.diagnostic
    assert (d.code, d.line, d.col, d.message) == ("E-NUMBER", 4, 5, NO_NUMBER)
    assert got.value.args == (d,) and got.value.code == "E-NUMBER"
    assert str(got.value) == f"lone.shn:4:5: error E-NUMBER: {NO_NUMBER}"


def test_the_lone_hand_after_a_skipped_hand_is_read_at_its_own_column():
    # hand 20 has a bad deal seat (E-SEAT) and is skipped to the next 'hand'; the lone '   hand' on line 6
    # (the word at columns 4-7) ends the skip and is refused at column 8; the 'hand 21' after it is read
    text = HEAD + "hand 20 dealer Al\ndeal Zed QC\n   hand\nhand 21 dealer Al\n"
    shn = read(text, "s.shn")
    assert [(h.number, h.line, [(d.code, d.line, d.col) for d in h.errors]) for h in shn.hands] == [
        (20, 4, [("E-SEAT", 5, 6)]), (0, 6, [("E-NUMBER", 6, 8)]), (21, 7, [])]


def test_content_hash_is_the_first_32_hex_digits_of_sha256():
    # the session id, the hand number and the stripped text, joined by NUL, as UTF-8
    assert content_hash("Thu / 2025", 14, "hand 14 dealer Al\n") == _sha("Thu / 2025\x0014\x00hand 14 dealer Al")
    assert content_hash("s", None, " hand\n") == _sha("s\x00None\x00hand")


def test_content_hash_remembers_its_results_without_mixing_them_up():
    """The memo (issue 17: the store's plan and the validator hash a hand each): asked again, the same text; another
    source, session or number of the same hand its own; past the memo's size (cleared when full) still sha256."""
    from ingest import model

    model._HASHED.clear()
    a = content_hash("Thu / 2025", 14, "hand 14 dealer Al\n")
    assert content_hash("Thu / 2025", 14, "hand 14 dealer Al\n") == a == _sha("Thu / 2025\x0014\x00hand 14 dealer Al")
    assert len(model._HASHED) == 1
    assert content_hash("Thu / 2025", 14, "hand 14 dealer Bea\n") == _sha("Thu / 2025\x0014\x00hand 14 dealer Bea")
    assert content_hash("Thu / 2025", 15, "hand 14 dealer Al\n") == _sha("Thu / 2025\x0015\x00hand 14 dealer Al")
    assert content_hash("Fri / 2025", 14, "hand 14 dealer Al\n") == _sha("Fri / 2025\x0014\x00hand 14 dealer Al")
    assert content_hash("Thu / 2025", None, "hand 14 dealer Al\n") == _sha("Thu / 2025\x00None\x00hand 14 dealer Al")
    for k in range(model._HASHED_MAX + 10):
        assert content_hash("s", k, "hand\r\n") == _sha(f"s\x00{k}\x00hand")
    assert len(model._HASHED) <= model._HASHED_MAX
    assert content_hash("Thu / 2025", 14, "hand 14 dealer Al\n") == a


def test_diagnostic_constructor_takes_the_fields_in_order_with_their_defaults():
    params = list(inspect.signature(Diagnostic.__init__).parameters.values())[1:]
    assert [(p.name, p.default) for p in params] == [
        (f.name, inspect.Parameter.empty if f.default is MISSING else f.default) for f in fields(Diagnostic)]
    d = Diagnostic("E-X", "m", line=3, col=4, found="f")
    assert (d.code, d.message, d.severity, d.file, d.line, d.col, d.hand, d.trick, d.found, d.expected) == (
        "E-X", "m", "error", None, 3, 4, None, None, "f", None)
    assert d == Diagnostic("E-X", "m", "error", None, 3, 4, None, None, "f") and hash(d) == hash(
        Diagnostic("E-X", "m", line=3, col=4, found="f"))
    with pytest.raises(FrozenInstanceError):
        d.code = "E-Y"


def test_a_reader_error_keeps_its_diagnostic_through_pickle_and_copy():
    import copy
    import pickle

    d = Diagnostic("E-NUMBER", NO_NUMBER, "error", "lone.shn", 4, 5, None, None, "end of line", "a hand number")
    e = ShnSyntaxError(d)
    for back in (pickle.loads(pickle.dumps(e)), copy.copy(e)):
        assert type(back) is ShnSyntaxError and back.diagnostic == d and back.args == (d,)
        assert str(back) == f"lone.shn:4:5: error E-NUMBER: {NO_NUMBER}"


def test_hand_n_lines_out_of_order_are_refused_each_with_its_e_hand_order():
    # line 4 'hand 5' starts hand 5; lines 5 and 6 ('hand 5', '  hand 3') come after it: E-HAND-ORDER at the
    # number (column 6, and 8 after two blanks), in hands 5 and 3, each hand refused with that one error
    text = HEAD + "hand 5\nhand 5\n  hand 3\n"
    f = read(text, "o.shn")
    first, second, third = f.hands
    assert first.errors == []
    want = [(5, 6, 5, "5", "> 5"), (6, 8, 3, "3", "> 5")]
    got = [(d.line, d.col, d.hand, d.found, d.expected) for h in (second, third) for d in h.errors]
    assert got == want
    d = second.errors[0]
    assert (d.code, d.severity, d.file, d.trick) == ("E-HAND-ORDER", "error", "o.shn", None)
    assert d.message == ("found hand 5 after hand 5 in the same session; expected a number greater than 5 (start a "
                         "new session with [Session \"id\"] to restart the numbering)")
    assert (second.source, third.source) == ("hand 5\n  ", "hand 3\n")  # up to the next hand's word
    # read strictly, the first such line raises the very diagnostic the lenient read records
    with pytest.raises(ShnSyntaxError) as exc:
        read(text, "o.shn", strict=True)
    assert exc.value.diagnostic == d
