# Cython declarations augmenting ingest/shn/reader.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, the reader's state (_Reader) is an extension
# type whose attributes are struct fields instead of slot descriptors, the fast
# path's functions know it (their `self` is a _Reader), and the record makers and
# the methods called on every line are called as C functions (cpdef).  Every attribute
# stays a Python object (a C type would change what the source does: an int that
# overflows, a None refused), so the compiled and the pure-Python paths read
# alike; only the fast path's indices into its line are C ints (Py_ssize_t, bounded
# by the line's length).  Keep the names in step with _Reader.__slots__ (tests/test_reader_records.py
# checks it); the .py runs unchanged without Cython.

cimport cython

cdef class _Reader:
    cdef public object text
    cdef public object path
    cdef public object strict
    cdef public object lines
    cdef public object ln
    cdef public object off
    cdef public object line
    cdef public object p
    cdef public object enc_cut
    cdef public object hands
    cdef public object errors
    cdef public object sess
    cdef public object sess_has_hands
    cdef public object rules_above
    cdef public object late_pending
    cdef public object late_said
    cdef public object late_more
    cdef public object sess_errs
    cdef public object sess_seats
    cdef public object sess_order
    cdef public object last_num
    cdef public object hand
    cdef public object hand_off
    cdef public object hand_failed
    cdef public object seen
    cdef public object pending
    cdef public object override
    cdef public object seatset
    cdef public object leads
    cdef public object shape_leads
    cdef public object seats_known
    cdef public object shape_ok
    cdef public object last
    cdef public object skipping
    cdef public object deal_unsorted
    cdef public object trick_unsorted
    cdef public object prev_deal
    cdef public object prev_trick
    cdef public object cards
    cdef public object card_of
    cdef public object played
    cdef public object mode
    cdef public object sess_mode
    cdef public object colc
    cdef public object colc_line
    cdef public object cr_said
    cdef public object curly_said
    cdef public object voided_sessions
    cdef public object sess_last
    cdef public object block_sid
    cdef public object block_again
    cdef public object block_restart
    cdef public object sess_day
    cdef public object eol_trick
    cdef public object pasted
    cdef public object sess_rules
    cpdef _process(self, toks, i)
    cpdef _dealt(self, rec)
    cpdef _tricked(self, rec, last)
    cpdef _fail(self, exc)

cpdef _hand_rec(number, session, ln, col)
cpdef _cards_rec(cards, ln, c, cols, seat)
cpdef _read_plays(cards, cols, ln)
cpdef _trick_rec(num, lead, cards, cols, ln, c, lc)
cpdef _cols(line, toks, k, p)
cpdef _fast_trick(_Reader self, str line, list toks)
cpdef _fast_deal(_Reader self, str line, list toks)
cpdef _fast_cards(_Reader self, str line, list toks)
cpdef _fast_score(_Reader self, str line, list toks)
cpdef _fast_hand(_Reader self, str line, list toks)
cpdef _fast_pick(_Reader self, str line, list toks)
cpdef _fast_call(_Reader self, str line, list toks)
cpdef _fast_result(_Reader self, str line, list toks)
cpdef _read_trick(_Reader self, str line, num, str word, list cards)
cpdef _read_deal(_Reader self, str line, str s, list cards)
cpdef _read_cards(_Reader self, str line, str kw, list cards)

# the scan of a plain card line (_scan_line): its bytes read through a C pointer at C indices (each read below its
# length), the card looked up by two byte tables and a list, no string made a card
@cython.locals(b=bytes, p="const unsigned char *", n=Py_ssize_t, i=Py_ssize_t, a=Py_ssize_t, c=cython.uchar,
               d=cython.uchar, e=cython.uchar, kind=cython.int, num=cython.int, first=bytes, second=bytes,
               width=Py_ssize_t, table=list, cards=list)
cpdef _scan_line(_Reader self, str line)
