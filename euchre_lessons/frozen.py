"""How a value built by hand refuses change: ``Frozen`` and ``fill``.

Most of the kit's values are frozen dataclasses or named tuples. A few are built by hand, with
slots: cards and actions are interned; a deal and a seat's view are made at speed; a timeline,
a play session, an event and an estimate are made from something other than their fields.
Each of these inherits ``Frozen``, which refuses assignment and deletion with the error a
frozen dataclass raises (``dataclasses.FrozenInstanceError``, an ``AttributeError``), and fills
its slots once, while it is made, with ``fill``. Equality, hashing and ``repr`` stay each
class's own.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError

_put = object.__setattr__


class Frozen:
    """A value that cannot be changed once made. ``_instead`` (a class attribute) says what to
    do instead, for the error message."""

    __slots__ = ()
    _instead = ""

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(_refusal(self, name))

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(_refusal(self, name))


def _refusal(value: Frozen, name: str) -> str:
    what = type(value).__name__
    instead = f": {value._instead}" if value._instead else ""
    return f"cannot set {name!r}: a {what} is a value and cannot be changed{instead}"


def fill(value: Frozen, **fields: object) -> None:
    """Set the fields of a ``Frozen`` value being made (and only while it is made)."""
    for name, field in fields.items():
        _put(value, name, field)


__all__ = ["Frozen", "FrozenInstanceError", "fill"]
