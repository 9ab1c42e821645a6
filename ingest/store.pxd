# Cython declarations augmenting ingest/store.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, the scan of a hand's source for its
# card tokens (_scan_tokens) reads the source's bytes as C bytes at C indices,
# looks them up in three byte tables and writes the template and the tokens
# into two byte arrays, so it makes no Python object a character or a token.
# The .py runs unchanged without Cython (and keeps the regular-expression
# split, faster there: store._card_tokens).  The bytes, the two arrays and the three tables are read and
# written through C pointers (s, o, t, rank, suit, wordb): one C access a byte, no bounds-checked item call.

cimport cython

cdef bytes _RANK_BYTE, _SUIT_BYTE, _WORD_BYTE

@cython.locals(src=bytes, out=bytearray, tok=bytearray, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t,
               ch=cython.uchar, word=bint, s=cython.p_uchar, o=cython.p_uchar, t=cython.p_uchar,
               rank=cython.p_uchar, suit=cython.p_uchar, wordb=cython.p_uchar)
cpdef tuple _scan_tokens(str source)

# the card log row of a hand the judge replayed: the tricks' seats C integers, each checked against its trick's
# leader clockwise in the one pass that lists them
@cython.locals(n=Py_ssize_t, lead=Py_ssize_t, j=Py_ssize_t, s=Py_ssize_t, in_turn=bint, seat_nos=list, cards=list,
               leaders=list, winners=list, sizes=list, dealt_cards=list)
cpdef tuple _replayed_row(log, seats, call)
