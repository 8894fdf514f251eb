// Rule points of seeds 000 and 003 that the engine enforces, one test each: breaking the rule in
// the engine fails its test. The ladder fixture, with the yellow pawn leading night 1 and red night 2.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { womenQuota } from '../../site/engine/hunt/hunt.js';
import { ladderGame } from './ladder_game.mjs';

const { board, go, no, atCrime, atHunt } = ladderGame();
const stay = (a, b) => [{ type: 'policeMove', to: a }, { type: 'policeMove', to: b }];
const PASS = [{ type: 'pass' }, { type: 'pass' }];

/** Night 1: Jack goes 5 → 6; the yellow pawn searches from d and finds a clue on 5; Jack escapes 6 → 5 → 4. */
function nightOneWithClue() {
  const found = go(atHunt(), [{ type: 'move', to: 6 }, ...stay('d', 'e'), { type: 'search', circle: 5 }]);
  assert.deepEqual(found.clues, [5]);
  return go(found, [{ type: 'pass' }, { type: 'move', to: 5 }, ...stay('d', 'e'), ...PASS, { type: 'move', to: 4, escape: true }]);
}

test('clue markers are cleared at the end of each night (seed 000)', () => {
  const s = nightOneWithClue();
  assert.equal(s.night, 2);
  assert.deepEqual(s.clues, []);
});

test('searches see only tonight\'s route (seed 000)', () => {
  // Night 2: the double event on 6 and 1, Jack goes 1 → 4; circle 5 was on night 1's route only.
  const s = go(nightOneWithClue(), [{ type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', real: ['d', 'e'], fake: ['a'] }, { type: 'kill', victims: [6, 1] }, { type: 'move', to: 4 },
    ...stay('e', 'd'), { type: 'pass' }, { type: 'search', circle: 5 }]);
  assert.deepEqual(s.log.at(-1), { e: 'search', circle: 5, found: false, pawn: 0 });
  assert.deepEqual(s.jack.route, [6, 1, 4]);
});

/** Night 1 ends with a crime scene on red circle 6: Jack kills at once, then goes 6 → 5 → 4. */
function sceneOnRed() {
  return go(atCrime(), [{ type: 'kill', victims: [6] }, { type: 'move', to: 5 }, ...stay('a', 'e'), ...PASS,
    { type: 'move', to: 4, escape: true }]);
}

test('crime scenes stay on the board from night to night (seed 000)', () => {
  const s = sceneOnRed();
  assert.equal(s.night, 2);
  assert.deepEqual(s.scenes, [{ circle: 6, night: 1 }]);
  const t = go(s, [{ type: 'women', marked: [1, 3], unmarked: [] }, { type: 'patrols', real: ['a', 'e'], fake: ['b'] },
    { type: 'kill', victims: [3, 1] }]);
  assert.deepEqual(t.scenes.map((x) => x.circle), [6, 3, 1]);
});

test('no women token on a red circle that holds a crime scene (seed 000)', () => {
  const s = sceneOnRed();
  assert.deepEqual(womenQuota(board, s).free, [1, 3]);
  assert.equal(no(s, { type: 'women', marked: [1, 6], unmarked: [] }),
    'circle 6 is not a free red circle (tokens go on red circles without a crime scene)');
});

/** The police actions of night 1 with Jack on 6: yellow on d (next to 2 and 5), red on g (next to 5 and 6). */
const arrestRound = (options) => go(atHunt(options), [{ type: 'move', to: 6 }, ...stay('d', 'g'), { type: 'pass' }]);

test('a false clue closes its circle to an arrest (seed 003)', () => {
  const s = arrestRound({ false_clues: true });
  assert.equal(no({ ...s, falseClues: [6] }, { type: 'arrest', circle: 6 }), 'circle 6 holds a false clue and cannot be named tonight');
  assert.equal(go(s, [{ type: 'arrest', circle: 6 }]).winner, 'police', 'without the false clue the arrest succeeds');
});

test('a wide-area arrest passes over a circle with a false clue (seed 003)', () => {
  const s = arrestRound({ false_clues: true, wide_area_arrest: true });
  const t = go({ ...s, falseClues: [6] }, [{ type: 'arrest' }]);
  assert.equal(t.winner, null);
  assert.deepEqual(t.log.at(-1), { e: 'arrest', circles: [5], success: false });
  assert.equal(go(s, [{ type: 'arrest' }]).winner, 'police', 'without the false clue the arrest succeeds');
});

test('one letter a night: a patrol letter closes the pawn letter that night (seed 003)', () => {
  const { go: goL, no: noL, atHunt: huntL } = ladderGame(undefined, { pawn_letter_pawns: ['red'], pawn_letter_alternative: 'yellow' });
  const night2 = goL(huntL({ letters: true }), [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', real: ['a', 'e'], fake: ['b'] }]);
  const hunt = goL(night2, [{ type: 'letter', letter: 1, from: 'b', to: 'g' }, { type: 'kill', victims: [6, 1] }]);
  assert.equal(noL(hunt, { type: 'move', to: 4, letter: 4, place: 'Goulston Street', pawn: 1 }), 'the pawn letter cannot be sent tonight');
  const quiet = goL(night2, [{ type: 'skip' }, { type: 'kill', victims: [6, 1] }]);
  assert.equal(goL(quiet, [{ type: 'move', to: 4, letter: 4, place: 'Goulston Street', pawn: 1 }]).phase, 'goulston');
});

