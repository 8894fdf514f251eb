// Per-seat views of 24: another seat's hand and unrevealed choices, the stand-in's pile and cards, the
// deck's order, face-down incidents, the seed and the generator never reach a view. Checked two ways on
// every state of bot games: the serialized view is searched for every hidden card id, and a state with all
// of that redrawn gives the very same view.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, apply, newGame } from '../../site/engine/twentyfour/engine.js';
import { TwentyFourBot } from '../../site/engine/twentyfour/bots.js';
import { SKILLS, skillOf } from '../../site/engine/twentyfour/rules.js';
import { view } from '../../site/engine/twentyfour/view.js';
import { GAME, twin } from './twentyfour_game.mjs';

/** Every state of a bot game (before each action), with 3, 4 and 5 players. */
function* states(seeds = [1, 2, 3]) {
  for (const [n, seed] of seeds.entries()) {
    let state = newGame(GAME, { seed, players: 3 + (n % 3) });
    const bots = state.seats.filter((x) => !x.npc).map((_, s) => new TwentyFourBot({ strength: s % 2 ? 'casual' : 'sharp', seed: s }));
    while (state.phase !== 'over') {
      yield state;
      const seat = actor(state);
      const r = apply(GAME, state, bots[seat].act(GAME, view(GAME, state, seat)));
      assert.ok(r.ok, r.reason);
      state = r.state;
    }
    yield state;
  }
}

const sees = (state, seat) => skillOf(GAME, state.seats[seat], state.season) === SKILLS.sharpEyes;

/** The card ids hidden from `seat` in `state`. */
function secrets(state, seat) {
  const out = [...state.deck];
  state.layout.forEach((row, r) => row.forEach((id, c) => { if (state.faceDown[r][c] && !sees(state, seat)) out.push(id); }));
  state.seats.forEach((x, i) => {
    if (i === seat) return;
    out.push(...x.hand, ...x.pile);
    if (state.phase === 'place' && x.commit) out.push(...x.commit);
    x.plays.forEach(([a, b], n) => {
      if (a && !state.revealed.first) out.push(a);
      if (b && !state.revealed.second[n]) out.push(b);
    });
  });
  return out;
}

test('a serialized view holds none of the card ids hidden from its seat, nor the seed or the generator', () => {
  let checked = 0;
  for (const state of states()) {
    if (state.phase === 'over') continue;
    state.seats.forEach((x, seat) => {
      if (x.npc) return;
      const text = JSON.stringify(view(GAME, state, seat));
      for (const id of secrets(state, seat)) assert.ok(!text.includes(`"${id}"`), `${id} reached seat ${seat}'s view in ${state.phase}`);
      assert.ok(!text.includes('"rng"') && !text.includes('"seed"') && !text.includes('"deck"') && !text.includes('"pile"'));
      checked += 1;
    });
  }
  assert.ok(checked > 500, `${checked} views checked`);
});

test('a state with everything hidden from a seat redrawn gives the seat the same view', () => {
  let differing = 0;
  for (const state of states([4, 5, 6])) {
    if (state.phase === 'over') continue;
    state.seats.forEach((x, seat) => {
      if (x.npc) return;
      const other = twin(GAME, state, seat, sees(state, seat), seat + 7);
      if (JSON.stringify(other) !== JSON.stringify(state)) differing += 1;
      assert.deepEqual(view(GAME, other, seat), view(GAME, state, seat));
    });
  }
  assert.ok(differing > 500, 'the redrawn states really differ');
});

test('the table view (seat null) shows only what every player sees; an unknown seat is refused', () => {
  const state = newGame(GAME, { seed: 9, players: 3 });
  const table = view(GAME, state, null);
  assert.ok(table.seats.every((x) => x.hand === undefined));
  assert.deepEqual(table.layout.map((row) => row[4]), [null, null]);
  assert.throws(() => view(GAME, state, 3), { message: 'unknown seat 3: use a player\'s seat index or null for the table' });
});

test('once the game is over every card is shown, the generator still not', () => {
  let last;
  for (const state of states([8])) last = state;
  const seen = view(GAME, last, 0);
  assert.deepEqual(seen.seats[1].hand, last.seats[1].hand);
  assert.equal(JSON.stringify(seen).includes('"rng"'), false);
});
