// Bots play a game with the letters variant until Jack's letter on night 2; prints the save and what
// each letter may pick, for the browser test (usage: node letter_night.mjs SITE_DIR BOARD_ID). The save is
// Jack's, against the police bot.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, boardId] = process.argv.slice(2);
const engine = (name) => import(pathToFileURL(join(site, 'engine', name)).href);
const { loadBoard } = await engine('hunt/board.js');
const { JackBot, PoliceBot } = await engine('hunt/bots.js');
const { actor, apply, newGame } = await engine('hunt/hunt.js');
const { letterTokens } = await engine('hunt/letters.js');
const { Rng } = await engine('common/rng.js');
const { beginRecord, drawsBetween, recordStep, save } = await engine('hunt/save.js');
const { view } = await engine('hunt/view.js');

const read = (path) => JSON.parse(readFileSync(join(site, 'engine', 'data', path), 'utf8'));
const board = loadBoard(read(`boards/${boardId}.json`));
const rules = read('rules/letters.json');
const bots = { jack: new JackBot(board), police: new PoliceBot(board) };
for (let seed = 1; seed < 200; seed += 1) {
  let s = newGame({ board, rules, seed });
  let record = beginRecord({ board, variant: 'letters.json', seed, players: 'jack' });
  while (s.phase !== 'over' && !(s.night === 2 && s.phase === 'letter')) {
    const who = actor(s);
    const rng = new Rng(s.rng);
    const action = bots[who].act(view(s, who), rng);
    record = recordStep(record, action, drawsBetween(s.rng, rng.state));
    s = { ...apply(board, s, action).state, rng: rng.state };
  }
  if (s.phase === 'letter') {
    const tokens = (n) => letterTokens(board, s, n).map((t) => t.at);
    const free = board.crossings.filter((k) => !s.patrols.some((p) => p.at === k));
    console.log(JSON.stringify({ save: await save(record), first: tokens(1), second: tokens(2), free }));
    process.exit(0);
  }
}
process.exit(1);
