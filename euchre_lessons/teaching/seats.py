"""The levels a class can choose, in words (``LEVEL_WORDS``, ``level_of``); the computer players
themselves, seated (``Bots``, ``side_players``), are ``players.seating``'s."""
from __future__ import annotations

# What each player a class can choose plays like, in words, weakest first (players.LEVELS, with the
# rule-of-thumb player, the kit's table-mate, between the beginner and the club player).
LEVEL_WORDS = {
    "beginner": "plays by the rules of thumb, but at one decision in four where it has a choice it takes a "
                "legal action at random",
    "rule_of_thumb": "plays by the rules of thumb: it counts its trumps to bid and plays by the usual maxims",
    "club": "plays by the rules of thumb with two club players' habits: at the dealer's left it calls next (the "
            "other suit of the turned-down card's colour) a little more readily, and as a defender it leads back "
            "the suit its partner led",
    "expert": "bids by trying each choice on many deals of the cards it cannot see, and plays its cards by "
              "solving such deals; it takes longer to answer",
}


def level_of(players) -> str | None:
    """The player a class chose, if ``players`` is one of ``LEVEL_WORDS`` (a level, or the
    ``rule_of_thumb`` player); None for anything else."""
    return players if isinstance(players, str) and players in LEVEL_WORDS else None
