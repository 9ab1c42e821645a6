"""fixb30 F3: the ports tests/test_found26_dashboard.py sets up for ``shead dashboard`` / ``shead demo`` are its own
until it lets them go.

Its ``_listeners(n)`` held ``n`` listening sockets on ports P..P+n-1 and checked that P+n was free by binding it and
closing it again; the tests then ran the CLI expecting it to offer P+n (``--port P+n``), and the free-port test
closed its one listener too and expected the CLI to announce P.  Between that close and the CLI's own check
another test or process could take the port (one scanning the same range from the same start takes exactly it),
so the CLI offered another port, or refused the free one.

Now the free port stays held too, in a way the CLI's check (:func:`dashboard.launch._bind`: a bind with
SO_REUSEADDR, as Streamlit's server binds) still finds free, while no other test's or process's plain bind can take
it, until the test closes it.
"""

from __future__ import annotations

import errno
import multiprocessing
import socket

import pytest

from dashboard import launch
from tests.test_found26_dashboard import _listeners


def _close(held) -> None:
    for s in held:
        s.close()


def _taken_by_another(port: int) -> bool:
    """Whether another binder (another test, another process) is kept off ``port`` now."""
    with socket.socket() as other:
        try:
            other.bind(("127.0.0.1", port))
        except OSError as exc:
            assert exc.errno == errno.EADDRINUSE, exc
            return True
    return False


@pytest.mark.parametrize("n", [1, 2])
def test_the_port_the_cli_is_expected_to_offer_is_held_from_everyone_else(n):
    port, held = _listeners(n)
    try:
        # P..P+n-1 in use: the CLI's check says so and offers P+n, the first it can listen on ...
        assert all(launch._bind("127.0.0.1", p) is not None for p in range(port, port + n))
        assert launch.free_port("127.0.0.1", port + n - 1) == port + n
        # ... which no other binder can take meanwhile (it could: the old helper had let it go)
        assert all(_taken_by_another(p) for p in range(port, port + n + 1))
    finally:
        _close(held)
    assert not any(_taken_by_another(p) for p in range(port, port + n + 1))  # all let go


def test_the_free_port_a_test_starts_on_is_held_until_the_test_lets_it_go():
    port, held = _listeners(0)
    try:
        assert launch.port_taken("127.0.0.1", port, "shead dashboard") is None  # the CLI would serve there
        assert _taken_by_another(port)  # and nobody else can take it first
    finally:
        _close(held)
    assert not _taken_by_another(port)


def _hold(n: int, barrier, out) -> None:
    """A worker: hold ports as a test of test_found26_dashboard does, report them while every worker holds its own,
    then let them go."""
    port, held = _listeners(n)
    try:
        out.put((n, port))
        barrier.wait(timeout=60)
    finally:
        _close(held)


def test_concurrent_tests_never_share_a_port():
    """Six processes at once, as the file's three port tests would run side by side (n = 0: the free-port test; 1:
    the demo test; 2: the dashboard test): each one's ports P..P+n (in use, then the one expected free) are
    nobody else's.  With the old helper two free-port tests both got the first port of the range, and a dashboard
    test got the port a free-port test was about to announce."""
    ctx = multiprocessing.get_context("fork")
    sizes = [0, 0, 1, 1, 2, 2]
    barrier = ctx.Barrier(len(sizes))
    out = ctx.Queue()
    procs = [ctx.Process(target=_hold, args=(n, barrier, out)) for n in sizes]
    for p in procs:
        p.start()
    got = [out.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    ranges = [set(range(port, port + n + 1)) for n, port in got]
    for i, a in enumerate(ranges):
        for b in ranges[i + 1:]:
            assert not a & b, got
