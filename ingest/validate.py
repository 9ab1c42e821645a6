"""Validation of SHN files: read each file, hand every hand's facts to the
one judge (:func:`replay.judge.judge_hand`) in session order, and collect
the verdicts as a :class:`~ingest.model.FileResult` (design.md 2:
validation *is* replay).

This module maps records to facts and verdicts to results; it defines no
rule of play or scoring.  What it adds is the file's side: the session
carry fed by the stored hands of a session (``prior``), a hand already
stored with other text (``E-HAND-CONFLICT``), lenient and strict reading
(lenient rejects the bad hand and goes on; strict raises the first error as
a :class:`~replay.errors.ShedError`), and the replay of one hand for a
viewer (:func:`replay_text`).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from replay.errors import Diagnostic, ShedError
from replay.judge import HandCheck, Refusal, SessionState, count_hand, count_stored, judge_hand
from replay.judge_common import voided_numbers
from replay.replay import Frame

from .meaning import notes_only, reads_the_same, same_hand, score_left_out, with_differences
from .model import FileResult, HandOutcome, RejectedHand, ValidatedHand, content_hash, hand_conflict, same_rules
from .shn.reader import comment_statements
from .shn.record import HandRecord, SessionRec, ShnFile

__all__ = ["validate_text", "validate_file", "validate_records", "FileLoop", "replay_text", "HandReplay", "HandCheck",
           "SessionState"]


def _carried_day(stored, rec, sess) -> bool:
    """Whether ``rec``, written without a ``[Date]``, is the stored hand
    ``stored`` but for the ``[Date]`` the store gave it as a continuation of
    its session (the day of the session's last night,
    :attr:`~replay.judge_common.SessionState.last_date`;
    ``ingest.store._session_place``): the same file sent again after a
    restore, whose export wrote that day as the hand's own tag (break21 F6:
    E-HAND-CONFLICT for that tag alone)."""
    day = stored.tag("Date")
    return (rec.tag("Date") is None and day is not None and sess.last_date is not None
            and day.replace(".", "-") == sess.last_date and same_hand(stored, rec, ignore=("Date",)))


def keep_raw_reading(sess: SessionRec, path: str | None) -> Diagnostic:
    """Read session ``sess`` (a stored session's, whose tags end in spaces)
    with its tags as written: the id it was stored under before they were read
    without their end spaces (real23 F1), and so its hands' hashes; and
    W-TAG-SPACES, which says so and how to file the night under the new name."""
    import shlex  # noqa: PLC0415

    sid, raw_sid = sess.id, sess.raw_id()
    name = next(iter(sess.raw))
    at = sess.tag_pos.get(name)
    spaced = sess.raw[name].strip() == sess.tags[name]
    what, when, why = (("ends in a space", "with the space before session 23", "end space") if spaced else (
        "has a typographic apostrophe or quote", "with it before session 34", "typographic mark"))  # newuser34 F1
    d = Diagnostic(
        "W-TAG-SPACES", f"[{name} {sess.raw[name]!r}] {what}, read as {sess.tags[name]!r}; but this "
        f"session is stored as {raw_sid!r} (read {when}), so its hands are filed there, "
        f"not under {sid!r}; to file the night under {sid!r}: shead void {shlex.quote(raw_sid)} --session --reason "
        f"'{why}', then ingest the file again", "warning", path, at.line if at else 0, at.col if at else 0,
        found=repr(sess.raw[name]), expected=repr(sess.tags[name]))
    sess.tags.update(sess.raw)
    sess.raw.clear()
    return d


def _session_header(sess: SessionRec) -> str:
    """The session's tag lines as stored in ``sessions.header``
    (docs/storage.md): every tag in the order read, with its annotation
    (``[Event "x"] {note}``), so that export and rederive give it back."""
    from .shn.writer import tag_line  # noqa: PLC0415

    out = []
    for k, v in sess.tags.items():
        try:
            out.append(tag_line(k, v, sess.tag_notes.get(k)).rstrip("\n"))
        except ValueError:  # text the writer cannot write back (not UTF-8): as read, without the note
            out.append(f'[{k} "' + v.replace("\\", "\\\\").replace('"', '\\"') + '"]')
    return "\n".join(out)


@contextmanager
def gc_paused():
    """Pause Python's cyclic garbage collector for a bulk read or validation.

    A file's records stay alive while its hands are validated; each automatic
    collection would walk all of them (measured: a quarter of validation time
    on a 20,000-hand file).  Nothing made here forms reference cycles, so no
    garbage piles up; collection resumes on exit."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: The stored hands of a session, for the carry (docs/storage.md "Session
#: carry"): called with a session id, returns the session's stored hands read
#: back as records (in hand order), or an empty list when none is stored; or
#: ``(state, records)``: the session's carry as a :class:`SessionState` (used
#: as the session's state, and mutated by the file's hands) and the stored
#: records still to count after it (issue 12: a stored session's running
#: state, so that continuing it does not replay it).
PriorHands = Callable[[str], "list[HandRecord] | tuple[SessionState, list[HandRecord]]"]

#: The stored outcome of a stored hand (session id, hand number), or None
#: when that number is not stored: a stored hand the current rules refuse on
#: a re-read keeps its stored outcome until it is amended (``W-CARRY``), so
#: the carry goes on from what it paid (:func:`replay.judge.count_stored`).
KeptOutcome = Callable[[str, int], "HandOutcome | None"]


class FileLoop:
    """The file loop's carry from one batch of a file to the next (issue 15,
    :mod:`ingest.stream`): each session's state and its stored hands not yet
    counted, so that :func:`validate_records` over the batches of a file, one
    after the other with the same loop, gives the verdicts it gives over the
    whole file.  ``prior`` is asked only for a session the loop has not met."""

    __slots__ = ("sessions", "pending", "headers", "blocks")

    def __init__(self) -> None:
        self.sessions: dict[str, SessionState] = {}
        self.pending: dict[str, list[HandRecord]] = {}
        self.headers: dict[int, tuple[SessionRec, str]] = {}  # the record kept: its id stays its own
        # each session id's first block (its session record) and what a later block of that id is told: None when
        # it may join, else the refusal its hands get (ingest.session_identity, break30 F1)
        self.blocks: dict[str, SessionRec] = {}


def validate_records(shn: ShnFile, path: str | None = None, strict: bool = False,
                     prior: PriorHands | None = None, loop: FileLoop | None = None,
                     kept: KeptOutcome | None = None, reread: bool = False) -> FileResult:
    """Validate every hand of a read file, in order (session state such as
    doublers carries from hand to hand within a session, rules.md D-11,
    D-12, D-19).

    ``prior`` (e.g. :meth:`ingest.store.Store.prior_hands`) gives the hands
    of a session already stored: they are replayed for the carry only, each
    before the file's first hand with a higher number, so that a file
    continuing a stored session carries its doublers and pot.  A file hand
    whose number is stored with other text, or with the same text under
    another ``[Rules]``, is ``E-HAND-CONFLICT`` and the stored hand feeds the
    carry instead; a stored hand of the same text is a duplicate and the
    file's copy feeds it.  ``loop`` (a :class:`FileLoop`): the carry of the
    batches of this file validated before ``shn``.  ``kept``: the stored
    outcome of a stored hand, for a ``prior`` hand the current rules refuse
    and, with ``reread`` (``shn`` is a stored session read back), for each
    of ``shn``'s own hands they refuse: it feeds the carry with what it paid
    (rules.md D-11, D-12, D-19) instead of leaving a gap that would move the
    stake or the pot of the hands after it."""
    with gc_paused():
        return _validate_records(shn, path, strict, prior, loop, kept if reread else None, kept)


def _validate_records(shn: ShnFile, path: str | None, strict: bool, prior: PriorHands | None = None,
                      loop: FileLoop | None = None, own: KeptOutcome | None = None,
                      kept: KeptOutcome | None = None) -> FileResult:
    result = FileResult(path=path, errors=list(shn.errors))
    if shn.voided_sessions:  # a session voided whole: stored with no hand, its [_Voided] refusing them (break18 F4)
        result.voided_sessions = [(s.id, _session_header(s), s) for s in shn.voided_sessions]
    first = next((d for d in shn.errors if d.severity == "error"), None)
    if strict and first is not None:
        raise ShedError(first)
    loop = loop if loop is not None else FileLoop()
    sessions = loop.sessions
    pending = loop.pending  # stored hands not yet counted, in hand order
    headers = loop.headers
    last_session = sid = None  # the session id, made once a session (its tags are read by now)
    blocks = loop.blocks
    apart = None  # the refusal of this block's hands: another group's (or tags') block of an id above (break30 F1)
    for rec in shn.hands:
        if rec.session is not last_session:
            last_session = rec.session
            sid = last_session.id
            first_block = blocks.setdefault(sid, last_session)
            apart = None if first_block is last_session else _apart_from_above(sid, last_session, first_block, path)
        if apart is not None:
            d = replace(apart[1], hand=rec.number)
            if strict:
                raise ShedError(d)
            result.rejected.append(RejectedHand(apart[0], rec.number or None, _printable(rec.source), path, rec.line,
                                                [d] + list(rec.errors), content_hash(apart[0], rec.number, rec.source)))
            continue
        sess = sessions.get(sid)
        if sess is None:
            got = None
            if prior is not None and (raw_sid := last_session.raw_id()) is not None and raw_sid != sid \
                    and (got := prior(raw_sid)) and (isinstance(got, tuple) or got):
                # a session stored before its tags were read without their end spaces (real23 F1): the file's
                # hands keep the stored session's id (and so their hashes): a re-ingest is duplicates, a later
                # hand joins the session it continues; said once, with how to file the night under the new name
                # (a stored carry, a tuple, is a stored session: a rederive's own)
                result.errors.append(keep_raw_reading(last_session, path))
                sid = raw_sid
                sess = sessions.get(sid)
            elif prior is not None:
                got = prior(sid)
            else:
                got = []
        if sess is None:
            seed, got = got if isinstance(got, tuple) else (SessionState(), got)  # issue 12: a stored carry
            sess = sessions[sid] = seed
            pending[sid] = list(got)
            if got:  # the stored session's voided hands (its [_Voided] tag): no gap where they were (break16)
                seed.voided = seed.voided | voided_numbers(got[0].tag("_Voided"))
        h = content_hash(sid, rec.number, rec.source)
        waiting = pending[sid]
        # a first ingest: nothing stored, nothing to count
        stored = _count_prior(waiting, rec.number, sess, sid, kept) if waiting else None
        if stored is not None and not rec.errors:
            sh = content_hash(sid, stored.number, stored.source)
            old_rules, new_rules = stored.tag("Rules") or "", rec.tag("Rules") or ""
            # issue 12: another layout is the same hand; so is a copy whose notes alone differ (the store keeps the
            # stored text and says so: W-NOTES-DIFFER)
            # a deal / blind / bury line's cards or the score's entries in another order: the same (verify30 F4, as
            # shead ingest --amend reads them)
            same = (sh == h or same_hand(stored, rec) or reads_the_same(stored, rec) or notes_only(stored, rec)
                    or _carried_day(stored, rec, sess) or _score_left_out(stored, rec, sess))
            if not same or not same_rules(old_rules, new_rules):
                d = hand_conflict(sid, rec.number, "an earlier ingest",
                                  rules=(old_rules, new_rules) if same else None, file=path, line=rec.line)
                if not same:
                    d = with_differences(d, stored, rec)
                    was_day, day = stored.tag("Date"), rec.tag("Date")
                    if (was_day and day and was_day != day and "Date" in stored.tags
                            and day == stored.session.tags.get("Date")):
                        # the stored hand's own [Date] against its session's, which this copy is of: the same hand
                        # stored under another day (real22 F4: the next night's [Date] below its statements), no
                        # night numbered from 1 again; an amendment must write the day (E-AMEND-PLACE)
                        d = replace(d, message=d.message + f"; the stored hand {rec.number} has a [Date] of its own, "
                                    f"{was_day}, another day than its session's {day}, which this copy is of: if it "
                                    "is this hand, stored under the other night's day, correct it: shead ingest "
                                    f"--amend FILE, with [Date \"{day}\"] on the line after its 'hand {rec.number}' "
                                    "line")
                    elif was_day and day and was_day != day:  # a night numbered from 1 again (scorer19 F5)
                        d = replace(d, message=d.message + f"; the stored hand {rec.number} is of {was_day}, this one "
                                    f"of {day}: a night numbered from 1 again is no continuation: give it a [Session] "
                                    "of its own or number its hands after the stored ones (an amendment would "
                                    "replace the stored night's hand)")
                _count(stored, None, sess, sid, kept)
                if strict:
                    raise ShedError(d)
                result.rejected.append(RejectedHand(sid, rec.number or None, _printable(rec.source), path, rec.line, [d], h))
                continue
        if rec.errors:
            if stored is not None:
                _count(stored, None, sess, sid, kept)
            elif own is not None:
                _count_kept(own, sid, rec.number, sess)
            if strict:
                raise ShedError(rec.errors[0])
            _note_refused(sess, rec, rec.errors[0], path)
            result.rejected.append(RejectedHand(sid, rec.number or None, _printable(rec.source), path, rec.line,
                                                list(rec.errors), h))
            continue
        chk = HandCheck(rec, path)
        try:
            outcome, cardlog, settle = judge_hand(chk, sess)
        except Refusal as r:
            if stored is not None:
                _count(stored, None, sess, sid, kept)
            elif own is not None:
                _count_kept(own, sid, rec.number, sess)
            if strict:
                raise ShedError(r.diag) from None
            diag = _slip_said(r.diag, rec, result.errors) if r.diag.code == "E-OUTCOME" else r.diag
            if diag.code.startswith("E-SCORE") or "rules" in diag.message.lower():
                diag = _late_rules_said(diag, rec, sid, result)
            if diag.code == "E-RESULT-UNKNOWN" and ";" in rec.source:  # statements in a ';' comment (real31 F7)
                diag = _comment_said(diag, rec)
            _note_refused(sess, rec, diag, path)
            result.rejected.append(RejectedHand(sid, rec.number or None, _printable(rec.source), path, rec.line,
                                                [diag], h))
            continue
        except Exception as exc:  # noqa: BLE001 - a bug: reported at this hand, never stored, the file goes on
            if stored is not None:
                _count(stored, None, sess, sid, kept)
            elif own is not None:
                _count_kept(own, sid, rec.number, sess)
            d = chk.diag("E-INTERNAL", f"the judge failed on this hand (a bug, please report it): "
                         f"{type(exc).__name__}: {str(exc)[:200]}", rec.pos)
            if strict:
                raise ShedError(d) from None
            result.rejected.append(RejectedHand(sid, rec.number or None, _printable(rec.source), path, rec.line,
                                                [d], h))
            continue
        count_hand(chk, outcome, sess)
        got_header = headers.get(id(rec.session))
        if got_header is None:
            got_header = headers[id(rec.session)] = (rec.session, _session_header(rec.session))
        header = got_header[1]
        result.hands.append(ValidatedHand(outcome, cardlog, rec.source, path, rec.line, h, list(chk.warnings), header))
    if result.rejected and result.errors:
        result.errors = _late_tags_kept(result.errors, result.rejected)
    return result


def _apart_from_above(sid: str, block: SessionRec, first: SessionRec, path: str | None
                      ) -> tuple[str, Diagnostic] | None:
    """A later block of session ``sid`` in a file (``block``) against its
    first block (``first``): None when it may join it, else ``(the would-be
    session its hands are filed under, the E-SESSION-GROUP / E-SESSION-ID
    refusal)`` when its group or its derived id's tags are another's
    (:mod:`ingest.session_identity`, break30 F1: a second club's night under
    the first's ``[Session]`` tag, two files joined, was read as one night).
    Once a block, not a hand."""
    from ingest.session_identity import apart, clash, refusal  # noqa: PLC0415

    if block.tags is first.tags:
        return None
    kind = clash(block.tags, first.tags)
    if kind is None:
        return None
    name = "Event" if kind == "group" else next((k for k in ("Event", "Date", "Table") if k in block.tags), "Event")
    at, was = block.tag_pos.get(name) or block.tag_pos.get("Session"), first.tag_pos.get(name)
    where = f"written above in this file (line {was.line})" if was is not None and was.line else "written above"
    return apart(sid, kind), refusal(kind, sid, block.tags, first.tags, where, path, at.line if at else 0,
                                     at.col if at else 0)


_RULES_TAG = re.compile(r'\[\s*Rules\s+"((?:[^"\\]|\\.)*)"\s*\]')


def _esc(value: str) -> str:
    """A tag's value as written between its quotes (``\\`` and ``\"`` escaped)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _late_rules_said(diag: Diagnostic, rec: HandRecord, sid: str, result: FileResult) -> Diagnostic:
    """A refusal by the rules (``E-SCORE`` ...) of a hand read beside a
    ``[Rules]`` written after a hand's statements (``W-TAG-LATE``), with
    whose that tag is and how a change of rules for the hands below is
    written (break33 F5: a scorer's ``[Rules "…; doubleOnBump=off"]`` above
    hand 3, meant "from here on", is hand 2's own by the shared notation
    (notation.md §3, docs/notation.md §4.2): hand 2 was refused under it and
    hand 3 under the session's rules, told to write the very line written,
    neither naming its line).  ``rec``'s own late tag, or the last late one
    of an earlier hand of ``rec``'s block of session ``sid``: its value read
    from that hand's text (``result``'s hands, stored or refused).  Only on
    a refusal: no work for a hand that passes."""
    late = [d for d in result.errors if d.code == "W-TAG-LATE" and (d.found or "").startswith("[Rules]")]
    if not late:
        return diag
    n = rec.number
    pos = rec.tag_pos.get("Rules")
    if "Rules" in rec.tags and pos is not None and any(d.line == pos.line and d.hand == n for d in late):
        return replace(diag, message=(
            f"{diag.message}; hand {n} is scored by the [Rules \"{_esc(rec.tags['Rules'])}\"] at line "
            f"{pos.line}, hand {n}'s own: written after hand {n}'s statements, a tag is that hand's alone "
            "(docs/notation.md §4.2), no change for the hands below; if the table changed its rules from the next "
            f"hand on, write [Session \"{_esc(sid)}\"] above the next hand with the session's [Seats] and those "
            f"[Rules] under it (the session goes on from its hands above) instead, and hand {n}'s score as it was "
            "played"))
    if "Rules" in rec.tags:
        return diag
    start = max((p.line for p in rec.session.tag_pos.values()), default=0)  # this block's tags
    for d in reversed(late):
        if d.hand is None or d.hand >= (n or 0) or not start < d.line < rec.line:
            continue
        text = next(((h.source, h.source_line) for h in result.hands
                     if h.outcome.session == sid and h.outcome.hand == d.hand), None) or next(
            ((r.source, r.source_line) for r in result.rejected if r.session == sid and r.hand == d.hand), None)
        if text is None:
            continue
        lines = text[0].split("\n")
        k = d.line - text[1]
        m = _RULES_TAG.search(lines[k]) if 0 <= k < len(lines) else None
        if m is None:
            continue
        value = m.group(1)
        return replace(diag, message=(
            f"{diag.message}; the [Rules \"{value}\"] at line {d.line} is hand {d.hand}'s own (written after "
            f"hand {d.hand}'s statements: docs/notation.md §4.2), so hand {n} is scored by its session's rules: "
            f"for hand {n} and the hands after it, write [Session \"{_esc(sid)}\"] above hand {n} with the session's "
            "[Seats] and those [Rules] under it (the session goes on from its hands above), in place of the tag at "
            f"line {d.line}; for hand {n} alone, the tag right after its 'hand' line"))
    return diag


def _slip_said(diag: Diagnostic, rec, errors: list[Diagnostic]) -> Diagnostic:
    """An ``E-OUTCOME`` refusal of a hand whose 'pts' a phone wrote as a
    pair ('pts 48/72 win', read as 'pts 48' with ``W-PHONE-SLIP``: the first
    is the picker side's, rules.md A-6), with what was read and what to
    write (break28b F4: the refusal did not say why 48 was the picker
    side's).  The slip is the reader's warning of this hand number on one of
    the lines of the hand's text, whose reading is 'pts N' of the hand's
    pts."""
    pts = rec.pts.value if rec.pts is not None else None
    if pts is None:
        return diag
    last = rec.line + rec.source.count("\n")
    for d in errors:
        if (d.code == "W-PHONE-SLIP" and d.hand == (rec.number or None) and rec.line <= d.line <= last
                and d.expected in (f"pts {pts}", f"pts ^{pts}") and d.found and "/" in d.found):
            pair = d.found.rstrip(".")
            other = pair.rsplit("/", 1)[1].strip()  # ('pts ^48/72': read 'pts ^48', the agreed mark kept, fixb29)
            return replace(diag, message=diag.message + f"; 'pts {d.found}' was read as '{d.expected}', its first "
                           "number taken as the picker side's card points (rules.md A-6, as a sheet's Points come "
                           f"before its Def Pts): if the picker side took {other}, write 'pts {other}'")
    return diag


def _comment_said(diag: Diagnostic, rec: HandRecord) -> Diagnostic:
    """``E-RESULT-UNKNOWN`` ``diag`` of hand ``rec`` with, when a ``;`` comment on a line of its source (outside
    ``{...}`` and ``"..."``) holds words that read as statements (``partner Dee  pts 59  lose``,
    :func:`ingest.shn.reader.comment_statements`, the reader's ``W-COMMENT`` of a stored hand), the line and
    the words: ``;`` used as a separator hid them (real31 F7: the refusal did not say so).  ``diag`` as it is
    otherwise.  Built only for a refused hand's message."""
    for k, line in enumerate(rec.source.split("\n")):
        got = comment_statements(line)
        if got is not None:
            rest = got[1]
            shown = rest if len(rest) <= 60 else rest[:57] + "..."
            return replace(diag, message=f"{diag.message}; line {rec.line + k}'s text after ';' ({shown!r}) "
                           "is a comment, not read: ';' starts a comment to the end of its line, it is no "
                           "separator; write statements apart by spaces (docs/notation.md §2.2)")
    return diag


def _late_tags_kept(errors: list[Diagnostic], rejected: list[RejectedHand]) -> list[Diagnostic]:
    """``errors`` without the ``W-TAG-LATE`` and ``W-COMMENT`` of a hand
    the validator refused: the reader holds a late tag's warning until its
    hand ends and drops it when it refuses the hand (break24 F8), but a hand
    the rules refuse (``E-SCORE``, ``E-SCORE-SUM`` ...) is refused after the
    reader, and the tag then applies to no hand stored (session 25).  A
    ``;`` comment's statement words (``W-COMMENT``, real31 A) are said of a
    stored hand only: a refused hand's ``E-RESULT-UNKNOWN`` says them itself
    (:func:`_comment_said`), and a hand refused otherwise is corrected as a
    whole.  A warning is the refused hand's when it is of that hand number
    and on one of the lines of the hand's text."""
    spans = {}
    for r in rejected:
        if r.hand is not None and r.source_line:
            spans.setdefault(r.hand, []).append((r.source_line, r.source_line + r.source.count("\n")))
    if not spans:
        return errors
    return [d for d in errors if (d.code != "W-TAG-LATE" and d.code != "W-COMMENT") or d.hand is None
            or not any(lo <= d.line <= hi for lo, hi in spans.get(d.hand, ()))]


def _score_left_out(stored: HandRecord, rec: HandRecord, sess: SessionState) -> bool:
    """The copy ``rec`` of ``stored`` is the same hand but for a score line
    one of them leaves out, and both settle to the same units, each judged
    on a copy of the session's carry (:func:`ingest.meaning.score_left_out`,
    break24b F8: a sheet's units left blank or filled in on a night sent
    again was E-HAND-CONFLICT); or but for a score line and a result word
    each written by one copy and left out by the other, both settling to
    the same result and units (:func:`ingest.meaning.left_out`, newuser30: a
    sheet's row of a stored hand, ``W`` and units written where the stored
    text left them to the rules)."""
    if ((stored.score is None) == (rec.score is None) and (stored.outcome is None) == (rec.outcome is None)) \
            or stored.errors:
        return False
    from ingest.meaning import left_out  # noqa: PLC0415

    if left_out(stored, rec):
        import copy  # noqa: PLC0415

        got = []
        for r in (stored, rec):
            try:
                outcome, _, _ = judge_hand(HandCheck(r, None), copy.deepcopy(sess))
            except Exception:  # noqa: BLE001 - a refusal: nothing to compare (the hand is judged again below)
                return False
            got.append(({outcome.players.get(a, a): u for a, u in outcome.units.items()}, outcome.pot,
                        outcome.outcome))
        return got[0] == got[1]
    if (stored.score is None) == (rec.score is None):
        return False
    import copy  # noqa: PLC0415

    units = []
    for r in (stored, rec):
        chk = HandCheck(r, None)
        try:
            outcome, _, _ = judge_hand(chk, copy.deepcopy(sess))
        except Exception:  # noqa: BLE001 - a refusal: no units to compare (the hand is judged again below)
            return False
        units.append(({outcome.players.get(a, a): u for a, u in outcome.units.items()}, outcome.pot))
    return score_left_out(stored, rec, *units)


def _count(rec: HandRecord, path: str | None, sess: SessionState, sid: str | None = None,
           kept: KeptOutcome | None = None) -> None:
    """Replay a stored hand for the carry only; a stored hand the current
    engine refuses feeds the carry with its stored outcome when ``kept``
    gives it (it keeps that outcome until amended), else nothing."""
    if not rec.errors:
        chk = HandCheck(rec, path)
        try:
            outcome, _, _ = judge_hand(chk, sess)
        except Exception:  # noqa: BLE001 - a Refusal, or a bug already reported when the hand was ingested
            pass
        else:
            count_hand(chk, outcome, sess)
            return
    if kept is not None and sid is not None:
        _count_kept(kept, sid, rec.number, sess)


def _note_refused(sess: SessionState, rec: HandRecord, d: Diagnostic, path: str | None) -> None:
    """Tell the session's carry that ``rec`` was refused: it is not counted
    (a refused hand never feeds the carry, docs/storage.md "Session carry"),
    and the hands after it say so in their ``W-SESSION-GAP``, with what the
    refused hand reads as (a pick plays a queued doubler off, rules.md D-11:
    break22 F9, the stake taken after it was said without a word of it)."""
    if not rec.number:
        return
    kinds = [k for k, v in (("pick", rec.pick), ("leaster", rec.leaster), ("doubler", rec.doubler),
                            ("misdeal", rec.misdeal), (rec.nopick_game, rec.nopick)) if v is not None]
    where = f"{d.file or path or '?'}:{d.line}:{d.col}" if d.line else f"{d.file or path or '?'}:{rec.line}"
    sess.note_refused(rec.number, kinds[0] if len(kinds) == 1 else None, d.code, where)


def _count_kept(kept: KeptOutcome, sid: str, number: int, sess: SessionState) -> None:
    """Feed the carry with stored hand ``number``'s stored outcome, when it
    is stored (:func:`replay.judge.count_stored`)."""
    outcome = kept(sid, number)
    if outcome is not None:
        count_stored(outcome, sess)


def _count_prior(pending: list[HandRecord], number: int, sess: SessionState, sid: str | None = None,
                 kept: KeptOutcome | None = None) -> HandRecord | None:
    """Count the stored hands numbered below ``number`` (in hand order) and
    return the stored hand numbered ``number``, taken off ``pending``
    (None when that number is not stored)."""
    while pending and pending[0].number < number:
        _count(pending.pop(0), None, sess, sid, kept)
    if pending and pending[0].number == number:
        return pending.pop(0)
    return None


def _printable(text: str) -> str:
    """Text with bytes that were not UTF-8 (kept as surrogates by the reader)
    shown as U+FFFD, so a rejected hand can be stored and printed."""
    if text.isascii():  # no copy made (every hand of a canonical file)
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def validate_text(text: str, path: str | None = None, strict: bool = False,
                  prior: PriorHands | None = None, kept: KeptOutcome | None = None,
                  reread: bool = False) -> FileResult:
    """Read SHN text and validate every hand.  Lenient (default): bad hands are
    returned in ``rejected`` with their errors; strict: the first error is
    raised as a :class:`~replay.errors.ShedError`.  ``prior``: a session's
    stored hands, for the carry; ``kept``: a stored hand's stored outcome,
    ``reread``: the text is stored hands read back (:func:`validate_records`)."""
    from .shn.reader import read

    with gc_paused():
        return validate_records(read(text, path, strict=strict), path, strict, prior, kept=kept, reread=reread)


def validate_file(path: str | Path, strict: bool = False) -> FileResult:
    """Read and validate a file (bytes decoded as UTF-8 by the reader)."""
    from .shn.reader import read_file

    with gc_paused():
        return validate_records(read_file(str(path)), str(path), strict)


@dataclass(slots=True)
class HandReplay:
    """One hand replayed for a viewer: its frames (:class:`replay.replay.Frame`,
    one before the first card and one after every card; empty for a hand with
    no card log), the seat aliases and names in clockwise order, the outcome,
    and the errors (empty when the hand is legal).

    A Schafkopf hand (SHN-SK, docs/notation.md §14) is replayed through
    :class:`replay.schafkopf.SchafkopfState`: its frames are
    :class:`replay.schafkopf.SkFrame` and ``state`` is that game (finished
    when the hand is legal, stopped at the first illegal card otherwise);
    ``state`` is None for a Sheepshead hand."""

    frames: list[Frame]
    seats: list[tuple[str, str]]
    outcome: HandOutcome | None
    errors: list[Diagnostic]
    record: HandRecord | None
    state: object = None  # a Schafkopf hand: the SchafkopfState the frames come from


def replay_text(text: str, hand: int | None = None, path: str | None = None) -> HandReplay:
    """Replay one hand of an SHN text (a whole file, or a stored session
    header plus one hand's source; ``%SHN 1.0`` is added when missing).
    ``hand`` picks the hand number (default: the first hand).  Session state
    such as doubler stakes comes from the hands before it in ``text``."""
    from .shn.reader import read

    if not text.lstrip().startswith("%SHN"):
        text = "%SHN 1.0\n" + text
    shn = read(text, path)
    sessions: dict[str, SessionState] = {}
    for rec in shn.hands:
        sess = sessions.setdefault(rec.session_id, SessionState())
        target = hand is None or rec.number == hand
        chk = HandCheck(rec, path, frames=[] if target else None)
        if rec.errors:
            if target:
                return HandReplay([], rec.seats, None, list(rec.errors), rec)
            continue
        try:
            outcome, _, _ = judge_hand(chk, sess)
        except Refusal as r:
            if target:
                return HandReplay(chk.frames or [], rec.seats, None, [r.diag], rec, chk.sk_state)
            continue
        count_hand(chk, outcome, sess)
        if target:
            return HandReplay(chk.frames or [], rec.seats, outcome, [], rec, chk.sk_state)
    errs = list(shn.errors) or [Diagnostic("E-NO-HAND", f"no hand {hand} in the text", file=path, line=1, col=1)]
    return HandReplay([], [], None, errs, None)
