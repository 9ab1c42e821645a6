"""dash34 F1, F2: the Picking page's leaster sentence counts the leasters' own outcomes, and every "leasters played"
number links to a list of exactly the leasters counted (streamlit.testing on tester dash34's records).

The leasters of the records, by hand (rules.md D-2: everybody passed; D-4: the fewest card points among those who
took a trick wins; D-6: a tie, ``leaster -``, is nobody's win, washed; F-1: at wi6-sit-out the dealer sits out):

* Tuesday Tavern (five-handed, nobody sits out; Al, Bea, Cy, Di with Ed on 11-03 and Flo on 11-10):
  tue-2026-11-03 #2 won by Di (7 pts); tue-2026-11-10 #3 won by Al (12 pts); tue-2026-11-10 #7 a tie (``leaster -``).
* Lakeside Six (six-handed wi6-sit-out): lake-2026-11-05 #3, dealer Hal, won by Kai (Al played it);
  lake-2026-11-12 #4, dealer Al (he sits it out, F-1), won by Hal.

So: Di sat in 3 leasters (all Tuesday), 2 won outright (Di's and Al's) + 1 tie.  Al sat at the table for 5 and
played 4 (03 #2, 05 #3, 10 #3, 10 #7; 12 #4 he dealt and sat out); in Lakeside Six 2 at his table, 1 played, both
won outright (Kai, Hal), no tie.
"""
from __future__ import annotations

import re

from dashboard import hand_list as hl
from ingest.store import reading
from tests.dash34_records import page, store, texts


def _leaster_sentence(at) -> str:
    return next(c.value for c in at.caption if "won outright" in c.value)


def _count(db, url: str) -> tuple[int, list[tuple[str, int]]]:
    """The Hands page's count behind ``url`` and its (session, hand) list."""
    from urllib.parse import parse_qs, urlsplit  # noqa: PLC0415

    f, q, problems = hl.from_params(parse_qs(urlsplit(url).query))
    assert not problems, problems
    with reading(db) as con:
        rows = hl.hand_list(con, f, q)
        return hl.hand_count(con, f, q), list(zip(rows["session"].to_list(), rows["hand"].to_list()))


# ---- F1: "N leasters won outright" counts the leasters, each once, not the chosen player's wins


def test_picking_leaster_sentence_for_di_counts_every_leasters_outcome(tmp_path, monkeypatch):
    db = store(tmp_path)
    said = _leaster_sentence(page("picking.py", db, monkeypatch, player="Di Lenz"))
    # 3 leasters: 03 #2 (Di won), 10 #3 (Al won), 10 #7 (tie) -> 2 won outright + 1 tie (D-4, D-6)
    assert said.startswith("3 leasters"), said
    assert "2 leasters won outright" in said, said
    assert "1 tie" in said and "2026-11-10 hand 7" in said, said


def test_picking_leaster_sentence_for_al_at_lakeside_says_which_he_played(tmp_path, monkeypatch):
    db = store(tmp_path)
    said = _leaster_sentence(page("picking.py", db, monkeypatch, group="Lakeside Six", player="Al Braun"))
    # 2 leasters at Al's table: 05 #3 (Kai won), 12 #4 (Hal won; Al dealt and sat out, F-1): both won outright, no tie
    assert said.startswith("2 leasters"), said
    assert "2 leasters won outright" in said and "tie" not in said, said
    assert "Al Braun played 1 of them" in said, said


def test_picking_leaster_sentence_without_a_player(tmp_path, monkeypatch):
    db = store(tmp_path)
    said = _leaster_sentence(page("picking.py", db, monkeypatch))
    # all 5 leasters: 4 won outright (Di, Al, Kai, Hal) + the 11-10 #7 tie
    assert said.startswith("5 leasters") and "4 leasters won outright" in said and "1 tie" in said, said


# ---- F2: the list behind "leasters played" holds the leasters counted (a sat-out dealer's left out)


def test_player_page_leasters_played_links_to_the_four_al_played(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("player.py", db, monkeypatch, who="Al Braun")
    line = next(m.value for m in at.markdown if "**leaster**" in m.value)
    m = re.search(r"\[(\d+) leasters\]\(([^)]+)\) played", line)
    assert m, line
    assert m[1] == "4"  # 03 #2, 05 #3, 10 #3, 10 #7 (12 #4: Al dealt and sat out, F-1)
    n, hands = _count(db, m[2])
    assert n == 4 and ("lake-2026-11-12", 4) not in hands, hands
    assert sorted(hands) == [("lake-2026-11-05", 3), ("tue-2026-11-03", 2), ("tue-2026-11-10", 3),
                             ("tue-2026-11-10", 7)]


def test_picking_leasters_table_played_matches_its_list(tmp_path, monkeypatch):
    db = store(tmp_path)
    for params, played in (({}, 4), ({"group": "Lakeside Six"}, 1)):
        at = page("picking.py", db, monkeypatch, **params)
        lw = next(d.value for d in at.dataframe if "hands_link" in d.value.columns and "won" in d.value.columns)
        al = lw[lw["player"] == "Al Braun"].iloc[0]
        assert al["leasters"] == played, (params, al)
        n, hands = _count(db, al["hands_link"])
        assert n == played, (params, hands)
        assert ("lake-2026-11-12", 4) not in hands


def test_hands_page_says_who_played(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("hands.py", db, monkeypatch, who="Al Braun", kind="leaster", role="played")
    assert at.subheader[0].value.startswith("4 hands"), at.subheader[0].value
    assert "sat out" not in texts(at) or "left out" in texts(at)
