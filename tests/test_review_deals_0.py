"""``review_deal`` on seeded deals played by the computer, seeds 0–99 of
``review_check.SEEDS`` (issue 29): every moment it reports is confirmed by solving the
positions before and after the move again, independently; positions too large for the budget
are said to be so, never guessed."""

from __future__ import annotations

from review_check import SEEDS, check_chunk, reviews_of  # the tests folder is on sys.path

CHUNK = SEEDS[0:100]


def test_every_moment_of_seeds_0_to_99_is_confirmed() -> None:
    assert len(CHUNK) == 100
    check_chunk(reviews_of(CHUNK))
