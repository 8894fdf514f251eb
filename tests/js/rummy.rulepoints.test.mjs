// Ripper rummy: one table test per rule point the engine enforces. Breaking the rule in the engine turns its
// test red. Rule points come from seed 002 (the source rules); "ruling" marks a decision of
// ../shared/notes/rulings.md or of the ruleset where the seed is silent. Tests are named by their point.
//
// This file — setup, turn, evidence:
//   R1  the game seats 2-4 players (the player counts the data deals for)         R1 …
//   R2  the first dealer is drawn at random; the deal passes left (ruling)        R2 …
//   R3  10 / 9 / 8 cards dealt for 2 / 3 / 4 players, one at a time clockwise     R3 …
//   R4  the rest is the case file; its top card turned up starts Scotland Yard   R4 …
//   R5  Scotland Yard is closed: only its top card is seen                       R5 … (and rummy.view.test.mjs)
//   R6  play starts at the dealer's left and goes clockwise                      R6 …
//   R7  a turn: vote (optional), draw (must), play (optional), discard (must)    R7 …
//   R8  draw the top card of the case file or of Scotland Yard                   R8 …
//   R9  discard any one card face up on Scotland Yard; that ends the turn        R9 …
//   R10 evidence is played on your own turn                                      R10 …
//   R11 nobody plays evidence until a victim (anyone's) is on the table          R11 …
//   R12 a meld is 3 or more evidence cards of one suspect                        R12 …
//   R13 gavel cards (and the Escape) never join a meld                           R13 …
//   R14 wild evidence joins any suspect's evidence, never letters                R14 …
//   R15 letters meld only with letters                                           R15 …
//   R16 lay off single cards on any suspect already melded; they are yours      R16 …
//   R17 keep a card to discard: a play may not empty your hand (ruling)          R17 …
// rummy.gavels.test.mjs — gavel cards: R18-R35; rummy.timing.test.mjs — the Escape, the vote, the end of a
// hand: R36-R48; rummy.scoring.test.mjs — scoring and the game's end: R49-R60 (and the variants V1, V2).
//
// Count: 60 rule points of seed 002 are listed here (R1-R60 less R17, which is a ruling, plus the cut below);
// 59 of them are enforced, each by its own test. Not enforced: "another player cuts" (a cut changes nothing in a
// seeded uniform shuffle). Not rules: the paper and pencil, the players' age, the playing time. Rulings where
// the seed is silent or loose, each tested with its point: R2 the deal passes left; R11 any seat's victim opens
// evidence for everyone (the seed's "each player plays a victim before melding" read with its later "until a
// victim is on the table, nobody plays evidence"); R17 keep a card to discard; R32 a scene played after its
// victim stays; R37 the window asks the turn's seat first, then clockwise, and opens whether or not anyone holds
// the Escape; R40 the pause applies to any hand the Commissioner empties; R58 who cannot be Jack (the ruleset's
// reading of the alibi note). Breaking a rule in the engine (tried for 27 of them) turns its test red.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apply, newGame } from '../../site/engine/rummy/engine.js';
import { Rng, seedRng } from '../../site/engine/common/rng.js';
import { view } from '../../site/engine/rummy/view.js';
import { E, ESCAPE, GAME, gameWith, go, L, no, rig, rows, SUS, V, W } from './rummy_helpers.mjs';

test('R1 a game seats the player counts the data deals for, and no other', () => {
  rows([
    { name: '2', players: 2 }, { name: '3', players: 3 }, { name: '4', players: 4 },
    { name: '1', players: 1, throws: 'this game is for 2, 3, 4 players, not 1' },
    { name: '5', players: 5, throws: 'this game is for 2, 3, 4 players, not 5' },
    { name: 'a designer\'s 5-player deal', players: 5, game: gameWith({ parameters: { hand_size_by_players: { 2: 10, 5: 6 } } }) },
  ], ({ players, throws, game = GAME }) => {
    if (throws) assert.throws(() => newGame(game, { players, seed: 1 }), { message: throws });
    else assert.equal(newGame(game, { players, seed: 1 }).held.length, players);
  });
});

/** The dealer and the shuffled deck a seed gives, worked out apart from the engine. */
function expectedDeal(players, seed) {
  const r = new Rng(seedRng(seed));
  const dealer = r.int(players);
  return { dealer, order: r.shuffle(GAME.deck) };
}

test('R2 the first dealer is drawn at random; the deal passes left for the next hand', () => {
  const dealers = new Set();
  for (let seed = 0; seed < 40; seed += 1) {
    const s = newGame(GAME, { players: 3, seed });
    assert.equal(s.dealer, expectedDeal(3, seed).dealer);
    dealers.add(s.dealer);
  }
  assert.deepEqual([...dealers].sort(), [0, 1, 2]);
  rows([{ name: 'dealer 0', dealer: 0 }, { name: 'dealer 2', dealer: 2 }], ({ dealer }) => {
    const s = { ...rig({ players: 3, turn: 1, hands: [[E('teal')], [E('crimson')], [E('moss')]] }), dealer };
    const next = go(s, [{ type: 'discard', card: E('crimson') }]);
    assert.equal(next.handNumber, 2);
    assert.equal(next.dealer, (dealer + 1) % 3);
    assert.equal(next.turn, (dealer + 2) % 3);
  });
});

test('R3 10, 9 or 8 cards dealt for 2, 3 or 4 players, one at a time clockwise from the dealer\'s left', () => {
  rows([{ name: '2 players', players: 2, cards: 10 }, { name: '3 players', players: 3, cards: 9 },
    { name: '4 players', players: 4, cards: 8 }, { name: '3 players, another seed', players: 3, cards: 9, seed: 11 }],
  ({ players, cards, seed = 5 }) => {
    const s = newGame(GAME, { players, seed });
    const { dealer, order } = expectedDeal(players, seed);
    const dealt = Array.from({ length: players }, () => []);
    for (let i = 0; i < players * cards; i += 1) dealt[(dealer + 1 + i) % players].push(order[order.length - 1 - i]);
    assert.deepEqual(s.held, dealt);
    assert.ok(s.held.every((h) => h.length === cards));
  });
  const designer = gameWith({ parameters: { hand_size_by_players: { 2: 7, 3: 5 } } });
  assert.deepEqual(newGame(designer, { players: 3, seed: 1 }).held.map((h) => h.length), [5, 5, 5]);
});

test('R4 the rest of the deck is the case file; its top card turned up starts Scotland Yard', () => {
  rows([{ name: '2 players', players: 2 }, { name: '4 players', players: 4 }], ({ players }) => {
    const s = newGame(GAME, { players, seed: 3 });
    const { order } = expectedDeal(players, 3);
    const dealt = players * GAME.parameters.hand_size_by_players[players];
    assert.deepEqual(s.yard, [order[order.length - 1 - dealt]]);
    assert.deepEqual(s.file, order.slice(0, order.length - 1 - dealt));
  });
});

test('R5 Scotland Yard is closed: a seat sees its top card and how many lie under it, not which', () => {
  const s = rig({ hands: [[E('teal')], [E('moss')]], yard: [E('crimson'), E('ochre'), E('slate')] });
  rows([{ name: 'seat 0', seat: 0 }, { name: 'seat 1', seat: 1 }], ({ seat }) => {
    const v = view(s, seat);
    assert.equal(v.yardTop, E('slate'));
    assert.equal(v.yardCount, 3);
    const text = JSON.stringify(v);
    for (const hidden of [E('crimson'), E('ochre')]) assert.ok(!text.includes(`"${hidden}"`), hidden);
  });
});

test('R6 play starts at the dealer\'s left and goes clockwise', () => {
  rows([{ name: '3 players', players: 3 }, { name: '4 players', players: 4 }], ({ players }) => {
    let s = newGame(GAME, { players, seed: 2 });
    assert.equal(s.turn, (s.dealer + 1) % players);
    const first = s.turn;
    for (let k = 1; k <= players; k += 1) {
      s = go(s, [{ type: 'draw', from: 'file' }, { type: 'discard', card: s.held[s.turn][0] }]);
      assert.equal(s.turn, (first + k) % players);
    }
  });
});

test('R7 a turn is vote, draw, play, discard: nothing is played before the draw, one draw, a discard ends it', () => {
  const hand = [E('crimson', 1), E('crimson', 2), E('crimson', 3), E('teal')];
  const start = rig({ phase: 'draw', hands: [hand, [E('moss')]], table: [[V('ada')]] });
  rows([
    { name: 'meld before the draw', state: start, action: { type: 'meld', cards: hand.slice(0, 3) },
      refuse: '"meld" is not possible now: this is the start of a turn (vote, draw, escape)' },
    { name: 'discard before the draw', state: start, action: { type: 'discard', card: hand[0] },
      refuse: '"discard" is not possible now: this is the start of a turn (vote, draw, escape)' },
    { name: 'a second draw', state: go(start, [{ type: 'draw', from: 'file' }]), action: { type: 'draw', from: 'file' },
      refuse: '"draw" is not possible now: this is the play of a turn (meld, layoff, gavel, escape, discard)' },
    { name: 'a vote after the draw', state: go(start, [{ type: 'draw', from: 'file' }]), action: { type: 'vote' },
      refuse: '"vote" is not possible now: this is the play of a turn (meld, layoff, gavel, escape, discard)' },
  ], ({ state, action, refuse }) => assert.equal(no(state, action), refuse));
  const played = go(start, [{ type: 'draw', from: 'file' }, { type: 'meld', cards: hand.slice(0, 3) }]);
  assert.equal(played.turn, 0, 'playing does not end the turn');
  assert.equal(go(played, [{ type: 'discard', card: hand[3] }]).turn, 1, 'the discard does');
});

test('R8 the draw takes the top card of the case file or of Scotland Yard', () => {
  const s = rig({ phase: 'draw', hands: [[E('teal')], [E('moss')]], yard: [E('ochre'), E('slate')], top: [E('violet')] });
  rows([
    { name: 'case file', from: 'file', got: E('violet'), file: s.file.length - 1, yard: [E('ochre'), E('slate')] },
    { name: 'Scotland Yard', from: 'yard', got: E('slate'), file: s.file.length, yard: [E('ochre')] },
  ], ({ from, got, file, yard }) => {
    const t = go(s, [{ type: 'draw', from }]);
    assert.deepEqual(t.held[0], [E('teal'), got]);
    assert.equal(t.file.length, file);
    assert.deepEqual(t.yard, yard);
  });
  assert.equal(no(s, { type: 'draw', from: 'hand' }), 'draw from "file" (the case file) or "yard" (the top of Scotland Yard)');
  assert.equal(no({ ...s, yard: [] }, { type: 'draw', from: 'yard' }), 'Scotland Yard is empty: draw from the case file');
});

test('R9 the discard puts any one card of the hand face up on Scotland Yard and ends the turn', () => {
  rows([{ name: 'evidence', c: E('crimson') }, { name: 'a victim', c: V('ada') }, { name: 'the Escape', c: ESCAPE() },
    { name: 'a suspect card', c: SUS('teal') }], ({ c }) => {
    const s = rig({ hands: [[c, E('moss')], [E('teal')]], yard: [E('ochre')] });
    const t = go(s, [{ type: 'discard', card: c }]);
    assert.deepEqual(t.yard, [E('ochre'), c]);
    assert.deepEqual(t.held[0], [E('moss')]);
    assert.equal(t.turn, 1);
  });
  const s = rig({ hands: [[E('moss')], [E('teal')]] });
  assert.equal(no(s, { type: 'discard', card: E('teal') }), `"${GAME.cards[E('teal')].name}" is not in your hand`);
});

test('R10 evidence is played on your own turn only', () => {
  const s = rig({ hands: [[E('teal')], [E('crimson', 1), E('crimson', 2), E('crimson', 3), E('moss')]], table: [[V('ada')]] });
  rows([{ name: 'a meld', action: { type: 'meld', seat: 1, cards: [E('crimson', 1), E('crimson', 2), E('crimson', 3)] } },
    { name: 'a lay-off', action: { type: 'layoff', seat: 1, card: E('moss') } }], ({ action }) => {
    assert.equal(no(s, action), 'it is seat 0\'s move, not seat 1\'s');
  });
});

test('R11 nobody plays evidence until a victim is on the table; anyone\'s victim opens it for all', () => {
  const three = [E('crimson', 1), E('crimson', 2), E('crimson', 3)];
  const hand = [...three, E('teal')];
  rows([
    { name: 'no victim: meld', table: [], action: { type: 'meld', cards: three }, refuse: 'nobody may play evidence until a victim is on the table' },
    { name: 'no victim: letters', table: [], hand: [L(1), L(2), L(3), E('teal')], action: { type: 'meld', cards: [L(1), L(2), L(3)] },
      refuse: 'nobody may play evidence until a victim is on the table' },
    { name: 'no victim: lay-off', table: [], melds: [{ seat: 1, cards: [E('teal', 2), E('teal', 3), E('teal', 4)] }],
      action: { type: 'layoff', card: E('teal') }, refuse: 'nobody may play evidence until a victim is on the table' },
    { name: 'own victim', table: [[V('ada')]], action: { type: 'meld', cards: three } },
    { name: 'another seat\'s victim', table: [[], [V('nell')]], action: { type: 'meld', cards: three } },
  ], ({ table, melds = [], action, refuse, hand: h = hand }) => {
    const s = rig({ hands: [h, [E('moss')]], table, melds });
    if (refuse) assert.equal(no(s, action), refuse);
    else assert.equal(go(s, [action]).melds.length, 1);
  });
});

test('R12 a meld is at least the meld size of evidence cards against one suspect', () => {
  const c = (n) => E('crimson', n);
  rows([
    { name: 'two cards', cards: [c(1), c(2)], refuse: 'a meld is at least 3 evidence cards' },
    { name: 'two suspects', cards: [c(1), c(2), E('teal')], refuse: 'a meld\'s evidence must all be against one suspect' },
    { name: 'a card named twice', cards: [c(1), c(1), c(2)], refuse: 'a meld names each card once' },
    { name: 'three of one suspect', cards: [c(1), c(2), c(3)], suit: 'crimson' },
    { name: 'four of one suspect', cards: [c(1), c(2), c(3), c(4)], suit: 'crimson' },
    { name: 'a designer\'s meld size 4', cards: [c(1), c(2), c(3)], game: gameWith({ parameters: { meld_size: 4 } }),
      refuse: 'a meld is at least 4 evidence cards' },
  ], ({ cards, refuse, suit, game = GAME }) => {
    const s = rig({ game, hands: [[c(1), c(2), c(3), c(4), E('teal'), E('moss')], [E('ochre')]], table: [[V('ada')]] });
    if (refuse) assert.equal(no(s, { type: 'meld', cards }, game), refuse);
    else assert.deepEqual(go(s, [{ type: 'meld', cards }], game).melds, [{ seat: 0, suit, cards }]);
  });
});

test('R13 gavel cards and the Escape never join a meld', () => {
  rows([{ name: 'a suspect card', extra: SUS('crimson') }, { name: 'a victim', extra: V('nell') }, { name: 'the Escape', extra: ESCAPE() }],
    ({ extra }) => {
      const s = rig({ hands: [[E('crimson', 1), E('crimson', 2), extra, E('moss')], [E('teal')]], table: [[V('ada')]] });
      assert.equal(no(s, { type: 'meld', cards: [E('crimson', 1), E('crimson', 2), extra] }),
        `"${GAME.cards[extra].name}" is not evidence: only evidence cards form melds`);
    });
});

test('R14 wild evidence joins any suspect\'s evidence, never letters, never alone', () => {
  const two = gameWith({ parameters: { meld_size: 2 } });
  rows([
    { name: 'with crimson', cards: [W(1), E('crimson', 1), E('crimson', 2)], suit: 'crimson' },
    { name: 'two wilds and a teal', cards: [W(1), W(2), E('teal')], suit: 'teal' },
    { name: 'with letters', cards: [W(1), L(1), L(2)], refuse: 'letters meld only with other letters' },
    { name: 'wild cards alone', cards: [W(1), W(2)], game: two, refuse: 'a meld needs evidence against its suspect, not wild cards alone' },
  ], ({ cards, suit, refuse, game = GAME }) => {
    const s = rig({ game, hands: [[W(1), W(2), E('crimson', 1), E('crimson', 2), E('teal'), L(1), L(2), E('moss')], [E('ochre')]], table: [[V('ada')]] });
    if (refuse) assert.equal(no(s, { type: 'meld', cards }, game), refuse);
    else assert.equal(go(s, [{ type: 'meld', cards }], game).melds[0].suit, suit);
  });
  const letters = rig({ hands: [[W(1), E('moss')], [E('ochre')]], table: [[V('ada')]], melds: [{ seat: 1, cards: [L(1), L(2), L(3)] }] });
  assert.equal(no(letters, { type: 'layoff', card: W(1), suspect: 'letters' }),
    'say which suspect\'s meld the wild evidence joins ("suspect"); it cannot join letters');
});

test('R15 letters meld only with letters', () => {
  rows([
    { name: 'three letters', cards: [L(1), L(2), L(3)], suit: 'letters' },
    { name: 'letters and evidence', cards: [L(1), L(2), E('crimson')], refuse: 'letters meld only with other letters' },
  ], ({ cards, suit, refuse }) => {
    const s = rig({ hands: [[L(1), L(2), L(3), E('crimson'), E('moss')], [E('ochre')]], table: [[V('ada')]] });
    if (refuse) assert.equal(no(s, { type: 'meld', cards }), refuse);
    else assert.equal(go(s, [{ type: 'meld', cards }]).melds[0].suit, suit);
  });
});

test('R16 single cards are laid off on any suspect already melded; they lie and score in front of their player', () => {
  const melds = [{ seat: 1, cards: [E('crimson', 2), E('crimson', 3), E('crimson', 4)] }, { seat: 1, cards: [L(2), L(3), L(4)] }];
  rows([
    { name: 'on another seat\'s meld', action: { type: 'layoff', card: E('crimson', 1) }, entry: { id: E('crimson', 1), suit: 'crimson' } },
    { name: 'a wild card', action: { type: 'layoff', card: W(1), suspect: 'crimson' }, entry: { id: W(1), suit: 'crimson' } },
    { name: 'a letter', action: { type: 'layoff', card: L(1) }, entry: { id: L(1), suit: 'letters' } },
    { name: 'no meld of that suspect', action: { type: 'layoff', card: E('teal') },
      refuse: `there is no meld against ${GAME.suitNames.teal} on the table to lay off on` },
    { name: 'a wild card with no suspect named', action: { type: 'layoff', card: W(1) },
      refuse: 'say which suspect\'s meld the wild evidence joins ("suspect"); it cannot join letters' },
    { name: 'a gavel card', action: { type: 'layoff', card: SUS('crimson') },
      refuse: `"${GAME.cards[SUS('crimson')].name}" is not evidence: only evidence is laid off` },
  ], ({ action, entry, refuse }) => {
    const s = rig({ hands: [[E('crimson', 1), W(1), L(1), E('teal'), SUS('crimson'), E('moss')], [E('ochre')]], table: [[V('ada')]], melds });
    if (refuse) { assert.equal(no(s, action), refuse); return; }
    const t = go(s, [action]);
    assert.deepEqual(t.table[0].at(-1), entry);
    assert.equal(t.table[1].length, 6, 'the meld\'s owner gains nothing');
    assert.equal(t.melds.length, 2, 'a lay-off is not a meld');
  });
});

test('R17 keep a card to discard: a meld, lay-off or gavel card may not empty the hand (ruling)', () => {
  const melds = [{ seat: 1, cards: [E('teal', 2), E('teal', 3), E('teal', 4)] }];
  rows([
    { name: 'meld the whole hand', hand: [E('crimson', 1), E('crimson', 2), E('crimson', 3)],
      action: { type: 'meld', cards: [E('crimson', 1), E('crimson', 2), E('crimson', 3)] } },
    { name: 'lay off the last card', hand: [E('teal')], action: { type: 'layoff', card: E('teal') } },
    { name: 'play the last card, a victim', hand: [V('nell')], action: { type: 'gavel', card: V('nell') } },
  ], ({ hand, action }) => {
    const s = rig({ hands: [hand, [E('ochre')]], table: [[V('ada')]], melds });
    assert.equal(no(s, action), 'keep a card to discard: a play may not empty your hand');
    const more = rig({ hands: [[...hand, E('moss')], [E('ochre')]], table: [[V('ada')]], melds });
    assert.ok(apply(GAME, more, { ...action, seat: 0 }).ok, 'with one more card it is allowed');
  });
});
