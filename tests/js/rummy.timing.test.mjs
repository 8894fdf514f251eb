// Ripper rummy rule points of timing (seed 002), one table test each; the full list and the count are in
// rummy.rulepoints.test.mjs.
//   R36 the Ripper Escape may be played once 5 victims are on the table           R36 …
//   R37 …at any moment, even in another player's turn: a window after each action
//       of the turn's seat asks every seat in a fixed clockwise order             R37 …
//   R38 …straight after the fifth victim, or after other plays of the turn (it is
//       not a gavel card)                                                         R38 …
//   R39 playing the Escape ends the hand                                          R39 …
//   R40 Commissioner Resigns that empties a hand with 5 victims down pauses for
//       the Escape before the hand ends                                           R40 …
//   R41 a vote is called only at the start of one's turn, before the draw         R41 …
//   R42 one vote a hand                                                           R42 …
//   R43 the caller needs a meld of their own on the table                        R43 …
//   R44 everyone names a suspect in secret (not letters, not the Escape)          R44 …
//   R45 the vote is an optional rule (a variant plays without it)                 R45 …
//   R46 a hand ends when a player discards their last card                        R46 …
//   R47 the first time the case file runs out, Scotland Yard is shuffled into a new one   R47 …
//   R48 the second time, the hand ends after the turn of the player who drew its last card   R48 …
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toMove } from '../../site/engine/rummy/engine.js';
import { view } from '../../site/engine/rummy/view.js';
import { E, ESCAPE, GAME, gameWith, go, L, no, RESIGNS, rig, rows, SUS, V, W } from './rummy_helpers.mjs';

const FOUR = [V('ada'), V('nell'), V('bess'), V('kit')];
const FIVE = [...FOUR, V('maud')];
const CRIMSON = [E('crimson', 1), E('crimson', 2), E('crimson', 3)];

test('R36 the Ripper Escape needs the victims for the escape on the table', () => {
  rows([
    { name: '4 of 5', table: [FOUR], refuse: 'the Ripper Escape needs 5 victims on the table (there are 4)' },
    { name: '5 of 5', table: [FOUR, [V('maud')]] },
    { name: 'a designer\'s 3', table: [FOUR.slice(0, 3)], game: gameWith({ parameters: { victims_for_escape: 3 } }) },
    { name: 'not held', table: [FOUR, [V('maud')]], hand: [E('moss'), E('teal')], refuse: 'you do not hold the Ripper Escape' },
  ], ({ table, refuse, game = GAME, hand = [ESCAPE(), E('moss')] }) => {
    const s = rig({ game, hands: [hand, [E('ochre')]], table });
    if (refuse) assert.equal(no(s, { type: 'escape' }, game), refuse);
    else assert.equal(go(s, [{ type: 'escape' }], game).results[0].reason, 'escape-card');
  });
});

test('R37 with 5 victims down, a window after each action asks every seat from the turn\'s seat clockwise', () => {
  const base = { players: 3, turn: 1, table: [FIVE], melds: [{ seat: 0, cards: CRIMSON }] };
  const hands = [[E('ochre')], [E('crimson', 4), E('teal'), E('moss')], [ESCAPE(), E('slate')]];
  rows([
    { name: 'after the draw', phase: 'draw', action: { type: 'draw', from: 'file' } },
    { name: 'after a lay-off', phase: 'play', action: { type: 'layoff', card: E('crimson', 4) } },
    { name: 'after the discard', phase: 'play', action: { type: 'discard', card: E('teal') } },
  ], ({ phase, action }) => {
    const s = go(rig({ ...base, hands, phase }), [action]);
    assert.equal(s.phase, 'window');
    assert.deepEqual(s.window.seats, [1, 2, 0]);
    assert.equal(toMove(s), 1);
    assert.equal(no(s, { type: 'escape', seat: 2 }), 'it is seat 1\'s move, not seat 2\'s');
    const asked = go(s, [{ type: 'pass' }]);
    assert.equal(toMove(asked), 2);
    const escaped = go(asked, [{ type: 'escape' }]);
    assert.deepEqual([escaped.results[0].endedBy, escaped.results[0].escaper], ['escape', 2]);
    const passed = go(asked, [{ type: 'pass' }, { type: 'pass' }]);
    assert.equal(passed.phase, phase === 'play' && action.type === 'discard' ? 'draw' : 'play');
    assert.equal(passed.turn, action.type === 'discard' ? 2 : 1);
  });
  // The window opens whether or not anyone holds the Escape: it tells nobody where it is.
  const nobody = go(rig({ ...base, hands: [[E('ochre')], [E('teal'), E('moss')], [E('slate')]], yard: [ESCAPE()], phase: 'draw' }),
    [{ type: 'draw', from: 'file' }]);
  assert.equal(nobody.phase, 'window');
  const four = go(rig({ ...base, table: [FOUR], hands, phase: 'draw' }), [{ type: 'draw', from: 'file' }]);
  assert.equal(four.phase, 'play', 'no window before the fifth victim');
});

test('R38 the turn\'s player may play the Escape straight after the fifth victim, or after other plays', () => {
  rows([
    { name: 'straight after the fifth victim', hand: [V('maud'), ESCAPE(), E('moss')], first: { type: 'gavel', card: V('maud') }, table: [FOUR] },
    { name: 'after a suspect card', hand: [SUS('crimson'), ESCAPE(), E('moss')], first: { type: 'gavel', card: SUS('crimson') }, table: [FIVE] },
    { name: 'after a meld', hand: [...CRIMSON, ESCAPE(), E('moss')], first: { type: 'meld', cards: CRIMSON }, table: [FIVE] },
  ], ({ hand, first, table }) => {
    const s = go(rig({ hands: [hand, [E('ochre')]], table, melds: [{ seat: 1, cards: [E('crimson', 4), E('crimson', 5), W(1)] }] }), [first]);
    assert.equal(s.phase, 'window');
    assert.equal(toMove(s), 0, 'the turn\'s seat answers first');
    const t = go(s, [{ type: 'escape' }]);
    assert.deepEqual([t.results[0].endedBy, t.results[0].escaper, t.results[0].mode], ['escape', 0, 'escape']);
  });
});

test('R39 playing the Escape ends the hand at once, scored as "Jack escapes", and the next hand is dealt', () => {
  rows([{ name: 'in the turn', phase: 'play' }, { name: 'before the draw', phase: 'draw' }], ({ phase }) => {
    const s = go(rig({ hands: [[ESCAPE(), E('moss')], [E('ochre')]], table: [FIVE], phase }), [{ type: 'escape' }]);
    assert.deepEqual([s.results.length, s.results[0].reason, s.handNumber, s.phase], [1, 'escape-card', 2, 'draw']);
    assert.equal(s.lastHand.scores[0].escape, 35);
  });
});

test('R40 a hand emptied by Commissioner Resigns with 5 victims down pauses for the Escape before it ends', () => {
  const hands = [[RESIGNS(), V('maud')], [ESCAPE(), E('ochre')]];
  const s = go(rig({ hands, table: [FOUR] }), [{ type: 'gavel', card: RESIGNS() }]);
  assert.deepEqual([s.phase, s.window.seats, s.window.then, s.pendingOut], ['window', [0, 1], 'end', 0]);
  rows([
    { name: 'someone plays the Escape', answers: [{ type: 'pass' }, { type: 'escape' }], endedBy: 'escape' },
    { name: 'nobody does', answers: [{ type: 'pass' }, { type: 'pass' }], endedBy: 'out' },
  ], ({ answers, endedBy }) => {
    const t = go(s, answers);
    assert.equal(t.results[0].endedBy, endedBy);
    if (endedBy === 'out') assert.equal(t.results[0].out, 0);
  });
  const early = go(rig({ hands: [[RESIGNS(), V('maud')], [ESCAPE(), E('ochre')]], table: [FOUR.slice(0, 3)] }), [{ type: 'gavel', card: RESIGNS() }]);
  assert.deepEqual([early.results.length, early.results[0].endedBy], [1, 'out'], 'with 4 victims the hand ends at once');
});

const MELDED = { melds: [{ seat: 0, cards: CRIMSON }], table: [[V('ada')]] };

test('R41 a vote is called at the start of one\'s own turn, before the draw', () => {
  rows([
    { name: 'before the draw', phase: 'draw', action: { type: 'vote' } },
    { name: 'after the draw', phase: 'play', action: { type: 'vote' },
      refuse: '"vote" is not possible now: this is the play of a turn (meld, layoff, gavel, escape, discard)' },
    { name: 'in another seat\'s turn', phase: 'draw', action: { type: 'vote', seat: 1 }, refuse: 'it is seat 0\'s move, not seat 1\'s' },
  ], ({ phase, action, refuse }) => {
    const s = rig({ ...MELDED, phase, hands: [[E('moss')], [E('ochre')]] });
    if (refuse) assert.equal(no(s, action), refuse);
    else assert.equal(go(s, [action]).phase, 'voting');
  });
});

test('R42 one vote a hand', () => {
  const s = rig({ ...MELDED, phase: 'draw', hands: [[E('moss'), E('teal')], [E('ochre')]],
    melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: [E('ochre', 2), E('ochre', 3), E('ochre', 4)] }] });
  const voted = go(s, [{ type: 'vote' }, { type: 'ballot', suspect: 'crimson' }, { type: 'ballot', suspect: 'ochre' },
    { type: 'draw', from: 'file' }, { type: 'discard', card: E('moss') }]);
  assert.equal(no(voted, { type: 'vote' }), 'there has already been a vote this hand (one vote a hand)');
  const nextHand = go(voted, [{ type: 'draw', from: 'file' }, { type: 'discard', card: E('ochre') }, { type: 'draw', from: 'file' },
    { type: 'discard', card: E('teal') }]);
  assert.equal(nextHand.handNumber, 1);
  assert.equal(nextHand.ballots.length, 2, 'the vote stands until the hand is scored');
});

test('R43 the caller needs a meld of their own on the table', () => {
  rows([
    { name: 'no meld', melds: [], table: [[V('ada')]], refuse: 'to call a vote you need a meld of your own on the table' },
    { name: 'another seat\'s meld', melds: [{ seat: 1, cards: CRIMSON }], table: [[V('ada')]],
      refuse: 'to call a vote you need a meld of your own on the table' },
    { name: 'only a lay-off', melds: [{ seat: 1, cards: CRIMSON }], table: [[V('ada'), E('crimson', 4)]],
      refuse: 'to call a vote you need a meld of your own on the table' },
    { name: 'a meld of letters', melds: [{ seat: 0, cards: [L(1), L(2), L(3)] }], table: [[V('ada')]] },
  ], ({ melds, table, refuse }) => {
    const s = rig({ phase: 'draw', melds, table, hands: [[E('moss')], [E('ochre')]] });
    if (refuse) assert.equal(no(s, { type: 'vote' }), refuse);
    else assert.equal(go(s, [{ type: 'vote' }]).phase, 'voting');
  });
});

test('R44 everyone, the caller first, names a suspect in secret: not the letters, not the Escape', () => {
  const s = go(rig({ ...MELDED, players: 3, turn: 1, phase: 'draw', melds: [{ seat: 1, cards: CRIMSON }],
    hands: [[E('moss')], [E('ochre')], [E('teal')]] }), [{ type: 'vote' }]);
  assert.deepEqual(s.voteOrder, [1, 2, 0]);
  const message = `vote for one of the suspects (${Object.keys(GAME.ranks).join(', ')}); letters and the Ripper Escape cannot be named`;
  rows([{ name: 'letters', suspect: 'letters' }, { name: 'the Escape', suspect: 'ripper-escape' }, { name: 'a victim', suspect: 'ada' }],
    ({ suspect }) => assert.equal(no(s, { type: 'ballot', suspect }), message));
  const t = go(s, [{ type: 'ballot', suspect: 'violet' }, { type: 'ballot', suspect: 'moss' }]);
  assert.deepEqual(view(t, 2).vote, { caller: 1, voted: [false, true, true], mine: 'moss' });
  assert.deepEqual(view(t, 0).vote, { caller: 1, voted: [false, true, true], mine: null });
  assert.ok(!JSON.stringify(view(t, 0)).includes('violet'), 'another seat\'s vote stays secret');
  const done = go(t, [{ type: 'ballot', suspect: 'teal' }]);
  assert.deepEqual([done.phase, done.turn], ['draw', 1]);
});

test('R45 the vote is an optional rule: a variant without it refuses a vote', () => {
  const game = gameWith({ options: { vote: false } });
  const s = rig({ game, ...MELDED, phase: 'draw', hands: [[E('moss')], [E('ochre')]] });
  assert.equal(no(s, { type: 'vote' }, game), 'this variant is played without the vote');
  assert.equal(go(rig({ ...MELDED, phase: 'draw', hands: [[E('moss')], [E('ochre')]] }), [{ type: 'vote' }]).phase, 'voting');
});

test('R46 a hand ends when a player discards their last card', () => {
  rows([{ name: 'last card', hand: [E('moss')], ends: true }, { name: 'one card left after', hand: [E('moss'), E('teal')], ends: false }],
    ({ hand, ends }) => {
      const s = go(rig({ hands: [hand, [E('ochre')]], ...MELDED }), [{ type: 'discard', card: E('moss') }]);
      assert.equal(s.results.length, ends ? 1 : 0);
      if (ends) assert.deepEqual([s.results[0].endedBy, s.results[0].out], ['out', 0]);
    });
});

/** Cards `top` alone in the case file, every card not in a hand or on the table in Scotland Yard. */
function lastCardInFile(top, { hands, table }) {
  const used = new Set([...hands.flat(), ...table.flat(), top]);
  return { hands, table, file: [top], yard: GAME.deck.filter((id) => !used.has(id)) };
}

test('R47 the first time the case file runs out, Scotland Yard is shuffled into a new case file', () => {
  const setup = lastCardInFile(E('crimson', 1), { hands: [[E('moss')], [E('ochre')]], table: [[V('ada')]] });
  const s = go(rig({ phase: 'draw', ...setup }), [{ type: 'draw', from: 'file' }]);
  assert.deepEqual([s.runOuts, s.endAfterTurn, s.yard.length], [1, false, 0]);
  assert.deepEqual(s.file.slice().sort(), setup.yard.slice().sort());
  assert.notDeepEqual(s.file, setup.yard, 'shuffled');
  assert.equal(s.phase, 'play', 'the game goes on');
});

test('R48 the second time, the hand ends after the turn of the player who drew the last card (Jack escapes)', () => {
  const setup = lastCardInFile(E('crimson', 1), { hands: [[E('moss'), E('teal')], [E('ochre')]], table: [[V('ada')]] });
  const drawn = go(rig({ phase: 'draw', runOuts: 1, ...setup }), [{ type: 'draw', from: 'file' }]);
  assert.deepEqual([drawn.runOuts, drawn.endAfterTurn, drawn.results.length, drawn.phase], [2, true, 0, 'play'], 'the turn goes on');
  const s = go(drawn, [{ type: 'discard', card: E('moss') }]);
  assert.deepEqual([s.results[0].endedBy, s.results[0].mode, s.results[0].reason], ['deck', 'escape', 'deck']);
});
