"""Issue 35: the starter case was won by accusing with the answer form's first choices. A case whose answer is
the first suspect, motive and weapon its mansion lists is warned about, and the starter's is not such a case."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.commands.init import project_files

ADA = ("    motives: [{id: debt, name: An old debt}, {id: will, name: The new will}, "
       "{id: letter, name: A stolen letter}]")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for path, text in project_files(tmp_path, "Fog").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_starter_case_is_not_won_by_the_first_choices(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "walton/cases/first-case.yaml"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "0 errors, 0 warnings"


def test_an_answer_listed_first_everywhere_is_warned_about(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mansion = project / "walton" / "mansion.yaml"
    text = mansion.read_text(encoding="utf-8")
    assert ADA in text
    mansion.write_text(text.replace(ADA, ADA.replace("{id: debt, name: An old debt}, {id: will, name: The new will}",
                                                     "{id: will, name: The new will}, {id: debt, name: An old debt}")),
                       encoding="utf-8")
    assert main(["check", "walton/cases/first-case.yaml"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "walton/cases/first-case.yaml:10:9: warning: answer: the answer is the first suspect, motive and weapon the "
        "mansion lists (Ada Ashcombe, The new will, Rolling pin): an accusation made without a thought, in the "
        "mansion's order, would be right (fix: list another suspect, motive or weapon first in the mansion, or "
        "choose another answer)",
        "0 errors, 1 warning"]
