"""The board editor's undo and redo in Debian's Chromium, on the published site: a drag is one step, undo and
redo (buttons and keys) give back exactly the boards that were drawn, and the page's note renders inline code."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.test_editor_browser import drag_a_circle_onto_a_street, on_screen, open_on_the_site

pytestmark = pytest.mark.browser


def board_yaml(page: Any) -> str:
    return page.get_by_test_id("editor-yaml").input_value()


def test_a_drag_is_one_step_and_undo_redo_give_back_each_board(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})
    open_on_the_site(page, site_url, "Tutorial (Ropewalk quarter)")
    undo, redo = page.get_by_test_id("editor-undo"), page.get_by_test_id("editor-redo")
    assert undo.is_disabled() and redo.is_disabled(), "nothing to undo in a board just opened"
    opened = board_yaml(page)
    drag_a_circle_onto_a_street(page)  # five pointer moves
    dragged = board_yaml(page)
    assert dragged != opened
    assert page.get_attribute("#gaslight-editor", "data-history") == "1/0", "the whole drag is one step"
    page.get_by_test_id("tool-flag").click()
    x, y = page.evaluate("""() => { const c = [...document.querySelectorAll(
        '[data-testid=editor-map] g[data-node] circle')].find((c) => c.getAttribute('fill') === '#fff');
        return [+c.getAttribute('cx'), +c.getAttribute('cy')]; }""")
    page.mouse.click(*on_screen(page, x, y))
    flagged = board_yaml(page)
    assert flagged != dragged
    assert page.get_attribute("#gaslight-editor", "data-history") == "2/0"

    page.keyboard.press("Control+z")
    assert board_yaml(page) == dragged
    undo.click()
    assert board_yaml(page) == opened, "one undo takes back the whole drag"
    assert undo.is_disabled() and not redo.is_disabled()
    assert page.get_attribute("#gaslight-editor", "data-problems") == "0", "the board is checked again"
    page.keyboard.press("Control+Shift+Z")
    assert board_yaml(page) == dragged
    assert int(page.get_attribute("#gaslight-editor", "data-problems") or "0") > 0, "the drag's error is back"
    page.keyboard.press("Control+y")
    assert board_yaml(page) == flagged
    assert redo.is_disabled() and not undo.is_disabled()
    assert page.get_attribute("#gaslight-editor", "data-history") == "2/0"


def test_typing_in_a_field_keeps_the_fields_own_undo(page: Any, site_url: str) -> None:
    open_on_the_site(page, site_url, "Tutorial (Ropewalk quarter)")
    drag_a_circle_onto_a_street(page)
    dragged = board_yaml(page)
    page.get_by_test_id("editor-name").fill("Mitre Square")
    page.get_by_test_id("editor-name").press("Control+z")
    assert board_yaml(page) == dragged, "Ctrl+Z in a text field is the field's, not the board's"


def test_the_published_sites_note_shows_commands_as_code_not_backticks(page: Any, site_url: str) -> None:
    open_on_the_site(page, site_url, "Tutorial (Ropewalk quarter)")
    message = page.get_by_test_id("editor-message")
    assert "`" not in message.inner_text()
    assert message.locator("code").all_inner_texts() == ["gaslight check", "gaslight serve"]
