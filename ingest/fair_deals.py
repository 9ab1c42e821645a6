"""Fair deals: a set of full deals tested against the law of a fair shuffle (issue 18, ``shead deals``).

Players of online Sheepshead often suspect rigged deals.  A fair shuffle of
the 32-card pack deals each hand a random six of the 32 cards, so the number
of cards of a kind in one hand follows the **hypergeometric law**: with ``K``
such cards in a pack of ``N`` and a hand of ``n``,

    P(k) = C(K, k) · C(N − K, n − k) / C(N, n).

Each test counts, over the deals, how often a hand held k cards of the kind
(k = 0 … min(K, n)), compares the counts with ``deals × P(k)`` by **Pearson's
chi-square**, Σ (observed − expected)² / expected, after **pooling** the
cells whose expected count is below 5 into their neighbour (from each tail
inwards), and gives the p-value, the chance of a statistic at least that
large under a fair shuffle: the chi-square law's survival function with
(cells − 1) degrees of freedom (no parameter is estimated).  A p-value below
the level (1% by default) *rejects* fairness for that test.

The tests, for five-handed deals (five hands of six and a blind of two; the
cards counted are the standard ones of rules.md A-2, whatever the profile):

* ``trumps in position k's hand`` (k = 1 the dealer's left … 5 the dealer):
  14 trumps (all queens, jacks and diamonds), Hypergeometric(32, 14, 6);
* ``queens in position k's hand`` and ``jacks in position k's hand``:
  Hypergeometric(32, 4, 6);
* ``trumps in the blind``, ``queens in the blind``, ``jacks in the blind``,
  ``aces in the blind``: Hypergeometric(32, 14 or 4, 2);
* ``picker's seat``: the chair (the Seats tag's order, not the position) of
  each picker, against the uniform law over the five chairs — fair when the
  deal rotates round the table, as it does (rules.md B-1), so that every
  chair is dealt each position equally often.  Hands nobody picked are left
  out.

Each test is over its own deals, one hand of each deal, so the counts are
independent draws (pooling the five positions of one deal would not be:
their trumps add up to at most 14).  With many tests some p-value will fall
below 1% now and then on fair deals (about one test in a hundred); a real
bias shows as a p-value far below that, and again on the next set of deals.

The chi-square survival function is computed here (:func:`chi2_sf`, the
regularised upper incomplete gamma function), not taken from SciPy, which
shead does not depend on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

__all__ = ["DealRecord", "DealTest", "hypergeom_pmf", "pool_cells", "chi_square", "chi2_sf", "deal_tests",
           "deal_tests_from_counts", "filter_sql", "load_deals", "TRUMPS", "QUEENS", "JACKS", "ACES"]


def _mask(names: Iterable[str]) -> int:
    order = [r + s for s in "CSHD" for r in "ATKQJ987"]
    return sum(1 << order.index(n) for n in names)


#: Card masks in the store's numbering (suit × 8 + rank; C S H D × A 10 K Q J 9 8 7).
QUEENS = _mask(["QC", "QS", "QH", "QD"])
JACKS = _mask(["JC", "JS", "JH", "JD"])
ACES = _mask(["AC", "AS", "AH", "AD"])
TRUMPS = QUEENS | JACKS | _mask(["AD", "TD", "KD", "9D", "8D", "7D"])  # rules.md A-2: 14 cards

_PACK = 32
_SHAPE = (5, 6, 2)  # positions, hand size, blind size


@dataclass(slots=True, frozen=True)
class DealRecord:
    """One full deal: ``positions`` the hands as card masks (bit = card index,
    position 1 the dealer's left first), ``blind`` a mask, ``picker_seat``
    the picker's chair (0-based, the Seats tag's order) or None when nobody
    picked, ``seats`` the number of chairs."""

    positions: tuple[int, ...]
    blind: int
    picker_seat: int | None = None
    seats: int = 5


@dataclass(slots=True)
class DealTest:
    """One test's result: its name, what it counts, the law, the cells
    (``labels``; observed and expected counts, after pooling), the chi-square
    ``statistic``, degrees of freedom ``df``, ``p_value``, the ``level`` and
    ``rejects`` (p-value < level).  ``deals`` is how many deals it counted."""

    name: str
    law: str
    deals: int
    labels: list[str]
    observed: list[int]
    expected: list[float]
    statistic: float | None  # None: too few deals (fewer than two cells of 5 expected after pooling)
    df: int
    p_value: float | None
    level: float
    rejects: bool
    raw_labels: list[str] = field(default_factory=list)  # before pooling
    raw_observed: list[int] = field(default_factory=list)
    raw_expected: list[float] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        """``"rejects"``, ``"fits"`` or ``"too few deals"``."""
        return "too few deals" if self.p_value is None else ("rejects" if self.rejects else "fits")

    def as_json(self) -> dict:
        return {**asdict(self), "verdict": self.verdict}


# --- the law and the statistic ------------------------------------------------------------------------------------

def hypergeom_pmf(k: int, N: int, K: int, n: int) -> float:
    """P(k of the K marked cards among n drawn from N without replacement).
    0 outside the support.  Raises ``ValueError`` unless 0 ≤ K ≤ N and 0 ≤ n ≤ N."""
    if not (0 <= K <= N and 0 <= n <= N):
        raise ValueError(f"hypergeometric law needs 0 <= K <= N and 0 <= n <= N (got N={N}, K={K}, n={n})")
    if k < max(0, n - (N - K)) or k > min(K, n):
        return 0.0
    return math.comb(K, k) * math.comb(N - K, n - k) / math.comb(N, n)


def pool_cells(labels: Sequence[str], observed: Sequence[int], expected: Sequence[float],
               minimum: float = 5.0) -> tuple[list[str], list[int], list[float]]:
    """Merge cells whose expected count is below ``minimum`` into their
    neighbour: from the left, cells are added up until the sum reaches
    ``minimum``; a short remainder at the right joins the last cell formed.
    Labels of merged cells are joined ``"a–b"``.  Returns the pooled
    (labels, observed, expected); a single cell when nothing reaches the
    minimum."""
    out_l: list[list[str]] = []
    out_o: list[int] = []
    out_e: list[float] = []
    cur_l: list[str] = []
    cur_o, cur_e = 0, 0.0
    for lab, o, e in zip(labels, observed, expected):
        cur_l.append(lab)
        cur_o += o
        cur_e += e
        if cur_e >= minimum:
            out_l.append(cur_l)
            out_o.append(cur_o)
            out_e.append(cur_e)
            cur_l, cur_o, cur_e = [], 0, 0.0
    if cur_l:
        if out_l:
            out_l[-1] += cur_l
            out_o[-1] += cur_o
            out_e[-1] += cur_e
        else:
            out_l, out_o, out_e = [cur_l], [cur_o], [cur_e]
    # the left tail may have formed a cell of its own only by reaching the minimum; it is kept as is
    names = [ls[0] if len(ls) == 1 else f"{ls[0]}–{ls[-1]}" for ls in out_l]
    return names, out_o, out_e


def chi_square(observed: Sequence[float], expected: Sequence[float]) -> float:
    """Pearson's statistic Σ (o − e)² / e.  Raises ``ValueError`` for an
    expected count ≤ 0 or lists of different lengths."""
    if len(observed) != len(expected):
        raise ValueError("observed and expected differ in length")
    if any(e <= 0 for e in expected):
        raise ValueError("every expected count must be positive")
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = Γ(a, x)/Γ(a)
    (series for x < a + 1, Lentz's continued fraction otherwise)."""
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - lg))
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            break
    return math.exp(-x + a * math.log(x) - lg) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with ``df`` degrees of freedom: Q(df/2, x/2).
    Raises ``ValueError`` for ``df`` < 1."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1 (got {df})")
    return _gamma_q(df / 2.0, x / 2.0)


def _test(name: str, law: str, counts: Sequence[int], probs: Sequence[float], labels: Sequence[str],
          level: float) -> DealTest:
    total = sum(counts)
    expected = [total * p for p in probs]
    pl, po, pe = pool_cells(labels, counts, expected)
    if len(po) < 2 or total == 0:
        stat, df, p = None, 0, None
    else:
        stat = chi_square(po, pe)
        df = len(po) - 1
        p = chi2_sf(stat, df)
    return DealTest(name, law, total, pl, po, pe, stat, df, p, level, p is not None and p < level, list(labels),
                    list(counts), expected)


def _count_test(name: str, masks: Iterable[int], kind: int, size: int, level: float) -> DealTest:
    K = kind.bit_count()
    top = min(K, size)
    counts = [0] * (top + 1)
    for m in masks:
        counts[(m & kind).bit_count()] += 1
    probs = [hypergeom_pmf(k, _PACK, K, size) for k in range(top + 1)]
    return _test(name, f"hypergeometric(N={_PACK}, K={K}, n={size})", counts, probs, [str(k) for k in range(top + 1)],
                 level)


def deal_tests(deals: Sequence[DealRecord], level: float = 0.01) -> list[DealTest]:
    """Every test of the module text over ``deals`` (five-handed deals of
    six cards and a blind of two; others are left out), in a fixed order.
    Raises ``ValueError`` when no deal has that shape."""
    five = [d for d in deals if len(d.positions) == _SHAPE[0] and d.blind.bit_count() == _SHAPE[2]
            and all(m.bit_count() == _SHAPE[1] for m in d.positions)]
    if not five:
        raise ValueError("no five-handed full deal (five hands of six cards and a blind of two) to test")
    out: list[DealTest] = []
    for what, kind in (("trumps", TRUMPS), ("queens", QUEENS), ("jacks", JACKS)):
        for k in range(_SHAPE[0]):
            where = " (the dealer's left)" if k == 0 else (" (the dealer)" if k == _SHAPE[0] - 1 else "")
            out.append(_count_test(f"{what} in position {k + 1}'s hand{where}", (d.positions[k] for d in five),
                                   kind, _SHAPE[1], level))
    for what, kind in (("trumps", TRUMPS), ("queens", QUEENS), ("jacks", JACKS), ("aces", ACES)):
        out.append(_count_test(f"{what} in the blind", (d.blind for d in five), kind, _SHAPE[2], level))
    seats = _SHAPE[0]
    counts = [0] * seats
    for d in five:
        if d.picker_seat is not None and d.seats == seats:
            counts[d.picker_seat] += 1
    out.append(_test("picker's seat", f"uniform over {seats} chairs", counts, [1 / seats] * seats,
                     [f"chair {s + 1}" for s in range(seats)], level))
    return out


def _hist_test(name: str, hist: dict[int, int], kind: int, size: int, level: float) -> DealTest:
    K = kind.bit_count()
    top = min(K, size)
    counts = [hist.get(k, 0) for k in range(top + 1)]
    probs = [hypergeom_pmf(k, _PACK, K, size) for k in range(top + 1)]
    return _test(name, f"hypergeometric(N={_PACK}, K={K}, n={size})", counts, probs, [str(k) for k in range(top + 1)],
                 level)


def deal_tests_from_counts(counts: dict[tuple[str, int], dict[int, int]], level: float = 0.01) -> list[DealTest]:
    """:func:`deal_tests` from the deals' histograms instead of the deals:
    ``counts[(kind, place)][cell]`` is how many five-handed deals had
    ``cell`` cards of ``kind`` ('trumps', 'queens', 'jacks', 'aces') in
    position ``place``'s hand (1 the dealer's left … 5 the dealer; 0 the
    blind), and ``counts[("picker", 0)][chair]`` how many had the picker in
    that chair (0-based) — what ``ingest.deal_summary.load_counts`` sums
    from ``session_deals`` (migration 022).  The same tests, in the same
    order, with the same numbers as :func:`deal_tests` over those deals.
    Raises ``ValueError`` when no five-handed deal is counted."""
    if sum(counts.get(("trumps", 1), {}).values()) == 0:
        raise ValueError("no five-handed full deal (five hands of six cards and a blind of two) to test")
    out: list[DealTest] = []
    for what, kind in (("trumps", TRUMPS), ("queens", QUEENS), ("jacks", JACKS)):
        for k in range(_SHAPE[0]):
            where = " (the dealer's left)" if k == 0 else (" (the dealer)" if k == _SHAPE[0] - 1 else "")
            out.append(_hist_test(f"{what} in position {k + 1}'s hand{where}", counts.get((what, k + 1), {}),
                                  kind, _SHAPE[1], level))
    for what, kind in (("trumps", TRUMPS), ("queens", QUEENS), ("jacks", JACKS), ("aces", ACES)):
        out.append(_hist_test(f"{what} in the blind", counts.get((what, 0), {}), kind, _SHAPE[2], level))
    seats = _SHAPE[0]
    picker = counts.get(("picker", 0), {})
    out.append(_test("picker's seat", f"uniform over {seats} chairs", [picker.get(s, 0) for s in range(seats)],
                     [1 / seats] * seats, [f"chair {s + 1}" for s in range(seats)], level))
    return out


# --- the store -----------------------------------------------------------------------------------------------------

def filter_sql(group: str | None, session: str | None, prefix: str = "") -> tuple[str, list]:
    """The WHERE condition and parameters of the Fair deals filters: one
    group (Event tag) and/or one session, on columns named with ``prefix``
    (``"h."`` for a ``hands h``); ``"TRUE"`` for neither."""
    where, params = ["TRUE"], []
    if group is not None:
        where.append(f'{prefix}"group" = ?')
        params.append(group)
    if session is not None:
        where.append(f"{prefix}session = ?")
        params.append(session)
    return " AND ".join(where), params


def load_deals(con, *, group: str | None = None, session: str | None = None) -> list[DealRecord]:
    """The full deals stored (hands with a ``hand_deals`` row, migration
    015), optionally of one group (Event tag) or one session, in hand id
    order.  Positions are counted from each hand's dealer."""
    where, params = filter_sql(group, session, "h.")
    import json  # noqa: PLC0415

    rows = con.execute(
        "SELECT h.players, h.dealer, h.picker, c.deal_seats, c.deal_sizes, c.deal, c.blind "
        "FROM hand_deals d JOIN hands h USING (hand_id) JOIN card_log c USING (hand_id) "
        f"WHERE {where} ORDER BY d.hand_id", params).fetchall()
    out = []
    for players, dealer, picker, seats_no, sizes, cards, blind in rows:
        seats = list(json.loads(players))
        n = len(seats)
        d = seats.index(dealer)
        by_seat: dict[int, int] = {}
        i = 0
        for s, k in zip(seats_no, sizes):
            by_seat[s] = sum(1 << c for c in cards[i:i + k])
            i += k
        positions = tuple(by_seat.get((d + 1 + k) % n, 0) for k in range(n))
        out.append(DealRecord(positions, sum(1 << c for c in blind),
                              seats.index(picker) if picker in seats else None, n))
    return out
