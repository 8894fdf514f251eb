"""Any card table, however mangled, is read without an internal error, and every problem is located in a file."""

from __future__ import annotations

from pathlib import Path

from gaslight.project import load_project
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.decks.test_card_table import TABLE, TABLE_DECK

# Cells as spreadsheets and hand edits make them: numbers, words, quotes, delimiters, line breaks, odd bytes.
cell = st.one_of(st.sampled_from(["", "1", "-3", "2.5", "x", "yes", "red", "blue", "number", "joker", "red-1"]),
                 st.text(alphabet=st.sampled_from(list('ab1 ,;"\t\n\r\\é\x00\u2028')), max_size=8))
row = st.lists(cell, min_size=0, max_size=10)


def _join(cells: list[str], delimiter: str) -> str:
    return delimiter.join(cells)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header=st.one_of(st.just(TABLE.splitlines()[0].split(",")), row), rows=st.lists(row, max_size=6),
       delimiter=st.sampled_from([",", ";", "\t"]), keep=st.booleans())
def test_any_table_is_read_without_an_internal_error(tmp_path_factory, header, rows, delimiter, keep) -> None:
    folder: Path = tmp_path_factory.mktemp("deck")
    body = TABLE.splitlines()[1:] if keep else []
    text = "\n".join([_join(header, delimiter), *body, *(_join(r, delimiter) for r in rows)]) + "\n"
    (folder / "cards.csv").write_text(text, encoding="utf-8")
    (folder / "mini.yaml").write_text(TABLE_DECK, encoding="utf-8")
    _, report = load_project([folder])
    for diagnostic in report.diagnostics:
        assert diagnostic.code != "internal", diagnostic.format_text()
        assert diagnostic.location.line >= 1 and diagnostic.location.file.endswith((".csv", ".yaml")), \
            diagnostic.format_text()
