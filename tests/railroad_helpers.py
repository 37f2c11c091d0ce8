"""Driving a Foster's Railroad hand step by step (the ``test_railroad*`` files).

``ask`` checks who is asked and the exact legal actions, written as one line in the engine's
order (``"order up / pass"``), before it answers.
"""
from __future__ import annotations


def legal(state) -> str:
    return " / ".join(map(str, state.legal_actions()))


def ask(state, seat: int, choices: str, action: str):
    """Assert that ``seat`` is asked and may answer exactly ``choices``; answer ``action``."""
    assert state.to_act == seat, f"in the {state.phase} seat {state.to_act} acts, not {seat}"
    assert legal(state) == choices
    return state.apply(action)
