// The 24 fuzzer's Node side (benchmarks/fuzz/twentyfour.py): one long-lived process that reads one JSON request
// a line on stdin and answers one JSON line on stdout.
//
//   node twentyfour_driver.mjs GAME.json     (GAME: the bundled gaslight-twentyfour/1 game data)
//
// Requests:
//   {"op": "corpus", "seed": 1, "games": 6}   → {"saves": [{"plain", "text"}]}: real saves of bot games, cut
//                                              at a third and at the end ("plain" is the saved record's JSON)
//   {"op": "seal", "plain": "…"}             → {"text": "gaslight-24-save/2.sealed.…"} (the record under a valid seal)
//   {"op": "load", "text": "…"}              → {"outcome": "loaded" | "refused" | "internal", "message"}
//   {"op": "data", "text": "…"}              → the same for game data: prepared, then one casual bot game played
// "refused" is a SaveError, GameDataError or SetupError; anything else thrown, or a bot move refused, is "internal".

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'site', 'engine', 'twentyfour');
const engine = (name) => import(pathToFileURL(resolve(ENGINE, name)).href);
const { prepare } = await engine('rules.js');
const { actor, apply, newGame } = await engine('engine.js');
const { load, save, SAVE_PREFIX } = await engine('save.js');
const { seal, unseal } = await import(pathToFileURL(resolve(ENGINE, '..', 'common', 'seal.js')).href);
const { TwentyFourBot } = await engine('bots.js');
const { playGame } = await engine('selfplay.mjs');
const { view } = await engine('view.js');

const game = prepare(JSON.parse(readFileSync(process.argv[2], 'utf8')));
const CLEAN = new Set(['SaveError', 'GameDataError', 'SetupError']);

function plainOf(text) {
  const [, kind, data] = text.split('.');
  return unseal(kind, data, { prefix: SAVE_PREFIX });
}

async function sealed({ plain }) {
  const { kind, data } = await seal(plain, { prefix: SAVE_PREFIX });
  return { text: `${SAVE_PREFIX}.${kind}.${data}` };
}

async function corpus({ seed = 1, games = 6 }) {
  const saves = [];
  for (let g = 0; g < games; g += 1) {
    let state = newGame(game, { seed: seed * 100 + g, players: 3 + (g % 3) });
    const bots = state.seats.map((_, s) => new TwentyFourBot({ strength: (g + s) % 2 ? 'casual' : 'sharp', seed: s }));
    const actions = [];
    while (state.phase !== 'over') {
      const action = bots[actor(state)].act(game, view(game, state, actor(state)));
      state = apply(game, state, action).state;
      actions.push(action);
    }
    for (const cut of [Math.floor(actions.length / 3), actions.length]) {
      const text = await save(game, state.setup, actions.slice(0, cut));
      saves.push({ plain: await plainOf(text), text });
    }
  }
  return { saves };
}

async function guarded(run) {
  try {
    return { outcome: 'loaded', message: await run() };
  } catch (err) {
    const clean = err instanceof Error && CLEAN.has(err.name);
    return { outcome: clean ? 'refused' : 'internal', message: clean ? err.message : `${err && err.name}: ${err && err.message}\n${err && err.stack}` };
  }
}

const OPS = {
  corpus,
  seal: sealed,
  load: ({ text }) => guarded(async () => `${(await load(game, text)).actions.length} moves`),
  data: ({ text }) => guarded(() => {
    let data;
    try { data = JSON.parse(text); } catch { return 'not JSON: the page says it cannot read the game data'; }
    const mine = prepare(data);
    const { illegal, actions } = playGame(mine, { seed: 1, players: mine.P.players_min, strengths: 'casual', maxActions: 20000 });
    if (illegal) throw new Error(`a bot move was refused: ${illegal.reason}`);
    return `${actions} actions`;
  }),
};

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
