"""dash34 F4: every page's "nothing matches" says the next step (widen the filters in the sidebar, or press Reset
filters), as the Overview does (streamlit.testing on tester dash34's records).

By hand: Lakeside Six played only wi6-sit-out, so group=Lakeside Six with rules=wi5-jack-of-diamonds holds no hand;
Flo Marx sat only on 2026-11-10 (Tuesday Tavern), so player=Flo Marx from 2026-11-11 holds none.
"""
from __future__ import annotations

import pytest

from tests.dash34_records import page, store

NEXT = "Reset filters"
NONE = {"group": "Lakeside Six", "rules": "wi5-jack-of-diamonds"}


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return store(tmp_path_factory.mktemp("empty"))


def _empty_note(at) -> str:
    return "\n".join(str(e.value) for e in at.info)


@pytest.mark.parametrize(("name", "params"), [
    ("partner_calls.py", NONE),  # the tester's two cases
    ("schneider.py", {"player": "Flo Marx", "from": "2026-11-11"}),
    ("overview.py", NONE),
    ("picking.py", NONE),
    ("ledger.py", NONE),
    ("schneider.py", NONE),
    ("schafkopf.py", NONE),
    ("player.py", {**NONE, "who": "Al Braun"}),
    ("hands.py", NONE),
    ("sheet.py", NONE),
])
def test_an_empty_page_says_the_next_step(db, monkeypatch, name, params):
    note = _empty_note(page(name, db, monkeypatch, **params))
    assert "sidebar" in note and NEXT in note, (name, note)
