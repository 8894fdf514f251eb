"""Located errors for bad cases: schema, loader and references into the mansion."""

from __future__ import annotations

from pathlib import Path

import pytest
from walton_support import BUNDLED_MANSION, STARTER_CASE

STARTER = STARTER_CASE.read_text(encoding="utf-8")


def findings(check, write_yaml, text: str) -> list[str]:
    path = write_yaml("cases/c.yaml", text)
    _, report = check(BUNDLED_MANSION, path)
    return [d.format_text().replace(str(d.location.file), Path(d.location.file).name, 1)
            for d in sorted(report.diagnostics, key=lambda d: d.sort_key)]


def edit(old: str, new: str) -> str:
    assert STARTER.count(old) == 1, old
    return STARTER.replace(old, new)


CASES = [
    ("unknown culprit", edit("  culprit: greg", "  culprit: gregg"),
     ["c.yaml:12:12: error: answer.culprit: suspect 'gregg' is not in mansion 'walton-house' "
      "(fix: did you mean 'greg'?)"]),
    ("motive of another suspect", edit("  motive: debts ", "  motive: will "),
     ["c.yaml:13:11: error: answer.motive: 'will' is not one of Greg Gaffney's motives (fix: allowed: debts, horse, "
      "sister)"]),
    ("unknown weapon", edit("  weapon: carving-knife", "  weapon: carving-fork"),
     ["c.yaml:14:11: error: answer.weapon: weapon 'carving-fork' is not in mansion 'walton-house' "
      "(fix: did you mean 'carving-knife'?)"]),
    ("accomplice at difficulty I", edit("  accomplice: none ", "  accomplice: {who: stanley, motive: patent} "),
     ["c.yaml:15:15: error: answer.accomplice: a case of difficulty I has no accomplice "
      "(fix: write 'accomplice: none', or raise the difficulty to C or above)"]),
    ("duplicate card number", edit("{number: 2, type: motive", "{number: 1, type: motive"),
     ["c.yaml:21:14: error: cards[1].number: card number 1 is already used by cards[0] "
      "(fix: give every card its own number)"]),
    ("claim on the wrong card type", edit("{number: 6, type: means", "{number: 6, type: alibi"),
     ["c.yaml:26:74: error: cards[5].claims[0].type: a 'trace_found' claim cannot stand on an alibi card "
      "(fix: make it a means card, or use a claim that fits an alibi card)"]),
    ("alibi claim on a motive card", edit("{number: 8, type: alibi", "{number: 8, type: motive"),
     ["c.yaml:29:72: error: cards[7].claims[0].type: a 'seen_in_room' claim cannot stand on a motive card "
      "(fix: make it an alibi card, or use a claim that fits a motive card)"]),
    ("motive not of the group the claim names",
     edit("suspect: greg, motive: sister", "suspect: sisters, motive: sister"),
     ["c.yaml:23:119: error: cards[3].claims[0].motive: 'sister' is not one of the Berwick sisters' motives "
      "(fix: allowed: brother, orchard, pension)"]),
    ("unknown speaker", edit("speaker: chauffeur", "speaker: chaufeur"),
     ["c.yaml:36:50: error: cards[10].speaker: speaker 'chaufeur' is neither a suspect nor a source of mansion "
      "'walton-house' (fix: did you mean 'chauffeur'?)"]),
    ("unknown room in a claim", edit("suspect: angelica, room: billiard-room", "suspect: angelica, room: billiards"),
     ["c.yaml:29:110: error: cards[7].claims[0].room: room 'billiards' is not in mansion 'walton-house' "
      "(fix: did you mean 'billiard-room'?)"]),
    ("alibi in a room nobody starts in",
     edit("suspect: angelica, room: billiard-room", "suspect: angelica, room: shed"),
     ["c.yaml:29:110: error: cards[7].claims[0].room: nobody starts in the Shed, so this claim can never hold "
      "(fix: use a start room: billiard-room, library, vestibule, living-room)"]),
    ("unknown trace", edit("trace: stab-wound", "trace: stab"),
     ["c.yaml:26:94: error: cards[5].claims[0].trace: trace 'stab' is not in mansion 'walton-house' "
      "(fix: allowed: blunt-blow, bruised-throat, chalk, fibres, grease, gunshot, ink, oil, poison, powder-burn, "
      "soot, stab-wound)"]),
    ("motive not of the claim's suspect", edit("suspect: greg, motive: sister", "suspect: greg, motive: will"),
     ["c.yaml:23:116: error: cards[3].claims[0].motive: 'will' is not one of Greg Gaffney's motives "
      "(fix: allowed: debts, horse, sister)"]),
    ("unknown reference", edit("references: [greg, living-room]", "references: [greg, lounge]"),
     ["c.yaml:41:17: error: cards[11].references[1]: reference 'lounge' is neither a suspect nor a room "
      "(fix: allowed: angelica, bathroom, bedroom, billiard-room, claudette, garage, greg, kitchen, library, "
      "living-room, mortimer, shed, sisters, stanley, study, trophy-room, vestibule)"]),
    ("unknown mansion", edit("mansion: walton-house", "mansion: walton-hose"),
     ["c.yaml:10:10: error: mansion: mansion 'walton-hose' is not among the checked files "
      "(fix: did you mean 'walton-house'?)"]),
    ("claim missing a key", edit("{type: trace_absent, trace: ink}", "{type: trace_absent}"),
     ["c.yaml:27:67: error: cards[6].claims[0]: missing required key 'trace' "
      "(fix: a 'trace_absent' claim takes: type, trace)"]),
    ("claim with a foreign key",
     edit("{type: trace_absent, trace: ink}", "{type: trace_absent, trace: ink, room: hall}"),
     ["c.yaml:27:100: error: cards[6].claims[0].room: unknown key 'room' "
      "(fix: a 'trace_absent' claim takes: type, trace)"]),
    ("unknown claim type", edit("{type: trace_absent, trace: ink}", "{type: trace_missing, trace: ink}"),
     ["c.yaml:27:74: error: cards[6].claims[0].type: the text 'trace_missing' is not allowed here "
      "(fix: use one of: motive_testimony, motive_clue, motive_eliminated, in_room, not_in_room, seen_in_room, "
      "together, trace_found, trace_absent, weapon_not_used, may_have_passed, room_undisturbed, not_culprit, "
      "conspiring, not_accomplice, acted_alone)"]),
    ("card value out of range", edit("{number: 7, type: means, value: 3", "{number: 7, type: means, value: 4"),
     ["c.yaml:27:37: error: cards[6].value: 4 is too large (maximum 3) (fix: write a number of at most 3)"]),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_case_gets_located_errors(text, expected, check, write_yaml):
    assert findings(check, write_yaml, text) == expected


def test_all_errors_of_a_case_come_in_one_run(check, write_yaml):
    text = edit("  culprit: greg", "  culprit: gregg").replace("speaker: chauffeur", "speaker: nobody")
    found = findings(check, write_yaml, text)
    assert [line.split(": error: ")[1].split(":")[0] for line in found] == ["answer.culprit", "cards[10].speaker"]


def test_starter_case_checks_clean_with_the_bundled_mansion(check):
    _, report = check(BUNDLED_MANSION, STARTER_CASE)
    assert report.diagnostics == []


def test_case_of_a_broken_mansion_says_so(check, write_yaml):
    text = BUNDLED_MANSION.read_text(encoding="utf-8").replace("room: kitchen,", "room: kitchn,")
    mansion = write_yaml("m.yaml", text)
    case = write_yaml("c.yaml", STARTER)
    _, report = check(mansion, case)
    folder = str(Path(report.errors[0].location.file).parent) + "/"
    assert [d.format_text().replace(folder, "") for d in report.errors] == [
        "c.yaml:10:10: error: mansion: mansion 'walton-house' in m.yaml has errors, so this case cannot be proven "
        "(fix: fix the mansion's errors first)",
        "m.yaml:104:70: error: weapons[3].room: room 'kitchn' does not exist (fix: did you mean 'kitchen'?)",
    ]


def test_a_card_repeating_a_claim_is_warned_about_and_counts_once(check, write_yaml):
    twice = "[{type: trace_absent, trace: ink}, {type: trace_absent, trace: ink}]"
    text = edit("[{type: trace_absent, trace: ink}]", twice)
    assert findings(check, write_yaml, text) == [
        "c.yaml:27:101: warning: cards[6].claims[1]: card 7 says the same 'trace_absent' claim twice; it counts once "
        "(a motive testimony too) (fix: remove the repeated claim, or give it to another card and speaker)"]


def test_an_unknown_reading_of_who_may_lie_is_a_located_error(check, write_yaml):
    text = edit("difficulty: I  ", "liars: strict\ndifficulty: I  ")
    assert findings(check, write_yaml, text) == [
        "c.yaml:9:8: error: liars: the text 'strict' is not allowed here (fix: write alibi-only or free)"]
