// For the rummy page's privacy test: what seat `seat` must not see in a saved game. Reads {"data", "faces", "text",
// "seat"} as JSON on stdin (the page's own game data, table faces and a save it wrote); writes {"ids", "names"}: the
// card ids in the other seats' hands, and the names of the deck's cards that lie only there (in no public place
// and not in the seat's own hand, so no name on screen could come from anywhere else).
import { readFileSync } from 'node:fs';
import { apply, newGame } from '../../site/engine/rummy/engine.js';
import { gameFrom } from '../../site/engine/rummy/rules.js';
import { load } from '../../site/engine/rummy/save.js';

const { data, faces, text, seat } = JSON.parse(readFileSync(0, 'utf8'));
const game = gameFrom(data);
const { setup, actions, state } = await load(game, text);
const seen = new Set(); // every card an event showed the table
let s = newGame(game, setup);
const note = (st) => {
  for (const e of st.events) for (const id of [e.card, e.turnedUp, ...(e.cards && Array.isArray(e.cards) ? e.cards : [])]) if (id) seen.add(id);
};
note(s);
for (const a of actions) { s = apply(game, s, a).state; note(s); }
const hidden = state.held.flatMap((h, i) => (i === seat ? [] : h));
const open = new Set([...state.held[seat], ...state.table.flat().map((x) => x.id), ...state.yard, ...seen]);
const openNames = new Set([...open].map((id) => faces[game.cards[id].base].name));
const names = [...new Set(hidden.filter((id) => !open.has(id)).map((id) => faces[game.cards[id].base].name))]
  .filter((name) => !openNames.has(name));
process.stdout.write(JSON.stringify({ ids: hidden, names }));
