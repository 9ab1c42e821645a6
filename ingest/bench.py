"""``shead bench``: a whole first ingest of generated hands, timed stage by
stage (issue 17).

:func:`run` generates ``hands`` hands with the seeded generator
(:func:`ingest.generate.generate_session_text`, one session per file), then
ingests them into a fresh database exactly as ``shead ingest`` does — one
:class:`~ingest.store.Store` for the run; per file: read
(:func:`ingest.shn.reader.read`), plan against the store
(:meth:`~ingest.store.Store.plan_ingest`), validate
(:func:`ingest.validate.validate_records`: the judge plus the file loop
around it), store (:class:`ingest.pipeline.FileGroup`, as ``shead ingest``:
the files held until they make :data:`~ingest.pipeline.GROUP_HANDS` hands,
then stored in one transaction) — and the final
release of the database (its checkpoint).  "free" is dropping a group's
records, validation results and reports once they are stored (CPython frees
the objects then; left to the next file's ``read``, it was charged to the
reader).  Each stage is timed with
:func:`time.process_time` (CPU seconds of this process: threads of DuckDB
count, waiting for the disk does not), so the figures are one core's work
whatever the machine's load.  Generating the hands is not timed.

The engine's share is the time spent inside :func:`replay.judge.judge_hand`
(the rules engine replaying the hand, settling it and building its card
log); "glue" is the rest of validation (the file loop, the content hashes,
the session carry).  Where pokerkit is installed, its PHH load and replay of
generated poker hands is timed in the same run and printed as a ratio
(:func:`pokerkit_rate`).
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["BenchResult", "STAGES", "compiled_modules", "generate_texts", "judge_timed", "run", "pokerkit_rate", "report_lines"]

#: The timed stages, in pipeline order.
STAGES = ("read", "plan", "engine", "glue", "store", "free", "release")


@dataclass
class BenchResult:
    """One bench run: ``seconds`` per stage (process CPU seconds), the hands
    stored, the database's size on disk after the store released it
    (``db_bytes``: the file plus any WAL), and the generated input's size."""

    hands: int
    files: int
    rules: str
    seconds: dict[str, float] = field(default_factory=dict)
    stored: int = 0
    rejected: int = 0
    db_bytes: int = 0
    text_bytes: int = 0
    compiled: list[str] = field(default_factory=list)
    group_hands: int = 0  #: the hands of files stored in one transaction (ingest.pipeline.FileGroup)
    transactions: int = 0  #: the store's transactions (groups of files, or files stored alone)

    @property
    def total(self) -> float:
        """CPU seconds of the whole ingest (every stage)."""
        return sum(self.seconds.values())

    @property
    def rate(self) -> float:
        """Hands stored per CPU second of the whole ingest."""
        return self.stored / self.total if self.total > 0 else float("inf")


def compiled_modules() -> list[str]:
    """The hot-path modules now running compiled (an extension module
    imported instead of the ``.py`` source; see :mod:`ingest.fastpath`)."""
    import importlib  # noqa: PLC0415

    from ingest.fastpath import HOT_MODULES  # noqa: PLC0415

    out = []
    for name in HOT_MODULES:
        mod = importlib.import_module(name)
        if not str(getattr(mod, "__file__", "")).endswith(".py"):
            out.append(name)
    return out


def generate_texts(hands: int, per_file: int, seed: int, rules: str) -> list[tuple[str, str]]:
    """``(file name, SHN text)`` per generated file: ``per_file`` hands a
    file (the last one the remainder), one session each, seeded by ``seed +
    k`` for file ``k``."""
    from ingest.generate import generate_session_text  # noqa: PLC0415

    texts = []
    for k, start in enumerate(range(0, hands, per_file)):
        n = min(per_file, hands - start)
        texts.append((f"bench-{k}.shn", generate_session_text(seed + k, n, rules, session=f"bench {seed} #{k}")))
    return texts


@contextmanager
def judge_timed() -> Iterator[list[float]]:
    """Time the engine stage: while the block runs, the validator's
    :func:`replay.judge.judge_hand` is wrapped so that the process CPU
    seconds spent inside it add up in the yielded one-element list (reset it
    to 0.0 where a count starts); the judge is put back on exit."""
    from ingest import validate as val  # noqa: PLC0415

    clock = time.process_time
    inner = [0.0]
    judge = val.judge_hand

    def timed_judge(chk, sess):
        t = clock()
        try:
            return judge(chk, sess)
        finally:
            inner[0] += clock() - t

    val.judge_hand = timed_judge
    try:
        yield inner
    finally:
        val.judge_hand = judge


def run(texts: list[tuple[str, str]], db: Path, rules: str = "wi5-called-ace",
        group_hands: int | None = None) -> BenchResult:
    """Ingest ``texts`` into the fresh database ``db`` as ``shead ingest``
    would, timing each stage of :data:`STAGES`.  ``group_hands``: the hands
    of files stored in one transaction (default
    :data:`ingest.pipeline.GROUP_HANDS`; 0: each file alone).  Raises
    ``FileExistsError`` when ``db`` exists."""
    from ingest import store as st  # noqa: PLC0415
    from ingest import validate as val  # noqa: PLC0415
    from ingest.pipeline import FileGroup  # noqa: PLC0415
    from ingest.shn.reader import read  # noqa: PLC0415

    if db.exists():
        raise FileExistsError(f"{db} exists; the bench needs a fresh database")
    res = BenchResult(hands=0, files=len(texts), rules=rules, compiled=compiled_modules(),
                      text_bytes=sum(len(t.encode()) for _, t in texts))
    sec = dict.fromkeys(STAGES, 0.0)
    clock = time.process_time
    with judge_timed() as inner:
        store = st.ingest_store(db)
        group = FileGroup(store, strict=False, hands=group_hands)
        res.group_hands = group.hands
        with val.gc_paused():
            for k, (name, text) in enumerate(texts):
                t0 = clock()
                shn = read(text, name)
                t1 = clock()
                shn, plan, prior = store.plan_ingest(shn)
                t2 = clock()
                inner[0] = 0.0
                result = val.validate_records(shn, name, prior=prior)
                t3 = clock()
                if group.shares_session(result):  # as shead ingest: the held files first, then planned again
                    raise ValueError(f"{name}: the bench's files are one session each, never continued")
                done = group.add(name, result, "shn", plan)
                if k == len(texts) - 1:
                    done += group.flush()
                t4 = clock()
                sec["read"] += t1 - t0
                sec["plan"] += t2 - t1
                sec["engine"] += inner[0]
                sec["glue"] += (t3 - t2) - inner[0]
                sec["store"] += t4 - t3
                res.hands += len(shn.hands) + plan.skipped
                for _, _, _, report in done:
                    res.stored += report.stored
                    res.rejected += len(report.rejected)
                t5 = clock()
                del shn, plan, prior, result, done
                sec["free"] += clock() - t5
        res.transactions = store.commits
        t5 = clock()
        store.close()
        sec["release"] += clock() - t5
    res.seconds = sec
    res.db_bytes = st.database_bytes(db)
    return res


def pokerkit_rate(hands: int = 2_000, seed: int = 1) -> float | None:
    """pokerkit's PHH load and replay, hands a CPU second: ``hands``
    six-handed no-limit hold'em hands played to the end by random legal
    actions with pokerkit (not timed), written as PHH text (not timed), then
    loaded (``HandHistory.loads``) and replayed (every state of
    ``iter(hand)``) — timed.  None when pokerkit is not installed."""
    try:
        from pokerkit import Automation, HandHistory, NoLimitTexasHoldem  # noqa: PLC0415
    except ImportError:
        return None
    import random  # noqa: PLC0415

    rng = random.Random(seed)
    autos = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
             Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
             Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
             Automation.CHIPS_PULLING)
    texts = []
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(autos, True, 0, (1, 2), 2, 200, 6)
        while state.status:
            r = rng.random()
            if state.can_complete_bet_or_raise_to() and r < 0.15:
                state.complete_bet_or_raise_to(min(state.max_completion_betting_or_raising_to_amount,
                                                   max(state.min_completion_betting_or_raising_to_amount, 6)))
            elif state.can_fold() and r < 0.45:
                state.fold()
            else:
                state.check_or_call()
        texts.append(HandHistory.from_game_state(NoLimitTexasHoldem(autos, True, 0, (1, 2), 2), state).dumps())
    t = time.process_time()
    for text in texts:
        for _ in HandHistory.loads(text):
            pass
    dt = time.process_time() - t
    return hands / dt if dt > 0 else float("inf")


def report_lines(res: BenchResult, machine: str, poker: float | None = None) -> list[str]:
    """The bench's printed report: the machine, hands/s of the whole ingest,
    each stage's share and hands/s, bytes a hand, and pokerkit's ratio."""
    out = [f"machine: {machine}",
           f"input: {res.hands:,} generated hands ({res.rules}), {res.files} file(s), "
           f"{res.text_bytes / max(res.hands, 1):.0f} bytes of SHN a hand; stored in {res.transactions} "
           f"transaction(s) (files held up to {res.group_hands:,} hands)",
           "path: " + (f"compiled ({', '.join(res.compiled)})" if res.compiled else "pure Python"),
           f"ingest: {res.stored:,} stored, {res.rejected} rejected in {res.total:.2f} CPU-s = "
           f"{res.rate:,.0f} hands/s (process CPU, one core)"]
    for name in STAGES:
        s = res.seconds.get(name, 0.0)
        share = s / res.total if res.total > 0 else 0.0
        rate = f"{res.stored / s:>12,.0f} hands/s" if s > 0 else ""
        out.append(f"  {name:<8} {share:6.1%}  {s:7.2f} s {rate}")
    out.append(f"database: {res.db_bytes:,} bytes after the final checkpoint = "
               f"{res.db_bytes / max(res.stored, 1):.1f} bytes/hand")
    if poker is not None:
        out.append(f"pokerkit PHH load + replay: {poker:,.0f} hands/s; shead ingest / pokerkit = "
                   f"{res.rate / poker:.1f}x")
    return out


def main_run(hands: int, per_file: int, seed: int, rules: str, db: Path | None, machine: str,
             poker: bool = True, group_hands: int | None = None) -> list[str]:
    """Generate, ingest and report (``shead bench``); ``db`` kept when given."""
    texts = generate_texts(hands, per_file, seed, rules)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(db) if db else Path(tmp) / "bench.duckdb"
        res = run(texts, target, rules, group_hands)
    rate = pokerkit_rate() if poker else None
    return report_lines(res, machine, rate)


def machine_line() -> str:
    """``N cores, CPU model, load average L`` (the load matters on a shared machine)."""
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    import platform  # noqa: PLC0415

    return f"{os.cpu_count()} cores, {cpu}, load average {load:.1f}, Python {platform.python_version()}"
