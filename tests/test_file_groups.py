"""Files stored together (issue 17, docs/storage.md "Files stored together"):
``shead ingest`` of a folder holds validated SHN files until they make
``GROUP_HANDS`` hands, then stores them in one transaction
(``Store.ingest_files``).  Each file must keep what it gets stored alone:
its line, counts, ids, warnings and rejected rows, and a file that continues
a held file's session is planned after that file is stored.

The numbers, worked by hand (rules.md B-27/B-28, I-1: a plain called-ace win
pays the picker +2, the partner +1 and each defender -1; D-11/D-12: after a
doubler the next hand is played at twice the stake)."""

from __future__ import annotations

from pathlib import Path

import duckdb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from ingest import fastpath
from ingest import store as st
from ingest.cli import app
from ingest.generate import generate_session_text
from tests.test_session_copies import ledger

runner = CliRunner()
SEATS = "Al; Bea; Cy; Di; Ed"
# a: hand 1 Cy +2, Ed +1, Al Bea Di -1; hand 2 Al +2, Bea +1, Cy Di Ed -1
NIGHT = ("hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n\n"
         "hand 2  dealer Al\npick Al  call AH  partner Bea  pts 65  win\n")


def shn(tags: str, body: str, rules: str = "wi5-called-ace") -> str:
    return f'%SHN 1.0\n{tags}[Seats "{SEATS}"]\n[Rules "{rules}"]\n\n{body}'


def event(name: str, date: str) -> str:
    return f'[Event "{name}"]\n[Date "{date}"]\n'


def folder(tmp_path: Path, files: dict[str, str]) -> Path:
    d = tmp_path / "in"
    d.mkdir()
    for name, text in files.items():
        (d / name).write_text(text)
    return d


def spy(monkeypatch) -> list[int | None]:
    """Each ``Store.ingest_files`` call: how many files it stored together (None: it left them to one by one)."""
    calls: list[int | None] = []
    real = st.Store.ingest_files

    def counted(self, items):
        reports = real(self, items)
        calls.append(None if reports is None else len(items))
        return reports

    monkeypatch.setattr(st.Store, "ingest_files", counted)
    return calls


def interrupted_at(n: int, real):
    """``real``, but its ``n``-th call raises ``KeyboardInterrupt`` (a Ctrl-C landing there)."""
    calls: list[int] = []

    def call(*a, **k):
        calls.append(1)
        if len(calls) == n:
            raise KeyboardInterrupt
        return real(*a, **k)

    return call


FOUR = {
    "a.shn": shn(event("Club", "2026.11.27"), NIGHT),
    "b.shn": shn(event("Club re-sent", "2026.11.27"), NIGHT),  # a's night under another Event: a copy
    # Di +2, Al +1, Bea Cy Ed -1; another hand 1 (E-HAND-ORDER: numbers rise in a session; its 66 differs from the
    # first's 61: the same text would be a block pasted twice, read once, phone32 F4); hand 2 refused at its
    # 'hand' line (E-HAND-ORDER: of the hands numbered from 1 again, break26 F1), its 121 points not reached
    "c.shn": shn(event("Tuesday", "2026.12.01"),
                 "hand 1  dealer Bea\npick Di  call AC  partner Al  pts 61  win\n\n"
                 "hand 1  dealer Bea\npick Di  call AC  partner Al  pts 66  win\n\n"
                 "hand 2  dealer Cy\npick Ed  call AS  partner Al  pts 121  win\n"),
    "d.shn": shn(event("Wednesday", "2026.12.02"), "hand 1  dealer Bea\npick Di  call AC  partner Al  pts 130  win\n"),
}


def test_a_folder_stored_together_keeps_each_files_line_ids_warning_and_rejected_rows(tmp_path, monkeypatch):
    calls = spy(monkeypatch)
    d, db = folder(tmp_path, FOUR), tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 1, r.output  # three refused hands
    assert calls == [4]  # the four files in one transaction
    out = " ".join(r.output.split())
    for name, line in (("a", "2 stored, 0 duplicates, 0 rejected"), ("b", "2 stored, 0 duplicates, 0 rejected"),
                       ("c", "1 stored, 0 duplicates, 2 rejected"), ("d", "0 stored, 0 duplicates, 1 rejected")):
        assert f"{d / name}.shn: {line}" in out
    # the copy is b's, named with b's path, and only b's: a was stored before it
    assert out.count("W-SESSION-COPY") == 1
    warned = out.index("W-SESSION-COPY")
    assert out.index(f"{d / 'b'}.shn: 2 stored") < warned < out.index(f"{d / 'c'}.shn:")
    assert f"{d / 'b'}.shn:1:1: warning W-SESSION-COPY: session 'Club re-sent / 2026.11.27', just stored" in out
    assert "total: 5 stored, 0 duplicates (already stored), 3 rejected hand(s), from 4 file(s)" in out
    with st.reading(db) as con:
        # one ingests row a file, ids in the files' order, as if stored one after the other
        assert con.execute("SELECT ingest_id, file, stored, duplicates, rejected, strict FROM ingests ORDER BY 1"
                           ).fetchall() == [(1, str(d / "a.shn"), 2, 0, 0, False),
                                            (2, str(d / "b.shn"), 2, 0, 0, False),
                                            (3, str(d / "c.shn"), 1, 0, 2, False),
                                            (4, str(d / "d.shn"), 0, 0, 1, False)]
        assert con.execute("SELECT session_id, session FROM sessions ORDER BY 1").fetchall() == [
            (1, "Club / 2026.11.27"), (2, "Club re-sent / 2026.11.27"), (3, "Tuesday / 2026.12.01")]
        assert con.execute("SELECT h.hand_id, h.session_id, h.hand, s.ingest_id, s.file FROM hands h "
                           "JOIN hand_source s USING (hand_id) ORDER BY 1").fetchall() == [
            (1, 1, 1, 1, str(d / "a.shn")), (2, 1, 2, 1, str(d / "a.shn")), (3, 2, 1, 2, str(d / "b.shn")),
            (4, 2, 2, 2, str(d / "b.shn")), (5, 3, 1, 3, str(d / "c.shn"))]
        assert con.execute("SELECT rejected_id, ingest_id, file, line, hand FROM rejected ORDER BY 1").fetchall() == [
            (1, 3, str(d / "c.shn"), 10, 1), (2, 3, str(d / "c.shn"), 13, 2), (3, 4, str(d / "d.shn"), 8, 1)]
        # each night's running state after its 2 hands; Tuesday's hands numbered from 1 again (1, then 1, 2) are
        # filed under the would-be night the message names (break26 F1), so Tuesday's state is its one hand
        assert con.execute("SELECT session_id, hands, top_hand FROM session_state ORDER BY 1").fetchall() == [
            (1, 2, 2), (2, 2, 2), (3, 1, 1)]
    # a + b (each Al +1, Bea 0, Cy +1, Di -2, Ed 0) + c (Al +1, Bea -1, Cy -1, Di +2, Ed -1); zero-sum
    assert ledger(db) == {"Al": 3, "Bea": -1, "Cy": 1, "Di": -2, "Ed": -1}
    # the same folder stored one file at a time: every row alike (times aside)
    monkeypatch.setenv("SHEAD_GROUP_HANDS", "0")
    alone = tmp_path / "alone.duckdb"
    assert runner.invoke(app, ["ingest", str(d), "--db", str(alone)]).exit_code == 1
    assert calls == [4]  # nothing held: no group
    assert fastpath.stored_rows(alone) == fastpath.stored_rows(db)


def test_a_file_continuing_a_held_files_session_is_planned_once_that_file_is_stored(tmp_path, monkeypatch):
    calls = spy(monkeypatch)
    tags = '[Event "QA"]\n[Session "night"]\n'
    rules = "wi5-called-ace; noPick=doubler"
    d = folder(tmp_path, {
        "1.shn": shn(tags, "hand 1  dealer Ed\ndoubler\n", rules),
        # after the doubler of 1.shn: x2.  Cy +2*2 = +4, Ed +1*2 = +2, Al Bea Di -1*2 = -2
        "2.shn": shn(tags, "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\n", rules),
        "3.shn": shn(event("Club", "2026.11.27"), NIGHT)})
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert f"{d / '2'}.shn: 1 stored, 0 duplicates, 0 rejected" in out and "re-derived" not in out
    # 1.shn stored alone when 2.shn came (it continues 1.shn's session); then 2.shn and 3.shn held, and left to
    # one by one, since 2.shn's session is stored
    assert calls == [None]
    with st.reading(db) as con:
        assert con.execute("SELECT hand, stake FROM hands WHERE session_id = 1 ORDER BY hand").fetchall() == [
            (1, 1), (2, 2)]
        assert sorted(con.execute("SELECT player, units FROM hand_units WHERE hand_id = 2").fetchall()) == [
            ("Al", -2), ("Bea", -2), ("Cy", 4), ("Di", -2), ("Ed", 2)]


def test_files_of_a_stored_session_are_stored_one_by_one(tmp_path, monkeypatch):
    calls = spy(monkeypatch)
    db = tmp_path / "x.duckdb"
    first = tmp_path / "a.shn"
    first.write_text(FOUR["a.shn"])
    assert runner.invoke(app, ["ingest", str(first), "--db", str(db)]).exit_code == 0
    d = folder(tmp_path, {"a.shn": FOUR["a.shn"], "e.shn": shn(event("Friday", "2026.12.04"), NIGHT)})
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    # a.shn's hands are skipped by the plan (stored); its rejected-free file has nothing to store; e.shn alone
    assert f"{d / 'a'}.shn: 0 stored, 2 duplicates, 0 rejected" in out
    assert f"{d / 'e'}.shn: 2 stored, 0 duplicates, 0 rejected" in out
    assert None not in calls[:-1]
    # a twice (Al +1, Bea 0, Cy +1, Di -2, Ed 0), e once: the stored night is not counted again
    assert ledger(db) == {"Al": 2, "Bea": 0, "Cy": 2, "Di": -4, "Ed": 0}


def test_a_group_whose_store_fails_is_stored_one_file_at_a_time(tmp_path, monkeypatch):
    calls = spy(monkeypatch)
    failed = []

    def broken(self, con, work, ingest_id, next_hand, top_session):
        failed.append(len(work))
        raise duckdb.IOException("IO Error: disk full (simulated)")

    monkeypatch.setattr(st.Store, "_insert_group", broken)
    d, db = folder(tmp_path, FOUR), tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 1 and failed == [4] and calls == [], r.output  # the group raised: nothing of it kept
    out = " ".join(r.output.split())
    assert f"{d / 'c'}.shn: 1 stored, 0 duplicates, 2 rejected" in out and "E-STORE" not in out
    assert ledger(db) == {"Al": 3, "Bea": -1, "Cy": 1, "Di": -2, "Ed": -1}
    with st.reading(db) as con:
        assert con.execute("SELECT ingest_id, stored FROM ingests ORDER BY 1").fetchall() == [
            (1, 2), (2, 2), (3, 1), (4, 0)]


def test_an_interrupt_while_files_are_held_names_them_and_stores_none(tmp_path, monkeypatch):
    from ingest import cli

    d, db = folder(tmp_path, FOUR), tmp_path / "x.duckdb"
    real = cli.load_file
    monkeypatch.setattr(cli, "load_file", interrupted_at(3, real))
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 130, r.output
    out = " ".join(r.output.split())
    assert (f"interrupted: {d / 'c'}.shn: nothing of it stored; nothing of the 2 file(s) read before it and not yet "
            f"stored ({d / 'a'}.shn onwards); 0 hand(s) stored in all by this run. Run the same command again") in out
    with st.reading(db) as con:  # made before the first file was read; nothing stored: the group's store never began
        assert con.execute("SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM ingests)").fetchone() == (0, 0)
    monkeypatch.setattr(cli, "load_file", real)
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert "total: 5 stored, 0 duplicates (already stored), 3 rejected hand(s)" in " ".join(r.output.split())


def split_files(seeds: list[int], cuts: list[int]) -> list[tuple[str, str]]:
    """Generated sessions of 6 hands each, every one cut into two files at ``cuts[i]`` hands (0 or 6: one file;
    the second file continues the session: its header again, its later hands)."""
    files = []
    for i, (seed, cut) in enumerate(zip(seeds, cuts)):
        head, *hands = generate_session_text(seed, 6, "wi5-called-ace; noPick=doubler", session=f"s{i}",
                                             misdeal_rate=0.2).strip("\n").split("\n\n")
        parts = [hands[:cut], hands[cut:]] if 0 < cut < 6 else [hands]
        files += [(f"f{i}-{k}.shn", head + "\n\n" + "\n\n".join(p) + "\n") for k, p in enumerate(parts)]
    return files


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seeds=hs.lists(hs.integers(0, 10_000), min_size=2, max_size=4),
       cuts=hs.lists(hs.integers(0, 6), min_size=4, max_size=4), group=hs.integers(1, 20))
def test_files_stored_in_groups_or_one_by_one_store_the_same_rows(tmp_path_factory, seeds, cuts, group):
    files = split_files(seeds, cuts)
    tmp = tmp_path_factory.mktemp("groups")
    assert fastpath.ingest_texts(files, tmp / "g.duckdb", group_hands=group) == \
        fastpath.ingest_texts(files, tmp / "one.duckdb", group_hands=0)
    assert fastpath.stored_rows(tmp / "g.duckdb") == fastpath.stored_rows(tmp / "one.duckdb")


def test_an_interrupt_just_after_a_groups_commit_counts_its_files_hands(tmp_path, monkeypatch):
    from ingest import session_copies

    def interrupted(*a, **k):  # the W-SESSION-COPY check runs after the group's COMMIT
        raise KeyboardInterrupt

    monkeypatch.setattr(session_copies, "files_session_copies", interrupted)
    d, db = folder(tmp_path, FOUR), tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 130, r.output
    out = " ".join(r.output.split())
    # the four files were one transaction, committed: a 2 + b 2 + c 1 + d 0 = 5 hands; no line was printed yet, so
    # the message names the three files stored before d.shn with their hands
    assert (f"interrupted: {d / 'd'}.shn: its 0 hand(s) stored (its transaction had committed); 5 hand(s) stored in "
            f"all by this run; stored as well, though not listed above: {d / 'a'}.shn (2), {d / 'b'}.shn (2), "
            f"{d / 'c'}.shn (1). Run the same command again") in out
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (5,)


def test_the_same_deals_at_two_tables_of_a_group_are_counted_as_one_by_one(tmp_path):
    """Two sessions dealt alike (the same seed under another Session tag: the same deals, as at two tables of a
    duplicate game), with a third session between them, stored in one group: the ``deal_tables`` and ``deal_parts``
    rows of the shared deals are those of one file at a time."""
    def night(seed: int, session: str) -> str:
        return generate_session_text(seed, 8, "wi5-called-ace", session=session)

    files = [("t1.shn", night(7, "table 1")), ("other.shn", night(8, "other")), ("t2.shn", night(7, "table 2"))]
    assert fastpath.ingest_texts(files, tmp_path / "g.duckdb") == (24, 0)
    assert fastpath.ingest_texts(files, tmp_path / "one.duckdb", group_hands=0) == (24, 0)
    grouped, alone = fastpath.stored_rows(tmp_path / "g.duckdb"), fastpath.stored_rows(tmp_path / "one.duckdb")
    # every hand of table 2 was dealt at table 1: 8 deals, each at 2 tables
    assert len(grouped["deal_tables"]) == 8 and len(grouped["deal_parts"]) == 16
    assert grouped == alone


def test_an_interrupt_after_a_fallen_back_files_commit_gives_the_databases_account(tmp_path, monkeypatch):
    """A tester's finding: a held group that falls back to one file at a time (its night is stored already), Ctrl-C
    in the second file's W-SESSION-COPY check (after that file's COMMIT): the message said 3 hands where 10 were
    stored, and never named the files stored.  The folder reads e.shn, f.shn, n2.shn: the three are held, n2's
    session is stored, so they are stored one by one; the interrupt comes in f.shn's check.  The message now
    reads what this run's transactions stored from the database: e.shn's and f.shn's nights (2 hands each) = 4,
    both named, though their lines never printed; n2.shn nothing."""
    from ingest import session_copies

    tags, rules = '[Event "QA"]\n[Session "night"]\n', "wi5-called-ace; noPick=doubler"
    db = tmp_path / "x.duckdb"
    first = tmp_path / "n1.shn"
    first.write_text(shn(tags, "hand 1  dealer Ed\ndoubler\n", rules))
    assert runner.invoke(app, ["ingest", str(first), "--db", str(db)]).exit_code == 0
    d = folder(tmp_path, {"n2.shn": shn(tags, "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\n", rules),
                          "e.shn": shn(event("Friday", "2026.12.04"), NIGHT),
                          "f.shn": shn(event("Saturday", "2026.12.05"), NIGHT)})
    real = session_copies.session_copies
    monkeypatch.setattr(session_copies, "session_copies", interrupted_at(2, real))
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 130, r.output
    out = " ".join(r.output.split())
    assert (f"interrupted: {d / 'n2'}.shn: nothing of it stored; 4 hand(s) stored in all by this run; stored as "
            f"well, though not listed above: {d / 'e'}.shn (2), {d / 'f'}.shn (2). Run the same command again") in out
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (5,)  # n1's doubler and the 4
    monkeypatch.setattr(session_copies, "session_copies", real)
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert "total: 1 stored, 4 duplicates (already stored)" in " ".join(r.output.split())


def test_a_protocol_after_held_files_is_stored_after_their_lines(tmp_path, monkeypatch):
    """A tester's finding: held SHN files, then a NetSchafkopf protocol (stored alone); Ctrl-C before the
    protocol's store: the held files' lines, stored, were never printed.  Now they print first."""
    protocol = (Path(__file__).parent / "fixtures" / "nsk_grown" / "E_three_rufspiele.txt").read_bytes()
    d = folder(tmp_path, {"a.shn": FOUR["a.shn"], "c.shn": FOUR["c.shn"]})
    (d / "z.txt").write_bytes(protocol)
    real = st.Store.ingest_file

    def protocol_interrupted(self, result, *a, **k):
        if str(result.path).endswith(".txt"):
            raise KeyboardInterrupt
        return real(self, result, *a, **k)

    monkeypatch.setattr(st.Store, "ingest_file", protocol_interrupted)
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(d), "--db", str(db)])
    assert r.exit_code == 130, r.output
    out = " ".join(r.output.split())
    assert f"{d / 'a'}.shn: 2 stored, 0 duplicates, 0 rejected" in out
    assert f"{d / 'c'}.shn: 1 stored, 0 duplicates, 2 rejected" in out
    assert (f"interrupted: {d / 'z'}.txt: nothing of it stored; 3 hand(s) stored in all by this run. Run the same "
            "command again") in out


def test_a_database_with_a_corrected_hand_still_stores_new_sessions_together(tmp_path, monkeypatch):
    """A voided hand elsewhere (its revision is of a stored session) is no reason to store a folder of new sessions
    one by one: they are stored in one transaction, with the rows of one file at a time."""
    calls = spy(monkeypatch)
    rows = {}
    for name, group in (("g", None), ("one", "0")):
        (tmp_path / name / "in").mkdir(parents=True)
        monkeypatch.chdir(tmp_path / name)  # the same relative paths in both databases' rows
        db = Path("x.duckdb")
        Path("first.shn").write_text(FOUR["a.shn"])
        assert runner.invoke(app, ["ingest", "first.shn", "--db", str(db)]).exit_code == 0
        v = runner.invoke(app, ["void", "Club / 2026.11.27#2", "--reason", "a misdeal", "--db", str(db)])
        assert v.exit_code == 0, v.output
        if group is not None:
            monkeypatch.setenv("SHEAD_GROUP_HANDS", group)
        for f in ("b.shn", "c.shn", "d.shn"):
            Path("in", f).write_text(FOUR[f])
        assert runner.invoke(app, ["ingest", "in", "--db", str(db)]).exit_code == 1  # c's and d's refusals
        rows[name] = fastpath.stored_rows(db)
        if name == "g":
            assert calls == [3]  # the three files in one transaction
            # Club: hand 1 only (hand 2 voided): Al -1, Bea -1, Cy +2, Di -1, Ed +1; Club re-sent both hands: Al +1,
            # Bea 0, Cy +1, Di -2, Ed 0; Tuesday: Al +1, Bea -1, Cy -1, Di +2, Ed -1
            assert ledger(db) == {"Al": 1, "Bea": -2, "Cy": 2, "Di": -1, "Ed": 0}
    assert calls == [3]
    assert rows["g"] == rows["one"]
