// The saves fuzzer's Node side (benchmarks/fuzz/saves.py): one long-lived process that reads one JSON
// request a line on stdin and answers one JSON line on stdout.
//
//   node saves_driver.mjs
//
// Requests (the first one is "setup"):
//   {"op": "setup", "boards": {id: board export}, "rules": {variant: rules file}}   → {"ready": true}
//   {"op": "corpus", "seed": 1, "games": 12}   → {"saves": [{"board", "plain", "text"}]}: real saves, taken at
//                                                random points of bot games (some moves by "people")
//   {"op": "seal", "plain": "…", "passphrase": ""}   → {"text": "gaslight-save/3.sealed.…"} (a valid seal)
//   {"op": "load", "board": "tutorial", "text": "…", "passphrase": ""}
//       → {"outcome": "loaded" | "refused" | "internal", "message": "…", "ms": 1.2}
// "refused" is a SaveError whose message starts "not a saved game: "; anything else thrown is "internal".

import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'site', 'engine');
const engine = (name) => import(pathToFileURL(resolve(ENGINE, name)).href);
const { loadBoard } = await engine('hunt/board.js');
const { JackBot, PoliceBot } = await engine('hunt/bots.js');
const { actor, apply, newGame, withRng } = await engine('hunt/hunt.js');
const { Rng } = await engine('common/rng.js');
const { beginRecord, drawsBetween, load, recordStep, REFUSAL, save, SAVE_PREFIX, SaveError } = await engine('hunt/save.js');
const { seal } = await engine('common/seal.js');
const { view } = await engine('hunt/view.js');

let boards = {};
let rules = {};
const rulesFor = (variant) => (Object.hasOwn(rules, variant) ? rules[variant] : undefined);

/** Records of one bot game at a few random points; `people` move without drawing from the game's generator. */
function gameRecords(board, variant, seed, pick) {
  const players = ['hotseat', 'police', 'jack'][seed % 3];
  const people = players === 'hotseat' ? [] : [players];
  const strength = seed % 2 ? 1 : 0.55;
  const bots = { jack: new JackBot(board, { strength }), police: new PoliceBot(board, { strength }) };
  let record = beginRecord({ board, variant, seed, players, strength });
  let state = newGame({ board, rules: rules[variant], seed });
  const taken = [];
  while (state.phase !== 'over') {
    const who = actor(state);
    const rng = new Rng(state.rng);
    const person = people.includes(who);
    const action = bots[who].act(view(state, who), person ? new Rng([seed, 1, 2, 3]) : rng);
    const result = apply(board, state, action);
    if (!result.ok) throw new Error(`a bot was refused: ${result.reason}`);
    record = recordStep(record, action, person ? null : drawsBetween(state.rng, rng.state));
    state = person ? result.state : withRng(result.state, rng.state);
    if (pick.float() < 0.01) taken.push(record);
  }
  taken.push(record);
  return taken;
}

async function corpus({ seed = 1, games = 12 }) {
  const pick = new Rng([seed, 7, 7, 7]);
  const variants = Object.keys(rules);
  const ids = Object.keys(boards);
  const saves = [];
  for (let g = 0; g < games; g += 1) {
    const board = boards[ids[g % ids.length]];
    for (const record of gameRecords(board, variants[g % variants.length], seed * 1000 + g, pick)) {
      saves.push({ board: board.id, plain: JSON.stringify(record), text: await save(record) });
    }
  }
  return { saves };
}

async function sealed({ plain, passphrase = '' }) {
  const { kind, data } = await seal(plain, { passphrase, prefix: SAVE_PREFIX });
  return { text: `${SAVE_PREFIX}.${kind}.${data}` };
}

async function loaded({ board, text, passphrase = '' }) {
  const started = performance.now();
  try {
    const { record } = await load(text, boards[board], { passphrase, rulesFor });
    return { outcome: 'loaded', message: `${record.steps.length} moves`, ms: performance.now() - started };
  } catch (err) {
    const ms = performance.now() - started;
    const clean = err instanceof SaveError && err.message.startsWith(REFUSAL);
    const message = clean ? err.message : `${err && err.name}: ${err && err.message}\n${err && err.stack}`;
    return { outcome: clean ? 'refused' : 'internal', message, ms };
  }
}

function setup(request) {
  boards = Object.fromEntries(Object.entries(request.boards).map(([id, json]) => [id, loadBoard(json)]));
  rules = request.rules;
  return { ready: true };
}

const OPS = { setup, corpus, seal: sealed, load: loaded };

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  let answer;
  try {
    const request = JSON.parse(line);
    answer = await OPS[request.op](request);
  } catch (err) {
    answer = { outcome: 'internal', message: `the driver failed: ${err && err.stack}` };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
