"""Every worked hand of tests/fixtures/profiles (docs/profiles.md) reads as SHN
with a stable canonical form, validates with no rejected hand, and is checked by name by some test
whose amounts were worked by hand (issue 6: "for each profile, a worked hand in
SHN whose replay and score are checked by a test")."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_file

TESTS = Path(__file__).parent
FIX = TESTS / "fixtures" / "profiles"
FILES = sorted(FIX.glob("*.shn"))


def test_there_are_worked_hands():
    assert len(FILES) >= 18  # 11 house-rule hands + 7 no-pick hands at least


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_worked_hand_is_canonical_valid_and_checked_by_a_test(path):
    text = path.read_text(encoding="utf-8")
    f = read(text)
    assert f.errors == [] and all(h.errors == [] for h in f.hands)
    again = write(f)
    assert write(read(again)) == again  # notation.md §10: its canonical form is stable
    res = validate_file(path)
    assert res.rejected == [] and res.hands
    for h in res.hands:
        if h.outcome.game in ("indiana", "fox"):  # race / fox points, not units: gained, never paid (F-5, F-6)
            assert min(h.outcome.units.values()) == 0 and h.outcome.pot == 0
            continue
        assert sum(h.outcome.units.values()) + h.outcome.pot == 0  # rules.md B-35 (the pot as a seat, D-19)
    users = [t for t in TESTS.glob("test_*.py") if t.name != Path(__file__).name
             and (path.name in t.read_text(encoding="utf-8") or path.stem in t.read_text(encoding="utf-8"))]
    assert users, f"no test checks {path.name} by name"
