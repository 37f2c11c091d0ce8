"""Widgets over the engine's values: the only part of the kit that imports ipywidgets."""
from .progress import ProgressBar

__all__ = ["ProgressBar"]
