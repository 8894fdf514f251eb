// Ripper rummy rule points of scoring and the game's end (seed 002), one table test each, played through the
// engine to the end of a hand; the full list and the count are in rummy.rulepoints.test.mjs. Points: evidence,
// wild and alibi 5, letter 3, suspect card 10, victim 5, scene 10, Escape 35 (the bundled deck).
//   R49 Jack is the suspect with the most points on the table, all players together   R49 …
//   R50 a suspect without a suspect card can be Jack                                   R50 …
//   R51 the suspect the alibi covers cannot be Jack: the next one is                   R51 …
//   R52 on a tie the lower rank is Jack                                                R52 …
//   R53 cards against Jack count double (evidence, wild, suspect card); letters never R53 …
//   R54 every other card on the table counts at face value: victims, scenes, alibis   R54 …
//   R55 all but the player who went out lose their hand's points; an Escape left in
//       hand costs 2 per victim                                                        R55 …
//   R56 a right vote scores 10, a wrong one nothing                                    R56 …
//   R57 "Jack escapes": its player scores 35, everyone their victims and scenes,
//       nothing else                                                                   R57 …
//   R58 "Jack escapes" also when no suspect can be Jack (alibi, letters only)           R58 …
//   R59 hand scores add up; the game ends when a total reaches the target; the highest wins   R59 …
//   R60 a tie at the top plays another hand                                            R60 …
// And the ruleset's variants, played from the data: V1 open votes (votes score in an escape hand),
// V2 an Escape card of another value (R59 plays another target score).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALIBI, dataWith, E, ESCAPE, GAME, gameWith, go, L, rig, rows, SC, SUS, V, W } from './rummy_helpers.mjs';
import { gameFrom } from '../../site/engine/rummy/rules.js';

const CRIMSON = [E('crimson', 1), E('crimson', 2), E('crimson', 3)];
const OCHRE = [E('ochre', 1), E('ochre', 2), E('ochre', 3)];
const TEAL = [E('teal', 1), E('teal', 2), E('teal', 3)];
const LETTERS = [L(1), L(2), L(3)];
const FIVE = [V('ada'), V('nell'), V('bess'), V('kit'), V('maud')];

/** Seat 0 goes out by discarding E('moss', 5); the finished hand's record. */
function caught({ game = GAME, hands = [[]], table = [], melds = [], ballots = null, totals = null }) {
  let s = rig({ game, hands: [[...hands[0], E('moss', 5)], ...(hands.slice(1).length ? hands.slice(1) : [[E('slate', 5)]])],
    table, melds, totals });
  if (ballots) s = { ...s, ballots, voteOrder: [0, 1] };
  return go(s, [{ type: 'discard', card: E('moss', 5) }], game);
}

test('R49 Jack is the suspect with the most points on the table, every player\'s cards together', () => {
  rows([
    { name: 'melds and lay-offs', melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: OCHRE }], table: [[V('ada')], [E('ochre', 4)]], jack: 'ochre' },
    { name: 'wild cards count for their meld', melds: [{ seat: 0, cards: [E('crimson', 1), E('crimson', 2), W(1)] }, { seat: 1, cards: TEAL }],
      table: [[V('ada'), [W(2), 'crimson']]], jack: 'crimson' },
    { name: 'a suspect card counts', melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: [...OCHRE, E('ochre', 4)] }],
      table: [[V('ada'), SUS('crimson')]], jack: 'crimson' },
  ], ({ melds, table, jack }) => assert.equal(caught({ melds, table }).lastHand.jack, jack));
  const s = caught({ melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: TEAL }], table: [[V('ada'), SUS('crimson')], [ALIBI('teal')]] });
  assert.deepEqual(s.lastHand.suspects, { crimson: 25, teal: 20 }, 'alibis count towards their suspect too');
});

test('R50 a suspect without a suspect card can be Jack', () => {
  const s = caught({ melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: [...OCHRE, E('ochre', 4)] }], table: [[V('ada'), SUS('crimson')]] });
  assert.equal(s.lastHand.jack, 'crimson');
  const t = caught({ melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: [...OCHRE, E('ochre', 4), E('ochre', 5), W(1)] }],
    table: [[V('ada'), SUS('crimson')]] });
  assert.equal(t.lastHand.jack, 'ochre', 'the suspect card is not what makes Jack');
});

test('R51 the suspect the alibi covers cannot be Jack; the next highest is', () => {
  rows([
    { name: 'covered', alibi: [ALIBI('crimson'), 'crimson'], jack: 'ochre' },
    { name: 'the double alibi on its other suspect', alibi: [ALIBI('crimson'), 'moss'], jack: 'crimson' },
  ], ({ alibi, jack }) => {
    const s = caught({ melds: [{ seat: 0, cards: [...CRIMSON, E('crimson', 4)] }, { seat: 1, cards: OCHRE }, { seat: 1, cards: [E('moss', 1), E('moss', 2), E('moss', 3)] }],
      table: [[V('ada'), alibi]] });
    assert.equal(s.lastHand.jack, jack);
  });
});

test('R52 on a tie the suspect of lower rank is Jack (the ranks come from the deck)', () => {
  const swapped = gameFrom(dataWith({ suspects: GAME.suspects.map((x) => ({ ...x, rank: x.id === 'ochre' ? 1 : x.id === 'crimson' ? 2 : x.rank })) }));
  rows([{ name: 'crimson ranks 1', game: GAME, jack: 'crimson' }, { name: 'a designer\'s ranks: ochre 1', game: swapped, jack: 'ochre' }],
    ({ game, jack }) => assert.equal(caught({ game, melds: [{ seat: 0, cards: CRIMSON }, { seat: 1, cards: OCHRE }], table: [[V('ada')]] }).lastHand.jack, jack));
});

test('R53 cards against Jack count double (evidence, wild, suspect card), letters never, alibis never', () => {
  rows([
    { name: 'the seed\'s double', game: GAME, seat0: 2 * (15 + 5 + 10) + 9 },
    { name: 'a variant\'s triple', game: gameWith({ parameters: { jack_multiplier: 3 } }), seat0: 3 * (15 + 5 + 10) + 9 },
  ], ({ game, seat0 }) => {
    const s = caught({ game, melds: [{ seat: 0, cards: CRIMSON }, { seat: 0, cards: LETTERS }, { seat: 1, cards: OCHRE }],
      table: [[[W(1), 'crimson'], SUS('crimson')], [V('ada')]] });
    assert.equal(s.lastHand.jack, 'crimson');
    assert.equal(s.lastHand.scores[0].table, seat0);
    assert.equal(s.lastHand.scores[1].table, 15 + 5, 'not Jack: face value');
  });
});

test('R54 every other card on the table counts at its face value: victims, scenes, alibis', () => {
  const s = caught({ melds: [{ seat: 1, cards: CRIMSON }, { seat: 1, cards: TEAL }], table: [[V('ada'), SC('nell'), ALIBI('teal')], []] });
  assert.equal(s.lastHand.scores[0].table, 5 + 10 + 5);
});

test('R55 all but the player who went out lose their hand\'s points; an Escape left in hand costs 2 a victim', () => {
  rows([
    { name: 'evidence and a suspect card', hand: [E('teal', 5), SUS('moss')], penalty: -15 },
    { name: 'a victim and a scene always count', hand: [V('maud'), SC('kit')], penalty: -15 },
    { name: 'the Escape with 2 victims down', hand: [ESCAPE()], penalty: -4 },
  ], ({ hand, penalty }) => {
    const s = caught({ hands: [[], hand], melds: [{ seat: 0, cards: CRIMSON }], table: [[V('ada')], [V('nell')]] });
    assert.equal(s.lastHand.scores[1].hand, penalty);
    assert.equal(s.lastHand.scores[0].hand, 0, 'the player who went out loses nothing');
  });
});

test('R56 a right vote scores the vote points, a wrong one nothing', () => {
  rows([{ name: 'the seed\'s 10', game: GAME, right: 10 }, { name: 'a variant\'s 0', game: gameWith({ parameters: { vote_points: 0 } }), right: 0 }],
    ({ game, right }) => {
      const s = caught({ game, melds: [{ seat: 0, cards: CRIMSON }], table: [[V('ada')]], ballots: ['crimson', 'teal'] });
      assert.deepEqual(s.lastHand.scores.map((x) => x.vote), [right, 0]);
      assert.deepEqual(s.lastHand.votes, ['crimson', 'teal'], 'the votes are shown at the scoring');
    });
});

/** Seat 0 plays the Escape with five victims down; the finished hand's record. */
function escaped({ game = GAME, ballots = null }) {
  let s = rig({ game, hands: [[ESCAPE(), E('moss')], [E('teal', 5), SUS('violet')]], melds: [{ seat: 0, cards: CRIMSON }],
    table: [[V('ada'), V('nell'), SC('kit')], [V('bess'), V('kit'), V('maud'), SC('ada')]] });
  if (ballots) s = { ...s, ballots, voteOrder: [0, 1] };
  return go(s, [{ type: 'escape' }], game);
}

test('R57 "Jack escapes": its player scores the Escape, everyone their victims and scenes, nothing else', () => {
  const s = escaped({ ballots: ['crimson', 'crimson'] });
  assert.deepEqual(s.lastHand.scores.map(({ table, hand, vote, escape }) => [table, hand, vote, escape]),
    [[20, 0, 0, 35], [25, 0, 0, 0]]);
  assert.equal(s.lastHand.mode, 'escape');
});

test('R58 "Jack escapes" also when no suspect can be Jack: the only suspect is covered, or only letters are melded', () => {
  rows([
    { name: 'the only suspect under the alibi', melds: [{ seat: 0, cards: CRIMSON }], table: [[V('ada'), [ALIBI('crimson'), 'crimson']]] },
    { name: 'only letters', melds: [{ seat: 0, cards: LETTERS }], table: [[V('ada')]] },
  ], ({ melds, table }) => {
    const s = caught({ hands: [[], [E('teal', 5)]], melds, table });
    assert.deepEqual([s.lastHand.mode, s.lastHand.reason, s.lastHand.jack], ['escape', 'no-jack', null]);
    assert.deepEqual(s.lastHand.scores.map((x) => x.total), [5, 0], 'victims and scenes only, no hand penalty');
  });
});

test('R59 hand scores add up; the game ends when a total reaches the target score; the highest total wins', () => {
  const high = gameWith({ parameters: { target_score: 150 } });
  rows([
    { name: 'reaches 100', totals: [80, 40], over: true },
    { name: 'stops short', totals: [60, 40], over: false },
    { name: 'a variant\'s 150', game: high, totals: [80, 40], over: false },
  ], ({ totals, over, game = GAME }) => {
    const s = caught({ game, melds: [{ seat: 0, cards: CRIMSON }], table: [[V('ada')]], totals });
    assert.deepEqual(s.totals, [totals[0] + 35, totals[1] - 5]);
    assert.equal(s.phase === 'over', over);
    if (over) assert.deepEqual([s.winner, s.reason], [0, 'seat 0 wins with 115 points after 1 hands']);
  });
});

test('R60 a tie at the top plays another hand', () => {
  const s = go({ ...rig({ hands: [[ESCAPE(), E('moss')], [E('teal')]], table: [[], FIVE], totals: [65, 75] }) }, [{ type: 'escape' }]);
  assert.deepEqual(s.totals, [100, 100]);
  assert.deepEqual([s.phase, s.winner, s.handNumber], ['draw', null, 2]);
});

test('V1 the open-votes variant pays the vote points in an escape hand to whoever named the would-be Jack', () => {
  rows([{ name: 'default rules', game: GAME, votes: [0, 0] },
    { name: 'open votes', game: gameWith({ options: { escape_votes: true } }), votes: [10, 0] }], ({ game, votes }) => {
    const s = escaped({ game, ballots: ['crimson', 'teal'] });
    assert.deepEqual(s.lastHand.scores.map((x) => x.vote), votes);
    assert.equal(s.lastHand.scores[0].total, 55 + votes[0]);
  });
});

test('V2 the Escape scores the points its card carries', () => {
  const data = dataWith({ parameters: { ripper_escape_points: 35 } });
  data.cards = data.cards.map((c) => (c.kind === 'escape' ? { ...c, points: 45 } : c));
  assert.equal(escaped({ game: gameFrom(data) }).lastHand.scores[0].escape, 45);
});
