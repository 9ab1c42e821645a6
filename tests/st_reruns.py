"""Waiting for Streamlit's reruns in a Playwright test.

Why the phone test was flaky (issue 12): every tap, choice or blur on a
Streamlit page sends the widget's new value over the page's websocket and the
server reruns the page script, streaming the new elements as it goes.  Until
that run finishes, the browser shows the new elements *beside* the previous
run's (marked ``data-stale="true"``), and a widget drawn in a different place
(an expander that opens, a field that appears) exists twice.  A test that acts
as soon as the first new element shows up may then find two fields with one
label (Playwright's strict-mode error), or click the stale copy of a card,
whose event the server drops.  On a loaded machine (pytest's fd capture, the
other browser tests beside it, six developers on two cores) runs take longer
and the window grows, so the test failed at different steps.

:class:`Reruns` counts the ``script_finished`` messages the server sends on the
websocket (Streamlit's own protobuf ``ForwardMsg``, decoded with Streamlit's
installed ``streamlit.proto``) and :meth:`Reruns.act` performs one action and
waits for the run it started to finish and the stale elements to be gone, so
the next action always sees one settled page, as a person does.  Nothing is a
fixed sleep: the wait polls the count Playwright's event loop updates.
"""

from __future__ import annotations

import time

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

__all__ = ["Reruns"]


class Reruns:
    """Counts the page's finished script runs; ``act(fn)`` runs ``fn`` and
    waits until a run started after it has finished successfully and no
    stale element is left (``timeout_ms`` each).  Attach before ``goto``."""

    def __init__(self, page, timeout_ms: int = 30_000) -> None:
        self.page = page
        self.timeout_ms = timeout_ms
        self.finished = 0
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload) -> None:
        if not isinstance(payload, (bytes, bytearray)):
            return
        msg = ForwardMsg()
        try:
            msg.ParseFromString(bytes(payload))
        except Exception:  # noqa: BLE001 - not a ForwardMsg: not ours to count
            return
        if msg.WhichOneof("type") == "script_finished" and msg.script_finished in (
                ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY):
            self.finished += 1

    def settle(self, after: int) -> None:
        """Wait until more than ``after`` runs have finished, the app says it is
        not running, and no stale element is shown."""
        from playwright.sync_api import expect  # noqa: PLC0415

        deadline = time.monotonic() + self.timeout_ms / 1000
        while self.finished <= after:
            if time.monotonic() > deadline:
                raise AssertionError(f"no Streamlit run finished within {self.timeout_ms} ms of the action "
                                     f"({self.finished} runs so far)")
            self.page.wait_for_timeout(25)  # lets Playwright deliver the websocket frames
        app = self.page.locator('[data-testid="stApp"]')
        expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=self.timeout_ms)
        expect(self.page.locator('[data-stale="true"]')).to_have_count(0, timeout=self.timeout_ms)

    def act(self, fn, *args, **kwargs):
        """``fn(*args, **kwargs)`` (a click, a fill and Tab ...), then :meth:`settle`."""
        before = self.finished
        out = fn(*args, **kwargs)
        self.settle(before)
        return out

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its first complete run."""
        self.act(self.page.goto, url)
