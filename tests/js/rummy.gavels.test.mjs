// Ripper rummy rule points of the gavel cards (seed 002), one table test each; the full list and the count are
// in rummy.rulepoints.test.mjs.
//   R18 at most one gavel card a turn                                             R18 …
//   R19 cards brought in by a Ripper Strike or a Scene do not count against it   R19 …
//   R20 suspect, alibi, victim and scene cards stay on the table; Ripper Strike
//       and Commissioner Resigns go to Scotland Yard                              R20 …
//   R21 a suspect card needs a meld of its suspect on the table                  R21 …
//   R22 an alibi needs a meld of its suspect on the table                        R22 …
//   R23 one alibi on the table: a new one sends the old one to Scotland Yard     R23 …
//   R24 a double alibi covers the suspect its player names                       R24 …
//   R25 a victim takes the scene of its colour from the table                    R25 …
//   R26 a victim played from hand draws 2 from the case file                     R26 …
//   R27 a Ripper Strike turns up case-file cards until a victim or 5 cards       R27 …
//   R28 the victim a Strike finds is its player's, draws 2 and takes its scene  R28 …
//   R29 a Strike that finds no victim leaves the 5 cards on Scotland Yard        R29 …
//   R30 Commissioner Resigns: everyone puts out every victim in hand, no draws,
//       scenes matched                                                           R30 …
//   R31 a hand emptied by Commissioner Resigns ends the hand                     R31 …
//   R32 a scene stays in its player's area until a victim of its colour comes;
//       a scene played after its victim stays (ruling)                           R32 …
//   R33 a scene takes any card but a scene from Scotland Yard, seen only by its
//       player, and shows it                                                     R33 …
//   R34 a gavel card so taken is played at once or kept until the next turn      R34 …
//   R35 evidence so taken may be played this turn; a card not played is kept     R35 …
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { view } from '../../site/engine/rummy/view.js';
import { ALIBI, E, GAME, gameWith, go, L, no, passAll, RESIGNS, rig, rows, SC, STRIKE, SUS, V } from './rummy_helpers.mjs';

const CRIMSON_MELD = [{ seat: 1, cards: [E('crimson', 2), E('crimson', 3), E('crimson', 4)] }];
const name = (id) => `"${GAME.cards[id].name}"`;

test('R18 at most one gavel card a turn; evidence may follow; the next turn has its own', () => {
  const s = rig({ players: 2, hands: [[SUS('crimson'), V('nell'), E('crimson', 1), E('moss')], [E('ochre'), E('teal')]],
    melds: CRIMSON_MELD, table: [[V('ada')]] });
  const after = go(s, [{ type: 'gavel', card: SUS('crimson') }]);
  rows([
    { name: 'a second gavel card', action: { type: 'gavel', card: V('nell') }, refuse: 'you have already played a gavel card this turn (one a turn)' },
    { name: 'evidence after it', action: { type: 'layoff', card: E('crimson', 1) } },
  ], ({ action, refuse }) => {
    if (refuse) assert.equal(no(after, action), refuse);
    else go(after, [action]);
  });
  const nextTurn = go(after, [{ type: 'discard', card: E('moss') }, { type: 'draw', from: 'file' }, { type: 'discard', card: E('ochre') },
    { type: 'draw', from: 'file' }]);
  assert.equal(nextTurn.turn, 0);
  assert.equal(go(nextTurn, [{ type: 'gavel', card: V('nell') }]).victims, 2);
});

test('R19 a Strike\'s victim, a scene\'s gavel card played at once and the Commissioner\'s victims are over the limit', () => {
  rows([
    { name: 'the victim a Strike finds', hands: [[STRIKE(), E('moss'), E('teal')], [E('ochre')]], top: [V('nell')],
      actions: [{ type: 'gavel', card: STRIKE() }], victims: 2 },
    { name: 'a scene, then the victim it took', hands: [[SC('kit'), E('moss')], [E('ochre')]], yard: [V('nell')],
      actions: [{ type: 'gavel', card: SC('kit') }, { type: 'pick', card: V('nell') }, { type: 'gavel', card: V('nell') }], victims: 2 },
    { name: 'the Commissioner\'s victims', hands: [[RESIGNS(), V('nell'), E('moss')], [V('kit'), E('ochre')]],
      actions: [{ type: 'gavel', card: RESIGNS() }], victims: 3 },
  ], ({ hands, top = [], yard = [], actions, victims }) => {
    const s = go(rig({ hands, top, yard, table: [[V('ada')]] }), actions);
    assert.equal(s.victims, victims);
    assert.equal(s.step.gavel, true, 'the card played from hand used the turn\'s gavel card');
  });
});

test('R20 suspect, alibi, victim and scene cards stay on the table; Strike and Commissioner go to Scotland Yard', () => {
  rows([
    { name: 'suspect', c: SUS('crimson'), table: true },
    { name: 'alibi', c: ALIBI('ochre'), table: true, melds: [{ seat: 1, cards: [E('ochre', 2), E('ochre', 3), E('ochre', 4)] }] },
    { name: 'victim', c: V('nell'), table: true },
    { name: 'scene', c: SC('kit'), table: true },
    { name: 'strike', c: STRIKE(), table: false },
    { name: 'commissioner', c: RESIGNS(), table: false },
  ], ({ c, table, melds = CRIMSON_MELD }) => {
    const s = passAll(go(rig({ hands: [[c, E('moss'), E('teal')], [E('ochre', 1)]], melds, table: [[V('ada')]], yard: [] }),
      [{ type: 'gavel', card: c }]));
    assert.equal(s.table[0].some((x) => x.id === c), table);
    assert.equal(s.yard.includes(c), !table);
  });
});

test('R21 a suspect card needs a meld of its suspect on the table (anyone\'s)', () => {
  rows([
    { name: 'no meld', melds: [], refuse: `play a suspect card only once a meld against ${GAME.suitNames.crimson} is on the table` },
    { name: 'a meld of another suspect', melds: [{ seat: 1, cards: [E('teal', 2), E('teal', 3), E('teal', 4)] }],
      refuse: `play a suspect card only once a meld against ${GAME.suitNames.crimson} is on the table` },
    { name: 'another seat\'s meld', melds: CRIMSON_MELD },
  ], ({ melds, refuse }) => {
    const s = rig({ hands: [[SUS('crimson'), E('moss')], [E('ochre')]], melds, table: [[V('ada')]] });
    if (refuse) assert.equal(no(s, { type: 'gavel', card: SUS('crimson') }), refuse);
    else assert.deepEqual(go(s, [{ type: 'gavel', card: SUS('crimson') }]).table[0].at(-1), { id: SUS('crimson'), suit: 'crimson' });
  });
});

test('R22 an alibi needs a meld of its suspect on the table', () => {
  rows([
    { name: 'no meld', melds: [], refuse: `play an alibi only once a meld against ${GAME.suitNames.teal} is on the table` },
    { name: 'a teal meld', melds: [{ seat: 1, cards: [E('teal', 2), E('teal', 3), E('teal', 4)] }] },
  ], ({ melds, refuse }) => {
    const s = rig({ hands: [[ALIBI('teal'), E('moss')], [E('ochre')]], melds, table: [[V('ada')]] });
    if (refuse) assert.equal(no(s, { type: 'gavel', card: ALIBI('teal') }), refuse);
    else assert.deepEqual(go(s, [{ type: 'gavel', card: ALIBI('teal') }]).alibi, { seat: 0, id: ALIBI('teal'), suit: 'teal' });
  });
});

test('R23 one alibi on the table: a new one sends the old one to Scotland Yard', () => {
  const melds = [{ seat: 1, cards: [E('teal', 2), E('teal', 3), E('teal', 4)] }, { seat: 1, cards: [E('ochre', 2), E('ochre', 3), E('ochre', 4)] }];
  rows([{ name: 'the old one is another seat\'s', owner: 1 }, { name: 'the old one is mine', owner: 0 }], ({ owner }) => {
    const table = [[V('ada')], []];
    table[owner].push(ALIBI('ochre'));
    const s = go(rig({ hands: [[ALIBI('teal'), E('moss')], [E('slate')]], melds, table, yard: [E('violet')] }), [{ type: 'gavel', card: ALIBI('teal') }]);
    assert.deepEqual(s.yard, [E('violet'), ALIBI('ochre')]);
    assert.equal(s.table.flat().filter((x) => GAME.cards[x.id].kind === 'alibi').length, 1);
    assert.deepEqual(s.alibi, { seat: 0, id: ALIBI('teal'), suit: 'teal' });
  });
});

test('R24 a double alibi covers the one of its two suspects its player names', () => {
  const double = ALIBI('crimson');
  assert.equal(GAME.cards[double].also, 'moss');
  const melds = [...CRIMSON_MELD, { seat: 1, cards: [E('moss', 2), E('moss', 3), E('moss', 4)] }];
  rows([
    { name: 'named moss', suspect: 'moss', covers: 'moss' },
    { name: 'named crimson', suspect: 'crimson', covers: 'crimson' },
    { name: 'no name: its first suspect', suspect: undefined, covers: 'crimson' },
    { name: 'a suspect it does not name', suspect: 'teal',
      refuse: `this alibi covers ${GAME.suitNames.crimson} or ${GAME.suitNames.moss}` },
  ], ({ suspect, covers, refuse }) => {
    const s = rig({ hands: [[double, E('teal')], [E('ochre')]], melds, table: [[V('ada')]] });
    const action = { type: 'gavel', card: double, suspect };
    if (refuse) assert.equal(no(s, action), refuse);
    else assert.equal(go(s, [action]).alibi.suit, covers);
  });
  const single = rig({ hands: [[ALIBI('teal'), E('moss')], [E('ochre')]], melds: [{ seat: 1, cards: [E('teal', 2), E('teal', 3), E('teal', 4)] }],
    table: [[V('ada')]] });
  rows([{ name: 'a single alibi for another', suspect: 'crimson' }, { name: 'a single alibi for nobody', suspect: false }], ({ suspect }) => {
    assert.equal(no(single, { type: 'gavel', card: ALIBI('teal'), suspect }), `this alibi covers ${GAME.suitNames.teal}`);
  });
  assert.equal(go(single, [{ type: 'gavel', card: ALIBI('teal'), suspect: null }]).alibi.suit, 'teal');
});

test('R25 a victim takes the scene of its colour from wherever it lies on the table', () => {
  rows([
    { name: 'another seat\'s scene', table: [[V('ada')], [SC('nell')]], mine: true },
    { name: 'my own scene', table: [[V('ada'), SC('nell')], []], mine: true },
    { name: 'a scene of another colour', table: [[V('ada')], [SC('kit')]], mine: false },
  ], ({ table, mine }) => {
    const s = go(rig({ hands: [[V('nell'), E('moss')], [E('ochre')]], table }), [{ type: 'gavel', card: V('nell') }]);
    const scene = table.flat().find((id) => GAME.cards[id].kind === 'scene');
    assert.equal(s.table[0].some((x) => x.id === scene), mine);
    assert.equal(s.table.flat().filter((x) => x.id === scene).length, 1);
  });
});

test('R26 a victim played from hand draws the victim draw from the case file', () => {
  rows([{ name: 'the seed\'s 2', game: GAME, drawn: 2 }, { name: 'a variant\'s 3', game: gameWith({ parameters: { victim_draw: 3 } }), drawn: 3 }],
    ({ game, drawn }) => {
      const top = [E('crimson', 1), E('crimson', 2), E('crimson', 3)];
      const s = go(rig({ game, hands: [[V('nell'), E('moss')], [E('ochre')]], top }), [{ type: 'gavel', card: V('nell') }], game);
      assert.deepEqual(s.held[0], [E('moss'), ...top.slice().reverse().slice(0, drawn)]);
    });
});

test('R27 a Ripper Strike turns up case-file cards until a victim appears or 5 are turned', () => {
  const others = [E('crimson', 1), E('crimson', 2), E('crimson', 3), E('crimson', 4), E('crimson', 5), E('ochre', 1)];
  rows([
    { name: 'victim third', top: [V('nell'), others[0], others[1]], turned: [others[1], others[0]], found: true },
    { name: 'victim fifth', top: [V('nell'), ...others.slice(0, 4)], turned: others.slice(0, 4).reverse(), found: true },
    { name: 'victim sixth', top: [V('nell'), ...others.slice(0, 5)], turned: others.slice(0, 5).reverse(), found: false },
    { name: 'a designer\'s depth of 2', top: [V('nell'), others[0], others[1]], turned: [others[1], others[0]], found: false,
      game: gameWith({ parameters: { strike_reveal: 2 } }) },
  ], ({ top, turned, found, game = GAME }) => {
    const s = go(rig({ game, hands: [[STRIKE(), E('moss')], [E('ochre', 2)]], table: [[V('ada')]], top, yard: [E('teal')] }),
      [{ type: 'gavel', card: STRIKE() }], game);
    assert.deepEqual(s.yard, [E('teal'), STRIKE(), ...turned]);
    assert.equal(s.table[0].some((x) => x.id === V('nell')), found);
  });
});

test('R28 the victim a Strike finds is its player\'s: it draws 2 and takes its scene', () => {
  const s = go(rig({ hands: [[STRIKE(), E('moss')], [E('ochre')]], table: [[V('ada')], [SC('nell')]],
    top: [E('teal', 2), E('teal', 1), V('nell'), E('crimson')] }), [{ type: 'gavel', card: STRIKE() }]);
  assert.deepEqual(s.held[0], [E('moss'), E('teal', 1), E('teal', 2)]);
  assert.deepEqual(s.table[0].map((x) => x.id), [V('ada'), V('nell'), SC('nell')]);
  assert.deepEqual(s.table[1], []);
});

test('R29 a Strike that finds no victim leaves the turned cards on Scotland Yard and does nothing more', () => {
  const top = [E('crimson', 1), E('crimson', 2), E('crimson', 3), E('crimson', 4), E('crimson', 5)];
  const s0 = rig({ hands: [[STRIKE(), E('moss')], [E('ochre')]], table: [[V('ada')]], top });
  const s = go(s0, [{ type: 'gavel', card: STRIKE() }]);
  assert.deepEqual(s.held, [[E('moss')], [E('ochre')]]);
  assert.equal(s.file.length, s0.file.length - 5);
  assert.equal(s.victims, 1);
  assert.equal(s.yard.length, 6);
});

test('R30 Commissioner Resigns: every seat puts out every victim in hand at once, draws nothing, scenes are matched', () => {
  const s0 = rig({ players: 3, hands: [[RESIGNS(), V('nell'), E('moss')], [V('kit'), V('bess'), E('ochre')], [E('teal')]],
    table: [[V('ada')], [], [SC('nell')]] });
  const s = go(s0, [{ type: 'gavel', card: RESIGNS() }]);
  assert.deepEqual(s.held, [[E('moss')], [E('ochre')], [E('teal')]]);
  assert.equal(s.file.length, s0.file.length, 'nobody draws');
  assert.deepEqual(s.table[0].map((x) => x.id), [V('ada'), V('nell'), SC('nell')]);
  assert.deepEqual(s.table[1].map((x) => x.id), [V('kit'), V('bess')]);
  assert.equal(s.yard.at(-1), RESIGNS());
  assert.equal(s.victims, 4);
});

test('R31 a hand emptied by Commissioner Resigns ends the hand', () => {
  rows([
    { name: 'another seat\'s hand', hands: [[RESIGNS(), E('moss'), E('teal')], [V('kit'), V('bess')]], out: 1 },
    { name: 'the player\'s own hand', hands: [[RESIGNS(), V('nell'), V('kit')], [E('ochre')]], out: 0 },
    { name: 'no hand emptied', hands: [[RESIGNS(), V('nell'), E('moss')], [V('kit'), E('ochre')]], out: null },
  ], ({ hands, out }) => {
    const s = go(rig({ hands, table: [[V('ada')]] }), [{ type: 'gavel', card: RESIGNS() }]);
    assert.equal(s.results.length, out === null ? 0 : 1);
    if (out !== null) assert.deepEqual([s.results[0].endedBy, s.results[0].out, s.handNumber], ['out', out, 2]);
  });
});

test('R32 a scene stays with its player until a victim of its colour comes; played after that victim, it stays', () => {
  rows([
    { name: 'the victim comes later, from another seat', table: [[V('ada')], []], later: true, keeps: false },
    { name: 'the victim is already down', table: [[V('ada')], [V('nell')]], later: false, keeps: true },
  ], ({ table, later, keeps }) => {
    let s = go(rig({ hands: [[SC('nell'), E('moss'), E('teal')], [V('nell'), E('ochre'), E('slate')].filter((id) => later || id !== V('nell'))],
      table, yard: [] }), [{ type: 'gavel', card: SC('nell') }]);
    assert.deepEqual(s.table[0].at(-1), { id: SC('nell'), suit: 'nell' });
    s = go(s, [{ type: 'discard', card: E('teal') }, { type: 'draw', from: 'file' }]);
    if (later) s = go(s, [{ type: 'gavel', card: V('nell') }]);
    assert.equal(s.table[0].some((x) => x.id === SC('nell')), keeps);
    assert.equal(s.table[1].some((x) => x.id === SC('nell')), !keeps);
  });
});

test('R33 a scene takes any card but a scene from Scotland Yard; only its player looks through the pile; the card is shown', () => {
  const yard = [E('crimson'), SC('kit'), SUS('teal'), E('ochre')];
  const s = go(rig({ hands: [[SC('nell'), E('moss')], [E('slate')]], table: [[V('ada')]], yard }), [{ type: 'gavel', card: SC('nell') }]);
  assert.equal(s.phase, 'scene');
  assert.deepEqual(view(s, 0).lookThrough, yard.slice().sort());
  assert.equal(view(s, 1).lookThrough, null);
  assert.ok(!JSON.stringify(view(s, 1)).includes(`"${E('crimson')}"`));
  rows([
    { name: 'a scene', c: SC('kit'), refuse: 'a scene takes any card from Scotland Yard but another scene' },
    { name: 'a card not in the pile', c: E('violet'), refuse: `${name(E('violet'))} is not in Scotland Yard` },
    { name: 'a card under the top', c: E('crimson') },
  ], ({ c, refuse }) => {
    if (refuse) { assert.equal(no(s, { type: 'pick', card: c }), refuse); return; }
    const t = go(s, [{ type: 'pick', card: c }]);
    assert.deepEqual(t.held[0], [E('moss'), c]);
    assert.deepEqual(t.yard, yard.filter((x) => x !== c));
    assert.deepEqual(view(t, 1).events.find((e) => e.e === 'pick'), { e: 'pick', seat: 0, card: c });
  });
  const onlyScenes = go(rig({ hands: [[SC('nell'), E('moss')], [E('slate')]], table: [[V('ada')]], yard: [SC('kit')] }),
    [{ type: 'gavel', card: SC('nell') }]);
  assert.equal(onlyScenes.phase, 'play', 'nothing to take: the turn goes on');
});

test('R34 a gavel card taken with a scene is played at once (over the limit) or kept until the next turn', () => {
  const s = go(rig({ hands: [[SC('nell'), E('moss'), E('teal')], [E('slate')]], melds: CRIMSON_MELD, table: [[V('ada')]], yard: [SUS('crimson')] }),
    [{ type: 'gavel', card: SC('nell') }, { type: 'pick', card: SUS('crimson') }]);
  assert.equal(s.phase, 'sceneGavel');
  rows([
    { name: 'played at once', action: { type: 'gavel', card: SUS('crimson') }, onTable: true },
    { name: 'another card instead', action: { type: 'gavel', card: E('moss') },
      refuse: `play the card you took from Scotland Yard (${name(SUS('crimson'))}) or keep it` },
    { name: 'kept', action: { type: 'keep' }, onTable: false },
  ], ({ action, refuse, onTable }) => {
    if (refuse) { assert.equal(no(s, action), refuse); return; }
    const t = go(s, [action]);
    assert.equal(t.phase, 'play');
    assert.equal(t.table[0].some((x) => x.id === SUS('crimson')), onTable);
  });
  const kept = go(s, [{ type: 'keep' }]);
  assert.equal(no(kept, { type: 'gavel', card: SUS('crimson') }), `${name(SUS('crimson'))} was taken with a scene and kept: it waits until your next turn`);
  const nextTurn = go(kept, [{ type: 'discard', card: E('teal') }, { type: 'draw', from: 'file' }, { type: 'discard', card: E('slate') },
    { type: 'draw', from: 'file' }]);
  assert.equal(go(nextTurn, [{ type: 'gavel', card: SUS('crimson') }]).table[0].at(-1).id, SUS('crimson'));
});

test('R35 evidence taken with a scene may be played that turn; a card not played stays in hand', () => {
  rows([
    { name: 'laid off at once', c: E('crimson', 1), then: { type: 'layoff', card: E('crimson', 1) }, inHand: false },
    { name: 'a letter kept', c: L(1), then: null, inHand: true },
  ], ({ c, then, inHand }) => {
    let s = go(rig({ hands: [[SC('nell'), E('moss'), E('teal')], [E('slate')]], melds: CRIMSON_MELD, table: [[V('ada')]], yard: [c] }),
      [{ type: 'gavel', card: SC('nell') }, { type: 'pick', card: c }]);
    assert.equal(s.phase, 'play');
    if (then) s = go(s, [then]);
    assert.equal(s.held[0].includes(c), inHand);
  });
});
