"""Streaming ingest of a large NetSchafkopf protocol in bounded memory (issue 15).

:func:`ingest.netschafkopf.read_protocol` holds the whole file: its text, its
lines, every parsed game block and every judged game.  A protocol larger than
:func:`ingest.stream.stream_above` bytes is read here instead, in passes over
the file that each hold one game block at a time (plus a 1 MB read block):

0. **Encoding** (:func:`protocol_encoding`): UTF-16 when the first bytes
   say so (:func:`ingest.netschafkopf.utf16_codec`, as
   :func:`ingest.netschafkopf.decode_protocol` decides); else the bytes are
   checked whole, as ``decode_protocol`` decides — UTF-8 (a BOM
   allowed) when every byte is valid UTF-8 (the last bytes may begin a
   sequence the end of the file cuts off: left out), else CP1252 when no byte is one
   CP1252 leaves undefined (0x81 0x8D 0x8F 0x90 0x9D), else ISO-8859-1 —
   so a Windows-1252 byte near the end of a file gives the same text as the
   whole-file reader (no sniffing on a first block).
1. **Seats**: the four players, from the first score-table header of a game
   (else from the first complete deal whose last seat is the dealer), as
   ``_seats_of`` gives them; the pass stops at the first header.
2. **Tariff** (the first pass of ``read_protocol``): each block is parsed,
   its :class:`~replay.sk_tariff.PriceObservation` kept and the block
   dropped.  Observations that agree in everything but their line are one
   shared object (the inference does not read the line), so the pass keeps
   one reference per game.  The short pack (six cards each, rules.md G-3)
   is decided by the majority of the parsed games, as in ``_infer``: the
   observations of short and of long games are kept apart and those of the
   majority used, in file order.
3. **Judging**: each block is judged (``_judge_block``, the same code as
   ``read_protocol``'s) with the running table of the block before, and the
   games are handed out in batches of ``batch`` games (:class:`ProtocolBatch`);
   the end check (``E-NSK-TOTALS`` / ``W-NSK-INCOMPLETE``, ``_end_check``)
   runs on sums kept across the batches and goes with the last batch.

Read together, the batches are what ``read_protocol`` returns for the same
bytes: the same hands, rejects, diagnostics (lines and columns) and end
check (tests/test_protocol_stream.py).  Stored by :func:`ingest_protocol_stream`
under the per-batch rule of docs/storage.md "Streaming ingest".

Memory: a read block (1 MB), the longest game block, one batch of judged
games, and 8 bytes per game in pass 2 (the observation references); the
header lines before the first game are held whole.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ingest import store as st
from ingest.model import FileResult, ValidatedHand
from ingest.netschafkopf import (assumed_warning, _DEAL, _GEBER, _LINE_SPLIT, _TABLE_HEAD, IDENTITY_GAMES, PROFILE, UTF16_HEAD,
                                 _block_seats,
                                 ProtocolResult, _adds_nothing, _advance, _after_row, _conflicts, _Ctx, _DealNames,
                                 _decoded_twice, _lost_said, _repair_lost,
                                 _end_check,
                                 _first_deals, _Game, _header_facts, _judge_block, _missing_games, _observe,
                                 _parse_block, _raw_row, _Reject, _still_missing, _stored_base, _stored_games,
                                 _new_names, _table_where, _thrown_said, _unborne, _writer_check,
                                 announced_game, utf16_codec, writer_column)
from replay.errors import Diagnostic, ProfileError
from replay.schafkopf import parse_schafkopf_rules, rules_text
from replay.sk_tariff import PriceObservation, TariffInference, infer_tariff

__all__ = ["BATCH", "READ_BLOCK", "ProtocolBatch", "ProtocolStream", "protocol_encoding", "read_protocol_stream",
           "ingest_protocol_stream"]

#: Bytes read at a time.
READ_BLOCK = 1 << 20
#: Games per batch when none is given (``ingest.stream.ingest_large`` gives :func:`ingest.stream.batch_hands`).
BATCH = 2000
_CP1252_UNDEFINED = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")


def protocol_encoding(path: str | os.PathLike, block: int = READ_BLOCK) -> str:
    """The encoding :func:`ingest.netschafkopf.decode_protocol` gives the
    file's bytes, found in one pass of ``block``-byte reads: ``"utf-8-sig"``
    (a UTF-8 BOM), ``"utf-16"``, ``"utf-16-le"`` or ``"utf-16-be"``
    (:func:`ingest.netschafkopf.utf16_codec` on the first bytes), ``"utf-8"``,
    ``"cp1252"`` or ``"iso-8859-1"``.  Raises ``OSError``."""
    with open(path, "rb") as fh:
        head = fh.read(UTF16_HEAD)
        if head[:3] == codecs.BOM_UTF8:
            return "utf-8-sig"
        if (wide := utf16_codec(head)) is not None:
            return wide
        fh.seek(0)
        utf8, cp1252 = codecs.getincrementaldecoder("utf-8")(), True
        ok8 = True
        while (chunk := fh.read(block)):
            if ok8:
                try:
                    utf8.decode(chunk)
                except UnicodeDecodeError:
                    ok8 = False
            if cp1252 and _CP1252_UNDEFINED.search(chunk):
                cp1252 = False
            if not ok8 and not cp1252:
                break
        # a sequence cut off by the end of the file is left out, as decode_protocol leaves it (utf8_cut,
        # break33 F4): the decoder holds it back and it is never read
    return "utf-8" if ok8 else "cp1252" if cp1252 else "iso-8859-1"


def _text_lines(path: str | os.PathLike, enc: str, block: int = READ_BLOCK) -> Iterator[str]:
    """The file's lines as ``_LINE_SPLIT.split(text)`` gives them for the
    whole decoded text (CRLF, LF or CR; a last, possibly empty, line after
    the last line end), the text decoded in ``block``-byte pieces, one
    leading U+FEFF dropped and any other read as a space."""
    with open(path, "rb") as fh:
        if enc == "utf-8-sig":
            fh.read(3)
            dec = codecs.getincrementaldecoder("utf-8")(errors="replace")
        elif enc.startswith("utf-16"):  # as decode_protocol: a pair that is no character is U+FFFD
            dec = codecs.getincrementaldecoder(enc)(errors="replace")
        else:
            dec = codecs.getincrementaldecoder(enc)()
        parts: list[str] = []  # the line being read, in pieces
        bom = True
        while True:
            chunk = fh.read(block)
            # UTF-8: a sequence the end of the file cuts off is held back and dropped (utf8_cut, break33 F4)
            piece = dec.decode(chunk, final=not chunk and not enc.startswith("utf-8"))
            if bom and piece:
                bom = False
                if piece.startswith("\ufeff"):
                    piece = piece[1:]
            if "\ufeff" in piece:  # a BOM inside: a space, as read_protocol reads it
                piece = piece.replace("\ufeff", " ")
            parts.append(piece)
            if not chunk:
                break
            if "\n" not in piece and "\r" not in piece:
                continue
            buf = "".join(parts)
            end = len(buf) - 1 if buf.endswith("\r") else len(buf)  # a CR at the end may begin a CRLF
            cut = max(buf.rfind("\n", 0, end), buf.rfind("\r", 0, end))
            if cut < 0:
                parts = [buf]
                continue
            stop = cut - 1 if buf[cut] == "\n" and cut > 0 and buf[cut - 1] == "\r" else cut
            yield from _LINE_SPLIT.split(buf[:stop])
            parts = [buf[cut + 1:]]
        yield from _LINE_SPLIT.split("".join(parts))


def _blocks(lines: Iterator[str], into: "_Scan") -> Iterator[tuple[int, list[str], int | None]]:
    """``(index of the Geber line, the block's lines, the file's line count
    when the block is the last, else None)`` for each game block; the lines
    before the first block go to ``into.header`` before the first block is
    given, the first line to ``into.first`` and the line count to
    ``into.total``."""
    start: int | None = None
    cur: list[str] = []
    i = -1
    for i, line in enumerate(lines):
        if "\ufffd" in line:  # a character lost by an editor's re-save: read as read_protocol reads it (real31 F4)
            one = [line]
            _repair_lost(one, i + 1, into.lost)
            line = one[0]
        if i == 0:
            into.first = line
        if _GEBER.match(line):
            if start is None:
                into.header = cur
            else:
                yield start, cur, None
            start, cur = i, [line]
        else:
            cur.append(line)
    into.total = i + 1
    if start is None:
        into.header = cur
    else:
        yield start, cur, i + 1


@dataclass(slots=True)
class _Window:
    """A file's lines as ``_parse_block`` and ``_check_game`` index them
    (``lines[i]``, ``lines[a:b]``, ``len(lines)``), holding one block:
    ``items`` are lines ``offset ...`` of a file of ``total`` lines."""

    offset: int
    items: list[str]
    total: int

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.items[i.start - self.offset:i.stop - self.offset]
        return self.items[i - self.offset]

    def __len__(self) -> int:
        return self.total


@dataclass(slots=True)
class _Scan:
    header: list[str] = field(default_factory=list)
    first: str = ""
    total: int = 0
    lost: dict = field(default_factory=dict)  # the first word of each kind holding U+FFFD (_repair_lost)


@dataclass
class ProtocolBatch(ProtocolResult):
    """One batch of a streamed protocol: a :class:`~ingest.model.FileResult`
    holding ``batch`` games (``hands`` and ``rejected``), the rules and the
    inference on every batch, the end check (``errors``, ``log_totals``) on
    the last.  ``refused``: on the last batch, the games refused in the whole
    file (the store's ``session_checks`` row counts them, not the batch's);
    ``continues``: the session ids an earlier batch of this file stored, so
    the store does not re-read them (``Store._insert``: a known session is
    re-derived from its stored hands, which each batch would do again)."""

    continues: frozenset[str] = frozenset()
    last: bool = False


class ProtocolStream:
    """A protocol file read in passes (module docstring).  ``path``: the
    file; ``name`` (default ``path``): the name in diagnostics and the
    session id; ``rules``, ``session``, ``stored_session``: as
    :func:`ingest.netschafkopf.read_protocol` (the first games are found by
    pass 2).
    Call :meth:`prepare` (passes 0 to 2), then :meth:`batches` (pass 3; again
    for another pass)."""

    def __init__(self, path: str | os.PathLike, name: str | None = None, *, rules: str | None = None,
                 session: str | None = None, block: int = READ_BLOCK, stored_session=None):
        self.path = path
        self.stored_session = None if session is not None else stored_session
        self.lookup = stored_session  # the session's stored games, as read_protocol asks them (_stored_games)
        self.stored = None
        self.name = os.fspath(path) if name is None else name
        self.rules = rules
        self.session = session
        self.block = block
        self.enc = ""
        self.seats: list[str] = []
        self.guest, self.date, self.header = "Gast", None, ""
        self.prof = PROFILE
        self.rules_str = ""
        self.inference: TariffInference | None = None
        self.games = 0

    def _scan(self, into: _Scan | None = None) -> Iterator[tuple[int, list[str], int | None]]:
        return _blocks(_text_lines(self.path, self.enc, self.block), into or _Scan())

    def prepare(self) -> FileResult | None:
        """Passes 0-2: the encoding, the header, the seats, the tariff.  None
        when the games can be judged; else a :class:`FileResult` with the
        file-level error ``read_protocol`` gives (``E-NSK-NO-GAMES``,
        ``E-NSK-SEAT`` for the seats or the header's writer, ``E-NSK-TARIFF``,
        a bad ``rules`` text).  Raises
        ``OSError``."""
        path = self.name
        self.enc = protocol_encoding(self.path, self.block)
        scan = _Scan()
        blocks = self._scan(scan)
        first = next(blocks, None)
        if first is None:
            return FileResult(path=path, errors=[Diagnostic(
                "E-NSK-NO-GAMES", "no game found (no 'Geber:' line): not a NetSchafkopf protocol", file=path,
                line=1, col=1, found=scan.first[:60], expected="'Geber: NAME' then the deal")])
        start0 = first[0]
        self.warnings: list[Diagnostic] = []  # the header's (W-NSK-DATE): said with the first batch
        self.guest, self.date, self.header, self.session = _header_facts(scan.header, path, self.session,
                                                                         self.warnings)
        self.warnings.extend(_decoded_twice(scan.header, path))  # W-NSK-ENCODING: the blocks are looked at in pass 3
        seats = self._seats(first, blocks)
        if seats is None or len(set(seats)) != 4:
            return FileResult(path=path, errors=[Diagnostic(
                "E-NSK-SEAT", "the four players cannot be read from the file (no score table and no complete deal)",
                file=path, line=start0 + 1, col=1)])
        self.seats = seats
        names = _DealNames()  # tallied by pass 2: a table header naming a player the deal lines call otherwise
        inference, self.games, first = self._infer(names)
        if (wrong := names.check(path, seats) or _writer_check(scan.header, path, seats)) is not None:
            return FileResult(path=path, errors=[wrong])
        if self.stored_session is not None and first:
            self.session = self.stored_session(self.header, first) or self.session
        self.stored = _stored_games(self.lookup, self.session) if self.games else None  # before a batch is stored
        if self.rules is not None:
            try:
                self.prof = parse_schafkopf_rules(self.rules)
            except ProfileError as exc:
                return FileResult(path=path, errors=[exc.diagnostic.at(1, 1, file=path)])
            self.rules_str = self.rules
        else:
            if inference.missing:
                return FileResult(path=path, errors=[Diagnostic(
                    "E-NSK-TARIFF", "the house tariff cannot be inferred from this log's price lines: missing "
                    + "; ".join(inference.missing) + " (give the rules with --rules, e.g. 'netschafkopf; "
                    "tariff.sauspiel=10; tariff.solo=50')", file=path, line=start0 + 1, col=1,
                    found="no such price", expected="a readable price line of every class played")])
            self.prof = inference.profile
            self.rules_str = rules_text(self.prof)
            if (said := assumed_warning(inference, self.rules_str, path, start0 + 1)) is not None:
                self.warnings.append(said)  # said with the first batch, as read_protocol says it (sk32 F1)
        self.inference = inference
        return None

    @staticmethod
    def _seats(first: tuple[int, list[str], int | None], rest: Iterator) -> list[str] | None:
        """``_seats_of`` over the blocks: the first table header of four or
        more names, else the first complete deal ending with the dealer."""
        deal: list[str] | None = None
        for _start, lines, _last in _chain(first, rest):
            names, dealer = [], None
            for line in lines:
                m = _TABLE_HEAD.match(line)
                if m and len(m.group(1).split()) >= 4:
                    rest.close()
                    return m.group(1).split()[:4]
                if deal is None:
                    if (m := _GEBER.match(line)):
                        dealer = m.group(1)
                    elif (m := _DEAL.match(line)):
                        names.append(m.group(1))
            if deal is None and len(names) == 4 and names[-1] == dealer:
                deal = names
        return deal

    def _infer(self, names: _DealNames) -> tuple[TariffInference, int, list[tuple[int, str]]]:
        """Pass 2, ``_infer`` of ``read_protocol`` block by block:
        ``(inference, games in the file, the first games as
        ``_first_deals`` gives them)``; every block's deal lines go to
        ``names``."""
        ctx = _Ctx(self.name, [], self.guest)
        looses = {s: PROFILE.model_copy(update={"klopfen": True, "shortDeck": s, "davonlaufenMinCards": min(
            PROFILE.davonlaufenMinCards, 4 if s else 6)}) for s in (False, True)}
        obs: dict[bool, list[PriceObservation]] = {False: [], True: []}
        shared: dict[tuple, PriceObservation] = {}
        no_price: dict[bool, dict] = {False: {}, True: {}}  # announced games of blocks without an observation
        announced: dict[bool, dict] = {False: {}, True: {}}  # announced games of every parsed block
        parsed = short = games = thrown = 0
        first: list[tuple[int, str]] = []
        at = self.seats  # each game's players, as read_protocol: a header may seat someone new (nsk18 F6)
        before = at  # the players up to the block (read_protocol's _players_before)
        col = writer_column(self.seats, self.guest)  # "Du" follows the writer's column, as read_protocol (sk34 F5)
        for start, lines, last in self._scan():
            games += 1
            names.block(start, lines)
            at = _block_seats(at, lines)
            if col is not None:
                ctx.guest = at[col]
            observed = before if (unborne := _unborne(before, at, lines)) else at  # real31 F3, as read_protocol
            if not unborne:
                before = at
            end = start + len(lines)
            ctx.lines = _Window(start, lines, last if last is not None else end + 1)
            ctx.hand = None
            g = _Game(start, end)
            try:
                _parse_block(ctx, g)
            except _Reject:
                continue
            parsed += 1
            thrown += bool(g.thrown)
            if len(first) < IDENTITY_GAMES:
                first += _first_deals([g], self.seats)
            short += g.short
            o = _observe(ctx, g, observed, looses[g.short])
            ag = announced_game("\n".join(lines))
            if ag is not None:
                announced[g.short][ag[0]] = None
            if o is not None:
                key = (o.game, o.stated_class, o.base, o.steps, o.run, o.durchmarsch, bool(o.trickless))
                obs[g.short].append(shared.setdefault(key, o))
            elif ag is not None:
                no_price[g.short][ag[0]] = None
        is_short = bool(parsed) and short * 2 > parsed
        unpriced = list({**no_price[is_short], **announced[not is_short]})
        return (infer_tariff(obs[is_short], PROFILE, short_deck=is_short, unpriced=unpriced, thrown=thrown), games,
                first)

    def batches(self, batch: int) -> Iterator[ProtocolBatch]:
        """Pass 3: the judged games in batches of ``batch`` (at least 1) in
        file order; the last batch carries the end check.  Raises
        ``OSError``."""
        batch = max(1, batch)
        path, seats = self.name, self.seats
        ctx = _Ctx(path, [], self.guest)
        prev: list[int] | None = None
        prev_stock: int | None = None
        last_row: list[int] | None = None
        numbers = self.stored.numbers if self.stored is not None else frozenset()
        # the units of the games this file adds by the running table's column (a player seated mid-log: nsk18
        # F6); the stored games' join at the end (read_protocol)
        columns = [0, 0, 0, 0]
        n_hands = n_rejected = n_conflicts = 0
        last_n: int | None = None
        where: str | None = None  # which table last_row is (read_protocol)
        number = number_line = None  # as read_protocol: the block before's game number and score-row line
        missing: list[tuple[int, int]] = []
        cur = self._new()
        cur.errors.extend(self.warnings)
        encoding_said = any(d.code == "W-NSK-ENCODING" for d in self.warnings)
        sessions: set[str] = set()
        scan = _Scan()
        lost_said: set[str] = set()
        k = -1
        at = seats  # each game's players (read_protocol's game_seats)
        changed = False
        before = at  # the players up to the block (read_protocol's _players_before)
        col = writer_column(seats, self.guest)  # "Du" follows the writer's column, as read_protocol (sk34 F5)
        was = seats  # the players of the block before's columns (read_protocol's placed[k - 1])
        for k, (start, lines, last) in enumerate(self._scan(scan)):
            at = _block_seats(at, lines)
            if col is not None:
                ctx.guest = at[col]
            ctx.before = placed = before  # the players of the block's columns, as read_protocol's placed
            if not _unborne(before, at, lines):
                before = placed = at
            changed = changed or placed != seats
            if len(cur.hands) + len(cur.rejected) >= batch:
                sessions |= {h.outcome.session for h in cur.hands}
                cur.rejected, c = _conflicts(cur.rejected, self.session, self.stored, self.lookup)
                n_conflicts += c
                yield cur
                cur = self._new(frozenset(sessions))
            end = start + len(lines)
            if scan.lost and len(lost_said) < len(scan.lost):
                cur.errors.extend(_lost_said(path, scan.lost, lost_said))  # W-NSK-REPLACED, each kind once
            if not encoding_said and (twice := _decoded_twice(lines, path, start + 1)):
                cur.errors.extend(twice)  # the first broken umlaut, as read_protocol says it
                encoding_said = True
            ctx.lines = _Window(start, lines, last if last is not None else end + 1)
            item, g = _judge_block(ctx, _Game(start, end), False, k == 0, at, prev, prev_stock, self.session,
                                   self.date, self.header, self.prof, self.rules_str, number)
            cur.errors.extend(_missing_games(path, g, number, number_line, missing, k == 0))
            cur.errors.extend(_after_row(path, g))
            if item is None:  # a deal thrown in, not stored (read_protocol; sk32 F3)
                cur.errors.extend(_thrown_said(path, g, self.prof))
            elif isinstance(item, ValidatedHand):
                cur.hands.append(item)
                if item.outcome.hand not in numbers:
                    n_hands += 1
                    for j, s in enumerate(item.outcome.players):
                        columns[j] += item.outcome.units.get(s, 0)
            else:
                cur.rejected.append(item)
                n_rejected += 1
            if k and placed != was:  # a name new in a column, borne out by its deal lines (sk34 F6)
                cur.errors.extend(_new_names(path, g, was, placed, item, prev, number, col))
            was = placed
            prev, prev_stock, number, number_line = _advance(item, g, at, prev, prev_stock)
            if prev is not None and (g.row is not None or last_row is not None):
                last_row, last_n, last_seats = list(prev), number, placed  # as read_protocol
                where = _table_where(g, number)
            elif not isinstance(item, ValidatedHand) and g.row is None and (raw := _raw_row(ctx.lines, g)):
                last_n, last_row, line = raw  # as read_protocol: a refused game's row, unread by its parse
                last_seats, where = placed, f"game {last_n}'s row, line {line}"
        if k < 0:
            return
        cur.last = True
        cur.rejected, c = _conflicts(cur.rejected, self.session, self.stored, self.lookup)
        cur.refused = n_rejected = n_rejected - n_conflicts - c
        if last_row is not None:
            _, held = _stored_base(self.stored, last_n)
            # by column, whoever sat in it and whatever the stored games call them (read_protocol's _column_totals)
            stored_cols = self.stored.column_totals(last_n) if numbers else [0, 0, 0, 0]
            totals = {s: a + b for s, a, b in zip(last_seats, stored_cols, columns)}
            cur.errors.extend(_end_check(path, last_seats, last_row, totals, held + n_hands,
                                         n_rejected, scan.total, _still_missing(numbers, missing), n_conflicts + c,
                                         where))
            if not changed and not (n_hands == 0 and _adds_nothing(self.stored, (), n_rejected)):
                cur.log_totals = dict(zip(seats, last_row))
        yield cur

    def _new(self, continues: frozenset[str] = frozenset()) -> ProtocolBatch:
        return ProtocolBatch(path=self.name, rules=self.rules_str, inference=self.inference, continues=continues)


def _chain(first, rest):
    yield first
    yield from rest


def read_protocol_stream(path: str | os.PathLike, name: str | None = None, *, batch: int = 2000,
                         rules: str | None = None, session: str | None = None,
                         block: int = READ_BLOCK) -> FileResult:
    """The batches of :class:`ProtocolStream` joined into one
    :class:`FileResult`: what :func:`ingest.netschafkopf.read_protocol`
    returns for the file's bytes (for tests and ``shead``-free checks; it
    holds every game, so it is not bounded).  Raises ``OSError``."""
    reader = ProtocolStream(path, name, rules=rules, session=session, block=block)
    early = reader.prepare()
    if early is not None:
        return early
    out = FileResult(path=reader.name, rules=reader.rules_str, inference=reader.inference)
    for res in reader.batches(batch):
        out.hands.extend(res.hands)
        out.rejected.extend(res.rejected)
        out.errors.extend(res.errors)
        if res.log_totals is not None:
            out.log_totals = res.log_totals
    return out


def ingest_protocol_stream(store: st.Store, path: str | os.PathLike, strict: bool = False, *,
                           batch: int | None = None, name: str | None = None, rules: str | None = None,
                           on_batch: Callable[[int, int], None] | None = None
                           ) -> tuple[st.IngestReport, FileResult]:
    """Ingest the NetSchafkopf protocol at ``path`` batch by batch, as
    :func:`ingest.stream.ingest_stream` does an SHN file: ``(report,
    warnings)`` (the report sums the batches'; ``warnings`` holds the stored
    games that carry a warning).  The passes of :class:`ProtocolStream` read
    the file; each batch of ``batch`` games (default :data:`BATCH`) is one
    transaction
    (:func:`ingest.pipeline.store_result`, format ``netschafkopf``),
    committed in file order, and the last one also records the session's
    check against the log's last running table (``session_checks``).  A
    kill keeps the committed batches; ingesting the file again counts them
    as duplicates and stores the rest.  ``strict``: every game is judged
    first with nothing stored, and only a file without a refused game or a
    file error is stored.  ``rules``: as ``shead ingest --rules``.  A file
    error found before the games (no game, no seats, no tariff) is the
    report's one file error, nothing stored.  ``on_batch`` is called with
    (batches stored, games read).  :func:`ingest.stream.ingest_large` calls
    this with the stream's DuckDB settings (``STREAM_SETTINGS``) applied."""
    from ingest.pipeline import note_copies, store_result  # noqa: PLC0415

    name = os.fspath(path) if name is None else name
    batch = BATCH if batch is None else batch
    from ingest.protocol_identity import stored_protocol  # noqa: PLC0415

    reader = ProtocolStream(path, name, rules=rules, stored_session=stored_protocol(store))
    total = st.IngestReport(path=name, strict=strict)
    warnings = FileResult(path=name)
    try:
        early = reader.prepare()
    except OSError as exc:
        total.file_errors.append(Diagnostic("E-FILE-UNREADABLE", f"cannot read the file: {exc.strerror or exc}",
                                            file=name))
        total.committed = False
        return total, warnings
    except Exception as exc:  # noqa: BLE001 - a bug in the reader, as load_bytes reports it: nothing stored
        from ingest.pipeline import _internal  # noqa: PLC0415

        total.file_errors.append(_internal(name, exc))
        total.committed = False
        return total, warnings
    if early is not None:
        return store_result(store, early, "netschafkopf", strict), warnings

    def work() -> tuple[st.IngestReport, FileResult]:
        counted = None  # the last batch's report added to the total
        store.committed_report = None
        try:
            if strict:
                for res in reader.batches(batch):
                    total.rejected.extend(res.rejected)
                    total.file_errors.extend(res.errors)
                if total.failed:
                    total.committed = False
                    return total, warnings
                total.file_errors.clear()  # warnings only: said again by the storing pass
            done = games = 0
            for res in reader.batches(batch):
                games += len(res.hands) + len(res.rejected)
                rep = store_result(store, res, "netschafkopf", strict)
                if not rep.committed:  # strict and a stored clash, or the store failed: this batch stored nothing
                    stored_before = total.stored
                    total.add(rep)
                    total.stored = stored_before
                    total.committed = stored_before == 0
                    if stored_before:
                        first = res.hands[0].source_line if res.hands else res.rejected[0].source_line
                        total.file_errors.append(Diagnostic(
                            "E-STORE" if not strict else "E-HAND-CONFLICT",
                            f"the protocol was stored in batches of {batch} games: the {done} batch(es) before "
                            f"this one ({stored_before} games) stay stored; this batch and the rest were not "
                            "stored (ingest the file again once fixed: stored games count as duplicates)",
                            file=name, line=first, col=1))
                    return total, warnings
                total.add(rep)
                counted = rep
                warnings.hands.extend(h for h in res.hands if h.diagnostics)
                done += 1
                if on_batch is not None:
                    on_batch(done, games)
            note_copies(store, total, "netschafkopf", name)  # game for game, once the last batch is stored
        except KeyboardInterrupt as exc:  # the batches before stay stored; the one in hand was rolled back,
            raise st.IngestInterrupted(total.stored + store.stored_since(counted)) from exc  # unless just committed
        except OSError as exc:
            total.file_errors.append(Diagnostic("E-FILE-UNREADABLE", f"cannot read the file: {exc.strerror or exc}",
                                                file=name))
            total.committed = total.stored > 0
        return total, warnings

    return work()
