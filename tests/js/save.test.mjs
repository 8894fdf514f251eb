// Saved games: a save is the game's beginning and its moves, replayed through the rules on load; nothing
// of a side's secrets is readable in it; every bad text is refused whole, with the reason, within bounds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, apply, newGame, PHASES } from '../../site/engine/hunt/hunt.js';
import {
  ACTION_FIELDS, beginRecord, LIMITS, load, recordStep, REFUSAL, save, SAVE_PREFIX, SaveError,
} from '../../site/engine/hunt/save.js';
import { seal, unseal } from '../../site/engine/common/seal.js';
import { ladder, LADDER_RULES } from './helpers.mjs';
import { SETUP, WAIT_AND_KILL } from './ladder_game.mjs';

const board = ladder();
const rulesFor = (variant) => (variant === 'ladder' ? LADDER_RULES : undefined);
const opened = (text, options = {}) => load(text, board, { rulesFor, ...options });

/** A person's game on the ladder: the record and the state it reached. */
function played(actions, seed = 3) {
  let record = beginRecord({ board, variant: 'ladder', seed });
  let state = newGame({ board, rules: LADDER_RULES, seed });
  for (const action of actions) {
    const r = apply(board, state, action);
    assert.ok(r.ok, r.reason);
    state = r.state;
    record = recordStep(record, action);
  }
  return { record, state };
}

/** A save of any record, sealed with the page's key as `save` seals: how a forger would make one. */
async function forge(record) {
  const { kind, data } = await seal(typeof record === 'string' ? record : JSON.stringify(record), { prefix: SAVE_PREFIX });
  return `${SAVE_PREFIX}.${kind}.${data}`;
}

const opening = async (text) => JSON.parse(await unseal(text.split('.')[1], text.split('.')[2], { prefix: SAVE_PREFIX }));

async function refused(text, message, options) {
  await assert.rejects(opened(text, options), (err) => {
    assert.ok(err instanceof SaveError, `${err.name}: ${err.message}`);
    assert.equal(err.message, message);
    return true;
  });
}

test('a save resumes the game exactly, and the same game saves as the same text', async () => {
  const { record, state } = played([...SETUP, ...WAIT_AND_KILL, { type: 'move', to: 6 }]);
  const text = await save(record);
  assert.ok(text.startsWith(`${SAVE_PREFIX}.sealed.`));
  const back = await opened(text);
  assert.deepEqual(back.state, state);
  assert.deepEqual(back.record, record);
  assert.equal(await save(back.record), text);
});

test('a move keeps only the fields its action takes, as apply read them', async () => {
  const record = recordStep(beginRecord({ board, variant: 'ladder' }), { type: 'hideout', circle: 4, colour: 'red', to: 9 });
  assert.deepEqual(record.steps, [[{ type: 'hideout', circle: 4 }]]);
  assert.equal(record.seed, 0);
});

test('every action of the hunt has its fields in the save, and nothing else', () => {
  const actions = new Set(Object.values(PHASES).flatMap((p) => p.actions));
  assert.deepEqual(Object.keys(ACTION_FIELDS).sort(), [...actions].sort());
});

// ---------------------------------------------------------------- secrets

test('decoding a save shows no hideout, marked women, moves or seed (it was base64 JSON)', async () => {
  const { record } = played([...SETUP, ...WAIT_AND_KILL, { type: 'move', to: 6 }]);
  const text = await save(record);
  const body = text.split('.').slice(2).join('.');
  for (const shift of [0, 1, 2, 3]) {
    const decoded = Buffer.from(body.slice(shift), 'base64url').toString('latin1');
    for (const word of ['hideout', 'marked', 'circle', 'seed', 'steps', '"move"']) assert.ok(!decoded.includes(word), `${word} at ${shift}`);
  }
  // Decoding from each of the four offsets finds base64 of any word wherever it starts.
  for (const word of ['hideout', 'marked', 'circle', 'seed']) assert.ok(!text.includes(word), word);
});

test('a save locked with a passphrase opens only with it, and a locked save is new bytes each time', async () => {
  const { record, state } = played(SETUP);
  const text = await save(record, { passphrase: 'gin and fog' });
  assert.ok(text.startsWith(`${SAVE_PREFIX}.locked.`));
  assert.notEqual(await save(record, { passphrase: 'gin and fog' }), text, 'a fresh salt for every save');
  assert.deepEqual((await opened(text, { passphrase: 'gin and fog' })).state, state);
  await refused(text, `${REFUSAL}it is locked with a passphrase: type the passphrase, then load it again`);
  await refused(text, `${REFUSAL}the passphrase is wrong, or the text was changed or cut short`, { passphrase: 'gin and tonic' });
  // The page's own key does not open it: a locked save is not a sealed one with another header.
  await refused(text.replace('.locked.', '.sealed.'), `${REFUSAL}the text was changed or cut short (its seal does not open)`);
});

// ---------------------------------------------------------------- the reproductions (gaslight-save/2)

/** A gaslight-save/2 text as the old page wrote it: base64 JSON of the state, an FNV-1a checksum. */
function oldSave(state) {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  let hash = 0x811c9dc5;
  for (let i = 0; i < body.length; i += 1) hash = Math.imul(hash ^ body.charCodeAt(i), 0x01000193) >>> 0;
  return `gaslight-save/2.${body}.${hash.toString(16).padStart(8, '0')}`;
}

const OLD = `${REFUSAL}it was saved by an older version of this page (gaslight-save/2), whose saves cannot be replayed `
  + 'move by move; start a new game';

test('old saves, which held the state itself, are refused: forged states no longer load', async () => {
  const { state } = played([...SETUP, ...WAIT_AND_KILL]);
  const forgeries = [
    { ...state, jack: { ...state.jack, pos: 3, route: [5, 3] } }, // Jack teleported
    { ...state, night: 99 },
    { ...state, phase: 'women', women: Array.from({ length: 1000 }, (_, i) => ({ at: [1, 3, 6][i % 3], marked: true })) },
    { ...state, nights: [1, 'x', null] },
  ];
  for (const forged of forgeries) await refused(oldSave(forged), OLD);
});

// ---------------------------------------------------------------- forged saves of today's format

test('Jack teleported: the move is refused by the rules, naming the move', async () => {
  const { record } = played([...SETUP, ...WAIT_AND_KILL]);
  const teleport = recordStep(record, { type: 'move', to: 3 });
  await refused(await forge(teleport), `${REFUSAL}move 9 is against the rules: circle 3 is not one step from 5`);
});

test('a thousand women tokens: refused by the rules', async () => {
  const { record } = played(SETUP.slice(0, 1));
  const women = recordStep(record, { type: 'women', marked: Array.from({ length: 1000 }, (_, i) => i), unmarked: [] });
  await refused(await forge(women),
    `${REFUSAL}move 2 is against the rules: tonight Jack places 3 women tokens, 2 of them marked (got 1000 marked, 0 unmarked)`);
});

test('night 99, or any state, cannot be written in a save', async () => {
  const { record } = played(SETUP);
  await refused(await forge({ ...record, night: 99 }), `${REFUSAL}it holds "night", which a saved game does not hold`);
  await refused(await forge({ ...record, state: {} }), `${REFUSAL}it holds "state", which a saved game does not hold`);
  // Past the last night the rules say the game is over.
  const escaped = played([...SETUP, ...WAIT_AND_KILL]);
  const over = { ...escaped.record, steps: [...escaped.record.steps, [{ type: 'move', to: 4, escape: true }]] };
  assert.equal((await opened(await forge(over))).state.night, 2);
});

const { record: base } = played(SETUP);
const withSteps = (steps) => ({ ...base, steps });

const MALFORMED = [
  ['nights: [1, "x", null] as moves', withSteps([1, 'x', null]), 'move 1 is not [action] or [action, draws]'],
  ['a move of three parts', withSteps([[{ type: 'pass' }, 1, 2]]), 'move 1 is not [action] or [action, draws]'],
  ['a move that is no action', withSteps([[[1]]]), 'move 1 is not an action (an object with a "type")'],
  ['a type that is a number', withSteps([[{ type: 7 }]]), 'move 1 is not an action (an object with a "type")'],
  ['an action the hunt does not know', withSteps([[{ type: 'teleport', to: 3 }]]),
    'move 1 is a "teleport", which is no action of the hunt'],
  ['an inherited name as the type', withSteps([[{ type: 'constructor' }]]), 'move 1 is a "constructor", which is no action of the hunt'],
  ['a field the action does not take', withSteps([[{ type: 'hideout', circle: 4, night: 99 }]]),
    'move 1 (a "hideout") holds "night", which that action does not take'],
  ['an object for a circle', withSteps([[{ type: 'hideout', circle: { n: 4 } }]]),
    'move 1 (a "hideout"): its "circle" is not a number, a text, true, false or null'],
  ['a number for a list', withSteps([[{ type: 'women', marked: 2, unmarked: [] }]]),
    'move 1 (a "women"): its "marked" is not a list of numbers, texts, true, false or null'],
  ['a huge number for a circle', withSteps([[{ type: 'hideout', circle: 1e300 }]]),
    'move 1 is against the rules: 1e+300 is not a circle on this board'],
  ['a letter naming tokens in a table', withSteps([[{ type: 'letter', letter: 2, from: { a: 1 } }]]),
    'move 1 (a "letter"): its "from" is not a number, a text, true, false, null or a list of them'],
  ['a very long name for an action', withSteps([[{ type: 'x'.repeat(5000) }]]),
    `move 1 is a "${'x'.repeat(58)}…, which is no action of the hunt`],
  ['a very long text for a circle', withSteps([[{ type: 'hideout', circle: 'y'.repeat(5000) }]]),
    `move 1 is against the rules: "${'y'.repeat(298)}…`],
  ['a text for a circle', withSteps([[{ type: 'hideout', circle: '4' }]]), 'move 1 is against the rules: "4" is not a circle on this board'],
  ['unicode for a circle', withSteps([[{ type: 'hideout', circle: '\u202e\ud83d\udd2a\u0000' }]]),
    'move 1 is against the rules: "\u202e\ud83d\udd2a\\u0000" is not a circle on this board'],
  ['a negative count of draws', withSteps([[{ type: 'hideout', circle: 4 }, -1]]),
    'move 1: the numbers its bot drew are not a whole number from 0 to 10,000'],
  ['a fractional count of draws', withSteps([[{ type: 'hideout', circle: 4 }, 1.5]]),
    'move 1: the numbers its bot drew are not a whole number from 0 to 10,000'],
  ['too many draws in all', withSteps(Array.from({ length: 101 }, () => [{ type: 'pass' }, 10000])),
    "its bots drew 1,010,000 numbers, and a saved game's bots draw at most 1,000,000"],
  ['a move out of turn', withSteps([...base.steps, [{ type: 'pass' }]]),
    'move 4 is against the rules: "pass" is not possible now: this is Jack\'s choice to kill or wait (kill, wait)'],
  ['no list of moves', { ...base, steps: { 0: [{ type: 'pass' }] } }, 'its "steps" is not a list of moves'],
  ['no seed', { ...base, seed: undefined }, 'it has no "seed"'],
  ['a seed out of range', { ...base, seed: 2 ** 32 }, 'its "seed" is not a whole number from 0 to 4294967295'],
  ['a text for a seed', { ...base, seed: '3' }, 'its "seed" is not a whole number from 0 to 4294967295'],
  ['unknown players', { ...base, players: 'both' }, 'its "players" is not "hotseat", "police" or "jack"'],
  ['a strength over 1', { ...base, strength: 2 }, 'its "strength" is not a number from 0 to 1'],
  ['another board', { ...base, board: 'elsewhere' }, 'it is a game on board "elsewhere", not "ladder"'],
  ['rules the page does not offer', { ...base, variant: 'house-rules.json' },
    'it was played under the rules "house-rules.json", which this page does not offer'],
  ['a list instead of a record', [1, 2], 'it holds no game'],
  ['a number instead of a record', 7, 'it holds no game'],
];

test('malformed saves with a valid seal are refused with the reason, never a TypeError', async () => {
  for (const [what, record, message] of MALFORMED) {
    await assert.rejects(opened(await forge(record)), (err) => {
      assert.ok(err instanceof SaveError, `${what}: ${err.name}: ${err.message}`);
      assert.equal(err.message, `${REFUSAL}${message}`, what);
      return true;
    });
  }
});

test('text that is not JSON, or nests deeper than a save, is refused', async () => {
  await refused(await forge('{"board": "ladder",'), `${REFUSAL}it cannot be read (Expected double-quoted property name in JSON at position 512)`);
  await refused(await forge(withSteps([[{ type: 'kill', victims: [[[5]]] }]])),
    `${REFUSAL}it nests lists and objects more than 5 deep, deeper than any saved game`);
  // As deep as fits in the largest text a save may be: refused, however the parser copes with it.
  const deep = `{"board":"ladder","variant":"ladder","seed":3,"players":"hotseat","strength":1,"steps":${'['.repeat(90000)}${']'.repeat(90000)}}`;
  const text = await forge(deep);
  assert.ok(text.length < LIMITS.characters);
  await refused(text, `${REFUSAL}it nests lists and objects more than 5 deep, deeper than any saved game`);
});

// ---------------------------------------------------------------- bounds

test('a 40 MB paste is refused by the size check before anything is decoded', async () => {
  const huge = `${SAVE_PREFIX}.sealed.${'A'.repeat(40 * 2 ** 20)}`;
  await refused(huge, `${REFUSAL}it is 41,943,063 characters long, and a saved game is at most 262,144`);
  const justOver = `${SAVE_PREFIX}.sealed.${'A'.repeat(LIMITS.characters)}`;
  await refused(justOver, `${REFUSAL}it is 262,167 characters long, and a saved game is at most 262,144`);
});

test('more moves than any game has are refused before any is played', async () => {
  const many = withSteps(Array.from({ length: LIMITS.moves + 1 }, () => [{ type: 'pass' }]));
  await refused(await forge(many), `${REFUSAL}it holds 5,001 moves, and a saved game holds at most 5,000`);
});

// ---------------------------------------------------------------- text

test('texts that are not saves, or were cut or changed, are refused with the reason', async () => {
  const text = await save(played(SETUP).record);
  const [prefix, kind, body] = text.split('.');
  const flipped = body[40] === 'A' ? 'B' : 'A';
  const cases = [
    ['', `a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    ['{"format":"gaslight-hunt/1"}', `a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
    [`${prefix}.${kind}.${body.slice(0, -4)}`, 'the text was changed or cut short (its seal does not open)'],
    [`${prefix}.${kind}.${body.slice(0, 40)}${flipped}${body.slice(41)}`, 'the text was changed or cut short (its seal does not open)'],
    [`${prefix}.${kind}.${body.slice(0, 20)}`, 'it is too short to hold a game (it was cut short)'],
    [`${prefix}.${kind}.${body.slice(0, 40)}!${body.slice(41)}`,
      'its sealed part holds characters a saved game never holds (it was changed or cut short)'],
    [`${prefix}.opened.${body}`, 'its seal is "opened", where a saved game has "sealed" or "locked"'],
    [`${prefix}.${kind}.${body}.${body}`, `a saved game starts with "${SAVE_PREFIX}." (use Save to make one)`],
  ];
  for (const [bad, message] of cases) await refused(bad, `${REFUSAL}${message}`);
  assert.ok((await opened(`  ${text}\n`)).state, 'blanks around the text are forgiven');
  for (const notText of [undefined, null, 42, { text }]) await refused(notText, `${REFUSAL}a saved game is text`);
});

test('the sealed part is JSON of the record, which a forger can change only by re-sealing', async () => {
  const { record } = played(SETUP);
  assert.deepEqual(await opening(await save(record)), record);
});

test('whose move it is survives a save (the state is the one the rules reach)', async () => {
  const { record, state } = played(SETUP);
  const back = await opened(await save(record));
  assert.equal(actor(back.state), actor(state));
});
