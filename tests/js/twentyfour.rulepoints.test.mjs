// Rule points of seed 001 (24, draft 15) and of the rulings (../shared/notes/rulings.md, site/reference/rulings.md)
// that the engine enforces, one test each: breaking the rule in the engine turns its test red.
//
// Enforced: 71 rule points of the 71 the seed states as rules of play (and 5 more the engine decides where
// the seed is silent, marked "ruling"). Not engine rules (table customs, not counted): choosing detectives
// by rock-paper-scissors (the engine takes the choice or draws), where the cards lie on the table, which
// player handles the stand-in, the score card and its cube, "look away while setting" (the engine's sealed
// commit stands in for it).
//
//  Components and setup            R01 players, R02 one detective each, R03 the hand, R04 the incident deck,
//                                  R05 the stand-in, R06 assist supply, R07 bonus cards short (ruling)
//  Seasons and placement           R08 three seasons, R09 the layout, R10 column 5 face down (ruling),
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
import { scoreGame } from '../../site/assets/calculators/twentyfour.js';
import { newGame } from '../../site/engine/twentyfour/engine.js';
import { view } from '../../site/engine/twentyfour/view.js';
import {
  arrange, cards, DATA, fresh, GAME, go, LAYOUT, no, passUntil, placed, variantGame, withRolls, withSeat,
} from './twentyfour_game.mjs';

const G = GAME;
const hours = (ids) => ids.map((id) => G.hours[id]);
const sum = (list) => list.reduce((a, b) => a + b, 0);
/** Seat 0 strong on incident 1 (6 + 5 = 11); the default of an unlisted seat is 0 + 3 there. */
const STRONG1 = [[6, 0, 0, 1, 2], [5, 3, 3, 4, 'H']];
/** Seats 0–3 at 11, 5, 4, 3 on incident 1. */
const SPREAD = [{ 0: STRONG1[0], 1: [2, 0, 0, 1, 3], 2: [1, 0, 0, 2, 3] }, { 0: STRONG1[1] }];
const atSpread = (state = fresh()) => placed(G, state, ...SPREAD);
/** Move `ids` from the deck into seat's cards won this season. */
const give = (s, seat, ids) => withSeat({ ...s, deck: s.deck.filter((id) => !ids.includes(id)) }, seat, { won: [...s.seats[seat].won, ...ids] });
const toSeason = (s, season) => passUntil(G, s, (x) => x.season === season);
const events = (s, e) => s.log.filter((x) => x.e === e);

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

// ---------------------------------------------------------------- damage

test('R45 damage adds up over the season; below 2 nothing happens', () => {
  // Seat 0 is the only one to decide on incident 2 and the first on incident 3.
  let s = passUntil(G, atSpread(), (x) => x.incident === 2);
  s = go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 0, dice: ['green'] }]);
  assert.equal(s.incident, 3);
  assert.deepEqual([s.seats[0].damage, s.seats[0].injured, s.seats[0].out], [1, false, false]);
  s = go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 0, dice: ['green'] }]);
  s = passUntil(G, s, (x) => x.incident === 4);
  assert.deepEqual([s.seats[0].damage, s.seats[0].injured], [2, true], 'the second point of damage injures');
});

test('R46 2 or more damage in a season is a serious injury', () => {
  const s = passUntil(G, go(G, withRolls(atSpread(), [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2);
  assert.deepEqual([s.seats[3].injured, s.seats[3].dead, events(s, 'injury')], [true, false, [{ e: 'injury', seat: 3, incident: 1 }]]);
});

test('R47 a serious injury gives up one incident card won this season for an assist (none won: nothing)', () => {
  const hurt = (s) => passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]),
    (x) => x.phase === 'discard' || x.incident === 2);
  const none = hurt(atSpread());
  assert.equal(none.seats[3].assists, 0);
  const s = hurt(give(atSpread(), 3, ['street-4', 'siege-2']));
  assert.equal(s.phase, 'discard');
  assert.equal(no(G, s, { type: 'discard', seat: 3, card: 'bombing-4' }),
    '"bombing-4" is not an incident card Ember (seat 4) won this season (street-4, siege-2)');
  const t = go(G, s, [{ type: 'discard', seat: 3, card: 'siege-2' }]);
  assert.deepEqual([t.seats[3].won, t.seats[3].assists, t.discard.at(-1)], [['street-4'], 1, 'siege-2']);
  const alike = hurt(give(atSpread(), 3, ['street-3.2']));
  assert.equal(alike.phase, 'challenge', 'one card to give: no question');
  assert.deepEqual([alike.seats[3].won, alike.seats[3].assists], [[], 1]);
});

test('R48 a seriously injured detective sits out the rest of the season', () => {
  let s = passUntil(G, go(G, withRolls(atSpread(), [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2);
  assert.ok(!s.judge.present.includes(3));
  s = passUntil(G, s, (x) => x.phase === 'set');
  assert.ok(events(s, 'award').every((e) => !e.takers.includes(3)));
  s = passUntil(G, s, (x) => x.season === 2);
  assert.deepEqual([s.seats[3].out, s.seats[3].injured], [false, true], 'back next season, still injured');
});

test('R49 an injured detective who takes 2 damage again dies', () => {
  const s = withSeat(atSpread(), 3, { injured: true });
  const t = passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2);
  assert.deepEqual([t.seats[3].dead, t.seats[3].out], [true, true]);
});

test('R50 a death gives up one incident card won this season for an assist', () => {
  const s = give(withSeat(atSpread(), 3, { injured: true }), 3, ['street-4', 'siege-2']);
  const t = passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.phase !== 'challenge');
  assert.equal(t.phase, 'discard');
  const u = go(G, t, [{ type: 'discard', seat: 3, card: 'street-4' }]);
  assert.deepEqual([u.seats[3].won, u.seats[3].assists], [['siege-2'], 1]);
});

test('R51 death scores the first-place card of the incident plus 6 minus the incident number', () => {
  const s = withSeat(atSpread(), 3, { injured: true });
  const t = passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2);
  assert.equal(t.seats[3].deathPoints, 4 + 6 - 1);
});

test('R52 the dead sit out the rest of the game, later seasons too', () => {
  let s = withSeat(atSpread(), 3, { injured: true });
  s = go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]);
  s = passUntil(G, s, (x) => x.season === 2);
  assert.deepEqual([s.seats[3].hand, s.seats[3].out], [[], true]);
  s = passUntil(G, s, (x) => x.phase === 'challenge' || x.phase === 'over');
  assert.ok(!s.judge.present.includes(3));
  assert.ok(events(s, 'committed').every((e) => e.seat !== 3), 'no placing for the dead');
});

// ---------------------------------------------------------------- season end

test('R53 the season ends after incident 5: masterminds, then stand or co-op, then recovery', () => {
  const s = passUntil(G, give(atSpread(), 0, ['siege-6']), (x) => x.phase === 'set');
  const kinds = s.log.map((e) => e.e);
  assert.equal(kinds.lastIndexOf('judge') < kinds.indexOf('escape'), true);
  const t = passUntil(G, s, (x) => x.season === 2);
  assert.ok(t.seats.every((x) => x.damage === 0));
});

test('R54 in season 1 every mastermind won escapes: discarded, an assist instead', () => {
  const s = passUntil(G, give(withSeat(atSpread(), 0, { stand: ['siege-2'] }), 0, ['siege-6']), (x) => x.phase === 'set');
  assert.ok(!s.seats[0].won.includes('siege-6'));
  assert.ok(s.discard.includes('siege-6'));
  assert.ok(events(s, 'escape').some((e) => e.seat === 0 && e.card === 'siege-6'));
});

test('R55 from season 2 a stand card of its suit arrests the mastermind; otherwise it escapes', () => {
  const s2 = toSeason(fresh(), 2);
  const at = passUntil(G, s2, (x) => x.incident === 5 && x.phase === 'challenge');
  const s = give(give(withSeat(at, 0, { stand: ['siege-2'] }), 0, ['siege-6']), 1, ['street-6']);
  const t = passUntil(G, s, (x) => x.phase === 'set' || x.season === 3);
  assert.ok(t.seats[0].won.includes('siege-6'), 'arrested');
  assert.ok(!t.seats[1].won.includes('street-6') && t.discard.includes('street-6'), 'escaped');
});

test('R56 each card won goes into the stand or the co-op row, as its owner sets it', () => {
  const s = passUntil(G, give(atSpread(), 0, ['street-4']), (x) => x.phase === 'set' && x.turn.seat === 0);
  assert.equal(no(G, s, { type: 'set', seat: 0, stand: ['siege-2'] }), '"siege-2" is not an incident card Kestrel (seat 1) won this season');
  assert.equal(no(G, s, { type: 'set', seat: 0, stand: ['street-4', 'street-4'] }),
    'name the cards for the stand in "stand", each once (the rest go to the co-op row)');
  const won = s.seats[0].won;
  const t = passUntil(G, go(G, s, [{ type: 'set', seat: 0, stand: ['street-4'] }]), (x) => x.season === 2);
  assert.deepEqual(t.seats[0].stand, ['street-4']);
  assert.deepEqual(t.seats[0].coop, won.filter((id) => id !== 'street-4'));
});

test('R57 assist cards go only to the co-op row: they never cover or arrest', () => {
  const s = withSeat(atSpread(), 3, { assists: 3, stand: [] });
  assert.equal(go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]).seats[3].damage, 2);
  const [scored] = Object.values(scoreGame({ detectives: [{ name: 'x', coop: [{ suit: 'siege', value: 2 }, { suit: 'siege', value: 3 }], assists: 1 }] }).scores);
  assert.equal(scored.sets, 3, 'in the co-op row an assist joins a set');
});

test('R58 setting is sealed, committed from the highest registration number down', () => {
  const s = passUntil(G, give(give(atSpread(), 0, ['street-4']), 2, ['siege-2']), (x) => x.phase === 'set');
  const numbers = s.pending.map((seat) => G.detective[s.seats[seat].detective].number);
  assert.deepEqual(numbers, numbers.slice().sort((a, b) => b - a));
  const first = s.turn.seat;
  const t = go(G, s, [{ type: 'set', seat: first, stand: s.seats[first].won.slice(0, 1) }]);
  const other = view(G, t, t.turn.seat);
  assert.equal(other.seats[first].commit, undefined);
  assert.equal(other.seats[first].committed, true);
  assert.deepEqual(other.seats[first].stand, []);
});

test('R59 the stand-in sets everything in its co-op row', () => {
  const s = newGame(G, { seed: 4, detectives: ['kestrel', 'bishop', 'hound'] });
  const t = passUntil(G, give(placed(G, s, {}, {}), 3, ['street-4']), (x) => x.season === 2);
  assert.deepEqual(t.seats[3].stand, []);
  assert.ok(t.seats[3].coop.includes('street-4'));
});

test('R60 recovery heals all damage but not a serious injury', () => {
  const s = passUntil(G, go(G, withRolls(atSpread(), [1, 1]), [{ type: 'challenge', seat: 3, dice: ['green', 'red'] }]), (x) => x.season === 2);
  assert.deepEqual([s.seats[3].damage, s.seats[3].injured], [0, true]);
});

test('R61 every action card comes back at each season; the stand-in\'s pile is shuffled again', () => {
  const s = newGame(G, { seed: 4, detectives: ['kestrel', 'bishop', 'hound'] });
  const t = toSeason(s, 2);
  t.seats.filter((x) => !x.npc).forEach((x) => assert.deepEqual(x.hand, G.detective[x.detective].actions));
  assert.deepEqual(t.seats[3].pile.slice().sort(), G.detective[t.seats[3].detective].actions.slice().sort());
  assert.notDeepEqual(t.seats[3].pile, s.seats[3].pile);
});

test('R62 ruling: the dead still set the cards won in the season they died', () => {
  let s = give(withSeat(atSpread(), 3, { injured: true }), 3, ['street-4', 'siege-2']);
  s = passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.phase === 'discard');
  s = go(G, s, [{ type: 'discard', seat: 3, card: 'street-4' }]);
  s = passUntil(G, s, (x) => x.phase === 'set' && x.turn.seat === 3);
  assert.ok(s.seats[3].dead);
  const t = passUntil(G, go(G, s, [{ type: 'set', seat: 3, stand: ['siege-2'] }]), (x) => x.season === 2);
  assert.deepEqual(t.seats[3].stand, ['siege-2']);
});

// ---------------------------------------------------------------- skills

/** Season 2 of these detectives (the default four: Kestrel, Bishop, Hound, Ember), dealt LAYOUT again. */
const season2 = (detectives = ['kestrel', 'bishop', 'hound', 'ember'], npc = null) => {
  const s = toSeason(newGame(G, { seed: 1, detectives, npc }), 2);
  if (npc) return s; // the stand-in wins cards in season 1: keep the layout dealt
  const held = new Set(s.seats.flatMap((x) => [...x.stand, ...x.coop]));
  assert.ok(LAYOUT.flat().every((id) => !held.has(id)));
  return { ...arrange(s, LAYOUT), discard: s.discard.filter((id) => !LAYOUT.flat().includes(id)) };
};

test('R63 skills apply from season 2, and the stand-in has none', () => {
  // Anvil's toughness: 2 damage injures in season 1, not in season 2.
  const hurt = (s) => passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2);
  assert.equal(hurt(placed(G, fresh(['kestrel', 'bishop', 'hound', 'anvil']), ...SPREAD)).seats[3].injured, true);
  assert.equal(hurt(placed(G, season2(['kestrel', 'bishop', 'hound', 'anvil']), ...SPREAD)).seats[3].injured, false);
  // Bishop as the stand-in: its clashing Hero Time counts 0, even in season 2.
  const s = season2(['kestrel', 'hound', 'ember'], 'bishop');
  const heroAt = s.seats[3].pile.indexOf('bishop-hero');
  const incident = heroAt % 5;
  const t = placed(G, s, { 0: rotate(['H', 6, 0, 1, 2], incident) }, { 0: rotate([0, 3, 3, 4, 5], incident) });
  const judged = passUntil(G, t, (x) => x.incident === incident + 1);
  const npcOther = G.hours[judged.seats[3].plays[incident][heroAt < 5 ? 1 : 0]];
  assert.equal(judged.judge.strength[3], npcOther, 'the stand-in\'s Hero Time counts 0');
});

/** A list rotated so its first item lands at `at`. */
const rotate = (list, at) => list.map((_, i) => list[(i - at + list.length) % list.length]);

test('R64 steady nerves: Bishop\'s clashing Hero Time counts 3 (from season 2)', () => {
  const clash = (s) => placed(G, s, { 0: ['H', 6, 0, 1, 2], 1: ['H', 6, 0, 1, 2] }, { 0: [0, 3, 3, 4, 5], 1: [0, 3, 3, 4, 5] }).judge.strength;
  assert.deepEqual(clash(fresh()).slice(0, 2), [0, 0]);
  assert.deepEqual(clash(season2()).slice(0, 2), [0, 3]);
});

test('R65 lone hunter: Hound may challenge when strongest (from season 2)', () => {
  const hound = { 2: STRONG1[0] };
  const second = { 2: STRONG1[1] };
  assert.ok(!placed(G, fresh(), hound, second).judge.order.includes(2));
  assert.ok(placed(G, season2(), hound, second).judge.order.includes(2));
});

test('R66 first pick: Ember first may take the second-place card, the second then takes the first', () => {
  const ember = { 3: STRONG1[0], 0: [2, 0, 0, 1, 3] };
  const second = { 3: STRONG1[1] };
  assert.equal(passUntil(G, placed(G, fresh(), ember, second), (x) => x.phase === 'pick' || x.incident > 1).phase, 'challenge',
    'season 1: no pick');
  const s = passUntil(G, placed(G, season2(), ember, second), (x) => x.phase !== 'challenge');
  assert.deepEqual([s.phase, s.turn], ['pick', { seat: 3 }]);
  assert.equal(no(G, s, { type: 'pick', seat: 3, card: 'third' }), 'pick "first" or "second": the place whose card you take');
  const t = go(G, s, [{ type: 'pick', seat: 3, card: 'second' }]);
  assert.deepEqual([t.seats[3].won, t.seats[0].won], [['bombing-2'], ['bombing-4']]);
});

test('R67 sharp eyes: Kestrel sees the face-down incidents while placing (from season 2)', () => {
  assert.equal(view(G, fresh(), 0).layout[0][4], null);
  const s = season2();
  assert.equal(view(G, s, 0).layout[0][4], LAYOUT[0][4]);
  assert.equal(view(G, s, 1).layout[0][4], null, 'Bishop does not');
});

test('R68 toughness: Anvil is injured, or dies, only at 3 damage (from season 2)', () => {
  const s = placed(G, season2(['kestrel', 'bishop', 'hound', 'anvil']), ...SPREAD);
  const two = passUntil(G, go(G, withRolls(s, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2);
  assert.equal(two.seats[3].injured, false);
  const three = passUntil(G, go(G, withRolls(s, [1, 1]), [{ type: 'challenge', seat: 3, dice: ['green', 'red'] }]), (x) => x.incident === 2);
  assert.equal(three.seats[3].injured, true);
  const dies = withSeat(s, 3, { injured: true });
  assert.equal(passUntil(G, go(G, withRolls(dies, [1]), [{ type: 'challenge', seat: 3, dice: ['red'] }]), (x) => x.incident === 2).seats[3].dead, false);
});

// ---------------------------------------------------------------- scoring

/** The game's last set phase with seat holdings replaced. */
function lastSet(detectives, holdings) {
  let s = placed(G, toSeason(newGame(G, { seed: 2, detectives }), 3), ...SPREAD);
  s = passUntil(G, s, (x) => x.phase === 'set');
  for (const [seat, fields] of Object.entries(holdings)) s = withSeat(s, Number(seat), { won: [], ...fields });
  return passUntil(G, s, () => false);
}

test('R69 the stand-in does not score and cannot win', () => {
  const s = passUntil(G, newGame(G, { seed: 4, detectives: ['kestrel', 'bishop', 'hound'] }), () => false);
  assert.deepEqual(Object.keys(s.result.scores).sort(), ['bishop', 'hound', 'kestrel']);
  assert.ok(!s.result.winners.includes(s.seats[3].detective));
});

test('R70 a score counts every incident card won and 1 per assist', () => {
  const s = lastSet(['kestrel', 'bishop', 'hound'], { 0: { stand: ['bombing-4'], coop: ['siege-2'], assists: 1 } });
  assert.deepEqual(s.result.scores.kestrel, { cards: 6, assists: 1, sets: 0, death: 0, lone_hunter: 0, total: 7 });
});

test('R71 three or more co-op cards of one suit score 1 more each (assists join a set)', () => {
  const three = lastSet(['kestrel', 'bishop', 'hound'], { 0: { stand: [], coop: ['siege-2', 'siege-3.1', 'siege-4'], assists: 0 } });
  assert.equal(three.result.scores.kestrel.sets, 3);
  const stand = lastSet(['kestrel', 'bishop', 'hound'], { 0: { stand: ['siege-2'], coop: ['siege-3.1', 'siege-4'], assists: 0 } });
  assert.equal(stand.result.scores.kestrel.sets, 0, 'stand cards are not in the set');
  const joined = lastSet(['kestrel', 'bishop', 'hound'], { 0: { stand: [], coop: ['siege-3.1', 'siege-4'], assists: 1 } });
  assert.equal(joined.result.scores.kestrel.sets, 3);
});

test('R72 death points count, and a dead lone hunter scores 1 per stand card', () => {
  const s = lastSet(['kestrel', 'bishop', 'hound'], {
    2: { stand: ['bombing-4', 'siege-2'], coop: [], assists: 0, dead: true, injured: true, out: true, deathPoints: 7 },
  });
  assert.deepEqual(s.result.scores.hound, { cards: 6, assists: 0, sets: 0, death: 7, lone_hunter: 2, total: 15 });
  const alive = lastSet(['kestrel', 'bishop', 'hound'], { 2: { stand: ['bombing-4', 'siege-2'], coop: [], assists: 0 } });
  assert.equal(alive.result.scores.hound.lone_hunter, 0);
});

test('R73 the highest score wins; equal scores share the win', () => {
  const same = { stand: ['bombing-4'], coop: [], assists: 0 };
  const tie = lastSet(['kestrel', 'bishop', 'hound'], { 0: same, 1: same, 2: { stand: [], coop: [], assists: 0 } });
  assert.deepEqual(tie.result.winners, ['kestrel', 'bishop']);
  const one = lastSet(['kestrel', 'bishop', 'hound'], { 0: { ...same, assists: 1 }, 1: same, 2: same });
  assert.deepEqual(one.result.winners, ['kestrel']);
});

// ---------------------------------------------------------------- variants: rules as data

test('R74 variant seed-text-hidden-column: the fourth column is dealt face down', () => {
  const g = variantGame({ hidden_column: 4 });
  assert.deepEqual(newGame(g, { players: 4 }).faceDown[0], [false, false, false, true, false]);
});

test('R75 variant draft-assists: an assist is worth 2', () => {
  const g = variantGame({ assist_points: 2 });
  let s = placed(g, passUntil(g, newGame(g, { seed: 2, detectives: ['kestrel', 'bishop', 'hound'] }), (x) => x.season === 3), ...SPREAD);
  s = passUntil(g, s, (x) => x.phase === 'set');
  s = passUntil(g, withSeat(s, 0, { won: [], stand: [], coop: [], assists: 3 }), () => false);
  assert.equal(s.result.scores.kestrel.assists, 6);
});

test('R76 a variant without the stand-in plays three players alone', () => {
  const g = variantGame({ stand_in_players: 0 });
  assert.equal(newGame(g, { players: 3 }).seats.length, 3);
  assert.equal(passUntil(g, newGame(g, { players: 3 }), () => false).phase, 'over');
});
