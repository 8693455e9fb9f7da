"""``rpds`` for the Try page's Pyodide: the three persistent collections ``referencing`` and ``jsonschema``
use, in pure Python, shipped as ``rpds.py`` beside the jsonschema the page loads.

``costly validate`` checks a profile with ``jsonschema``, which stands on ``referencing``, which stands on
``rpds-py``, compiled from Rust: the site can only ship pure-Python files (Pyodide's own build of rpds-py is
not on any registry the site is built from). Those two packages use a handful of rpds' methods, each of
which returns a new collection and leaves the old one as it was: copied dictionaries, sets and tuples give
the same answers, more slowly, which does not matter for one schema of a few dozen references. Tests run
jsonschema on this module and on the real rpds over the same bad profiles and require the same messages.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping


class HashTrieMap(Mapping[Any, Any]):
    """An immutable mapping: ``insert``, ``remove``, ``discard`` and ``update`` return a new one."""

    __slots__ = ("_items",)

    def __init__(self, value: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = (), **kwargs: Any) -> None:
        self._items = dict(value, **kwargs)

    @classmethod
    def convert(cls, value: Any) -> HashTrieMap:
        return value if isinstance(value, HashTrieMap) else cls(value)

    @classmethod
    def fromkeys(cls, keys: Iterable[Any], value: Any = None) -> HashTrieMap:
        return cls(dict.fromkeys(keys, value))

    def __getitem__(self, key: Any) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"HashTrieMap({self._items!r})"

    def insert(self, key: Any, value: Any) -> HashTrieMap:
        return HashTrieMap({**self._items, key: value})

    def remove(self, key: Any) -> HashTrieMap:
        if key not in self._items:
            raise KeyError(key)
        return self.discard(key)

    def discard(self, key: Any) -> HashTrieMap:
        return HashTrieMap({k: v for k, v in self._items.items() if k != key})

    def update(self, *others: Mapping[Any, Any] | Iterable[tuple[Any, Any]], **kwargs: Any) -> HashTrieMap:
        merged = dict(self._items)
        for other in others:
            merged.update(other)
        merged.update(kwargs)
        return HashTrieMap(merged)


class HashTrieSet(frozenset):  # type: ignore[type-arg]
    """An immutable set: ``insert``, ``remove``, ``discard`` and ``update`` return a new one."""

    def insert(self, value: Any) -> HashTrieSet:
        return HashTrieSet(self | {value})

    def remove(self, value: Any) -> HashTrieSet:
        if value not in self:
            raise KeyError(value)
        return self.discard(value)

    def discard(self, value: Any) -> HashTrieSet:
        return HashTrieSet(self - {value})

    def update(self, *others: Iterable[Any]) -> HashTrieSet:
        return HashTrieSet(self.union(*others))


class List(tuple):  # type: ignore[type-arg]
    """An immutable singly linked list: ``push_front`` returns a new one, ``first`` and ``rest`` read it."""

    def __new__(cls, *values: Any) -> List:
        items = values[0] if len(values) == 1 and not isinstance(values[0], (str, bytes)) and hasattr(values[0], "__iter__") else values
        return super().__new__(cls, items)

    def push_front(self, value: Any) -> List:
        return List((value, *self))

    @property
    def first(self) -> Any:
        if not self:
            raise IndexError("empty list has no first element")
        return self[0]

    @property
    def rest(self) -> List:
        return List(self[1:])

    def __repr__(self) -> str:
        return f"List({list(self)!r})"


__all__ = ["HashTrieMap", "HashTrieSet", "List"]
