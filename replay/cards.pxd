# Cython declarations augmenting replay/cards.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, points_of is a C function (cpdef,
# called as C by replay/state.py through replay/state.pxd) whose mask is a
# 64-bit C int (the cards are 0..33) and whose byte table is read as the tuple
# it is, so a hand's point counts make no Python ints but their sums.  The
# .py runs unchanged without Cython.

cimport cython

@cython.locals(t=tuple)
cpdef int points_of(long long mask)
