// Bots play whole games on a board until one ends with the winner asked for; prints its save, Jack's routes night
// by night and the circles' positions, for the browser test of the end screen (usage: node finished_game.mjs
// SITE_DIR BOARD_ID jack|police). The save says the police played (against the Jack bot).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, boardId, winner] = process.argv.slice(2);
const engine = (name) => import(pathToFileURL(join(site, 'engine', name)).href);
const { loadBoard } = await engine('hunt/board.js');
const { JackBot, PoliceBot } = await engine('hunt/bots.js');
const { actor, apply, newGame } = await engine('hunt/hunt.js');
const { Rng } = await engine('common/rng.js');
const { beginRecord, drawsBetween, recordStep, save } = await engine('hunt/save.js');
const { view } = await engine('hunt/view.js');

const rules = JSON.parse(readFileSync(join(site, 'engine', 'data', 'rules', 'default.json'), 'utf8'));
const board = loadBoard(JSON.parse(readFileSync(join(site, 'engine', 'data', 'boards', `${boardId}.json`), 'utf8')));
const bots = { jack: new JackBot(board), police: new PoliceBot(board) };
for (let seed = 1; seed < 200; seed += 1) {
  let s = newGame({ board, rules, seed });
  let record = beginRecord({ board, variant: 'default.json', seed, players: 'police' });
  while (s.phase !== 'over') {
    const who = actor(s);
    const rng = new Rng(s.rng);
    const action = bots[who].act(view(s, who), rng);
    record = recordStep(record, action, drawsBetween(s.rng, rng.state));
    s = { ...apply(board, s, action).state, rng: rng.state };
  }
  if (s.winner === winner) {
    const routes = s.nights.map((n) => ({ night: n.night, route: n.route }));
    if (!routes.length || routes.at(-1).night !== s.night) routes.push({ night: s.night, route: s.jack.route });
    const positions = Object.fromEntries(board.circles.map((c) => [c, board.position.get(c)]));
    console.log(JSON.stringify({ save: await save(record), routes, positions, reason: s.reason }));
    process.exit(0);
  }
}
process.exit(1);
