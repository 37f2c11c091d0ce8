"""Seats, partners and teams for 4, 6 and 7 players.

Seats are numbered 0 to n-1 clockwise; the seat on X's left is X+1. With four players partners
sit opposite (X and X+2) and form two sides; with six, partners are X and X+3 and there are three
teams; with seven every player scores for himself and the sides are chosen each hand.
"""
from __future__ import annotations

from functools import cache

SEAT_NAMES = {4: ("North", "East", "South", "West"), 6: ("N", "NE", "SE", "S", "SW", "NW")}
TEAM_NAMES = {4: ("North-South", "East-West"), 6: ("team A (N-S)", "team B (NE-SW)", "team C (SE-NW)")}


def partner(seat: int, players: int) -> int | None:
    """The fixed partner of a seat, or None in the seven-handed game."""
    if players == 4:
        return (seat + 2) % 4
    if players == 6:
        return (seat + 3) % 6
    return None


def team_of(seat: int, players: int) -> int:
    """The scoring unit of a seat: side 0/1 (4 players), team 0/1/2 (6), the seat itself (7)."""
    if players == 4:
        return seat % 2
    if players == 6:
        return seat % 3
    return seat


def seat_name(seat: int, players: int) -> str:
    """``North`` ... with four players; ``seat 3`` with seven."""
    names = SEAT_NAMES.get(players)
    return names[seat] if names else f"seat {seat}"


def numbered_seats(players: int) -> bool:
    """Whether the seats go by number (``seat 3``, seven players), each its own team, not by name."""
    return players not in SEAT_NAMES


def team_name(team: int, players: int) -> str:
    names = TEAM_NAMES.get(players)
    return names[team] if names else seat_name(team, players)


def role(seat: int, dealer: int, players: int) -> str:
    """The seat's place relative to the dealer: D, E (eldest), P (partner), Q, or D+k."""
    k = (seat - dealer) % players
    if players == 4:
        return "DEPQ"[k]
    return "D" if k == 0 else f"D+{k}"


@cache
def in_turn_from(seat: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise, starting at ``seat``."""
    return tuple((seat + k) % players for k in range(players))
