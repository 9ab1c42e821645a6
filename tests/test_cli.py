"""The ``shead`` command line: ingest (JSON summary, exit codes, strict,
bad files), replay, usage errors, and the console script as a real process."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.validate import validate_text
from ingest.generate import generate_session_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"


@pytest.fixture
def runner():
    return CliRunner()


def run(runner, *args):
    res = runner.invoke(app, list(map(str, args)))
    return res.exit_code, res.stdout, res.stderr


def hand_count(db) -> int:
    with st.reading(db) as con:
        return con.execute("SELECT count(*) FROM hands").fetchall()[0][0]


def fifty_with_one_bad(tmp_path: Path) -> tuple[Path, int]:
    """A generated 50-hand session whose hand 17 has a score that does not
    sum to zero; returns the file and the line of that score."""
    lines = generate_session_text(3, 50).split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("hand 17 "))
    k = next(i for i in range(start, len(lines)) if lines[i].startswith("score "))
    entries = lines[k].split()[1:]
    values = [int(v) for v in entries[1::2]]
    values[0] += 10  # the first seat's units off by ten: the sum is 10, not 0
    lines[k] = "score " + " ".join(f"{s} {v:+d}" for s, v in zip(entries[0::2], values))
    path = tmp_path / "fifty.shn"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, k + 1


def test_ingest_twice_json_and_exit_codes(runner, db):
    code, out, _ = run(runner, "ingest", EXAMPLE, "--db", db, "--json")
    assert code == 0
    assert json.loads(out) == {"ingested": 5, "duplicates": 0, "rejected": [], "warnings": []}
    code, out, err = run(runner, "ingest", EXAMPLE, "--db", db, "--json")
    assert code == 0
    assert json.loads(out) == {"ingested": 0, "duplicates": 5, "rejected": [], "warnings": []}
    assert "0 stored, 5 duplicates" in err
    assert hand_count(db) == 5


def test_one_bad_hand_among_fifty_lenient_then_strict(runner, tmp_path):
    path, line = fifty_with_one_bad(tmp_path)
    db = tmp_path / "lenient.duckdb"
    code, out, err = run(runner, "ingest", path, "--db", db, "--json")
    rep = json.loads(out)
    assert code == 1
    assert rep["ingested"] == 49 and rep["duplicates"] == 0
    got = rep["rejected"][0]
    # the entry raised by ten is named, beside the sum: the rest of the hand settles it (replay.judge.judge_hand)
    first = next(ln for ln in path.read_text().split("\n")[line - 1:line])
    seat, written = first.split()[1], int(first.split()[2])
    assert got.pop("message").startswith(f"the score sums to +10, not 0 (rules.md B-35); {seat} {written:+d} is "
                                         f"written but the rules give {written - 10:+d} (tier: ")
    at = first.find(f" {seat} ") + 1  # at the entry's amount, not the score's first word (break22 F6)
    col = first.find(first.split()[2], at + len(seat)) + 1
    assert rep["rejected"] == [{"file": str(path), "line": line, "col": col, "hand": 17, "code": "E-SCORE-SUM",
                                "found": "10", "expected": "0"}]
    assert f"{path}:{line}:{col}: E-SCORE-SUM (hand 17)" in err
    assert hand_count(db) == 49
    strict_db = tmp_path / "strict.duckdb"
    code, out, err = run(runner, "ingest", path, "--db", strict_db, "--strict", "--json")
    assert code == 1
    assert json.loads(out)["ingested"] == 0
    assert "nothing stored (--strict" in err
    assert not strict_db.exists() or hand_count(strict_db) == 0


def test_bad_files_each_get_a_message_and_the_rest_is_stored(runner, tmp_path, db, monkeypatch):
    run(runner, "ingest", EXAMPLE, "--db", db)
    with st.reading(db) as con:
        before = con.execute("SELECT hash FROM hand_source ORDER BY hash").fetchall()
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "good.shn").write_text(generate_session_text(5, 4, session="good"), encoding="utf-8")
    (folder / "empty.shn").write_bytes(b"")
    (folder / "latin1.shn").write_bytes(b"%SHN 1.0\n[Event \"Koeln\"] \xf6\n")  # the byte outside the tag value
    (folder / "notes.txt").write_text("not a hand log\n", encoding="utf-8")
    (folder / "locked.shn").write_text("%SHN 1.0\n", encoding="utf-8")
    plain = tmp_path / "plain.shn"
    plain.write_text("hello world\n", encoding="utf-8")
    real = Path.read_bytes

    def guarded(self):
        if self.name == "locked.shn":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", guarded)
    code, out, err = run(runner, "ingest", folder, plain, tmp_path / "missing.shn", "--db", db, "--json")
    rep = json.loads(out)
    assert code == 1
    assert rep["ingested"] == 4
    got = {(Path(e["file"]).name, e["code"], e["line"], e["col"]) for e in rep["rejected"]}
    assert got == {
        ("empty.shn", "E-FILE-EMPTY", 1, 1),
        ("latin1.shn", "E-ENCODING", 2, 17),  # '[Event "Koeln"] ' is 16 characters, then the byte
        ("locked.shn", "E-FILE-UNREADABLE", 0, 0),
        ("plain.shn", "E-HEADER", 1, 1),
        ("plain.shn", "E-STATEMENT", 1, 1),
        ("missing.shn", "E-FILE-MISSING", 0, 0),
    }
    assert "notes.txt: skipped (not an SHN file (.shn) nor a NetSchafkopf protocol)" in err
    assert "found the byte 0xF6, which is not valid UTF-8" in err
    assert "Permission denied" in err
    with st.reading(db) as con:
        after = con.execute("SELECT hash FROM hand_source ORDER BY hash").fetchall()
    assert set(before) <= set(after) and len(after) == len(before) + 4


def test_glob_paths(runner, tmp_path, db):
    for k in range(3):
        (tmp_path / f"s{k}.shn").write_text(generate_session_text(10 + k, 2, session=f"g{k}"), encoding="utf-8")
    code, out, _ = run(runner, "ingest", str(tmp_path / "s*.shn"), "--db", db, "--json")
    assert code == 0 and json.loads(out)["ingested"] == 6


def test_replay_by_id_and_by_session_number(runner, db):
    run(runner, "ingest", EXAMPLE, "--db", db)
    code, by_id, _ = run(runner, "replay", "1", "--db", db)
    assert code == 0
    code, by_name, _ = run(runner, "replay", "Thursday Night Sheepshead / 2025.03.06 / 2#14", "--db", db)
    assert code == 0 and by_name == by_id
    lines = by_id.splitlines()
    tricks = [line for line in lines if line.startswith("Trick ")]
    assert tricks[0].split()[:14] == ["Trick", "1", "Al", "9♣", "Bea", "10♦", "Cy", "8♣", "Di", "7♣", "Ed", "10♣",
                                      "→", "Bea"]
    winners = [line.split("→ ")[1].split()[0] for line in tricks]
    assert winners == ["Bea", "Bea", "Di", "Al", "Cy", "Cy"]  # notation brief §3, hand 14
    # points by hand: t1 0+10+0+0+10 = 20 to Bea; t2 3+0+4+0+2 = 9 (29); t3 0+4+11+0+0 = 15 to Di (44),
    # where Di shows as partner (she takes the called A♥); the defenders take t4-t6: 13 (t4), 27 (40), 21 (61),
    # so the picker side stays 44 on their lines; the bury's K♣ A♠ = 4 + 11 = 15 (rules.md B-24) ends it 59-61
    # on its own line after trick 6
    assert "(picker side 20, defenders 0)" in tricks[0] and "(picker side 44, defenders 0)" in tricks[2]
    assert "partner Di known" in tricks[2] and all("known" not in t for t in tricks[:2])
    assert tricks[3].endswith("(picker side 44, defenders 13)") and tricks[4].endswith("(picker side 44, defenders 40)")
    assert tricks[5].endswith("(picker side 44, defenders 61)")
    assert lines[lines.index(tricks[5]) + 1] == ("Bury    K♣ A♠: 15 card points to the picker side (rules.md B-24)   "
                                                 "(picker side 59, defenders 61)")
    assert "Blind:   A♠ 7♥" in lines and "Bury:    K♣ A♠" in lines
    assert "Units:   Al +2   Bea -4   Cy +2   Di -2   Ed +2" in lines
    code, out, _ = run(runner, "replay", "1", "--db", db, "--json")
    rep = json.loads(out)
    assert rep["outcome"]["units"] == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
    assert len(rep["frames"]) == 31  # one before the first card, one after each of 30
    assert rep["frames"][5]["trick_cards"] == [["Al", "9C"], ["Bea", "TD"], ["Cy", "8C"], ["Di", "7C"], ["Ed", "TC"]]
    assert rep["frames"][-1]["bury"] == ["KC", "AS"]
    code, _, err = run(runner, "replay", "999", "--db", db)
    assert code == 1 and "no stored hand '999'" in err


def test_usage_errors_exit_2_and_version(runner, db, tmp_path):
    assert run(runner, "export", "--format", "xml", "--db", db)[0] == 2
    assert run(runner, "export", "--db", db)[0] == 2  # --format is required
    assert run(runner, "export", "--format", "parquet", "--db", db)[0] == 2  # parquet needs --out
    assert run(runner, "ingest")[0] == 2
    code, out, _ = run(runner, "--version")
    assert code == 0 and out.strip() == "shead 0.1.0"
    code, _, err = run(runner, "export", "--format", "jsonl", "--db", tmp_path / "none.duckdb")
    assert code == 1 and "no database here" in err


def test_console_script_in_a_real_process(tmp_path):
    exe = Path(sys.executable).with_name("shead")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "ingest.cli"]
    shutil.copy(EXAMPLE, tmp_path / "example.shn")
    res = subprocess.run(cmd + ["ingest", "example.shn", "--json"], cwd=tmp_path, capture_output=True, text=True,
                         env={k: v for k, v in __import__("os").environ.items() if k != "SHEAD_DB"})
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == {"ingested": 5, "duplicates": 0, "rejected": [], "warnings": []}
    assert (tmp_path / "data" / "shead.duckdb").exists()  # the default database, under the current folder


def test_netschafkopf_protocol_ingest_rederive_and_shn_export(runner, db, tmp_path):
    src = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    games = sum(1 for line in src.read_bytes().decode("cp1252").splitlines() if line.startswith("Geber:"))
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(src, folder / src.name)
    shutil.copy(EXAMPLE, folder / "example.shn")
    code, out, _ = run(runner, "ingest", folder, "--db", db, "--json")
    assert code == 0 and json.loads(out) == {"ingested": games + 5, "duplicates": 0, "rejected": [], "warnings": []}
    with st.reading(db) as con:
        formats = con.execute("SELECT format, count(*) FROM hands JOIN sessions USING (session_id) "
                              "GROUP BY format ORDER BY format").fetchall()
    assert formats == [("netschafkopf", games), ("shn", 5)]
    code, _, err = run(runner, "rederive", "--db", db)
    assert code == 0 and f"re-derived {games + 5} hands: 0 changed, 0 refused" in err
    code, out, err = run(runner, "replay", f"NetSchafkopf {src.stem}#1", "--db", db)
    assert code == 0  # replayed by the Schafkopf engine: 8 tricks of 4 cards
    assert len([line for line in out.splitlines() if line.startswith("Trick ")]) == 8
    code, out, err = run(runner, "export", "--format", "shn", "--db", db)
    # the protocol's games are written as SHN-SK (docs/notation.md §14) after the SHN session's 5 hands
    assert code == 0 and out.count("\nhand ") == games + 5 and "left out" not in err
    assert '[Cards "de"]' in out and '[Rules "netschafkopf"]' in out
    back = validate_text(out)
    assert back.rejected == [] and len(back.hands) == games + 5


def test_demo_ingests_data_then_launches_the_dashboard(runner, db, tmp_path, monkeypatch):
    import dashboard.launch

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "sheepshead", data / "sheepshead")
    (data / "notes.md").write_text("# not a hand log\n", encoding="utf-8")
    # the documentation shipped beside logs (the demo's own data has README.md and LICENSE-openschafkopf.txt):
    # passed over without a line each, which a first run printed five of
    (data / "README.md").write_text("# the logs\n", encoding="utf-8")
    (data / "sheepshead" / "LICENSE-x.txt").write_text("MIT\n", encoding="utf-8")
    calls = []
    monkeypatch.setattr(dashboard.launch, "launch", lambda **kw: calls.append(kw) or 0)
    code, _, err = run(runner, "demo", "--db", db, "--data", data, "--port", "8642")
    assert code == 0
    assert calls == [{"db": db, "host": "127.0.0.1", "port": 8642}]
    assert hand_count(db) == 5 and "notes.md: skipped" in err
    assert "README.md" not in err and "LICENSE" not in err
    code, _, _ = run(runner, "demo", "--db", db, "--data", data, "--ingest-only")
    assert code == 0 and len(calls) == 1 and hand_count(db) == 5


def test_sigkill_of_shead_ingest_never_leaves_part_of_a_file(tmp_path):
    """Kill a real `shead ingest` of a 2,000-hand file at random moments: the
    database always holds either none or all of that file; a final run then
    stores every hand exactly once."""
    import os
    import random
    import signal
    import time

    db = tmp_path / "k.duckdb"
    (tmp_path / "small.shn").write_text(generate_session_text(8, 5, session="small"), encoding="utf-8")
    (tmp_path / "big.shn").write_text(generate_session_text(9, 2000, session="big"), encoding="utf-8")
    exe = Path(sys.executable).with_name("shead")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "ingest.cli"]
    env = {k: v for k, v in os.environ.items() if k != "SHEAD_DB"}
    subprocess.run(cmd + ["ingest", "small.shn", "--db", str(db)], cwd=tmp_path, env=env, check=True,
                   capture_output=True)
    t0 = time.monotonic()
    full = subprocess.run(cmd + ["ingest", "big.shn", "--db", str(tmp_path / "timing.duckdb")], cwd=tmp_path,
                          env=env, capture_output=True)
    assert full.returncode == 0
    span = time.monotonic() - t0
    rng = random.Random(3)
    for _ in range(3):
        p = subprocess.Popen(cmd + ["ingest", "big.shn", "--db", str(db)], cwd=tmp_path, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.3, 1.0) * span)
        p.send_signal(signal.SIGKILL)
        p.wait()
        n = hand_count(db)
        assert n in (5, 2005)
        if n == 2005:
            break
    res = subprocess.run(cmd + ["ingest", "big.shn", "small.shn", "--db", str(db), "--json"], cwd=tmp_path,
                         env=env, capture_output=True, text=True)
    rep = json.loads(res.stdout)
    assert rep["ingested"] + rep["duplicates"] == 2005
    with st.reading(db) as con:
        assert con.execute("SELECT count(*), count(DISTINCT hash) FROM hand_source").fetchall() == [(2005, 2005)]


# --------------------------------------------------------------------------
# shead replay of a Schafkopf game (issue 5)
# --------------------------------------------------------------------------

SK_LOG = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"


@pytest.fixture(scope="module")
def sk_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("sk_replay") / "sk.duckdb"
    code, _, _ = run(CliRunner(), "ingest", SK_LOG, "--db", db)
    assert code == 0
    return db


def test_replay_of_a_rufspiel_with_kontra_in_german_cards(runner, sk_db):
    """Game 79 of the protocol (its lines 1541-1559), checked by hand:

        Gast hat: HZ E7 HU EO EK HK G8 H8      Gast spielt Mit der Grün-Ass
        PcOben hat: GA G7 SO SA H9 GK GU S8    -> PcOben holds the Gras-Sau: partner
        "Das Rufspiel kostet 2 Punkte. 1 mal gespritzt 4 Punkte."  (one Kontra)

    Tricks (leader first, clockwise PcLinks PcOben PcRechts Gast), Herz and
    Obers/Unters trump (rules.md G-6), Augen A 11, 10 10, K 4, O 3, U 2:
      1 PcRechts G9 Gast G8 PcLinks HA PcOben GA: HA trumps -> PcLinks, 11+11 = 22 (opp 22);
        the Sau is out: partner PcOben known
      2 PcLinks S7 PcOben SA PcRechts SK Gast E7 -> PcOben (SA), 11+4 = 15 (decl 15)
      3 PcOben SO PcRechts H7 Gast H8 PcLinks HO -> PcLinks (HO > SO), 3+3 = 6 (opp 28)
      4 PcLinks S9 PcOben S8 PcRechts SZ Gast HZ -> Gast (HZ trumps), 10+10 = 20 (decl 35)
      5 Gast EK PcLinks E8 PcOben H9 PcRechts E9 -> PcOben (H9 trumps), 4 (decl 39)
      6 PcOben G7 PcRechts GZ Gast EO PcLinks SU -> Gast (EO), 10+3+2 = 15 (decl 54)
      7 Gast HK PcLinks GO PcOben GU PcRechts EA -> PcLinks (GO), 4+3+2+11 = 20 (opp 48)
      8 PcLinks EU PcOben GK PcRechts EZ Gast HU -> PcLinks (EU), 2+4+10+2 = 18 (opp 66)
    54 : 66 ("Die Gegner haben 66 Augen"), the declaring party lost with 4
    tricks (2, 4, 5, 6); EO is Gast's, GO an opponent's: a run of 1, no
    Laufende (3 needed).  Price 2 × Kontra 2 = 4; the table goes from
    -40 +34 +56 -50 to -36 +30 +60 -54: PcLinks +4, PcOben -4, PcRechts +4, Gast -4.
    """
    code, out, err = run(runner, "replay", f"NetSchafkopf {SK_LOG.stem}#79", "--db", sk_db)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "Game:     Gast plays Rufspiel (Sauspiel: 2 against 2)   declarer Gast   [netschafkopf]" in lines
    assert "Called:   the Gras-Sau (GA), held by PcOben (partner)" in lines
    assert "Doubled:  Kontra (×2); who doubled is not recorded" in lines
    assert "Dealt:    Gast      HZ E7 HU EO EK HK G8 H8" in lines
    tricks = [line for line in lines if line.startswith("Trick ")]
    assert [t.split("→ ")[0].split()[2:] for t in tricks] == [
        ["PcRechts", "G9", "Gast", "G8", "PcLinks", "HA", "PcOben", "GA"],
        ["PcLinks", "S7", "PcOben", "SA", "PcRechts", "SK", "Gast", "E7"],
        ["PcOben", "SO", "PcRechts", "H7", "Gast", "H8", "PcLinks", "HO"],
        ["PcLinks", "S9", "PcOben", "S8", "PcRechts", "SZ", "Gast", "HZ"],
        ["Gast", "EK", "PcLinks", "E8", "PcOben", "H9", "PcRechts", "E9"],
        ["PcOben", "G7", "PcRechts", "GZ", "Gast", "EO", "PcLinks", "SU"],
        ["Gast", "HK", "PcLinks", "GO", "PcOben", "GU", "PcRechts", "EA"],
        ["PcLinks", "EU", "PcOben", "GK", "PcRechts", "EZ", "Gast", "HU"]]
    assert [t.split("→ ")[1].split()[0] for t in tricks] == ["PcLinks", "PcOben", "PcLinks", "Gast", "PcOben",
                                                             "Gast", "PcLinks", "PcLinks"]
    augen = [t.split("(declarer side ")[1].split(" Augen)")[0] for t in tricks]
    assert augen == ["0, opponents 22", "15, opponents 22", "15, opponents 28", "35, opponents 28",
                     "39, opponents 28", "54, opponents 28", "54, opponents 48", "54, opponents 66"]
    assert tricks[0].endswith("partner PcOben known") and all("known" not in t for t in tricks[1:])
    assert "Result:   Gast and PcOben lose: declarer side 54 Augen, 4 tricks; opponents 66 Augen" in lines
    assert "Laufende: none — the declaring party held only EO (run of 1; 3 needed)" in lines
    assert "Price:    (Rufspiel 2 = 2) × Kontra 2 = 4 (each loser pays one winner; rules.md G-15)" in lines
    assert "Units:    PcLinks +4   PcOben -4   PcRechts +4   Gast -4" in lines
    # no French suits, no Sheepshead words
    assert not any(sym in out for sym in "♣♠♥♦") and "picker" not in out and "defender" not in out


def test_replay_shows_the_laufende_with_and_without(runner, sk_db):
    # Game 7 (lines 124-142): PcOben plays Mit der Schellen-Ass; Gast holds SA.  PcOben was dealt EO GO HO,
    # PcRechts SO: the declaring party holds the top 3 trumps.  The log: "Mit 3 Laufenden 5 Punkte" (2 + 3).
    # Augen: opponents 65 ("Die Gegner haben 65 Augen"), so 120 - 65 = 55: lost.
    code, out, _ = run(runner, "replay", f"NetSchafkopf {SK_LOG.stem}#7", "--db", sk_db)
    lines = out.splitlines()
    assert code == 0
    assert "Laufende: with 3 — the declaring party held EO GO HO" in lines
    assert "Result:   PcOben and Gast lose: declarer side 55 Augen, 5 tricks; opponents 65 Augen" in lines
    assert "Price:    Rufspiel 2 + with 3 Laufende 3 = 5 (each loser pays one winner; rules.md G-15)" in lines
    # Game 88 (lines 1719-1737): PcRechts plays Mit der Grün-Ass, Gast holds GA.  EO is PcOben's, GO and HO
    # PcLinks', SO Gast's: the opponents hold the top 3.  The log: "Ohne 3 Laufende 5 Punkte"; opponents 39 Augen.
    code, out, _ = run(runner, "replay", f"NetSchafkopf {SK_LOG.stem}#88", "--db", sk_db)
    lines = out.splitlines()
    assert "Laufende: without 3 — the opponents held EO GO HO" in lines
    assert "Result:   PcRechts and Gast win: declarer side 81 Augen, 5 tricks; opponents 39 Augen" in lines


def test_replay_of_a_ramsch(runner, sk_db):
    # Game 8 (lines 144-161): "Es wurde Ramsch gespielt." ... "PcLinks verliert den Ramsch. PcLinks hat 48 Augen",
    # "Der Ramsch kostet 1 Punkt.": PcLinks pays 1 to each of the three others.
    # Trick 1 Gast G8 PcLinks G7 PcOben GA PcRechts SK: no trump, GA is highest -> PcOben, 11 + 4 = 15 Augen.
    code, out, _ = run(runner, "replay", f"NetSchafkopf {SK_LOG.stem}#8", "--db", sk_db)
    lines = out.splitlines()
    assert code == 0
    assert any(line.startswith("Game:     Ramsch") for line in lines)
    assert not any(line.startswith("Laufende:") for line in lines)  # no declaring party, no Laufende (G-13)
    trick1 = next(line for line in lines if line.startswith("Trick 1 "))
    assert trick1.split()[2:10] == ["Gast", "G8", "PcLinks", "G7", "PcOben", "GA", "PcRechts", "SK"]
    assert "→ PcOben   (Augen PcLinks 0, PcOben 15, PcRechts 0, Gast 0)" in trick1
    assert any(line.startswith("Result:   Ramsch lost by PcLinks with 48 Augen") for line in lines)
    assert "Units:    PcLinks -3   PcOben +1   PcRechts +1   Gast +1" in lines


def test_replay_json_of_a_schafkopf_game(runner, sk_db):
    code, out, _ = run(runner, "replay", f"NetSchafkopf {SK_LOG.stem}#79", "--db", sk_db, "--json")
    assert code == 0
    rep = json.loads(out)
    assert len(rep["frames"]) == 33  # one before the first card, one after each of 32
    assert rep["frames"][4]["trick_cards"] == [["PcRechts", "G9"], ["Gast", "G8"], ["PcLinks", "HA"],
                                               ["PcOben", "GA"]]
    assert (rep["frames"][-1]["party_points"], rep["frames"][-1]["opponent_points"]) == (54, 66)
    assert rep["frames"][-1]["multiplier"] == 2 and rep["frames"][-1]["called"] == "GA"
    assert rep["outcome"]["laufende"] == 0 and rep["outcome"]["laufende_with"] is True


def test_a_schafkopf_game_drawn_from_its_card_log_alone_is_in_german_too(sk_db):
    """The fallback when the engine cannot replay a stored game: German card
    names, declarer, Augen and the stored Laufende, no blind (game 7: see
    test_replay_shows_the_laufende_with_and_without)."""
    from ingest.render import render_hand

    with st.reading(sk_db) as con:
        h = st.find_hand(con, f"NetSchafkopf {SK_LOG.stem}#7")
    out = render_hand(h)
    assert "declarer PcOben" in out and "called SA" in out and "partner Gast" in out
    trick1 = next(line for line in out.splitlines() if line.startswith("Trick 1 "))
    assert trick1.split() == ["Trick", "1", "PcRechts", "S8", "Gast", "SA", "PcLinks", "S7", "PcOben", "SZ", "→",
                              "Gast"]
    assert "declarer side 55 Augen" in out and "Laufende: with 3" in out
    assert "Blind" not in out and not any(sym in out for sym in "♣♠♥♦")


# --- where the report goes (a user's `shead ingest x.shn > report.txt`) ------------------------------------------

NIGHT = """%SHN 1.0
[Event "Thursday Night Sheepshead"]
[Date "2025.03.13"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 6  dealer Ed
pick Cy  call AS  partner Ed  pts 72  win

hand 7  dealer Al
pick Bea  call AH  partner Di  pts 72  win
score Al -1 Bea +3 Cy -1 Di +1 Ed -1

hand 8  dealer Bea
pick Di  call AC  partner Al  pts 40  lose
"""


def test_the_ingest_report_is_the_result_on_stdout_and_json_keeps_stdout_alone(tmp_path):
    """In a real process with both streams piped (no terminal: no progress
    bar): the report is on stdout, stderr is empty.  Hand 7's score line
    (line 12) sums to -1+3-1+1-1 = +1 (rules.md B-35), so it is refused and
    hands 6 and 8 are stored; under --json stdout is the JSON alone and the
    same report goes to stderr."""
    exe = Path(sys.executable).with_name("shead")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "ingest.cli"]
    (tmp_path / "night.shn").write_text(NIGHT, encoding="utf-8")
    env = {k: v for k, v in __import__("os").environ.items() if k != "SHEAD_DB"}
    res = subprocess.run(cmd + ["ingest", "night.shn", "--db", "t.duckdb"], cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert res.returncode == 1
    report = ["night.shn: 2 stored, 0 duplicates, 1 rejected",
              "  night.shn:12:17: E-SCORE-SUM (hand 7): the score sums to +1, not 0 (rules.md B-35); Bea +3 is written "
              "but the rules give +2 (tier: plain 1 = 1 per defender)"]  # Bea with Di at 72: +2, +1, -1 (B-31)
    assert res.stdout.splitlines() == report + [
        "total: 2 stored, 0 duplicates (already stored), 1 rejected hand(s), from 1 file(s) into t.duckdb"]
    assert res.stderr == ""
    res = subprocess.run(cmd + ["ingest", "night.shn", "--db", "t.duckdb", "--json"], cwd=tmp_path,
                         capture_output=True, text=True, env=env)
    assert res.returncode == 1
    assert json.loads(res.stdout) == {"ingested": 0, "duplicates": 2, "warnings": [], "rejected": [
        {"file": "night.shn", "line": 12, "col": 17, "hand": 7, "code": "E-SCORE-SUM",
         "message": "the score sums to +1, not 0 (rules.md B-35); Bea +3 is written but the rules give +2 (tier: "
                    "plain 1 = 1 per defender)", "found": "1", "expected": "0"}]}
    assert res.stderr.splitlines() == ["night.shn: 0 stored, 2 duplicates, 1 rejected", report[1],
                                       "total: 0 stored, 2 duplicates (already stored), 1 rejected hand(s), "
                                       "from 1 file(s) into t.duckdb"]
    # `ingest --amend`'s report too: hand 6 (the first stored, hand id 1) written again with 80 points
    (tmp_path / "amend.shn").write_text(NIGHT.split("\nhand 7")[0].replace("pts 72", "pts 80"), encoding="utf-8")
    res = subprocess.run(cmd + ["ingest", "--amend", "amend.shn", "--reason", "pts misread", "--db", "t.duckdb"],
                         cwd=tmp_path, capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "Thursday Night Sheepshead / 2025.03.13#6 (hand id 1): revision 2 in force\n"
    assert res.stderr == ""
    # a path that names nothing is a diagnostic on stderr; the total (the result) still on stdout
    res = subprocess.run(cmd + ["ingest", "nope.shn", "--db", "t.duckdb"], cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert res.returncode == 1
    assert res.stderr == "nope.shn: E-FILE-MISSING: no such file or folder\n"
    assert res.stdout == ("total: 0 stored, 0 duplicates (already stored), 0 rejected hand(s), 1 file error(s), "
                          "from 0 file(s) into t.duckdb\n")


def test_db_before_the_command_is_the_commands_db(runner, tmp_path, monkeypatch):
    """``shead --db PATH CMD`` is ``shead CMD --db PATH`` for every command
    (a subgroup's too: ``token list``); a ``--db`` after the command wins;
    neither given: $SHEAD_DB."""
    night = tmp_path / "night.shn"
    night.write_text(NIGHT, encoding="utf-8")
    first, second, env_db = tmp_path / "first.duckdb", tmp_path / "second.duckdb", tmp_path / "env.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(env_db))
    code, out, _ = run(runner, "--db", first, "ingest", night)
    assert code == 1  # hand 7 refused (NIGHT above); 6 and 8 stored in `first`
    assert out.endswith(f"total: 2 stored, 0 duplicates (already stored), 1 rejected hand(s), from 1 file(s) "
                        f"into {first}\n")
    assert hand_count(first) == 2 and not env_db.exists()
    code, out, _ = run(runner, "--db", first, "ingest", night, "--db", second)  # the command's own wins
    assert code == 1 and hand_count(second) == 2 and out.endswith(f"into {second}\n")
    code, out, _ = run(runner, "--db", first, "sheet", "Thursday", "--json")
    assert code == 0 and [h["hand"] for h in json.loads(out)["hands"]] == [6, 8]
    code, _, err = run(runner, "--db", first, "token", "list")
    assert code == 0 and "no tokens yet" in err
    code, _, err = run(runner, "--db", tmp_path / "none.duckdb", "sheet", "Thursday")
    assert code == 1 and f"{tmp_path / 'none.duckdb'}: no database here" in err
    code, _, err = run(runner, "--db", first, "bench", "-n", "10")  # bench's --db: a fresh file to keep
    assert code == 2 and f"{first} exists; bench needs a fresh database" in err
    code, _, err = run(runner, "sheet", "Thursday")  # no --db: $SHEAD_DB, which holds nothing
    assert code == 1 and f"{env_db}: no database here" in err


def test_paths_that_name_no_file_say_so(runner, tmp_path):
    """A tester's finding: an empty folder and a symbolic link loop gave 'from 0 file(s)' and exit 0, /dev/null
    'no such file'.  Each is now a file error naming the path and why, exit 1, nothing stored."""
    empty = tmp_path / "empty"
    empty.mkdir()
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    db = tmp_path / "x.duckdb"
    for path, why in ((empty, "the folder holds no file (nothing to ingest)"),
                      (loop, "a symbolic link to no file or folder (a broken link, or a loop)"),
                      ("/dev/null", "not a regular file (a device, a pipe or a socket): nothing to ingest")):
        r = runner.invoke(app, ["ingest", str(path), "--db", str(db)])
        assert r.exit_code == 1 and f"{path}: E-FILE-MISSING: {why}" in r.output, r.output


def test_usage_errors_of_ingest_options_say_what_is_missing(tmp_path):
    """break16 F8, F10: an empty ``--rules`` (``--rules "$RULES"`` unset) refused every game of a protocol
    against the default tariff; ``--amend`` with no file, or ``-``, gave messages about something else.  Each is
    now one usage error (exit 2) that says what to write, and nothing is read or stored."""
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    db = tmp_path / "u.duckdb"
    f = tmp_path / "n.shn"
    f.write_text('%SHN 1.0\n[Session "t"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
                 "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n")
    run = CliRunner().invoke
    for args, said in ((["ingest", str(f), "--rules", ""], "--rules is empty"),
                       (["ingest", str(f), "--rules", " ; "], "--rules is empty"),
                       (["ingest", str(f), "--rules", "  "], "--rules is empty"),
                       (["ingest", "--amend", "-"], "--amend reads a file, not standard input"),
                       (["ingest", "--amend", "--db", str(db), str(f)], "--amend needs its FILE right after it"),
                       (["ingest", "--amend", str(f), str(f)], "--amend FILE takes one file and no other PATH")):
        r = run(app, args + (["--db", str(db)] if "--db" not in args else []))
        assert r.exit_code == 2 and said in r.output, (args, r.output)
    assert not db.exists()
