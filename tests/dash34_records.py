"""The two groups' records of tester dash34 (session 34), inline: Tuesday Tavern (five-handed, wi5-called-ace then
wi5-jack-of-diamonds) and Lakeside Six (six-handed wi6-sit-out: the dealer sits each hand out, rules.md F-1).  With
helpers to build a store of them and open a dashboard page on it (streamlit.testing)."""
from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.cli_helpers import cli, write

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"

GROUP_A = """%SHN 1.0
[Session "tue-2026-11-03"]
[Event "Tuesday Tavern"]
[Date "2026.11.03"]
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1 dealer Al
pick Cy call AS partner Ed pts 72 win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1

hand 2 dealer Bea
leaster Di pts 7

hand 3 dealer Cy
pick Di alone pts 95 win-s

hand 4 dealer Di
pick Bea call AH crack Cy partner Al pts 65 win

hand 5  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bea
bury AS KC
call AH
t1 Al:  9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 7H KH AH 9H 8H
t4 Di:  QD JS QS JC QH
t5 Al:  TH AD JH 7D KS
t6 Cy:  AC TS 8S 7S 9S
partner Di  pts 59  tricks 3  lose
score Al +2 Bea -4 Cy +2 Di -2 Ed +2

hand 6 dealer Al
pick Ed call AC partner Bea pts 25 lose-s

hand 7 dealer Bea
pick Al call AS under 7C partner Cy pts 68 win

hand 8 dealer Cy
pick Di call AH partner ? pts ? win
score Al -1 Bea -1 Cy -1 Di +2 Ed +1

hand 9 dealer Di
pick Cy call AC partner Al pts 120 tricks 6 win-z

hand 10 dealer Ed
pick Ed call AH partner Bea pts 0 tricks 0 lose-z

[Session "tue-2026-11-10"]
[Event "Tuesday Tavern"]
[Date "2026.11.10"]
[Seats "Al=Al Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Flo=Flo Marx"]
[Rules "wi5-jack-of-diamonds"]

hand 1 dealer Al
pick Bea partner Di pts 78 win

hand 2 dealer Bea
pick Flo partner Cy pts 44 lose

hand 3 dealer Cy
leaster Al pts 12

hand 4 dealer Di
pick Cy alone pts 61 win

hand 5 dealer Flo
pick Al partner Bea pts 61 win

hand 6 dealer Al
pick Di partner Flo pts 93 win-s

hand 7 dealer Bea
leaster -

hand 8 dealer Cy
pick Bea crack Cy partner Al pts 60 lose
"""

GROUP_B = """%SHN 1.0
[Session "lake-2026-11-05"]
[Event "Lakeside Six"]
[Date "2026.11.05"]
[Seats "Al=Al Braun; Gus=Gus Wolf; Hal=Hal Berg; Ida=Ida Roth; Jo=Jo Fink; Kai=Kai Lutz"]
[Rules "wi6-sit-out"]

hand 1 dealer Al
pick Gus call AH partner Jo pts 70 win

hand 2 dealer Gus
pick Jo call AC partner Al pts 40 lose

hand 3 dealer Hal
leaster Kai pts 5

hand 4 dealer Ida
pick Hal alone pts 31 lose

hand 5 dealer Jo
pick Kai call AS partner Ida pts 91 win-s

hand 6 dealer Kai
pick Al call AH partner Gus pts 90 win

hand 7 dealer Al
pick Ida call TH partner Kai pts 30 lose-s

hand 8 dealer Gus
pick Al call AC partner Hal pts 75 win

hand 9 dealer Hal
pick Jo call AS crack Al partner Gus pts 100 win-s

[Session "lake-2026-11-12"]
[Event "Lakeside Six"]
[Date "2026.11.12"]
[Seats "Al=Al Braun; Gus=Gus Wolf; Hal=Hal Berg; Ida=Ida Roth; Jo=Jo Fink; Kai=Kai Lutz"]
[Rules "wi6-sit-out"]

hand 1 dealer Jo
pick Al call AS partner Hal pts 82 win

hand 2 dealer Kai
pick Gus alone pts 120 tricks 6 win-z

hand 3 dealer Al
misdeal

hand 4 dealer Al
leaster Hal pts 14

hand 5 dealer Gus
pick Kai call AH partner Ida pts 55 lose

hand 6 dealer Hal
pick Ida call AC crack Kai recrack Ida partner Jo pts 61 win

hand 7 dealer Ida
pick Jo call AS partner Al pts 88 win

hand 8 dealer Jo
pick Hal call AH partner Kai pts 29 tricks 2 lose-s
"""


def store(tmp_path) -> Path:
    """A store holding both groups' records."""
    db = tmp_path / "club.duckdb"
    cli("ingest", write(tmp_path, "groupA.shn", GROUP_A), write(tmp_path, "groupB.shn", GROUP_B), "--db", str(db))
    return db


def page(name: str, db: Path, monkeypatch, **params) -> AppTest:
    """The page ``name`` (``picking.py`` ...) run once on ``db`` with the URL query ``params``."""
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=90)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def texts(at) -> str:
    """Every markdown, caption, info, warning and error text of the page, a line each."""
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "warning", "info", "error")
                     for e in getattr(at, kind))


def hand_id(db: Path, session: str, hand: int) -> int:
    from ingest.store import reading  # noqa: PLC0415

    with reading(db) as con:
        return con.execute("SELECT hand_id FROM hands WHERE session = ? AND hand = ?", [session, hand]).fetchone()[0]
