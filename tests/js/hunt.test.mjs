// The hunt's game flow on the ladder fixture: setup, the crime, Jack's moves, police moves,
// searches, arrests, end of night and every end condition. Refusal reasons are pinned.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, cloneState } from '../../site/engine/hunt/hunt.js';
import { womanTargets } from '../../site/engine/hunt/rules.js';
import { LADDER_RULES } from './helpers.mjs';
import { ladderGame, SETUP, WAIT_AND_KILL } from './ladder_game.mjs';

const { board, go, no, start, fresh, atCrime, atHunt } = ladderGame();

test('a new game waits for Jack to choose his hideout', () => {
  const s = fresh();
  assert.equal(s.phase, 'hideout');
  assert.equal(actor(s), 'jack');
  assert.equal(s.jack.coaches, 1);
});

const SETUP_REFUSALS = [
  ['a red hideout', [], { type: 'hideout', circle: 1 }, 'circle 1 is red: the hideout must be a circle that is not red'],
  ['a hideout off the board', [], { type: 'hideout', circle: 99 }, '99 is not a circle on this board'],
  ['a police action in Jack\'s phase', [], { type: 'policeMove', to: 'a' },
    '"policeMove" is not possible now: this is Jack\'s choice of hideout (hideout)'],
  ['too few marked women', SETUP.slice(0, 1), { type: 'women', marked: [1], unmarked: [3, 6] },
    'tonight Jack places 3 women tokens, 2 of them marked (got 1 marked, 2 unmarked)'],
  ['a women token off red', SETUP.slice(0, 1), { type: 'women', marked: [1, 2], unmarked: [3] },
    'circle 2 is not a free red circle (tokens go on red circles without a crime scene)'],
  ['two tokens on one circle', SETUP.slice(0, 1), { type: 'women', marked: [1, 1], unmarked: [3] },
    'each red circle takes at most one women token'],
  ['a first-night patrol off yellow', SETUP.slice(0, 2), { type: 'patrols', real: ['a', 'g'], fake: ['b'] },
    'Goulston Street is not yellow: on the first night every patrol token goes on a yellow crossing'],
  ['too many patrols', SETUP.slice(0, 2), { type: 'patrols', real: ['a', 'e', 'f'], fake: ['b'] },
    'tonight the police place 2 real and 1 fake patrol tokens (got 3 and 1)'],
];

for (const [what, before, action, reason] of SETUP_REFUSALS) {
  test(`refused: ${what}`, () => assert.equal(no(go(fresh(), before), action), reason));
}

test('revealing the women tokens leaves the marked ones as wretched', () => {
  const s = atCrime();
  assert.equal(s.phase, 'crime');
  assert.deepEqual(s.wretched, [1, 6]);
  assert.deepEqual(s.women, []);
  assert.deepEqual(s.log.at(-1), { e: 'wretched', circles: [1, 6] });
});

test('waiting moves each wretched to an empty neighbour not next to or through a patrol', () => {
  const s = go(atCrime(), [{ type: 'wait' }]);
  assert.equal(s.phase, 'moveWomen');
  assert.equal(actor(s), 'police');
  // 1 → 2 and 1 → 5 pass the patrol on a; 4 is free.
  assert.equal(no(s, { type: 'moveWoman', to: 2 }),
    'the women pawn on 1 may go to 4 (an empty neighbour, not a crime scene, not next to or through a patrol token)');
  const t = go(s, [{ type: 'moveWoman', to: 4 }]);
  // 6 → 3 passes e; 5 is free.
  assert.equal(no(t, { type: 'moveWoman', to: 3 }),
    'the women pawn on 6 may go to 5 (an empty neighbour, not a crime scene, not next to or through a patrol token)');
  const u = go(t, [{ type: 'moveWoman', to: 5 }]);
  assert.deepEqual(u.wretched, [4, 5]);
  assert.equal(u.phase, 'revealPatrol');
});

test('a wretched with nowhere to go stays put', () => {
  // Patrols on a, b, f: from 1 only 4 is reachable and f watches it; from 6, 3 is watched by b and 5 by f.
  const s = go(fresh(), [SETUP[0], SETUP[1], { type: 'patrols', real: ['a', 'f'], fake: ['b'] }, { type: 'wait' }]);
  assert.equal(s.phase, 'revealPatrol');
  assert.deepEqual(s.wretched, [1, 6]);
});

test('turning over a fake patrol removes it, a real one stays face up', () => {
  const s = go(atCrime(), WAIT_AND_KILL.slice(0, 4));
  assert.deepEqual(s.patrols.map((p) => p.at), ['a', 'e']);
  const t = go(s, [{ type: 'wait' }, { type: 'revealPatrol', at: 'a' }]);
  assert.deepEqual(t.patrols.find((p) => p.at === 'a'), { at: 'a', pawn: 0, revealed: true });
  assert.equal(no(t, { type: 'wait' }), 'the time of the crime is on its last space: Jack must kill now');
});

test('the kill places the police, starts the hunt and sets the track', () => {
  const s = atHunt();
  assert.equal(s.phase, 'jack');
  assert.deepEqual(s.pawns, ['a', 'e']);
  assert.equal(s.jack.pos, 5);
  assert.deepEqual(s.jack.route, [5]);
  assert.equal(s.jack.maxMoves, 5, 'four moves plus one wait');
  assert.deepEqual(s.scenes, [{ circle: 5, night: 1 }]);
  assert.deepEqual(s.wretched, []);
  assert.equal(no(atCrime(), { type: 'kill', victims: [3] }), 'there is no women pawn on circle 3');
});

const JACK_REFUSALS = [
  ['a move through a police crossing', { type: 'move', to: 1 }, 'every way from 5 to 1 passes a crossing held by police'],
  ['a move to a circle that is not adjacent', { type: 'move', to: 3 }, 'circle 3 is not one step from 5'],
  ['escape away from the hideout', { type: 'move', to: 6, escape: true }, 'Jack may declare his escape only on his hideout'],
  ['a coach back to the start', { type: 'coach', via: 6, to: 5 }, 'a coach may not end on the circle it started from'],
  ['a coach with a bad second step', { type: 'coach', via: 6, to: 1 }, 'circle 1 is not one step from 6'],
  ['an alley outside the blocks', { type: 'alley', to: 5 }, 'circle 5 does not share a block with 5'],
  ['escape after a coach', { type: 'coach', via: 1, to: 4, escape: true }, 'Jack may declare his escape only after a normal move'],
];

for (const [what, action, reason] of JACK_REFUSALS) {
  test(`refused: ${what}`, () => assert.equal(no(atHunt(), action), reason));
}

test('a coach passes police, takes two spaces and its token', () => {
  const s = go(atHunt(), [{ type: 'coach', via: 1, to: 2 }]);
  assert.deepEqual(s.jack.route, [5, 1, 2]);
  assert.equal(s.jack.movesUsed, 2);
  assert.equal(s.jack.coaches, 0);
  assert.deepEqual(s.log.at(-1), { e: 'jack', kind: 'coach', police: ['a', 'e'] });
  assert.equal(s.phase, 'policeMove');
});

test('an alley crosses a block, once per token', () => {
  const s = go(atHunt(), [{ type: 'alley', to: 3 }]);
  assert.equal(s.jack.pos, 3);
  assert.equal(s.jack.alleys, 0);
  const t = go(s, [{ type: 'policeMove', to: 'a' }, { type: 'policeMove', to: 'e' },
    { type: 'pass' }, { type: 'pass' }]);
  assert.equal(no(t, { type: 'alley', to: 2 }), 'Jack has no alley token left tonight');
});

test('police move up to two crossings and never share one', () => {
  const s = go(atHunt(), [{ type: 'move', to: 6 }]);
  assert.equal(no(s, { type: 'policeMove', to: 'e' }), 'yellow pawn: the crossing by 3 and 6 already holds another police pawn');
  const r = go(s, [{ type: 'policeMove', to: 'd' }]);
  assert.equal(no(r, { type: 'policeMove', to: 'c' }), 'red pawn: the crossing by 1 and 4 is more than two crossings from the crossing by 3 and 6');
  const t = go(r, [{ type: 'policeMove', to: 'g' }]);
  assert.deepEqual(t.pawns, ['d', 'g']);
  assert.equal(t.phase, 'policeAction');
});

test('a search goes on until a clue is found; the crime scene is a clue', () => {
  const s = go(atHunt(), [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' }, { type: 'policeMove', to: 'g' },
    { type: 'search', circle: 2 }]);
  assert.equal(s.turn.pawn, 0, 'no clue on 2: the same pawn names another circle');
  assert.equal(no(s, { type: 'search', circle: 2 }), 'circle 2 was already searched by this pawn');
  assert.equal(no(s, { type: 'arrest', circle: 5 }), 'this pawn has started a search and cannot also arrest');
  const t = go(s, [{ type: 'search', circle: 5 }]);
  assert.deepEqual(t.clues, [5]);
  assert.equal(t.turn.pawn, 1);
  assert.equal(no(t, { type: 'search', circle: 5 }), 'circle 5 already holds a clue');
  assert.equal(no(t, { type: 'search', circle: 1 }), 'circle 1 is not next to Goulston Street');
  assert.deepEqual(t.log.slice(-2).map((e) => [e.circle, e.found]), [[2, false], [5, true]]);
});

test('a failed arrest ends the pawn\'s action; a right one wins', () => {
  const s = go(atHunt(), [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' }, { type: 'policeMove', to: 'g' },
    { type: 'arrest', circle: 5 }]);
  assert.equal(s.turn.pawn, 1);
  assert.deepEqual(s.log.at(-1), { e: 'arrest', circles: [5], success: false });
  const t = go(s, [{ type: 'arrest', circle: 6 }]);
  assert.equal(t.phase, 'over');
  assert.equal(t.winner, 'police');
  assert.equal(t.reason, 'Jack is arrested on circle 6 on night 1');
  assert.equal(actor(t), null);
  assert.equal(no(t, { type: 'pass' }), 'the game is over: Jack is arrested on circle 6 on night 1');
});

test('wide-area arrest names every circle next to the pawn', () => {
  const s = go(atHunt({ wide_area_arrest: true }), [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' },
    { type: 'policeMove', to: 'b' }, { type: 'arrest' }]);
  assert.deepEqual(s.log.at(-1), { e: 'arrest', circles: [2, 5], success: false });
  const t = go(s, [{ type: 'pass' }, { type: 'move', to: 3 }, { type: 'policeMove', to: 'd' },
    { type: 'policeMove', to: 'b' }, { type: 'pass' }, { type: 'arrest' }]);
  assert.equal(t.winner, 'police');
});

test('escape on the hideout ends the night; the next night keeps pawns and scenes', () => {
  const s = go(atHunt(), [{ type: 'move', to: 4, escape: true }]);
  assert.equal(s.night, 2);
  assert.equal(s.phase, 'women');
  assert.deepEqual(s.nights.map(({ night, moves, route }) => [night, moves, route]), [[1, 1, [5, 4]]]);
  assert.deepEqual(s.nights[0].log.at(-1), { e: 'jack', kind: 'normal', police: ['a', 'e'] }, 'the night\'s log is kept');
  assert.deepEqual(s.pawns, ['a', 'e']);
  assert.deepEqual(s.log, [{ e: 'head', pawn: 1 }], 'the night\'s log starts afresh with the new head');
  assert.equal(s.jack.coaches, 1);
  assert.equal(no(s, { type: 'women', marked: [5, 1], unmarked: [] }),
    'circle 5 is not a free red circle (tokens go on red circles without a crime scene)');
});

test('Jack may stay on his hideout without declaring', () => {
  const s = go(atHunt(), [{ type: 'move', to: 4 }]);
  assert.equal(s.phase, 'policeMove');
  assert.equal(s.night, 1);
});

test('later nights: patrols go where the police ended plus other yellow crossings', () => {
  const s = go(atHunt(), [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] }]);
  assert.equal(no(s, { type: 'patrols', real: ['a', 'b'], fake: ['f'] }),
    'the crossing by 3 and 6 held a police pawn last night and must take a patrol token');
  assert.equal(no(s, { type: 'patrols', real: ['a', 'e'], fake: ['g'] }),
    'Goulston Street is neither a crossing the police ended on last night nor another yellow crossing');
  const t = go(s, [{ type: 'patrols', real: ['e', 'f'], fake: ['a'] }]);
  assert.equal(t.phase, 'crime');
});

function nightTwoHunt(options = {}) {
  return go(atHunt(options), [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', real: ['a', 'e'], fake: ['b'] }, ...(options.letters ? [{ type: 'skip' }] : []),
    { type: 'kill', victims: [6, 1] }]);
}

test('the double event: two scenes, the second is the start and costs a move', () => {
  const s = nightTwoHunt();
  assert.equal(s.jack.pos, 1);
  assert.deepEqual(s.jack.route, [6, 1]);
  assert.equal(s.jack.movesUsed, 1);
  assert.equal(s.jack.maxMoves, 4);
  assert.deepEqual(s.log.at(-1), { e: 'scenes', circles: [1, 6], moves: 4 });
  assert.equal(no(go(atHunt(), [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', real: ['a', 'e'], fake: ['b'] }]), { type: 'kill', victims: [6] }), 'tonight Jack kills 2 different women pawns');
});

test('escaping on the last night wins the game for Jack', () => {
  // From 1 with police on a and e: 4 is one normal step away.
  const s = go(nightTwoHunt(), [{ type: 'move', to: 4, escape: true }]);
  assert.equal(s.winner, 'jack');
  assert.equal(s.reason, 'Jack escapes on the last night: 2 nights without arrest');
});

test('the police win when Jack\'s track runs out', () => {
  let s = nightTwoHunt();
  const loop = [{ type: 'move', to: 4 }, { type: 'move', to: 1 }, { type: 'move', to: 4 }];
  // Night 2: the red pawn (on e) leads.
  for (const step of loop.slice(0, 2)) s = go(s, [step, { type: 'policeMove', to: 'e' }, { type: 'policeMove', to: 'a' }, { type: 'pass' }, { type: 'pass' }]);
  s = go(s, [loop[2]]);
  assert.equal(s.winner, 'police');
  assert.equal(s.reason, "Jack's track ran out on night 2 before he reached his hideout");
});

test('the police win when Jack is cornered', () => {
  // Jack on 4 with police on c and f and no special moves left: no way out.
  let s = go(atHunt(), [{ type: 'coach', via: 6, to: 3 }, { type: 'policeMove', to: 'a' }, { type: 'policeMove', to: 'e' },
    { type: 'pass' }, { type: 'pass' }, { type: 'alley', to: 5 }]);
  s = go(s, [{ type: 'policeMove', to: 'c' }, { type: 'policeMove', to: 'g' }, { type: 'pass' }, { type: 'pass' }]);
  assert.equal(s.phase, 'jack');
  s = go(s, [{ type: 'move', to: 4 }, { type: 'policeMove', to: 'c' }]);
  assert.equal(s.phase, 'policeMove');
  s = go(s, [{ type: 'policeMove', to: 'f' }, { type: 'pass' }, { type: 'pass' }]);
  assert.equal(s.winner, 'police');
  assert.equal(s.reason, 'Jack is cornered on night 1: he has no legal move');
});

test('variant: no special move onto the hideout', () => {
  const s = atHunt({ no_special_move_onto_hideout: true });
  assert.equal(no(s, { type: 'alley', to: 4 }), 'with this variant an alley may not enter the hideout');
  assert.equal(no(s, { type: 'coach', via: 6, to: 4 }), 'circle 4 is not one step from 6');
  assert.equal(no(s, { type: 'coach', via: 1, to: 4 }), 'with this variant a coach may not enter the hideout');
  const base = go(atHunt(), [{ type: 'alley', to: 4 }]);
  assert.equal(base.jack.pos, 4, 'by default a special move may end on the hideout');
});

test('false clues: one per two clues found, and the circle cannot be searched', () => {
  let s = go(atHunt({ false_clues: true }), [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' },
    { type: 'policeMove', to: 'g' }]);
  assert.equal(s.phase, 'policeAction', 'no clue found yet: no false clue');
  s = go(s, [{ type: 'search', circle: 5 }, { type: 'search', circle: 6 }, { type: 'move', to: 3 },
    { type: 'policeMove', to: 'd' }, { type: 'policeMove', to: 'e' }]);
  assert.equal(s.phase, 'falseClue');
  assert.equal(actor(s), 'jack');
  s = go(s, [{ type: 'falseClue', circle: 3 }]);
  assert.equal(s.phase, 'policeAction');
  assert.equal(no(go(s, [{ type: 'pass' }]), { type: 'search', circle: 3 }),
    'circle 3 holds a false clue and cannot be searched tonight');
});

test('apply never changes the state it is given', () => {
  const s = atHunt();
  const before = JSON.stringify(s);
  go(s, [{ type: 'move', to: 6 }]);
  no(s, { type: 'move', to: 3 });
  assert.equal(JSON.stringify(s), before);
});

test('cloneState copies the objects handlers change and shares every list (handlers replace lists)', () => {
  const s = atHunt();
  const copy = cloneState(s);
  assert.deepEqual(copy, s);
  // The same keys in the same order as newGame's, down to Jack's and the turn's (a key missed here is dropped).
  assert.deepEqual(Object.keys(copy), Object.keys(s));
  assert.deepEqual(Object.keys(copy.jack), Object.keys(s.jack));
  assert.deepEqual(Object.keys(copy.turn), Object.keys(s.turn));
  assert.deepEqual(Object.keys(copy.stats), Object.keys(s.stats));
  for (const key of ['jack', 'turn', 'stats']) assert.notEqual(copy[key], s[key], key);
  // Replaced by the handlers, never changed in place: shared, so cloning makes no garbage of them
  // (and the views trim each once). The next test holds the handlers to it.
  for (const key of ['rng', 'headTiles', 'pawns', 'patrols', 'women', 'wretched', 'scenes', 'clues', 'falseClues', 'log',
    'nights']) assert.equal(copy[key], s[key], key);
  for (const key of ['route', 'letters']) assert.equal(copy.jack[key], s.jack[key], `jack.${key}`);
  for (const key of ['searched', 'letterPatrols']) assert.equal(copy.turn[key], s.turn[key], `turn.${key}`);
});

test('the time of the crime may be given as its space labels', () => {
  const rules = { ...LADDER_RULES, parameters: { ...LADDER_RULES.parameters, time_of_crime_spaces: ['III', 'II', 'I'] } };
  let s = go(start(rules), SETUP);
  s = go(s, [{ type: 'wait' }, { type: 'moveWoman', to: 4 }, { type: 'moveWoman', to: 5 }, { type: 'revealPatrol', at: 'b' },
    { type: 'wait' }]);
  assert.equal(s.jack.waits, 2);
  while (s.phase !== 'crime') s = go(s, [s.phase === 'moveWomen' ? { type: 'moveWoman', to: womanTo(s) } : { type: 'revealPatrol', at: s.patrols.find((p) => !p.revealed).at }]);
  assert.equal(no(s, { type: 'wait' }), 'the time of the crime is on its last space: Jack must kill now');
});

function womanTo(s) {
  const i = s.turn.woman;
  return womanTargets(board, s.wretched[i], { patrols: s.patrols.map((p) => p.at), occupied: s.wretched.filter((_, j) => j !== i),
    scenes: s.scenes.map((x) => x.circle) })[0];
}

test('max_police_steps limits police moves', () => {
  const rules = { ...LADDER_RULES, parameters: { ...LADDER_RULES.parameters, max_police_steps: 1 } };
  const s = go(start(rules), [...SETUP, ...WAIT_AND_KILL, { type: 'move', to: 6 }]);
  assert.equal(no(s, { type: 'policeMove', to: 'f' }), 'yellow pawn: the crossing by 4 and 5 is more than one crossing from the crossing by 1 and 2');
  assert.deepEqual(go(s, [{ type: 'policeMove', to: 'd' }]).pawns, ['d', 'e']);
});

test('a variant without the patrol peek skips turning a patrol over', () => {
  const rules = { ...LADDER_RULES, rules: ['hunt.night.wait'] };
  const s = go(start(rules), [...SETUP, { type: 'wait' }, { type: 'moveWoman', to: 4 }, { type: 'moveWoman', to: 5 }]);
  assert.equal(s.phase, 'crime');
  assert.equal(s.patrols.length, 3);
  const peek = go(start({ ...rules, rules: ['hunt.night.patrol-peek'] }),
    [...SETUP, { type: 'wait' }, { type: 'moveWoman', to: 4 }, { type: 'moveWoman', to: 5 }]);
  assert.equal(peek.phase, 'revealPatrol');
});
