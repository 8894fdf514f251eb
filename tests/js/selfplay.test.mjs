// Bots play whole games through the same `apply` as people; none of their actions is refused,
// the tracker always contains Jack's true position, and results are reproducible from the seed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadBoard } from '../../site/engine/hunt/board.js';
import { JackBot, PoliceBot } from '../../site/engine/hunt/bots.js';
import { actor, apply, newGame } from '../../site/engine/hunt/hunt.js';
import { Rng } from '../../site/engine/common/rng.js';
import { possiblePositions } from '../../site/engine/hunt/tracker.js';
import { view } from '../../site/engine/hunt/view.js';
import { playGame, selfPlay } from '../../site/engine/hunt/selfplay.mjs';
import { grid } from './helpers.mjs';

const small30 = () => loadBoard(JSON.parse(readFileSync(new URL('./fixtures/small30.board.json', import.meta.url), 'utf8')));

const OPTIONS = [
  ['base game', {}],
  ['every optional rule', { letters: true, false_clues: true, wide_area_arrest: true }],
  ['seed 003 hideout reading', { no_special_move_onto_hideout: true }],
];

for (const [what, options] of OPTIONS) {
  test(`self-play on small30 with ${what}: no illegal action`, () => {
    const s = selfPlay(small30(), { options }, { games: 30, seed: 11 });
    assert.equal(s.illegal, 0, JSON.stringify(s.illegalExamples));
    assert.equal(s.jackWins + s.policeWins, 30);
    assert.equal(s.arrests + s.cornered + s.outOfMoves, s.policeWins);
  });
}

test('self-play is reproducible from its seed', () => {
  const a = selfPlay(grid(6, 6), null, { games: 10, seed: 4 });
  const b = selfPlay(grid(6, 6), null, { games: 10, seed: 4 });
  for (const key of ['jackWins', 'arrests', 'escapes', 'escapeMoves', 'actions']) assert.equal(a[key], b[key]);
  const one = playGame(grid(6, 6), null, 4).state;
  assert.deepEqual(playGame(grid(6, 6), null, 4).state, one);
});

test('the tracker always holds Jack\'s true position during bot games', () => {
  const board = small30();
  const bots = { jack: new JackBot(board), police: new PoliceBot(board) };
  let checks = 0;
  for (let seed = 0; seed < 12; seed += 1) {
    let s = newGame({ board, rules: { options: { wide_area_arrest: true } }, seed });
    while (s.phase !== 'over') {
      if (s.phase === 'policeMove') {
        assert.ok(possiblePositions(board, view(s, 'police').log).includes(s.jack.pos));
        checks += 1;
      }
      const who = actor(s);
      const rng = new Rng(s.rng);
      const r = apply(board, s, bots[who].act(view(s, who), rng));
      assert.ok(r.ok, r.reason);
      s = { ...r.state, rng: rng.state };
    }
  }
  assert.ok(checks > 20, `only ${checks} checks`);
});

test('a game depends only on its seed, not on the games the same bots played before', () => {
  // On the 5 × 5 grid, games 8, 11 and 14 once began with the police bot's tracker left over from the game before.
  const board = grid(5, 5);
  const shared = { jack: new JackBot(board), police: new PoliceBot(board) };
  for (let seed = 0; seed < 16; seed += 1) {
    const after = playGame(board, null, seed, shared).state;
    const fresh = playGame(board, null, seed).state;
    assert.deepEqual(after, fresh, `seed ${seed}`);
  }
});

test('no action of a bot game changes an earlier state (cloneState shares lists: handlers must replace them)', () => {
  const board = small30();
  const bots = { jack: new JackBot(board, { strength: 0.7 }), police: new PoliceBot(board, { strength: 0.7 }) };
  const seen = new Set();
  for (let seed = 0; seed < 6; seed += 1) {
    let s = newGame({ board, rules: { options: { letters: true, false_clues: true, wide_area_arrest: true } }, seed });
    const earlier = [];
    while (s.phase !== 'over') {
      earlier.push([s, JSON.stringify(s)]);
      const who = actor(s);
      const rng = new Rng(s.rng);
      const action = bots[who].act(view(s, who), rng);
      const r = apply(board, s, action);
      assert.ok(r.ok, r.reason);
      seen.add(action.letter ? `${action.type} ${action.letter}` : action.type);
      s = { ...r.state, rng: rng.state };
    }
    for (const [state, json] of earlier) assert.equal(JSON.stringify(state), json, `game ${seed}`);
  }
  // Every handler that changes a list of the state (Jack's route and letters, the pawns, the women,
  // the scenes, the clues and false clues, the turn's searches) has had its turn.
  for (const type of ['moveWoman', 'kill', 'move', 'coach', 'alley', 'move 4', 'goulston', 'policeMove', 'search',
    'falseClue', 'letter 1', 'letter 3']) assert.ok(seen.has(type), type);
});
