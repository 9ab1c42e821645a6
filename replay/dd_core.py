"""The search core of the double-dummy solver (:mod:`replay.solver`).

Pure Python, typed so that mypyc can compile this very file
(``python -m replay.build_solver``); the compiled module shadows this one
when it is built, and this source is the fallback that gives the same answers
on a machine without a compiler.  It plays no rule of its own: legal cards
where a duty of the call may be in force, and every finished trick's winner,
come from the rules engine through the two callbacks ``legal_cb`` and
``winner_cb`` (see :class:`replay.solver.DDSolver`); elsewhere a legal card
is one of the led effective suit, else any card — what the engine's
``legal_mask`` reduces to with no duty in force, read from the trump order's
``suit_of`` and ``suit_masks`` tables.

Values are card points (int) the picker's side takes from the cards still in
play; see :mod:`replay.solver` for the reductions and why they are exact.
"""

from __future__ import annotations

from typing import Callable

from .cards import POINTS

_TRUMP = 4
_INF = 10_000

_PA = sum(1 << c for c in range(32) if POINTS[c] == 11)
_PT = sum(1 << c for c in range(32) if POINTS[c] == 10)
_PK = sum(1 << c for c in range(32) if POINTS[c] == 4)
_PQ = sum(1 << c for c in range(32) if POINTS[c] == 3)
_PJ = sum(1 << c for c in range(32) if POINTS[c] == 2)


def pts(mask: int) -> int:
    """Card points in ``mask`` (rules.md A-5), from :data:`replay.cards.POINTS`."""
    return (11 * (mask & _PA).bit_count() + 10 * (mask & _PT).bit_count() + 4 * (mask & _PK).bit_count()
            + 3 * (mask & _PQ).bit_count() + 2 * (mask & _PJ).bit_count())


class Core:
    """The mutable position and the search.  Built by :class:`replay.solver.DDSolver`."""

    side: list[bool]
    np: int
    next_of: list[int]
    suit_of: list[int]
    suit_masks: list[int]
    strength: list[int]
    points: list[int]
    ranked: list[list[int]]
    reveal: dict[int, int]
    excluded: int
    cs: int
    under: int
    track_called: bool
    duties: bool
    raw_key: bool
    code: list[int]
    key_order: list[int]
    suit_starts: int
    legal_cb: Callable[[int, int, int], int]
    winner_cb: Callable[[list[tuple[int, int]]], int]
    hands: list[int]
    down: list[int]
    trick: list[tuple[int, int]]
    trick_no: int
    called_trick: int  # -1: the called suit not led yet
    to_act: int
    leader: int
    live: int
    tt: dict[bytes, tuple[int, int]]
    best_move: dict[bytes, int]
    nodes: int

    def __init__(self, side: list[bool], np: int, next_of: list[int], suit_of: list[int], suit_masks: list[int],
                 strength: list[int], ranked: list[list[int]], reveal: dict[int, int], excluded: int, cs: int,
                 under: int, track_called: bool, duties: bool, raw_key: bool, code: list[int],
                 legal_cb: Callable[[int, int, int], int],
                 winner_cb: Callable[[list[tuple[int, int]]], int]) -> None:
        self.side = side
        self.np = np
        self.next_of = next_of
        self.suit_of = suit_of
        self.suit_masks = suit_masks
        self.strength = strength
        self.points = list(POINTS)
        self.ranked = ranked
        self.reveal = reveal
        self.excluded = excluded
        self.cs = cs
        self.under = under
        self.track_called = track_called
        self.duties = duties
        self.raw_key = raw_key
        self.code = code
        self.key_order = [c for es in range(5) for c in ranked[es]]
        starts = 0
        for es in range(5):
            if ranked[es]:
                starts |= 1 << ranked[es][0]
        self.suit_starts = starts
        self.legal_cb = legal_cb
        self.winner_cb = winner_cb
        self.hands = []
        self.down = []
        self.trick = []
        self.trick_no = 0
        self.called_trick = -1
        self.to_act = 0
        self.leader = 0
        self.live = 0
        self.tt = {}
        self.best_move = {}
        self.nodes = 0

    def load(self, hands: list[int], down: list[int], trick: list[tuple[int, int]], trick_no: int,
             called_trick: int, to_act: int, leader: int) -> None:
        """Take a position.  ``hands`` and ``trick`` are kept (not copied):
        the caller's scratch state shares them for its ``legal_mask``."""
        self.hands = hands
        self.down = down
        self.trick = trick
        self.trick_no = trick_no
        self.called_trick = called_trick
        self.to_act = to_act
        self.leader = leader
        live = 0
        for h in hands:
            live |= h
        for h in down:
            live |= h
        for t in trick:
            live |= 1 << t[1]
        self.live = live

    # ------------------------------------------------------------------ legal cards
    def duty_now(self) -> bool:
        ct = self.called_trick
        return self.duties and (ct < 0 or ct == self.trick_no or self.under >= 0)

    def legal(self, seat: int) -> int:
        if self.duty_now():
            return self.legal_cb(seat, self.trick_no, self.called_trick)
        h = self.hands[seat]
        if not self.trick:
            return h
        follow = h & self.suit_masks[self.suit_of[self.trick[0][1]]]
        return follow if follow else h

    def classes(self, legal: int, duty: bool) -> list[list[int]]:
        """The legal cards as classes of equivalent cards, strongest first
        within each effective suit (see :mod:`replay.solver`)."""
        out: list[list[int]] = []
        if legal & (legal - 1) == 0:
            out.append([legal.bit_length() - 1])
            return out
        if duty:
            m = legal
            while m:
                low = m & -m
                out.append([low.bit_length() - 1])
                m ^= low
            return out
        live = self.live
        excl = self.excluded
        points = self.points
        for es in range(5):
            sl = legal & self.suit_masks[es]
            if not sl:
                continue
            if sl & (sl - 1) == 0:
                out.append([sl.bit_length() - 1])
                continue
            joinable = False
            prev = -1
            for c in self.ranked[es]:
                if not (live >> c) & 1:
                    continue
                if (sl >> c) & 1:
                    p = points[c]
                    if (excl >> c) & 1:
                        out.append([c])
                        joinable = False
                    elif joinable and p == prev:
                        out[len(out) - 1].append(c)
                    else:
                        out.append([c])
                        joinable = True
                        prev = p
                else:
                    joinable = False
        return out

    def _beats(self, c: int, w: int) -> bool:
        # the trump order's table (move ordering only: never decides a value)
        sc = self.suit_of[c]
        sw = self.suit_of[w]
        if sc == sw:
            return self.strength[c] > self.strength[w]
        return sc == _TRUMP

    def order(self, seat: int, reps: list[int]) -> list[int]:
        """Move ordering only: at the lead the strongest first; following, a
        partner's winning trick is schmeared, else the cheapest card that
        wins first, else the cheapest card."""
        if len(reps) < 2:
            return reps
        strength = self.strength
        points = self.points
        trick = self.trick
        keyed: list[tuple[int, int]] = []
        if not trick:
            for c in reps:
                keyed.append((-(strength[c] + (1000 if self.suit_of[c] == _TRUMP else 0)), c))
        else:
            ws = trick[0][0]
            wc = trick[0][1]
            for i in range(1, len(trick)):
                if self._beats(trick[i][1], wc):
                    ws = trick[i][0]
                    wc = trick[i][1]
            if self.side[ws] == self.side[seat]:
                for c in reps:
                    keyed.append((-points[c] * 64 + strength[c], c))
            else:
                for c in reps:
                    if self._beats(c, wc):
                        keyed.append((strength[c] - 100000, c))
                    else:
                        keyed.append((points[c] * 2048 + strength[c], c))
        keyed.sort()
        return [kc[1] for kc in keyed]

    # ------------------------------------------------------------------ play / undo
    def play(self, seat: int, c: int) -> tuple[int, int, int, int, int, int, list[tuple[int, int]] | None]:
        """Play ``c``: (side points won if the trick ended, then the undo record's fields)."""
        hands = self.hands
        old_hand = hands[seat]
        old_down = self.down[seat]
        h = old_hand & ~(1 << c)
        if self.reveal:
            d = self.reveal.get(c, -1)
            if d >= 0 and (old_down >> d) & 1:  # the card under turns up (rules.md F-1)
                h |= 1 << d
                self.down[seat] = old_down & ~(1 << d)
        hands[seat] = h
        trick = self.trick
        old_ct = self.called_trick
        if not trick and self.track_called and old_ct < 0:
            es = self.cs if c == self.under else self.suit_of[c]
            if es == self.cs:
                self.called_trick = self.trick_no
        trick.append((seat, c))
        if len(trick) == self.np:
            w = self.winner_cb(trick)
            done = list(trick)
            tmask = 0
            for t in done:
                tmask |= 1 << t[1]
            won = pts(tmask)
            trick.clear()
            old_live = self.live
            old_leader = self.leader
            self.live = old_live & ~tmask
            self.trick_no += 1
            self.leader = w
            self.to_act = w
            return (won if self.side[w] else 0), seat, old_hand, old_down, old_ct, old_live | (old_leader << 40), done
        self.to_act = self.next_of[seat]
        return 0, seat, old_hand, old_down, old_ct, 0, None

    def undo(self, seat: int, old_hand: int, old_down: int, old_ct: int, packed: int,
             done: list[tuple[int, int]] | None) -> None:
        self.hands[seat] = old_hand
        self.down[seat] = old_down
        self.called_trick = old_ct
        if done is not None:
            self.trick.extend(done)
            self.trick_no -= 1
            self.leader = packed >> 40
            self.live = packed & ((1 << 40) - 1)
        self.trick.pop()
        self.to_act = seat

    # ------------------------------------------------------------------ search
    def key(self) -> bytes:
        """The transposition key of a trick start (see :mod:`replay.solver`)."""
        out = bytearray()
        out.append(self.leader)
        out.append(1 if self.called_trick < 0 else 0)
        if self.raw_key:
            for h in self.hands:
                out += h.to_bytes(4, "little")
            for h in self.down:
                out += h.to_bytes(4, "little")
            return bytes(out)
        live = self.live
        code = self.code
        starts = self.suit_starts
        for c in self.key_order:
            if (starts >> c) & 1:
                out.append(0)
            if (live >> c) & 1:
                out.append(code[c])
        return bytes(out)

    def last_trick(self) -> int:
        """Every seat holds one card: the trick is forced, its winner and
        points read off directly."""
        s = self.leader
        hands = self.hands
        trick: list[tuple[int, int]] = []
        tmask = 0
        for _ in range(self.np):
            h = hands[s]
            trick.append((s, h.bit_length() - 1))
            tmask |= h
            s = self.next_of[s]
        w = self.winner_cb(trick)
        return pts(tmask) if self.side[w] else 0

    def search(self, alpha: int, beta: int) -> int:
        """The side's card points from the cards still in play (the current
        trick's included) with best play by both sides; fail-soft."""
        self.nodes += 1
        at_start = not self.trick
        key = b""
        lo = 0
        hi = 0
        a0 = alpha
        b0 = beta
        if at_start:
            leader = self.leader
            left = self.hands[leader].bit_count() + self.down[leader].bit_count()
            if left == 0:
                return 0
            if left == 1:
                return self.last_trick()
            rem = pts(self.live)
            if alpha >= rem:
                return rem
            if beta <= 0:
                return 0
            key = self.key()
            hi = rem
            e = self.tt.get(key)
            if e is not None:
                lo = e[0]
                hi = e[1]
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
            if alpha < lo:
                alpha = lo
            if beta > hi:
                beta = hi
            a0 = alpha
            b0 = beta
        seat = self.to_act
        duty = self.duty_now()
        legal = self.legal(seat)
        reps = [cl[0] for cl in self.classes(legal, duty)]
        reps = self.order(seat, reps)
        if at_start and len(reps) > 1:
            bm = self.best_move.get(key, -1)
            if bm >= 0 and bm != reps[0] and bm in reps:
                reps.remove(bm)
                reps.insert(0, bm)
        bc = reps[0]
        maximise = self.side[seat]
        best = -_INF if maximise else _INF
        for c in reps:
            r = self.play(seat, c)
            won = r[0]
            v = won + self.search(alpha - won, beta - won)
            self.undo(r[1], r[2], r[3], r[4], r[5], r[6])
            if maximise:
                if v > best:
                    best = v
                    bc = c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best = v
                    bc = c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if at_start:
            if best <= a0:
                if best < hi:
                    hi = best
            elif best >= b0:
                if best > lo:
                    lo = best
            else:
                lo = best
                hi = best
            self.tt[key] = (lo, hi)
            self.best_move[key] = bc
        return best

    def exact(self) -> int:
        """The exact value by MTD(f): null-window searches closing in on it,
        each leaving bounds in the table."""
        lo = 0
        hi = pts(self.live)
        g = (lo + hi) // 2
        while lo < hi:
            b = g + 1 if g == lo else g
            g = self.search(b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return lo

