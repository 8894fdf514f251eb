"""The printable investigation sheet of a Walton mansion: one page a player fills in during any case.

It holds the suspects × motives grid (with start-room, culprit and accomplice boxes), the
rooms with their one-way passages and a box for "on the culprit's route",
the weapons with where they lie and their two traces, and the answer box
(who, why, how, accomplice: no / yes, who and why). Drawn with
:func:`gaslight.outputs.pdf.render_pdf`, so the bytes depend only on the mansion and the language, whose
table (:func:`gaslight.outputs.labels.printable_labels`) gives every fixed word.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> pdf = investigation_sheet(house, "a4")
>>> pdf[:5], pdf == investigation_sheet(house, "a4"), pdf == investigation_sheet(house, "a4", "ja")
(b'%PDF-', True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gaslight.cache import cached
from gaslight.domain.walton.mansion import Mansion
from gaslight.outputs.labels import Labels, printable_labels
from gaslight.outputs.pdf import FONT, FONT_BOLD, FONT_ITALIC, PAGE_SIZES, render_pdf, text_font, wrap_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MARGIN = 36.0
BOX = 8.0
GREY = 0.55


@dataclass(frozen=True)
class Frame:
    """The drawable area of a page; ``top`` moves down as sections are drawn."""

    left: float
    right: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    def below(self, height: float) -> Frame:
        return Frame(self.left, self.right, self.top - height)


def _box(canvas: Canvas, x: float, y: float, size: float = BOX) -> None:
    canvas.rect(x, y, size, size, stroke=1, fill=0)


def _fit(canvas: Canvas, text: str, x: float, y: float, width: float, font: str = FONT, size: float = 8.0,
         lines: int = 2) -> None:
    """Draw ``text`` in at most ``lines`` lines of ``width``; the font shrinks until it fits."""
    while size > 4.5:
        parts = wrap_text(text, font, size, width)
        if len(parts) <= lines:
            break
        size -= 0.5
    parts = wrap_text(text, font, size, width)[:lines]
    canvas.setFont(text_font(text, font), size)
    for i, part in enumerate(parts):
        canvas.drawString(x, y - i * (size + 1.5), part)


def _say(canvas: Canvas, x: float, y: float, text: str, font: str, size: float, centred: bool = False) -> None:
    """One line of fixed words in ``font`` (the Japanese font for Japanese)."""
    canvas.setFont(text_font(text, font), size)
    (canvas.drawCentredString if centred else canvas.drawString)(x, y, text)


def _heading(canvas: Canvas, frame: Frame, text: str) -> Frame:
    canvas.setFont(text_font(text, FONT_BOLD), 11)
    canvas.drawString(frame.left, frame.top - 11, text)
    canvas.setLineWidth(0.6)
    canvas.line(frame.left, frame.top - 14, frame.right, frame.top - 14)
    return frame.below(22)


def _title(canvas: Canvas, frame: Frame, mansion: Mansion, words: Labels) -> Frame:
    _fit(canvas, words("investigation_sheet", mansion=mansion.title), frame.left, frame.top - 16, frame.width,
         FONT_BOLD, 16, 1)
    _say(canvas, frame.left, frame.top - 32, words("case_and_player"), FONT, 9)
    _fit(canvas, words("cross_out"), frame.left, frame.top - 44, frame.width, FONT_ITALIC, 7.5, 1)
    return frame.below(54)


def abbreviation(name: str) -> str:
    """Initials of a room's name, for the narrow start-room columns.

    >>> abbreviation("Billiard Room"), abbreviation("Library"), abbreviation("書斎")
    ('BR', 'L', '書斎')
    """
    if any(text_font(char) != FONT for char in name):  # Japanese: no initials, the name is short
        return name[:2]
    return "".join(word[0] for word in name.split() if word[:1].isalpha()).upper()


def _suspects(canvas: Canvas, frame: Frame, mansion: Mansion, words: Labels) -> Frame:
    frame = _heading(canvas, frame, words("suspects_heading"))
    starts = [r for r in mansion.rooms if r.start]
    name_w, flag_w, start_w = 110.0, 44.0, 16.0
    starts_x = frame.right - 2 * flag_w - len(starts) * start_w - 4
    motive_w = (starts_x - frame.left - name_w) / 3
    _say(canvas, frame.left, frame.top - 8, words("suspect"), FONT_BOLD, 7.5)
    for i in range(3):
        _say(canvas, frame.left + name_w + i * motive_w, frame.top - 8, words("motive_number", number=i + 1),
             FONT_BOLD, 7.5)
    for i, room in enumerate(starts):
        _say(canvas, starts_x + (i + 0.5) * start_w, frame.top - 8, abbreviation(room.name), FONT_BOLD, 7.5, True)
    _say(canvas, frame.right - 1.5 * flag_w, frame.top - 8, words("culprit_question"), FONT_BOLD, 7.5, True)
    _say(canvas, frame.right - 0.5 * flag_w, frame.top - 8, words("accomplice_question"), FONT_BOLD, 6.5, True)
    row_h = 28.0
    y = frame.top - 14
    canvas.setLineWidth(0.4)
    for suspect in mansion.suspects:
        canvas.setStrokeGray(GREY)
        canvas.line(frame.left, y, frame.right, y)
        canvas.setStrokeGray(0)
        _fit(canvas, suspect.name, frame.left, y - 11, name_w - 6, FONT_BOLD, 9, 1)
        if suspect.persons:
            persons = words("persons_joiner").join(suspect.persons)
            _fit(canvas, persons, frame.left, y - 21, name_w - 6, FONT_ITALIC, 7, 1)
        for i, motive in enumerate(suspect.motives[:3]):
            x = frame.left + name_w + i * motive_w
            _box(canvas, x, y - 13)
            _fit(canvas, motive.name, x + BOX + 4, y - 11, motive_w - BOX - 8, FONT, 7.5, 2)
        for i in range(len(starts)):
            _box(canvas, starts_x + (i + 0.5) * start_w - BOX / 2, y - 15)
        _box(canvas, frame.right - 1.5 * flag_w - 5, y - 16, 10)
        _box(canvas, frame.right - 0.5 * flag_w - 5, y - 16, 10)
        y -= row_h
    canvas.setStrokeGray(GREY)
    canvas.line(frame.left, y, frame.right, y)
    canvas.setStrokeGray(0)
    legend = words("list_joiner").join(f"{abbreviation(r.name)} = {r.name}" for r in starts)
    _fit(canvas, words("start_rooms", legend=legend), frame.left, y - 9, frame.width, FONT_ITALIC, 7, 1)
    return Frame(frame.left, frame.right, y - 20)


def _rooms(canvas: Canvas, frame: Frame, mansion: Mansion, words: Labels) -> Frame:
    frame = _heading(canvas, frame, words("rooms_heading"))
    names = {r.id: r.name for r in mansion.rooms}
    half = frame.width / 2
    rooms = list(mansion.rooms)
    per_column = (len(rooms) + 1) // 2
    row_h = 20.0
    _say(canvas, frame.left, frame.top - 6, words("room_box"), FONT_ITALIC, 7)
    top = frame.top - 12
    for index, room in enumerate(rooms):
        column, row = divmod(index, per_column)
        x = frame.left + column * half
        y = top - row * row_h
        flags = [words(label) for flag, label in ((room.start, "room_start"), (room.crime_scene, "room_crime_scene"),
                                                 (room.closed, "room_closed")) if flag]
        _box(canvas, x, y - 9)
        title = room.name + (words("flags", flags=words("list_joiner").join(flags)) if flags else "")
        _fit(canvas, title, x + BOX + 4, y - 8, half - BOX - 10, FONT_BOLD, 8, 1)
        exits = [names.get(b, b) for b in mansion.exits.get(room.id, ())]
        if exits:
            leads = words("leads_to", rooms=words("list_joiner").join(exits))
            _fit(canvas, leads, x + BOX + 4, y - 17, half - BOX - 10, FONT, 7, 1)
    return Frame(frame.left, frame.right, top - per_column * row_h - 6)


def _weapons(canvas: Canvas, frame: Frame, mansion: Mansion, words: Labels) -> Frame:
    frame = _heading(canvas, frame, words("weapons_heading"))
    rooms = {r.id: r.name for r in mansion.rooms}
    cols = (0.0, 120.0, 220.0, 370.0)
    for x, label in zip(cols, ("weapon", "lies_in", "trace", "trace"), strict=True):
        _say(canvas, frame.left + x + BOX + 4, frame.top - 8, words(label), FONT_BOLD, 7.5)
    y = frame.top - 12
    row_h = 15.0
    for weapon in mansion.weapons:
        _box(canvas, frame.left, y - 10)
        _fit(canvas, weapon.name, frame.left + BOX + 4, y - 9, cols[1] - BOX - 8, FONT_BOLD, 8, 1)
        _fit(canvas, rooms.get(weapon.room, weapon.room), frame.left + cols[1] + BOX + 4, y - 9, 92, FONT, 7.5, 1)
        for x, trace_id in zip(cols[2:], weapon.traces, strict=True):
            trace = mansion.trace(trace_id)
            _box(canvas, frame.left + x, y - 10)
            _fit(canvas, trace.name if trace else trace_id, frame.left + x + BOX + 4, y - 9, 138, FONT, 7.5, 1)
        y -= row_h
    return Frame(frame.left, frame.right, y - 8)


def _answer(canvas: Canvas, frame: Frame, words: Labels) -> Frame:
    frame = _heading(canvas, frame, words("answer_heading"))
    half = frame.width / 2
    lines = (("who", 0.0, 0.0), ("why", half, 0.0), ("how", 0.0, 18.0))
    for label, dx, dy in lines:
        _say(canvas, frame.left + dx, frame.top - 10 - dy, words(label), FONT, 9)
    y = frame.top - 46
    _say(canvas, frame.left, y, words("accomplice"), FONT, 9)
    _box(canvas, frame.left + 62, y - 1)
    _say(canvas, frame.left + 74, y, words("answer_no"), FONT, 9)
    _box(canvas, frame.left + 98, y - 1)
    _say(canvas, frame.left + 110, y, words("answer_yes"), FONT, 9)
    _say(canvas, frame.left, y - 14, words("no_accomplice_levels"), FONT_ITALIC, 7)
    return frame.below(66)


def draw_sheet(canvas: Canvas, mansion: Mansion, pagesize: tuple[float, float], language: str = "en") -> None:
    """Draw the whole sheet on one page of ``pagesize``, its fixed words in ``language``."""
    words = printable_labels(language)
    width, height = pagesize
    frame = Frame(MARGIN, width - MARGIN, height - MARGIN)
    frame = _title(canvas, frame, mansion, words)
    frame = _suspects(canvas, frame, mansion, words)
    frame = _rooms(canvas, frame, mansion, words)
    frame = _weapons(canvas, frame, mansion, words)
    _answer(canvas, frame, words)


def investigation_sheet(mansion: Mansion, page: str, language: str = "en") -> bytes:
    """The sheet as PDF bytes; ``page`` is ``"a4"`` or ``"letter"``. Kept in the running build's result cache:
    a save of a case (which every sheet of its mansion outlives) does not draw the sheets again."""
    pagesize = PAGE_SIZES[page]
    return cached("investigation-sheet", (mansion, page, language), lambda: render_pdf(
        pagesize, printable_labels(language)("investigation_sheet", mansion=mansion.title),
        lambda canvas: draw_sheet(canvas, mansion, pagesize, language)))
