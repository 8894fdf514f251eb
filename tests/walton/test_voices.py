"""Voices that fit (issue 36 §4): who calls the victim what, motives told as what they are, servants who report
what they saw at their own work, no room names as figures of speech, time words that fit the night.

Every claim of every bundled case is said by every speaker of the bundled mansion in every phrasing; twenty
generated decks and the bundled cases are rendered through the renderer; banned patterns appear in none.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer
from gaslight.domain.walton.drafting import Plot
from gaslight.domain.walton.generator import attempt
from gaslight.domain.walton.mansion import DUTIES, MINI_MANSION, Mansion
from gaslight.domain.walton.phrasing import FIRST_PERSON, FIRST_PERSON_GROUP, PHRASINGS, claim_sentences, deck_texts
from gaslight.domain.walton.phrasing_motives import GRIEVANCE_WORDS, TESTIMONY
from gaslight.domain.walton.phrasing_servants import DUTY_PHRASINGS, DUTY_WORDS, SERVANT_PHRASINGS
from gaslight.domain.walton.retext import main as retext_main
from gaslight.domain.walton.retext import retext
from test_phrasing import grammar_problems
from walton_support import BUNDLED_CASES, BUNDLED_MANSION

# What no card may say, and why. Each was printed on a bundled card before issue 36.
BANNED = {
    r"\bStrike\b": "a verdict ('Strike the Berwick sisters from the list of killers')",
    r"Whoever did it, it was not": "a verdict ('Whoever did it, it was not X')",
    r"\bAsk anyone in the\b": "a room of some map as a figure of speech ('Ask anyone in the kitchen')",
    r"fixed where everyone stood": "a list where a sentence belongs ('… at the start: Greg Gaffney, the Living Room.')",
    r"\bsaw nobody\b": "a room that sees ('The Billiard Room saw nobody …')",
    r"\b(afternoon|morning|tonight|yesterday)\b": "a time word that does not fit the night of the crime",
    r"\b(dusted|dusting)\b": "an afternoon's dusting vouching for the night",
}
# A servant reports; these are findings, which are the police's to give.
SERVANT_VERDICTS = (r"could not have done|Whoever did it|\bStrike\b|lent no hand|helped nobody|Whatever killed|"
                    r"\bit was not (the|what)\b|had no help|\bwe have (cleared|ruled)")
# Words that name rooms of some designer's map: no phrasing may use one of its own accord.
ROOM_WORDS = ("kitchen", "hall", "library", "study", "garage", "shed", "bedroom", "cellar", "attic", "pantry",
              "garden", "parlour", "lounge", "nursery", "conservatory", "gallery", "stable", "vestibule",
              "living room", "dining room", "drawing room", "billiard", "trophy", "bathroom", "scullery", "ballroom",
              "chapel", "morning room", "servants' hall")
GUEST_ONLY = re.compile(r"\bthe (master|mistress)\b", re.I)


def every_template() -> Iterator[str]:
    for by_voice in (*PHRASINGS.values(), *TESTIMONY.values()):
        for said in by_voice.values():
            yield from said
    for table in (FIRST_PERSON, FIRST_PERSON_GROUP, SERVANT_PHRASINGS):
        for said in table.values():
            yield from said
    for by_duty in DUTY_PHRASINGS.values():
        for said in by_duty.values():
            yield from said


def bundled_claims() -> list[dict]:
    """Every distinct claim of every bundled case."""
    found: dict[str, dict] = {}
    for path in BUNDLED_CASES:
        for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]:
            for claim in card["claims"]:
                found.setdefault(repr(sorted(claim.items())), claim)
    return list(found.values())


def every_speaker(house: Mansion) -> list[str]:
    return [s.id for s in house.suspects] + [s.id for s in house.sources]


@pytest.fixture(scope="module")
def said_everything(house) -> list[tuple[str, dict, str]]:
    """(speaker, claim, sentence) for every bundled claim, every speaker, every phrasing."""
    return [(speaker, claim, sentence) for claim in bundled_claims() for speaker in every_speaker(house)
            for _, sentence in claim_sentences(house, claim, speaker)]


@pytest.fixture(scope="module")
def rendered_decks(house) -> dict[str, list[tuple[str, list[dict], str]]]:
    """Cards as the renderer writes them: the bundled cases rendered again, and twenty generated decks."""
    decks: dict[str, list[tuple[str, list[dict], str]]] = {}
    for path in BUNDLED_CASES:
        text = path.read_text(encoding="utf-8")
        cards = sorted(yaml.safe_load(retext(house, text, path.stem)[0])["cards"], key=lambda c: c["number"])
        decks[path.stem] = [(c["speaker"], c["claims"], c["text"]) for c in cards]
    for seed in range(20):
        rng = random.Random(seed)
        level = DIFFICULTIES[seed % len(DIFFICULTIES)]
        culprit = rng.choice(house.suspects)
        helper = rng.choice([s for s in house.suspects if s.id != culprit.id])
        answer = Answer(culprit.id, rng.choice(culprit.motive_ids), rng.choice(house.weapons).id,
                        *(() if level in NO_ACCOMPLICE_LEVELS else (helper.id, rng.choice(helper.motive_ids))))
        made = attempt(house, Plot(f"voices-{seed}", "Voices", level, answer), rng, 70)
        assert made is not None, seed
        drafts = made[0]
        texts = deck_texts(house, [(d.speaker, d.claims) for d in drafts], rng)
        decks[f"generated-{seed}-{level}"] = [(d.speaker, [dict(c) for c in d.claims], t)
                                              for d, t in zip(drafts, texts, strict=True)]
    return decks


def test_no_card_of_any_bundled_or_generated_case_says_a_banned_thing(rendered_decks):
    assert len(rendered_decks) == len(BUNDLED_CASES) + 20
    assert sum(len(cards) for cards in rendered_decks.values()) == 70 * len(rendered_decks)
    found = [(name, pattern, text) for name, cards in rendered_decks.items() for _, _, text in cards
             for pattern in BANNED if re.search(pattern, text)]
    assert found == []


def test_no_phrasing_of_any_claim_by_any_speaker_says_a_banned_thing(said_everything):
    assert len(said_everything) > 5000  # every claim, every speaker, every phrasing
    assert [(claim, text) for _, claim, text in said_everything
            for pattern in BANNED if re.search(pattern, text)] == []


def test_guests_never_call_the_victim_the_master(house, said_everything, rendered_decks):
    guests = {s.id for s in house.suspects}
    assert [text for speaker, _, text in said_everything if speaker in guests and GUEST_ONLY.search(text)] == []
    cards = [card for deck in rendered_decks.values() for card in deck]
    guest_cards = [text for speaker, _, text in cards if speaker in guests]
    assert len(guest_cards) > 300
    assert [text for text in guest_cards if GUEST_ONLY.search(text)] == []
    servants = [text for speaker, _, text in said_everything if house.source(speaker)
                and house.source(speaker).names_conspirators]
    assert any("the master" in text for text in servants)
    assert not any("Mr Walton" in text for text in servants)  # the household says "the master"
    assert any("Mr Walton" in text for speaker, _, text in said_everything if speaker in guests)


def test_every_rendered_card_reads_right(house, rendered_decks, said_everything):
    wrong = [(name, text, problem) for name, cards in rendered_decks.items() for speaker, claims, text in cards
             for claim in claims for problem in grammar_problems(house, text, claim, speaker)]
    wrong += [(speaker, text, problem) for speaker, claim, text in said_everything
              for problem in grammar_problems(house, f"{speaker}: “{text}”", claim, speaker)]
    assert wrong == []


def test_servants_report_what_they_saw_and_never_hand_down_verdicts(house, said_everything):
    servants = {s.id for s in house.sources if s.names_conspirators}
    said = [(speaker, text) for speaker, _, text in said_everything if speaker in servants]
    assert len(said) > 1000
    assert [(speaker, text) for speaker, text in said if re.search(SERVANT_VERDICTS, text)] == []
    police = [text for speaker, claim, text in said_everything if speaker == "police"
              and claim["type"] == "not_culprit"]
    assert any("We have cleared" in text for text in police)  # the police give findings


@pytest.mark.parametrize("duty", ["", *DUTIES])
def test_no_servant_does_another_servants_work(duty):
    others = [word for other, words in DUTY_WORDS.items() if other != duty for word in words]
    for kind in PHRASINGS:
        for template in SERVANT_PHRASINGS.get(kind, ()) + DUTY_PHRASINGS.get(kind, {}).get(duty, ()):
            assert not re.search(rf"\b({'|'.join(others)})\b", template, re.I), (duty, template)


def test_the_bundled_chauffeur_never_serves_and_the_butler_never_drives(house, said_everything):
    assert house.source("chauffeur").duty == "grounds" and house.source("butler").duty == "table"
    assert house.source("housekeeper").work == "household" and house.source("police").work == ""
    chauffeur = [text for speaker, _, text in said_everything if speaker == "chauffeur"]
    butler = [text for speaker, _, text in said_everything if speaker == "butler"]
    assert not [t for t in chauffeur if re.search(r"\b(serv\w*|tray|drinks|glasses|the fire(?! iron))\b", t)]
    assert not [t for t in butler if re.search(r"\b(car|drive|the fire(?! iron)|lamps)\b", t)]
    assert any("the car" in t for t in chauffeur) and any("tray" in t for t in butler)


def test_no_phrasing_names_a_room_of_its_own_accord(house, said_everything):
    templates = list(every_template())
    assert len(templates) > 200 and all("{" in t or t.endswith(".") for t in templates)
    assert [t for t in templates if re.search(rf"\b({'|'.join(ROOM_WORDS)})\b", t, re.I)] == []
    scene = next(r.name for r in house.rooms if r.crime_scene)
    loose = []
    for _, claim, text in said_everything:
        named = {house.room(claim["room"]).name} if "room" in claim else set()
        for room in house.rooms:
            if room.name not in named | {scene} and re.search(rf"\b{room.name}\b", text):
                loose.append((room.name, text))
    assert loose == []


def test_a_motive_that_is_the_suspects_own_is_not_told_as_a_grievance(house, said_everything):
    own = {(s.id, m.id): m.kind for s in house.suspects for m in s.motives if m.kind != "grievance"}
    assert sorted(set(own.values())) == ["debt", "misdeed", "secret"]
    told = [(own[(claim["suspect"], claim["motive"])], claim["type"], text) for _, claim, text in said_everything
            if (claim.get("suspect"), claim.get("motive")) in own]
    assert len(told) > 200
    pattern = rf"\b({'|'.join(GRIEVANCE_WORDS)})"
    assert [text for _, _, text in told if re.search(pattern, text, re.I)] == []
    kind_words = {"debt": r"\b(owed|pay|money|due|debt|called it in|for time)\b",
                  "misdeed": r"\b(had done|expose|found|wrongdoing|police)\b",
                  "secret": r"\b(secret|hide|hidden|reveal|telling|told|say|come out)\b"}
    for kind, word in kind_words.items():
        testimonies = [text for k, claim_type, text in told if k == kind and claim_type == "motive_testimony"]
        assert testimonies and all(re.search(word, text) for text in testimonies), kind
    grievances = [text for _, claim, text in said_everything
                  if claim["type"] == "motive_testimony" and (claim["suspect"], claim["motive"]) not in own]
    assert all(re.search(pattern, text, re.I) or "cause" in text for text in grievances)


def test_time_words_fit_the_night():
    assert [t for t in every_template() if re.search(r"\b(afternoon|morning|tonight|yesterday|dust)", t)] == []


# --- the mansion declares it -------------------------------------------------------------------------------


def declared(mansion_loader, edits: dict[str, str]) -> tuple[Mansion | None, list[str]]:
    text = MINI_MANSION
    for old, new in edits.items():
        assert old in text
        text = text.replace(old, new)
    model, report = mansion_loader(text)
    return model, [d.format_text() for d in sorted(report.diagnostics, key=lambda d: d.sort_key)]


def test_a_mansion_without_declarations_keeps_loading_with_the_defaults(mansion_loader):
    house, messages = declared(mansion_loader, {})
    assert messages == [] and house is not None
    assert [m.kind for s in house.suspects for m in s.motives] == ["grievance"] * 6
    claim = {"type": "motive_testimony", "suspect": "bob", "motive": "money"}
    guest = {text for _, text in claim_sentences(house, claim, "ann")}
    maid = {text for _, text in claim_sentences(house, claim, "maid")}
    police = {text for _, text in claim_sentences(house, claim, "police")}
    assert "Bob had a reason to hate our host: money." in guest
    assert "Below stairs we all knew what Bob held against the master: money." in maid
    assert "Our enquiries show Bob had cause to resent the deceased: money." in police


def test_each_person_speaks_of_the_victim_as_declared(mansion_loader):
    house, messages = declared(mansion_loader, {
        "title: Mini house\n": "title: Mini house\nvictim: {name: Lord Ashcombe, pronoun: he}\n",
        "{id: ann, name: Ann, initials: A,": "{id: ann, name: Ann, initials: A, calls_victim: my husband,",
        "{id: maid, name: Maid, role: servant}": "{id: maid, name: Maid, role: servant, calls_victim: his lordship}",
    })
    assert messages == [] and house is not None
    claim = {"type": "motive_testimony", "suspect": "bob", "motive": "money"}
    assert "Bob had a reason to hate my husband: money." in {t for _, t in claim_sentences(house, claim, "ann")}
    assert "Everyone knew Ann had a grudge against Lord Ashcombe: money." in {
        t for _, t in claim_sentences(house, {**claim, "suspect": "ann"}, "bob")}
    maid = {t for _, t in claim_sentences(house, claim, "maid")}
    assert "Below stairs we all knew what Bob held against his lordship: money." in maid
    clue = {"type": "motive_clue", "suspect": "bob", "motive": "money"}
    assert "Among my husband's papers was proof of Bob's grievance: money." in {
        t for _, t in claim_sentences(house, clue, "ann")}


def test_a_mistress_for_the_household_and_her_name_for_the_guests(mansion_loader):
    house, _ = declared(mansion_loader, {
        "title: Mini house\n": "title: Mini house\nvictim: {name: Lady Ashcombe, pronoun: she}\n"})
    assert house is not None
    claim = {"type": "motive_testimony", "suspect": "bob", "motive": "money"}
    assert "It was no secret below stairs: Bob bore the mistress ill will over money." in {
        t for _, t in claim_sentences(house, claim, "maid")}
    assert "Bob never forgave her for it: money." in {t for _, t in claim_sentences(house, claim, "ann")}


def test_motive_kinds_and_duties_load(mansion_loader):
    house, messages = declared(mansion_loader, {
        "{id: debt, name: Debt}": "{id: debt, name: Debt, kind: debt}",
        "{id: fear, name: Fear}": "{id: fear, name: Fear, kind: secret}",
        "{id: maid, name: Maid, role: servant}": "{id: maid, name: Maid, role: servant, duty: grounds}",
    })
    assert messages == [] and house is not None
    assert house.suspect("bob").motive("debt").kind == "debt" and house.suspect("ann").motive("fear").kind == "secret"
    assert house.source("maid").duty == "grounds"
    said = {t for _, t in claim_sentences(house, {"type": "motive_testimony", "suspect": "bob", "motive": "debt"},
                                          "ann")}
    assert said == {"Bob owed money, and our host would not wait for it: debt.",
                    "Bob would have been ruined if our host called it in: debt.",
                    "Bob could not pay, and our host knew it: debt."}


DECLARATION_ERRORS = [
    ({"{id: debt, name: Debt}": "{id: debt, name: Debt, kind: grudge}"},
     ["m.yaml:13:78: error: suspects[1].motives[2].kind: the text 'grudge' is not allowed here "
      "(fix: write grievance, secret, debt or misdeed)"]),
    ({"{id: police, name: The police, role: police}": "{id: police, name: The police, role: police, duty: table}"},
     ["m.yaml:18:62: error: sources[0].duty: source 'police' is the police, and only servants and the housekeeper "
      "have a duty in the house (fix: remove 'duty', or make the role servant or housekeeper)"]),
    ({"{id: maid, name: Maid, role: servant}": "{id: maid, name: Maid, role: servant, duty: stables}"},
     ["m.yaml:18:101: error: sources[1].duty: the text 'stables' is not allowed here "
      "(fix: write table, rooms, grounds or household)"]),
    ({"{id: ann, name: Ann, initials: A,": "{id: ann, name: Ann, initials: A, calls_victim: The Master,"},
     ["m.yaml:10:53: warning: suspects[0].calls_victim: suspect 'ann' calls the victim 'The Master', which only "
      "the household says (fix: write the victim's name or what this person would call him or her)"]),
    ({"title: Mini house\n": "title: Mini house\nvictim: {name: '', pronoun: he}\n"},
     ["m.yaml:4:16: error: victim.name: must not be empty"]),
]


@pytest.mark.parametrize(("edits", "expected"), DECLARATION_ERRORS, ids=lambda v: str(v)[:50])
def test_a_wrong_declaration_is_a_located_error(edits, expected, check, write_yaml):
    text = MINI_MANSION
    for old, new in edits.items():
        text = text.replace(old, new)
    _, report = check(write_yaml("m.yaml", text))
    folder = str(Path(report.diagnostics[0].location.file).parent) + "/" if report.diagnostics else ""
    assert [d.format_text().replace(folder, "") for d in report.diagnostics if "modeline" not in d.message] == expected


# --- rendering the stored texts again ---------------------------------------------------------------------


def test_retext_rewrites_only_the_texts_and_the_same_bytes_twice(house):
    path = BUNDLED_CASES[0]
    old = path.read_text(encoding="utf-8")
    new, kept = retext(house, old, path.stem)
    assert kept == [] and retext(house, old, path.stem)[0] == new and retext(house, new, path.stem)[0] == new
    old_lines, new_lines = old.splitlines(), new.splitlines()
    assert len(old_lines) == len(new_lines)
    assert [a for a, b in zip(old_lines, new_lines, strict=True) if a != b and not a.startswith("    text: ")] == []
    cards = sorted(yaml.safe_load(new)["cards"], key=lambda c: c["number"])
    assert [c["text"] for c in cards] == deck_texts(house, [(c["speaker"], c["claims"]) for c in cards],
                                                    random.Random(f"{path.stem}:text"))


def test_retext_command_checks_rewrites_and_names_what_it_cannot_read(tmp_path, capsys):
    case = tmp_path / BUNDLED_CASES[0].name
    case.write_text(BUNDLED_CASES[0].read_text(encoding="utf-8").replace(
        '    text: "', '    text: "Old. ', 1), encoding="utf-8")
    other = tmp_path / "notes.yaml"
    other.write_text("kind: notes\n", encoding="utf-8")
    mansion = ["--mansion", str(BUNDLED_MANSION)]
    assert retext_main([*mansion, "--check", str(case)]) == 1
    assert capsys.readouterr().out == f"{case}: would change\n"
    assert retext_main([*mansion, str(case), str(other)]) == 1
    out = capsys.readouterr()
    assert (out.out, out.err) == (f"{case}: texts rendered again\n",
                                  f"{other}: no cards with a number, a speaker and claims\n")
    assert retext_main([*mansion, "--check", str(case)]) == 0


def test_the_bundled_cases_hold_the_texts_the_renderer_writes(house):
    stale = [path.name for path in BUNDLED_CASES
             if retext(house, text := path.read_text(encoding="utf-8"), path.stem)[0] != text]
    assert stale == []  # after a phrasing change: python -m gaslight.domain.walton.retext --mansion … cases/*.yaml


def test_the_generator_writes_the_texts_retext_would(house):
    from gaslight.domain.walton.deckfile import finish

    rng = random.Random(7)
    culprit = house.suspects[0]
    plot = Plot("same-words", "Same words", "C", Answer(culprit.id, culprit.motive_ids[0], house.weapons[0].id))
    made = attempt(house, plot, rng, 70)
    assert made is not None
    text, _ = finish(house, plot, made[0], rng, [])
    assert retext(house, text, plot.case_id)[0] == text
