"""Amend, void, history and the seat view over real HTTP (issue 14: "amend
and void, where the store has them"; "its replay frames, with the seat view
where it exists"), against ``shead serve`` running as its own process.

The example session is data/sheepshead/example_session.shn (notation.md's
example, ``wi5-called-ace; doubleOnBump=on; noPick=leaster``).  Hand 15 is
written ``pick Cy  call AS  partner Ed  pts 72  win`` (Cy +2, Ed +1, the
others -1); amended here to 95 points, a schneider win (rules.md B-33: the
schneider doubles the base of 1): Cy +4, Ed +2, Al Bea Di -2 each (sum 0).
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from tests.service_helpers import make_token, start_service

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "sheepshead" / "example_session.shn"
GROUP = "Thursday Night Sheepshead"
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"
HEADER = EXAMPLE.read_text(encoding="utf-8").split("\n\n", 1)[0]


def key(hand: int) -> str:
    return quote(f"{SESSION}#{hand}", safe="")


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    db = tmp_path_factory.mktemp("corrections") / "shead.duckdb"
    tokens = {"scorer": make_token(db, GROUP, "scorer"), "viewer": make_token(db, GROUP, "viewer"),
              "other": make_token(db, "Oshkosh Schafkopf Club", "scorer")}
    served = start_service(db)
    try:
        def client(who):
            return httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {tokens[who]}"},
                                timeout=60)
        with client("scorer") as c:
            assert c.post("/hands", params={"name": "example_session.shn"},
                          content=EXAMPLE.read_bytes()).status_code == 200
        yield client
    finally:
        served.stop()


def units(c: httpx.Client, hand: int) -> dict:
    r = c.get(f"/hands/{key(hand)}")
    assert r.status_code == 200, r.text
    return r.json()["units"]


AMEND_15 = (HEADER + "\n\nhand 15  dealer Al\npick Cy  call AS  partner Ed  pts 95  win-s\n").encode()


def test_a_viewer_or_another_group_cannot_amend_and_nothing_changes(api):
    with api("viewer") as c:
        assert c.post("/hands/amend", params={"reason": "x"}, content=AMEND_15).status_code == 403
    with api("other") as c:
        r = c.post("/hands/amend", params={"reason": "x"}, content=AMEND_15)
        assert r.status_code == 403 and r.json()["rejected"][0]["code"] == "E-GROUP"
    with api("scorer") as c:
        assert units(c, 15) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_amend_stores_a_new_revision_and_the_history_keeps_both(api):
    with api("scorer") as c:
        r = c.post("/hands/amend", params={"reason": "95 points, not 72: the bury was miscounted"},
                   content=AMEND_15)
        assert r.status_code == 200, r.text
        body = r.json()
        assert [(a["session"], a["hand"], a["revision"]) for a in body["amended"]] == [(SESSION, 15, 2)]
        assert units(c, 15) == {"Al": -2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": 2}
        hist = c.get(f"/hands/{key(15)}/history").json()
        assert [r["revision"] for r in hist["revisions"]] == [1, 2]
        assert hist["revisions"][-1]["reason"] == "95 points, not 72: the bury was miscounted"
        # the same text again changes nothing
        again = c.post("/hands/amend", params={"reason": "again"}, content=AMEND_15).json()
        assert again["amended"] == [] and [u["hand"] for u in again["unchanged"]] == [15]


def test_an_amendment_the_judge_refuses_is_422_at_its_line_and_nothing_changes(api):
    bad = (HEADER + "\n\nhand 15  dealer Al\npick Cy  call AS  partner Ed  pts 95  win-s\n"
           "score Al -1 Bea -1 Cy +2 Di -1 Ed +1\n").encode()  # the score of a plain win, not a schneider
    with api("scorer") as c:
        r = c.post("/hands/amend", params={"reason": "typo"}, content=bad)
        assert r.status_code == 422
        e = r.json()["rejected"][0]
        assert e["code"] == "E-SCORE" and e["line"] == 11  # header lines 1-7, blank 8, hand 9, pick 10, score 11
        assert units(c, 15) == {"Al": -2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": 2}
        missing = (HEADER + "\n\nhand 40  dealer Al\npick Cy  call AS  partner Ed  pts 95  win-s\n").encode()
        assert c.post("/hands/amend", params={"reason": "x"}, content=missing).status_code == 422


def test_void_takes_the_hand_out_and_a_second_void_is_409(api):
    with api("viewer") as c:
        assert c.post(f"/hands/{key(17)}/void", params={"reason": "misdeal"}).status_code == 403
    with api("other") as c:
        assert c.post(f"/hands/{key(17)}/void", params={"reason": "misdeal"}).status_code == 403
    with api("scorer") as c:
        r = c.post(f"/hands/{key(17)}/void", params={"reason": "a card was face up: misdeal"})
        assert r.status_code == 200, r.text
        assert r.json()["hand"] == 17
        listed = [h["hand"] for h in c.get("/hands", params={"session": SESSION}).json()]
        assert listed == [14, 15, 16, 18]
        assert c.get(f"/hands/{key(17)}").status_code == 404
        assert c.get(f"/hands/{key(17)}/history").json()["voided"] is True
        assert c.post(f"/hands/{key(17)}/void", params={"reason": "again"}).status_code in (404, 409)
    with api("viewer") as c:  # reading the history is a viewer's right
        assert c.get(f"/hands/{key(17)}/history").status_code == 200
    with api("other") as c:
        assert c.get(f"/hands/{key(17)}/history").status_code == 403


def test_the_seat_view_of_hand_14_hides_the_bury_from_a_defender(api):
    # Hand 14: Bea picks the blind AS 7H and buries AS KC; Al (a defender) holds QS JD 9C 7S TH 8H.
    # The K♣ is buried, never played: Al may not see it before the hand's last step.
    with api("viewer") as c:
        r = c.get(f"/hands/{key(14)}/replay", params={"seat": "Al"})
        assert r.status_code == 200, r.text
        frames = r.json()["frames"]
        before_end = json.dumps(frames[:-1])
        assert "KC" not in before_end and "K♣" not in before_end
        assert "KC" in json.dumps(frames[-1])  # at the end, everything is shown
        assert c.get(f"/hands/{key(14)}/replay", params={"seat": "Zed"}).status_code == 422
