"""A class's work, kept by each pupil and read by the teacher.

* ``Journal`` (``journal``) - one pupil's work, a line a thing done, appended to a file of the
  class's folder: hands played, their reviewed mistakes with the why, retries, practice answers
  and exercise checks. ``sign_in(name, folder)`` makes a notebook's exercise checks kept.
* ``ClassReport`` (``report``) - everything the pupils kept in a folder, as tables a teacher
  reads: one row a pupil, a mistake, an exercise tried; it shows itself with charts.

* ``codes`` - a pupil's short code, so that on a class's pages no one opens another's work by
  typing his name.
"""
from .journal import Journal, PupilError, handed_in, sign_in, sign_out, signed_in
from .report import ClassReport

__all__ = ["Journal", "PupilError", "handed_in", "sign_in", "signed_in", "sign_out", "ClassReport"]
