// The head of investigation (seeds 000 and 003): each night the top head tile names the head; the
// police move and act clockwise from the head. Pawns sit clockwise in colour order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apply, firstPawn, newGame, policeOrder } from '../../site/engine/hunt/hunt.js';
import { beginRecord, load, save } from '../../site/engine/hunt/save.js';
import { view } from '../../site/engine/hunt/view.js';
import { ladder, LADDER_RULES, run } from './helpers.mjs';
import { ladderGame } from './ladder_game.mjs';

const board = ladder();

// One tile per pawn in play: the ladder has 4 yellow crossings, so 5 police bring 4 pawns and 4 tiles (a tile
// for a pawn not on the board would name a head who is not there while another pawn leads).
for (const [policeCount, inPlay] of [[5, 4], [3, 3]]) {
  test(`each night turns over a new head tile until every pawn in play has led (${policeCount} police, ${inPlay} pawns)`, () => {
    const rules = { parameters: { ...LADDER_RULES.parameters, police_count: policeCount, nights: 9 } };
    const firsts = new Set();
    for (let seed = 0; seed < 40; seed += 1) {
      let s = newGame({ board, rules, seed });
      const heads = [s.head];
      for (let night = 2; night <= inPlay + 1; night += 1) {
        s = drawNextNight(s);
        heads.push(s.head);
      }
      const all = [...Array(inPlay).keys()];
      assert.deepEqual(heads.slice(0, inPlay).sort(), all, `seed ${seed}: heads ${heads}`);
      assert.ok(all.includes(heads[inPlay]), 'the stack is shuffled again once every tile is turned');
      firsts.add(heads[0]);
    }
    assert.equal(firsts.size, inPlay, 'every pawn in play can lead the first night');
  });
}

/** The next night: Jack, one step from his hideout with no police about, escapes at once. */
function drawNextNight(state) {
  const s = { ...state, phase: 'jack', jack: { ...state.jack, pos: 1, hideout: 4, maxMoves: 5, movesUsed: 0 }, pawns: [] };
  return run(apply, board, s, [{ type: 'move', to: 4, escape: true }]);
}

test('the police move and act clockwise starting from the head', () => {
  const { go, no, atHunt } = ladderGame();
  const led = { ...atHunt(), head: 1 };
  const s = go({ ...led, turn: { ...led.turn, pawn: 1 } }, [{ type: 'move', to: 6 }]);
  assert.equal(s.turn.pawn, 1, 'the red pawn (the head) moves first');
  assert.equal(no(s, { type: 'policeMove', to: 'c' }), 'red pawn: the crossing by 1 and 4 is more than two crossings from the crossing by 3 and 6');
  const moved = go(s, [{ type: 'policeMove', to: 'g' }]);
  assert.equal(moved.turn.pawn, 0, 'then the yellow pawn');
  const acting = go(moved, [{ type: 'policeMove', to: 'd' }]);
  assert.equal(acting.phase, 'policeAction');
  assert.equal(acting.turn.pawn, 1, 'the head acts first too');
  assert.equal(go(acting, [{ type: 'pass' }]).turn.pawn, 0);
  assert.equal(go(acting, [{ type: 'pass' }, { type: 'pass' }]).phase, 'jack');
});

test('with three pawns the turn goes clockwise from the head: red, green, then yellow (not back to yellow first)', () => {
  // Two pawns cannot tell clockwise from anticlockwise; three can.
  const { go, atHunt } = ladderGame();
  const base = atHunt();
  let s = go({ ...base, pawns: ['a', 'e', 'c'], head: 1, turn: { ...base.turn, pawn: 1 },
    parameters: { ...base.parameters, police_count: 3 } }, [{ type: 'move', to: 6 }]);
  const moved = [];
  while (s.phase === 'policeMove') { moved.push(s.turn.pawn); s = go(s, [{ type: 'policeMove', to: s.pawns[s.turn.pawn] }]); }
  const acted = [];
  while (s.phase === 'policeAction') { acted.push(s.turn.pawn); s = go(s, [{ type: 'pass' }]); }
  assert.deepEqual([moved, acted, s.phase], [[1, 2, 0], [1, 2, 0], 'jack']);
});

test('a new round starts with the head again', () => {
  const { go, atHunt } = ladderGame();
  const s = go({ ...atHunt(), head: 1, turn: { ...atHunt().turn, pawn: 1 } }, [{ type: 'move', to: 6 },
    { type: 'policeMove', to: 'e' }, { type: 'policeMove', to: 'a' }, { type: 'pass' }, { type: 'pass' }, { type: 'move', to: 5 }]);
  assert.equal(s.phase, 'policeMove');
  assert.equal(s.turn.pawn, 1);
});

test('the order wraps round the table from any head', () => {
  const five = { head: 3, pawns: ['a', 'b', 'c', 'd', 'f'] };
  assert.deepEqual(policeOrder(five), [3, 4, 0, 1, 2]);
  assert.equal(firstPawn({ head: 4, pawns: ['a', 'b'] }), 0, 'a head whose pawn is not in play falls back to the first pawn');
});

test('both sides see who heads the investigation; a save keeps it', async () => {
  const s = newGame({ board, rules: LADDER_RULES, seed: 5 });
  assert.equal(view(s, 'police').head, s.head);
  assert.equal(view(s, 'jack').head, s.head);
  assert.deepEqual(s.log, [{ e: 'head', pawn: s.head }]);
  const text = await save(beginRecord({ board, variant: 'ladder', seed: 5 }));
  assert.deepEqual((await load(text, board, { rulesFor: () => LADDER_RULES })).state, s);
});

