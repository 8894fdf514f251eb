// What the play page tells the players: log lines and the summary of the night just ended.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logLines, nightSummary } from '../../site/engine/hunt/story.js';
import { view } from '../../site/engine/hunt/view.js';
import { ladderGame } from './ladder_game.mjs';

const { board, go, atHunt } = ladderGame();

/** Night 1: Jack goes 5 → 6 → 5 → 4 home; the yellow pawn finds a clue on 5, the red one tries an arrest on 6. */
function afterNightOne() {
  return go(atHunt(), [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' }, { type: 'policeMove', to: 'e' },
    { type: 'search', circle: 5 }, { type: 'arrest', circle: 3 }, { type: 'move', to: 5 }, { type: 'policeMove', to: 'd' },
    { type: 'policeMove', to: 'e' }, { type: 'pass' }, { type: 'pass' }, { type: 'move', to: 4, escape: true }]);
}

test('log lines name places as players see them and read as sentences', () => {
  assert.deepEqual(logLines(board, [
    { e: 'head', pawn: 1 }, { e: 'scenes', circles: [1, 6], moves: 4 }, { e: 'jack', kind: 'coach', police: [] },
    { e: 'search', circle: 2, found: true }, { e: 'arrest', circles: [2, 5], success: false },
    { e: 'arrest', circles: [6], success: true },
    { e: 'patrol', at: 'g', real: false }, { e: 'letter', letter: 4, pawn: 1, place: 'Goulston Street' }, { e: 'wretched' },
  ]), [
    "The red pawn's player heads the investigation tonight.", 'Crime scenes: 1 and 6; 4 moves on the track.',
    'Jack moves (by coach).', 'Search on 2: a clue.', 'Arrest on 2 and 5: nobody there.',
    'Arrest on 6: Jack is caught.', 'Patrol token on Goulston Street turned over: blank.', 'Jack sends the pawn letter (Goulston Street) to Goulston Street.',
  ]);
});

test('the police read the night\'s summary without Jack\'s route; Jack reads it with his', () => {
  const s = afterNightOne();
  const police = nightSummary(board, view(s, 'police'));
  assert.equal(police, 'Night 1 is over: Jack reached his hideout after 3 moves. The police found 1 clue (on 5) and '
    + 'tried 1 arrest. Crime scenes so far: 5 (no women token goes there again). Night 2: 2 women tokens, 2 marked; '
    + 'Jack has 1 coach and 1 alley; one patrol token, real or blank, goes where each police pawn ended, the others on '
    + 'other yellow crossings.');
  assert.ok(nightSummary(board, view(s, 'jack')).includes("Jack's route: 5 → 6 → 5 → 4."));
});

test('the summary stays until the next crime', () => {
  const s = afterNightOne();
  const placed = go(s, [{ type: 'women', marked: [1, 6], unmarked: [] }, { type: 'patrols', real: ['d', 'e'], fake: ['a'] }]);
  assert.notEqual(nightSummary(board, view(placed, 'police')), null);
  assert.equal(nightSummary(board, view(go(placed, [{ type: 'kill', victims: [6, 1] }]), 'police')), null);
  assert.equal(nightSummary(board, view(atHunt(), 'police')), null, 'no summary before the first night ends');
});
