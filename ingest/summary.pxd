# Cython declarations augmenting ingest/summary.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, batch_rows's seat numbers (the seat,
# the dealer's and the picker's, -1 for none; the roster's size) are C
# integers and its per-seat flags C truths, and its accumulators are typed as
# the dicts and lists they are, so a seat's pick-order place and flags make no
# Python arithmetic and each dict look-up is a direct one.  The .py runs
# unchanged without Cython, with the same rows.

cimport cython

@cython.locals(h=dict, u=dict, unit_of=dict, out=dict, seats=dict, got=list, keys=list, n=Py_ssize_t,
               d=Py_ssize_t, p=Py_ssize_t, k=Py_ssize_t, so=bint, is_picker=bint, is_out=bint, rows=dict, acc=list,
               j=Py_ssize_t, width=Py_ssize_t, sums=dict)
cpdef list batch_rows(batch, session_ids, sit_out)
