"""What a card can say beyond plain text: backs per type or card (card sheets' duplex backs and Tabletop
Simulator's UniqueBack), colour per card, values that are marks (``?``), inline icons, line breaks and paragraphs,
and text too long for its face (a located warning with the size it reached, never text off the card)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.project import Project
from pypdf import PdfReader

from tests.conftest import messages
from tests.decks.conftest import edited_deck_errors
from tests.decks.test_deck_errors import BASE

Check = Callable[..., tuple[Project, Report]]
WriteYaml = Callable[[str, str], Path]

LOOKS = BASE.replace("types:\n", "backs:\n  - {id: villain, title: The Villain, colour: '#550000'}\n"
                     "icons: {sword: art/sword.png}\ntypes:\n").replace(
    "  - id: joker\n    name: Joker\n", "  - id: joker\n    name: Joker\n    back: villain\n")


def _deck(tmp_path: Path, check: Check, text: str = LOOKS) -> tuple[Deck, list[str]]:
    from PIL import Image

    folder = tmp_path / "decks"
    (folder / "art").mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 20), "#c0a000").save(folder / "art" / "sword.png")
    (folder / "mini.yaml").write_text(text, encoding="utf-8")
    project, report = check(folder / "mini.yaml")
    decks = project.of_kind("deck")
    return (decks[0] if decks else None), messages(report)  # type: ignore[return-value]


def test_a_type_names_its_back_and_the_sheet_prints_it_behind_its_cards(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.card_faces import card_sheet
    from gaslight.outputs.cardsheet import CardSheetSettings

    deck, found = _deck(tmp_path, check)
    assert found == []
    assert [deck.back_of(card).title for card in deck.cards] == ["Mini deck"] * 4 + ["The Villain"]
    reader = PdfReader(io.BytesIO(card_sheet(deck, CardSheetSettings())))
    backs = reader.pages[1].extract_text()
    assert backs.count("Mini deck") >= 6 and backs.count("The Villain") == 1  # 6 physical number cards, 1 joker


def test_tabletop_simulator_shows_each_types_back(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.card_images import tts_sheets
    from gaslight.outputs.tts import TtsNames, saved_object
    from PIL import Image

    deck, _ = _deck(tmp_path, check)
    pictures = tts_sheets(deck, dpi=40)
    (sheet,) = pictures.sheets
    assert pictures.unique_back and sheet.back is not None
    save = json.loads(saved_object(pictures, TtsNames(deck.id), "file:///x/"))
    custom = save["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True and custom["BackURL"] == "file:///x/mini-tts-back-1.jpg"
    backs = Image.open(io.BytesIO(sheet.back))
    width, height = sheet.grid.card
    joker = backs.getpixel(((4 % sheet.columns) * width + 3, (4 // sheet.columns) * height + 3))
    other = backs.getpixel((3, 3))
    assert max(abs(a - b) for a, b in zip(joker, (0x55, 0, 0), strict=True)) < 16  # the villain's colour
    assert max(abs(a - b) for a, b in zip(other, (0x2b, 0x2f, 0x3a), strict=True)) < 16  # the deck's back


def test_a_back_that_does_not_exist_is_located(tmp_path: Path, check: Check) -> None:
    _, found = _deck(tmp_path, check, LOOKS.replace("    back: villain\n", "    back: vilain\n").replace(
        "name: Red two, value: 2}", "name: Red two, value: 2, back: dekc}"))
    assert found == [
        "mini.yaml:16:11: error: types[1].back: back 'vilain' does not exist (fix: did you mean 'villain'?)",
        "mini.yaml:23:73: error: cards[1].back: back 'dekc' does not exist (fix: did you mean 'deck'?)"]


def test_a_card_has_its_own_colour_and_a_mark_for_a_value(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.decks import card_html

    deck, found = _deck(tmp_path, check, LOOKS.replace("name: Joker, fields:", "name: Joker, value: '?', "
                                                       "colour: '#123456', fields:"))
    assert found == []
    joker = deck.cards[-1]
    assert (joker.value, joker.shown_value, deck.colour_of(joker)) == (None, "?", "#123456")
    assert '<span class="gl-card-value">?</span>' in card_html(deck, joker)


def test_a_mark_is_an_error_where_the_game_adds_values(tmp_path: Path) -> None:
    found = edited_deck_errors(tmp_path, "ripper-rummy", "name: {en: A missing scalpel, ja: 消えたメス}, value: 5",
                               "name: {en: A missing scalpel, ja: 消えたメス}, value: '?'")
    assert [m for m in found if "'?'" in m] == [
        "deck.yaml:72:5: error: cards[2].value: deck ripper-rummy: card 'crimson-keepsake' has the value '?'; "
        "Ripper rummy scores cards by adding their values, so every value is a whole number (fix: write a whole "
        "number as its value, or leave it out)"]


def test_icons_line_breaks_and_paragraphs_are_drawn(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.card_faces import face_for
    from gaslight.outputs.cardsheet import CardSheetSettings, impose
    from gaslight.outputs.decks import card_html

    text = "Deal 2 :sword: damage.\\nThen rest.\\n\\nAt night: nothing."
    deck, found = _deck(tmp_path, check, LOOKS.replace("name: Joker, fields:", f'name: Joker, text: "{text}", '
                                                       "fields:"))
    assert found == []
    joker = deck.cards[-1]
    settings = CardSheetSettings(layout="single")
    page = PdfReader(io.BytesIO(impose([face_for(deck, joker, settings)], settings))).pages[0]
    assert len(page.images) == 1  # the sword, inline
    lines = page.extract_text().splitlines()
    assert "Then rest." in lines and "At night: nothing." in lines and lines.index("At night: nothing.") > \
        lines.index("Then rest.")
    html = card_html(deck, joker, icon_srcs={"sword": "../art/s.png"})
    assert ('Deal 2 <img class="gl-card-icon" src="../art/s.png" alt="sword"> damage.<br>Then rest.<br><br>At '
            "night: nothing.") in html


def test_an_icon_the_deck_lacks_is_a_warning(tmp_path: Path, check: Check) -> None:
    _, found = _deck(tmp_path, check, LOOKS.replace("name: Joker, fields:", "name: Joker, text: 'Use :swrod:.', "
                                                    "fields:"))
    assert found == [
        "mini.yaml:26:49: warning: cards[4].text: deck mini: card 'joker' names the icon ':swrod:', which is not "
        "one of the deck's icons: it prints as text (fix: did you mean 'sword'?)"]


def test_text_too_long_for_the_face_is_a_warning_with_the_size_it_reached(tmp_path: Path, check: Check) -> None:
    long = "Every suspect must be questioned twice. " * 110  # 4,400 characters
    _, found = _deck(tmp_path, check, LOOKS.replace("name: Joker, fields:", f"name: Joker, text: '{long}', "
                                                    "fields:"))
    assert found == [
        "mini.yaml:26:49: warning: cards[4].text: deck mini: card 'joker''s text does not fit its face: at 6.0 pt, "
        "the smallest size it is printed at, it needs about 466% of its text box, and what does not fit is cut off "
        "(fix: shorten the text (move rules detail to the rules), or print larger cards (print: size))"]
    _, found = _deck(tmp_path, check, LOOKS.replace("name: Joker, fields:", f"name: Joker, text: '{long[:400]}', "
                                                    "fields:"))
    assert found == []  # 400 characters fit at a smaller, still readable size
    _, found = _deck(tmp_path, check, LOOKS.replace("name: Joker, fields:", f"name: Joker, text: '{long[:1300]}', "
                                                    "fields:"))
    assert [m.split(": warning: ")[1].split(" (fix")[0] for m in found] == [  # measured, not estimated
        "cards[4].text: deck mini: card 'joker''s text does not fit its face: at 6.0 pt, the smallest size it is "
        "printed at, it needs about 145% of its text box, and what does not fit is cut off"]


def test_a_shops_files_give_each_card_its_own_back(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.print_shops import shop_files

    deck, _ = _deck(tmp_path, check)
    files = shop_files(deck, "thegamecrafter")
    assert [name for name in files if name.startswith("back")] == ["back-deck.png", "back-villain.png"]
    manifest = files["manifest.txt"].decode("utf-8")
    assert "5 card faces and 2 backs (upload each card with its own back)" in manifest
    assert manifest.splitlines()[-1] == "front-005-joker.png\t1\tback-villain.png\tJoker"
    pdf = PdfReader(io.BytesIO(shop_files(deck, "drivethrucards")["mini-drivethrucards.pdf"]))
    texts = [page.extract_text() for page in pdf.pages]
    assert sum("The Villain" in text for text in texts) == 1  # the joker's back, behind the joker only
