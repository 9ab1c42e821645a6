"""Modules imported on first use (issue 17: ``shead --help`` and the light
commands start in under 0.2 s instead of importing DuckDB, pyarrow and numpy
— about 0.6 s — before typer parses the command line).

* :func:`lazy_module` — a stand-in for a module that imports it at the
  first attribute read (``st.Store``, ``duckdb.Error`` in an ``except``).
* :func:`from_module` — stand-ins for functions of a module, each importing
  the module at its first call and calling the function of that name (so a
  test's ``monkeypatch`` of the module's function is seen).
* :func:`lazy_object` — a stand-in for an object made at the first attribute
  read (the CLI's Rich console for messages).

``tests/test_startup_imports.py`` checks that ``shead --help`` imports none
of DuckDB, pyarrow, polars, pandas, numpy, streamlit, nor Rich.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

__all__ = ["lazy_module", "from_module", "lazy_object"]


class _LazyModule:
    """A module by name, imported at the first attribute read."""

    __slots__ = ("_name", "_module")

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_module", None)

    def _load(self) -> ModuleType:
        mod = object.__getattribute__(self, "_module")
        if mod is None:
            mod = importlib.import_module(object.__getattribute__(self, "_name"))
            object.__setattr__(self, "_module", mod)
        return mod

    def __getattr__(self, attr: str):
        return getattr(self._load(), attr)

    def __setattr__(self, attr: str, value) -> None:  # monkeypatch.setattr(cli.st, ...) patches the module
        setattr(self._load(), attr, value)

    def __delattr__(self, attr: str) -> None:
        delattr(self._load(), attr)

    def __repr__(self) -> str:
        return f"<lazy module {object.__getattribute__(self, '_name')!r}>"


def lazy_module(name: str) -> ModuleType:
    """A stand-in for module ``name`` (dotted), imported at the first
    attribute read; raises that import's ImportError then, not here."""
    return _LazyModule(name)  # type: ignore[return-value]


def from_module(module: str, *names: str) -> tuple[Callable, ...]:
    """One function per name in ``names``: each imports ``module`` at its
    call and calls the module's function of that name with the same
    arguments (its result and its exceptions unchanged)."""

    def forward(name: str) -> Callable:
        def call(*args, **kwargs):
            return getattr(importlib.import_module(module), name)(*args, **kwargs)

        call.__name__ = call.__qualname__ = name
        call.__doc__ = f"``{module}.{name}``, imported at the first call."
        return call

    return tuple(forward(n) for n in names)


class _LazyObject:
    """An object made by ``factory()`` at the first attribute read."""

    __slots__ = ("_factory", "_obj")

    def __init__(self, factory: Callable[[], object]) -> None:
        object.__setattr__(self, "_factory", factory)
        object.__setattr__(self, "_obj", None)

    def _load(self):
        obj = object.__getattribute__(self, "_obj")
        if obj is None:
            obj = object.__getattribute__(self, "_factory")()
            object.__setattr__(self, "_obj", obj)
        return obj

    def __getattr__(self, attr: str):
        return getattr(self._load(), attr)

    def __setattr__(self, attr: str, value) -> None:
        setattr(self._load(), attr, value)

    # ``with`` looks these up on the type, not through __getattr__ (Rich's
    # progress bars enter their console)
    def __enter__(self):
        return self._load().__enter__()

    def __exit__(self, *exc):
        return self._load().__exit__(*exc)


def lazy_object(factory: Callable[[], object]):
    """A stand-in for ``factory()``, called at the first attribute read (and
    once): ``_err = lazy_object(lambda: Console(stderr=True))`` imports Rich
    when the first message is printed, not when the module is imported."""
    return _LazyObject(factory)
