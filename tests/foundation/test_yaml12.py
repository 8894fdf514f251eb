"""Gaslight reads YAML as the editor does (YAML 1.2 core schema), and hostile structure is a located error.

The expected values were read with the npm ``yaml`` library 2.x (what yaml-language-server uses):
``node -e "console.log(JSON.stringify(require('yaml').parse(text)))"``.
"""

from __future__ import annotations

import pytest
from gaslight.yamlio import MAX_ALIASED, parse_text

from tests.conftest import messages

EDITOR_READS = [
    ("No", "No"),
    ("yes", "yes"),
    ("on", "on"),
    ("10:30", "10:30"),
    ("08", 8),
    ("010", 10),
    ("1_002", "1_002"),
    ("0o17", 15),
    ("0x1F", 31),
    ("0b101", "0b101"),
    ("+12", 12),
    ("~", None),
    ("Null", None),
    ("", None),
    ("TRUE", True),
    ("false", False),
    ("1e3", 1000),
    (".5", 0.5),
    ("1.", 1),
    ("2001-12-14", "2001-12-14"),
    ("'010'", "010"),
    ('"true"', "true"),
    ("! 12", "12"),
]


@pytest.mark.parametrize(("written", "editor_value"), EDITOR_READS, ids=[w or "empty" for w, _ in EDITOR_READS])
def test_a_plain_value_reads_as_the_editor_reads_it(written, editor_value):
    doc, report = parse_text(f"value: {written}\n", "x.yaml")
    assert report.ok
    value = doc.data["value"]
    assert value == editor_value
    assert type(value) is type(editor_value) or {type(value), type(editor_value)} == {int, float}


def test_infinities_and_not_a_number_are_located_errors():
    # The editor reads them as numbers, but no scenario value can be one: each is named where it is written.
    doc, report = parse_text("a: .inf\nb: -.INF\nc: .NaN\n", "x.yaml")
    assert doc is None
    fix = "(fix: write a finite number, or quote it if it is meant as text)"
    assert messages(report) == [
        f"x.yaml:1:4: error: a: '.inf' is infinite; Gaslight reads finite numbers only {fix}",
        f"x.yaml:2:4: error: b: '-.INF' is infinite; Gaslight reads finite numbers only {fix}",
        f"x.yaml:3:4: error: c: '.NaN' is not a number; Gaslight reads finite numbers only {fix}"]


@pytest.mark.parametrize(("text", "message"), [
    ("a: !!bool maybe\n", "x.yaml:1:4: error: cannot read value: 'maybe' is not a YAML bool "
                          "(fix: remove the tag, or write a value of that type)"),
    ("a: !!int abc\n", "x.yaml:1:4: error: cannot read value: 'abc' is not a YAML int "
                       "(fix: remove the tag, or write a value of that type)"),
    ("a:\n  - !!float 1.5x\n", "x.yaml:2:5: error: cannot read value: '1.5x' is not a YAML float "
                               "(fix: remove the tag, or write a value of that type)"),
    ("a: !!python/name:os.system x\n",
     "x.yaml:1:4: error: cannot read value: the tag !!python/name:os.system is not one Gaslight reads "
     "(fix: remove the tag, or write a value of that type)"),
    ("a: *nowhere\n", "x.yaml:1:4: error: the alias *nowhere names no anchor defined before it "
                      "(fix: define '&nowhere' earlier in the file, or write the value out)"),
])
def test_a_value_that_cannot_be_read_is_located(text, message):
    _, report = parse_text(text, "x.yaml")
    assert messages(report) == [message]


@pytest.mark.parametrize("depth", [65, 1_000, 30_000])
def test_deep_nesting_is_a_located_error_not_a_crash(depth):
    _, report = parse_text("title: " + "[" * depth + "]" * depth + "\n", "x.yaml")
    assert messages(report) == [
        "x.yaml:1:71: error: values nest more than 64 levels deep "
        "(fix: flatten the data: no scenario needs this much nesting)"]


def test_nesting_at_the_limit_still_loads():
    doc, report = parse_text("title: " + "[" * 63 + "]" * 63 + "\n", "x.yaml")
    assert report.ok and doc is not None


def test_an_honest_large_file_is_not_taken_for_an_alias_bomb():
    # More values than the old guard allowed in all (200,000), written out, with one small alias.
    rows = "".join(f"  - {n}\n" for n in range(1, 210_001))
    doc, report = parse_text("flags: &red [red]\nagain: *red\nnumbers:\n" + rows, "x.yaml")
    assert report.ok
    assert len(doc.data["numbers"]) == 210_000 and doc.data["again"] == ["red"]


def test_aliases_are_counted_by_the_values_they_bring_in():
    few = "base: &b [1, 2, 3]\n" + "".join(f"k{i}: *b\n" for i in range(100))
    assert parse_text(few, "x.yaml")[1].ok
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 7)]
    _, report = parse_text("\n".join(lines) + "\n", "x.yaml")
    assert messages(report) == [
        f"x.yaml:1:1: error: aliases bring in more than {MAX_ALIASED} values (an alias bomb?) "
        "(fix: write the data out instead of nesting aliases)"]


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path):
    from gaslight.yamlio import MAX_FILE_BYTES, parse_file

    big = tmp_path / "big.yaml"
    with big.open("w", encoding="utf-8") as out:
        out.write("kind: board\nnotes: |\n")
        line = "  " + "x" * 1022 + "\n"
        for _ in range(MAX_FILE_BYTES // len(line) + 1):
            out.write(line)
    doc, report = parse_file(big, "big.yaml")
    assert doc is None
    assert messages(report) == ["big.yaml:1:1: error: file is 8.0 MB; a scenario file may be at most 8 MB "
                                "(fix: split it into several files, or generate the data instead of writing it out)"]
