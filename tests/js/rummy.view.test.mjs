// Ripper rummy per-seat views: no other seat's card, no case-file order and no card under Scotland Yard's top
// ever reaches a view (searched for in the serialized view at every step of whole bot games), and a view is
// the same whatever the hidden cards are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rng, seedRng } from '../../site/engine/common/rng.js';
import { view } from '../../site/engine/rummy/view.js';
import { botGame, E, GAME, rig, shuffleHidden, V } from './rummy_helpers.mjs';

/** Cards whose identity became public while in a hand this hand (drawn from Scotland Yard's top, taken with a scene). */
function publicCards(events, known) {
  for (const e of events) {
    if (e.e === 'deal') known.clear();
    if ((e.e === 'draw' && e.from === 'yard') || e.e === 'pick') known.add(e.card);
  }
}

test('no view holds another seat\'s card, the case file or a card under Scotland Yard\'s top, in whole bot games', () => {
  let checked = 0;
  for (const players of [2, 3, 4]) {
    for (let seed = 0; seed < 4; seed += 1) {
      const known = new Set();
      botGame({ players, seed, strengths: ['sharp', 'easy', 'sharp', 'easy'].slice(0, players), visit: (s) => {
        publicCards(s.events, known);
        for (let seat = 0; seat < players; seat += 1) {
          const v = view(s, seat);
          // The last hand's cards are all shown at its scoring (and reappear in the next deal); the events name the
          // cards everyone saw move in the last action, some of which now lie under Scotland Yard's top.
          const { lastHand, events, ...rest } = v;
          const text = JSON.stringify(rest);
          const under = v.lookThrough ? [] : s.yard.slice(0, -1);
          const unseen = [...s.file, ...s.held.flatMap((h, i) => (i === seat ? [] : h))].filter((id) => !known.has(id));
          for (const id of [...unseen, ...under]) assert.ok(!text.includes(`"${id}"`), `seed ${seed}, seat ${seat} sees ${id}`);
          const dealt = events.findIndex((e) => e.e === 'deal'); // events before a deal belong to the hand just scored
          const told = JSON.stringify(events.slice(Math.max(dealt, 0)));
          for (const id of unseen) assert.ok(!told.includes(`"${id}"`), `seed ${seed}, seat ${seat} is told of ${id}`);
          for (const key of ['"held":', '"file":', '"rng":', '"ballots":', '"yard":', '"seed":']) assert.ok(!text.includes(key), key);
          assert.ok(lastHand === null || lastHand.hand === s.handNumber - 1 || s.phase === 'over');
          checked += 1;
        }
      } });
    }
  }
  assert.ok(checked > 3000, `only ${checked} views checked`);
});

test('a view is the same whatever the hidden cards are', () => {
  const rng = new Rng(seedRng(9));
  let checked = 0;
  for (const players of [2, 4]) {
    botGame({ players, seed: 21, visit: (s) => {
      for (let seat = 0; seat < players; seat += 1) {
        assert.deepEqual(view(shuffleHidden(s, seat, rng), seat), view(s, seat));
        checked += 1;
      }
    } });
  }
  assert.ok(checked > 500);
});

test('a view names a seat\'s own cards and counts the others\'', () => {
  const s = rig({ players: 3, hands: [[E('crimson')], [E('teal'), E('moss')], [E('ochre')]], table: [[V('ada')]], yard: [E('slate')] });
  const v = view(s, 1);
  assert.deepEqual([v.hand, v.handCounts, v.yardTop, v.caseFile, v.victims], [[E('teal'), E('moss')], [1, 2, 1], E('slate'), s.file.length, 1]);
  assert.equal(v.vote, null);
  assert.throws(() => view(s, 3), { message: 'unknown seat 3: seats are 0 to 2' });
  assert.equal(GAME.cards[v.hand[0]].kind, 'evidence');
});
