// Both card-game engines refuse an action whose fields hold deeply nested values, at every point of whole
// bot games, with a reason: never a thrown error. A nested list used as a key is turned into text, deeply
// (rummy's vote looked its "suspect" up as a key: make fuzz's 20,000 saves found two such loads failing
// with "Maximum call stack size exceeded").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as rummy from '../../site/engine/rummy/engine.js';
import { botMove } from '../../site/engine/rummy/bots.js';
import { view as rummyView } from '../../site/engine/rummy/view.js';
import * as twentyfour from '../../site/engine/twentyfour/engine.js';
import { TwentyFourBot } from '../../site/engine/twentyfour/bots.js';
import { view as twentyfourView } from '../../site/engine/twentyfour/view.js';
import { GAME as RUMMY } from './rummy_helpers.mjs';
import { GAME as TWENTYFOUR } from './twentyfour_game.mjs';

let DEEP = 'x';
for (let i = 0; i < 50000; i += 1) DEEP = [DEEP];
const HOSTILE = [DEEP, [DEEP], { a: DEEP }];
const FIELDS = ['suspect', 'card', 'cards', 'meld', 'to', 'target', 'dice', 'stand', 'choice', 'seat'];

/** Every real action of the game, each field (its own and others actions use) replaced by each hostile value. */
function probe(engine, game, state, real) {
  const thrown = [];
  for (const field of new Set([...Object.keys(real), ...FIELDS].filter((f) => f !== 'type'))) {
    for (const value of HOSTILE) {
      try {
        const result = engine.apply(game, state, { ...real, [field]: value });
        // A field the action uses must be refused; one it does not use may be ignored.
        if (Object.hasOwn(real, field)) assert.equal(result.ok, false, `${real.type}.${field} accepted a nested value`);
      } catch (err) {
        if (err instanceof assert.AssertionError) throw err;
        thrown.push(`${real.type}.${field}: ${err.message}`);
      }
    }
  }
  return thrown;
}

test('Ripper rummy refuses nested values in any field of any action, at every point of a game', () => {
  const thrown = new Set();
  for (const players of [2, 3, 4]) {
    let s = rummy.newGame(RUMMY, { players, seed: 40 + players });
    while (s.phase !== 'over') {
      const action = botMove(RUMMY, rummyView(s, rummy.toMove(s)), 'sharp');
      for (const t of probe(rummy, RUMMY, s, action)) thrown.add(t);
      s = rummy.apply(RUMMY, s, action).state;
    }
  }
  assert.deepEqual([...thrown], []);
});

test('24 refuses nested values in any field of any action, at every point of a game', () => {
  const thrown = new Set();
  let s = twentyfour.newGame(TWENTYFOUR, { seed: 5, players: 4 });
  const bots = s.seats.map((_, seat) => new TwentyFourBot({ strength: 'sharp', seed: seat }));
  while (s.phase !== 'over') {
    const seat = twentyfour.actor(s);
    const action = bots[seat].act(TWENTYFOUR, twentyfourView(TWENTYFOUR, s, seat));
    for (const t of probe(twentyfour, TWENTYFOUR, s, action)) thrown.add(t);
    s = twentyfour.apply(TWENTYFOUR, s, action).state;
  }
  assert.deepEqual([...thrown], []);
});
