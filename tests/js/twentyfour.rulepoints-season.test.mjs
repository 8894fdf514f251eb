// Rule points of seed 001 (24) from damage on: damage, the season end, skills, scoring and the variants, one test
// each (the list, the count and R01–R44 are in twentyfour.rulepoints.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreGame } from '../../site/assets/calculators/twentyfour.js';
import { newGame } from '../../site/engine/twentyfour/engine.js';
import { view } from '../../site/engine/twentyfour/view.js';
import {
  arrange, atSpread, events, fresh, GAME, give, go, LAYOUT, no, passUntil, placed, SPREAD, STRONG1, toSeason,
  variantGame, withRolls, withSeat,
} from './twentyfour_game.mjs';

const G = GAME;

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
