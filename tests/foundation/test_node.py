"""The Node runner: JSON in, JSON out, and clear user errors for the ways a run can fail."""

from __future__ import annotations

import pytest
from gaslight.errors import UserError
from gaslight.play import node


def test_a_script_answers_with_json(tmp_path):
    script = tmp_path / "double.mjs"
    script.write_text("let s='';process.stdin.on('data',d=>s+=d).on('end',()=>"
                      "console.log(JSON.stringify({n: JSON.parse(s).n * 2})));\n", encoding="utf-8")
    assert node.run_node_json(script, {"n": 21}, timeout=30) == {"n": 42}


def test_a_failing_script_is_a_user_error_with_its_stderr(tmp_path):
    script = tmp_path / "fails.mjs"
    script.write_text("console.error('no such case'); process.exit(4);\n", encoding="utf-8")
    with pytest.raises(UserError) as raised:
        node.run_node_json(script, {}, timeout=30)
    assert str(raised.value) == "fails.mjs stopped with exit code 4: no such case"


def test_a_script_past_its_time_is_stopped(tmp_path):
    script = tmp_path / "slow.mjs"
    script.write_text("setTimeout(() => {}, 60000);\n", encoding="utf-8")
    with pytest.raises(UserError) as raised:
        node.run_node_json(script, {}, timeout=0.5)
    assert str(raised.value) == "slow.mjs did not finish within 0.5 s (fix: ask for fewer games, or raise --timeout)"


def test_no_node_on_path_says_how_to_get_it(monkeypatch):
    monkeypatch.setenv("PATH", "")
    with pytest.raises(UserError) as raised:
        node.node_executable()
    assert str(raised.value) == node.NODE_MISSING
