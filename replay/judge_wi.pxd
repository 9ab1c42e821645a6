# Cython declarations augmenting replay/judge_wi.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, the replay of a hand's tricks holds
# its engine state as the GameState extension type of replay/state.pxd, so
# reading the state's attributes is reading its struct fields and
# ``g.play(seat, card)`` and ``g.apply(action)`` are C calls of GameState's
# (a BatteryState, the pure-Python subclass of the battery games, still runs
# its own play), in the replay and in the picking (``_pick``, ``_apply``); the
# seat that plays next is a C int (a seat is 0..7), and the deal check's card
# masks are 64-bit unsigned C ints (the cards are 0..33).  The .py runs
# unchanged without Cython.

cimport cython
from replay.state cimport GameState

cdef unsigned long long _ONE

@cython.locals(m=cython.ulonglong, unknown=cython.int, c=cython.int)
cpdef tuple _known_mask(cards)

@cython.locals(m=cython.ulonglong, dealt=cython.ulonglong, deck=cython.ulonglong, unknown=cython.int,
               hand_size=cython.int, blind_size=cython.int, known=cython.bint)
cpdef tuple _read_deal(chk, sitting)

@cython.locals(g=GameState, state=GameState, s=cython.int)
cpdef _replay_hand(chk, kind, dealer, stake)

cpdef _apply(chk, GameState g, action, pos)

@cython.locals(s=cython.int)
cpdef _pick(chk, GameState g, dealer, picker)
