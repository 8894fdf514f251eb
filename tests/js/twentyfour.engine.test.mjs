// The 24 engine as a program: its game data refused with every problem named, pure steps, seeded
// determinism, refusals of malformed actions, and a designer's variant played without code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apply, cloneState, newGame, PHASES } from '../../site/engine/twentyfour/engine.js';
import { GameDataError, prepare, shown } from '../../site/engine/twentyfour/rules.js';
import { playGame } from '../../site/engine/twentyfour/selfplay.mjs';
import { DATA, GAME, fresh, no, variantGame } from './twentyfour_game.mjs';

const problems = (data) => {
  try { prepare(data); } catch (err) { assert.ok(err instanceof GameDataError); return err.problems; }
  assert.fail('accepted');
};

test('game data of another format or shape is refused whole, every problem named', () => {
  assert.deepEqual(problems(null), ['the game data is not a JSON object']);
  assert.deepEqual(problems({ ...DATA, format: 'gaslight-twentyfour/0' }), ['its format is "gaslight-twentyfour/0", not "gaslight-twentyfour/1"']);
  assert.deepEqual(problems({ ...DATA, parameters: { ...DATA.parameters, seasons: 0, green_bonus: [1], hidden_column: 9 } }), [
    'parameter seasons must be a whole number from 1 to 1000000 (it is 0)',
    'parameter green_bonus must list two whole numbers, the bonus of a success and of a great success (it is [1])',
    'parameter hidden_column (9) is beyond the last incident (5)',
  ]);
  assert.throws(() => prepare({ ...DATA, parameters: { ...DATA.parameters, players_min: 4, players_max: 3 } }),
    { message: 'the 24 game data cannot be played: parameter players_min (4) is more than players_max (3)' });
});

test('a deck too small for the seasons, a short hand, an unknown skill and a doubled card are named', () => {
  const [kestrel, ...rest] = DATA.detectives;
  const short = { ...kestrel, skill: 'x-ray', actions: kestrel.actions.slice(0, 9) };
  assert.deepEqual(problems({ ...DATA, incidents: DATA.incidents.slice(0, 29), detectives: [short, ...rest] }), [
    'the deck has 29 incident cards; 3 seasons of 10 need at least 30',
    'detective "kestrel": skill "x-ray" is not one the engine plays (sharp-eyes, steady-nerves, lone-hunter, first-pick, toughness)',
    'detective "kestrel" has 9 action cards; 2 rounds of 5 incidents need 10',
  ]);
  assert.deepEqual(problems({ ...DATA, detectives: DATA.detectives.slice(0, 4) }), ['5 players need 5 detectives; the deck has 4']);
  assert.deepEqual(problems({ ...DATA, incidents: [...DATA.incidents, DATA.incidents[0]] }), ['card id "bombing-2" is used twice']);
  assert.deepEqual(problems({ ...DATA, incidents: [{ ...DATA.incidents[0], suit: 'arson' }, ...DATA.incidents.slice(1)] }),
    ['incident 1 ("bombing-2") needs an id, a suit from the suits list and a whole-number value']);
});

test('a game is its seed: the same setup and bot moves give the same game', () => {
  const a = playGame(GAME, { seed: 11, players: 4, strengths: ['sharp', 'casual'] });
  const b = playGame(GAME, { seed: 11, players: 4, strengths: ['sharp', 'casual'] });
  assert.deepEqual(a.state, b.state);
  assert.notDeepEqual(playGame(GAME, { seed: 12, players: 4 }).state.result, a.state.result);
});

test('apply never changes the state it is given', () => {
  const frozen = (x) => { if (x && typeof x === 'object') { Object.values(x).forEach(frozen); Object.freeze(x); } return x; };
  let state = fresh();
  for (let n = 0; n < 40 && state.phase !== 'over'; n += 1) {
    const before = JSON.stringify(state);
    frozen(state);
    const seat = state.turn.seat;
    const action = state.phase === 'place' ? { type: 'place', seat, cards: state.seats[seat].hand.slice(0, 5) }
      : state.phase === 'challenge' ? { type: 'challenge', seat, dice: ['green', 'red'] }
        : state.phase === 'discard' ? { type: 'discard', seat, card: state.seats[seat].won[0] }
          : state.phase === 'pick' ? { type: 'pick', seat, card: 'second' } : { type: 'set', seat, stand: state.seats[seat].won.slice(0, 1) };
    const r = apply(GAME, state, action);
    assert.ok(r.ok, r.reason);
    assert.equal(JSON.stringify(state), before);
    state = r.state;
  }
});

test('cloneState copies every key of a state', () => {
  const s = fresh();
  assert.deepEqual(Object.keys(cloneState(s)).sort(), Object.keys(s).sort());
  assert.deepEqual(cloneState(s), s);
});

test('malformed actions and actions out of phase are refused with the reason', () => {
  const s = fresh();
  assert.equal(no(GAME, s, null), 'an action is an object with a "type"');
  assert.equal(no(GAME, s, { type: 'challenge', seat: 0, dice: ['red'] }),
    '"challenge" is not possible now: this is the investigation (each player places one action card face down on every incident) (place)');
  assert.equal(no(GAME, s, { type: 'place', cards: [] }), 'it is Kestrel (seat 1)\'s turn, not undefined\'s');
  assert.deepEqual(Object.keys(PHASES), ['place', 'challenge', 'pick', 'discard', 'set', 'over']);
  const over = playGame(GAME, { seed: 3, players: 3 }).state;
  assert.equal(no(GAME, over, { type: 'place', seat: 0, cards: [] }), 'the game is over');
});

test('setup errors are clear', () => {
  assert.throws(() => newGame(GAME, { seed: 1.5, players: 4 }), { name: 'SetupError', message: 'the seed must be a whole number, not 1.5' });
  assert.throws(() => newGame(GAME, { detectives: 'kestrel' }), { message: 'detectives must be a list of detective ids' });
  const g = variantGame({ players_min: 5, stand_in_players: 5 });
  assert.throws(() => newGame(g, { players: 5 }), { message: 'no detective is left to be the stand-in of a 5-player game' });
});

/** The bundled game with `extra` more hours cards per detective and 14 incident cards per suit. */
function longGame(parameters, extra) {
  const deck = [];
  for (const suit of DATA.suits) for (let v = 1; v <= 14; v += 1) deck.push({ id: `${suit.id}-${v}`, card: `${suit.id}-${v}`, suit: suit.id, value: v % 7 });
  const detectives = DATA.detectives.map((d) => ({
    ...d, actions: [...d.actions, ...Array.from({ length: extra }, (_, k) => ({ id: `${d.id}-x${k}`, card: `${d.id}-x`, hours: k % 7 }))],
  }));
  return prepare({ ...DATA, incidents: deck, detectives, parameters: { ...DATA.parameters, ...parameters } });
}

test('a designer\'s variant plays without code: seven incidents a season in three rows, four seasons', () => {
  const game = longGame({ incidents_per_season: 7, places: 3, seasons: 4, hidden_column: 7, mastermind_value: 0, die_faces: 10 }, 4);
  const { state, illegal } = playGame(game, { seed: 5, players: 5, strengths: ['sharp', 'casual'] });
  assert.equal(illegal, null);
  assert.equal(state.phase, 'over');
  assert.equal(state.season, 4);
  assert.deepEqual(state.layout.map((row) => row.length), [7, 7, 7]);
  assert.ok(state.log.filter((e) => e.e === 'award').every((e) => e.takers.length === 3));
});

test('with more than seven cards a round the sharp bot lays them greedily, and still legally', () => {
  const game = longGame({ incidents_per_season: 12, places: 2, seasons: 3, hidden_column: 12 }, 14);
  const { state, illegal } = playGame(game, { seed: 6, players: 4, strengths: 'sharp' });
  assert.equal(illegal, null);
  assert.equal(state.phase, 'over');
});

test('game data beyond the engine\'s bounds is refused, and a message never grows with its input', () => {
  const huge = { ...DATA, detectives: Array.from({ length: 65 }, (_, n) => ({ ...DATA.detectives[0], id: `d${n}`, number: n })) };
  const twice = DATA.detectives.map((d) => ({ ...d, actions: DATA.detectives[0].actions }));
  assert.deepEqual(problems({ ...DATA, detectives: twice }).slice(4), ['card id "kestrel-3h.1" is used twice', 'and 35 more card ids are used twice']);
  assert.deepEqual(problems(huge), ['the deck has 65 detectives, more than the engine\'s 64']);
  assert.deepEqual(problems({ ...DATA, parameters: { ...DATA.parameters, die_faces: 2 ** 40 } }),
    ['parameter die_faces must be a whole number from 1 to 1000000 (it is 1099511627776)']);
  let deep = [1];
  for (let n = 0; n < 100000; n += 1) deep = [deep];
  assert.equal(shown(deep), '[[[…]]]');
  assert.equal(shown('x'.repeat(500)), `"${'x'.repeat(60)}…"`);
  assert.equal(shown({ toString: 1, a: [1, 2, 3, 4, 5, 6] }), '{"toString":1,"a":[1,2,3,4,5,…]}');
  assert.deepEqual(apply(GAME, fresh(), { type: 'place', seat: 0, cards: [deep, 1, 2, 3, 4] }),
    { ok: false, reason: '[[[…]]] is not in Kestrel (seat 1)\'s hand' });
});
