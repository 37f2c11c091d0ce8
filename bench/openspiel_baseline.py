"""Baseline: OpenSpiel's C++ ``euchre`` game driven from Python with random play.

Workload: complete hands of standard North American Euchre (24 cards 9-A,
4 players, 5 tricks), played from the initial state to terminal. Chance nodes
(dealer choice, the 20-card deal one card at a time, the upcard) are resolved
like every other node, by ``rng.choice(state.legal_actions())`` (their outcomes
are equally likely); every decision (order up / pass,
dealer discard, name another suit / pass, go alone / play with partner, card
play) picks uniformly among ``state.legal_actions()``. One seeded
``random.Random`` drives both.

Game parameters (OpenSpiel exposes only these two):
  stick_the_dealer=False    -- eight passes end the hand with no trump named
                               (hand passed out, 0 points); OpenSpiel's default
                               is True, which forces the dealer to name a suit.
  allow_lone_defender=False -- only the maker may choose to go alone (default).

Other OpenSpiel rules for this game: the maker is always asked go alone /
play with partner; the dealer discards only when the upcard is ordered up
(and may not discard the upcard itself); scoring is 1 for 3-4 tricks, 2 for
a march, 4 for a lone march, and makers who are euchred lose 2.
"""

import random
import time

GAME_PARAMS = {"stick_the_dealer": False, "allow_lone_defender": False}


def load_game():
    """OpenSpiel's euchre with the parameters above, or None without pyspiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("euchre", GAME_PARAMS)


def play_hands(game, rng: random.Random, hands: int) -> None:
    """Play ``hands`` complete hands the plain way, as OpenSpiel's own benchmark does:
    ``rng.choice(state.legal_actions())`` at every node, chance nodes included."""
    choice = rng.choice
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))


def play_hands_weighted(game, rng: random.Random, hands: int) -> None:
    """Play ``hands`` complete hands at random, chance nodes drawn by their probabilities
    (an inverse-CDF loop in Python: slower, and not what OpenSpiel's benchmark measures)."""
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # Inverse-CDF draw; rounding falls through to the last outcome.
                r = rng.random()
                for action, prob in state.chance_outcomes():  # noqa: B007 (the outcome drawn is where it stops)
                    r -= prob
                    if r < 0.0:
                        break
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def openspiel_hands_per_second(seconds: float = 3.0, seed: int = 0) -> float | None:
    """Complete random hands per second of wall time, or None without pyspiel."""
    game = load_game()
    if game is None:
        return None
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        play_hands(game, rng, 50)
        hands += 50
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - start)


if __name__ == "__main__":
    rate = openspiel_hands_per_second()
    if rate is None:
        print("pyspiel not importable (pip install open-spiel)")
    else:
        print(f"OpenSpiel euchre, random play: {rate:,.0f} hands/s")
