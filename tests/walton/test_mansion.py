"""The bundled mansion and the mansion loader's located errors."""

from __future__ import annotations

import pytest
from gaslight.domain.walton.mansion import MINI_MANSION, Victim
from walton_support import BUNDLED_MANSION

from tests.conftest import messages


def reachable(exits: dict[str, tuple[str, ...]], start: str, without: str = "") -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in exits.get(todo.pop(), ()):
            if nxt not in seen and nxt != without:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_bundled_mansion_has_the_seed_rooms_and_suspects(house):
    assert house.start_rooms == ("billiard-room", "library", "vestibule", "living-room")
    assert house.crime_scene == "study"
    assert [r.id for r in house.rooms if r.closed] == ["bathroom"]
    assert [s.name for s in house.suspects] == ["Angelica Albinson", "Claudette Cazelar", "The Berwick sisters",
                                                "Stanley Smithe", "Greg Gaffney", "Mortimer W. Mollow"]
    assert house.suspect("sisters").persons == ("Edith Berwick", "Mabel Berwick")
    assert all(len(s.motives) == 3 for s in house.suspects)
    assert all(len(set(w.traces)) == 2 for w in house.weapons)
    assert {s.role for s in house.sources} == {"police", "coroner", "servant", "housekeeper"}


def test_library_reaches_the_kitchen_only_through_the_shed(house):
    assert "kitchen" in reachable(house.exits, "library")
    assert "kitchen" not in reachable(house.exits, "library", without="shed")
    assert ("library", "kitchen") not in house.passages


def test_nobody_can_enter_the_bathroom(house):
    assert all("bathroom" not in exits for exits in house.exits.values())


def test_every_start_room_has_a_route_and_every_weapon_lies_on_one(house):
    on_routes = {room for start in house.start_rooms for route in house.routes(start) for room in route}
    assert all(house.routes(start) for start in house.start_rooms)
    assert {w.room for w in house.weapons} <= on_routes


def test_routes_are_simple_paths_ending_at_the_crime_scene(house):
    routes = house.routes("library")
    assert ("library", "shed", "kitchen", "study") in routes
    assert all(len(set(r)) == len(r) and r[-1] == "study" and "study" not in r[:-1] for r in routes)


def test_bundled_mansion_checks_clean(check):
    _, report = check(BUNDLED_MANSION)
    assert report.diagnostics == []


BROKEN = [
    (("passages: [[hall, study], [den, hall]]", "passages: [[hall, study], [den, hal]]"),
     ["m.yaml:8:33: error: passages[1][1]: room 'hal' does not exist (fix: did you mean 'hall'?)"]),
    (("{id: study, name: Study, flags: [crime-scene]}", "{id: study, name: Study}"),
     ["m.yaml:5:3: error: rooms: a mansion needs exactly one crime scene, found 0 "
      "(fix: flag exactly one room 'crime-scene')"]),
    (("{id: den, name: Den, flags: [start]}", "{id: den, name: Den, flags: [start, closed]}"),
     ["m.yaml:6:33: error: rooms[1].flags: room 'den' is closed, so it cannot be a start room or the crime scene "
      "(fix: remove 'closed' or the other flag)",
      "m.yaml:17:34: error: weapons[1].room: room 'den' is closed, so no one could take a weapon there "
      "(fix: put the weapon in a room that can be entered)"]),
    (("[den, hall]]", "[den, den]]"),
     ["m.yaml:8:27: error: passages[1]: passage from 'den' to itself (fix: join two different rooms)"]),
    (("room: den, traces: [bruise, soot]", "room: den, traces: [bruise, ash]"),
     ["m.yaml:17:56: error: weapons[1].traces[1]: trace 'ash' does not exist (fix: allowed: bruise, cut, soot)"]),
    (("{id: club, name: Club, room: den, traces: [bruise, soot]}",
      "{id: club, name: Club, room: den, traces: [soot, cut]}"),
     ["m.yaml:17:47: warning: weapons[1].traces: weapon 'club' leaves the same traces as 'knife', "
      "so no trace can tell them apart (fix: give each weapon its own pair of traces)"]),
    (("{id: pride, name: Pride}", "{id: money, name: Pride}"),
     ["m.yaml:12:80: error: suspects[1].motives[1].id: motive id 'money' is already used by motives[0] "
      "(fix: give every motive its own id)"]),
    (("{id: maid, name: Maid, role: servant}", "{id: bob, name: Maid, role: servant}"),
     ["m.yaml:12:10: error: suspects[1].id: id 'bob' names both a suspect and a room or source "
      "(fix: cards name speakers and references by id, so keep suspect ids apart)"]),
]


@pytest.mark.parametrize(("edit", "expected"), BROKEN, ids=lambda v: str(v)[:40])
def test_mansion_errors_are_located(edit, expected, mansion_loader):
    old, new = edit
    assert old in MINI_MANSION
    model, report = mansion_loader(MINI_MANSION.replace(old, new))
    assert [d.format_text() for d in sorted(report.diagnostics, key=lambda d: d.sort_key)] == expected
    assert (model is None) == bool(report.errors)


def test_mansion_with_a_dead_end_start_room_is_warned(mansion_loader):
    text = MINI_MANSION.replace("passages: [[hall, study], [den, hall]]", "passages: [[hall, study], [hall, den]]")
    _, report = mansion_loader(text)
    assert [d.format_text() for d in report.diagnostics] == [
        "m.yaml:6:5: warning: rooms[1]: no passage route leads from 'den' to the crime scene, so nobody who started "
        "there can be the culprit (fix: add a passage out of this room)",
        "m.yaml:17:34: warning: weapons[1].room: no route from a start room to the crime scene passes 'den', so the "
        "club can never be the weapon (fix: add passages through this room or move the weapon)",
    ]


def test_a_mansion_names_its_victim_for_the_cards(check, write_yaml):
    text = MINI_MANSION.replace("title: Mini house\n",
                                "title: Mini house\nvictim: {called: Lady Ashcombe, pronoun: she}\n")
    project, report = check(write_yaml("m.yaml", text))
    assert report.errors == []
    assert project.by_id("mansion", "mini").victim == Victim("Lady Ashcombe", "she")


def test_a_victims_unknown_pronoun_is_a_located_error(check, write_yaml):
    text = MINI_MANSION.replace("title: Mini house\n",
                                "title: Mini house\nvictim: {called: Lady Ashcombe, pronoun: it}\n")
    _, report = check(write_yaml("m.yaml", text))
    assert [line for line in messages(report) if ": error: " in line] == [
        "m.yaml:4:42: error: victim.pronoun: the text 'it' is not allowed here (fix: write he, she or they)"]
