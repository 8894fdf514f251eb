"""A step that earlier steps alone settle names the design guarantee that settles it (issue 36 §2: one step said
only "the design guarantees do the rest"): the culprit's motive is the only one of his with two testimonies and a
clue; a suspect cannot be the accomplice who did not start in the culprit's room."""

from __future__ import annotations

import pytest
from gaslight.domain.walton.step_words import Phrase, Words, walk

from tests.walton_cases.helpers import CASE_FILES, case, mansion, proof


def keys_of(path) -> list[str]:
    return [value.key for step in proof(path).steps for said in step.told for _, value in walk(said)
            if isinstance(value, Phrase)]


def test_no_bundled_step_leaves_its_guarantee_unnamed() -> None:
    assert [p.stem for p in CASE_FILES if "hint.rest" in keys_of(p)] == []


def told(stem: str, number: int, language: str) -> str:
    path = next(p for p in CASE_FILES if p.stem == stem)
    step = proof(path).steps[number - 1]
    return Words(mansion(), case(path), language).joined(step.told)


@pytest.mark.parametrize(("stem", "number", "language", "expected"), [
    ("the-second-key", 23, "en", "From steps 17, 18. The accomplice started in the culprit's room, and no way from "
     "the Vestibule, where Mortimer W. Mollow started, to the Study passes the Library, where the paper knife lies."),
    ("the-second-key", 23, "ja", "ステップ17、18から分かる。共犯者のはじめの部屋は犯人と同じだが、"
     "モーティマー・W・モロウのはじめの部屋である玄関から書斎へ向かうどの道も、"
     "ペーパーナイフのある書庫を通らない。"),
    ("an-unsent-letter", 17, "en", "From step 14. A culprit kills only for a motive with two testimonies and a "
     "circumstantial clue in the deck, and of Claudette Cazelar's motives only this one has them. That settles the "
     "whole answer (steps 10, 14 and 17): Claudette Cazelar (motive: letters she wanted back), with the paper knife, "
     "alone."),
], ids=["accomplice-room-en", "accomplice-room-ja", "only-motive-en"])
def test_the_guarantee_is_named(stem: str, number: int, language: str, expected: str) -> None:
    assert told(stem, number, language) == expected
