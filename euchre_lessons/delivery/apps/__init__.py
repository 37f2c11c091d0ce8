"""The app notebooks: one per app of ``euchre-lessons app``, written by ``python -m euchre_lessons.delivery.app --write``."""
