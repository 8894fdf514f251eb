// The bots' judgement: each weighed consideration wins games it would lose without it, and a
// careless bot is weaker than a careful one. Measured on the 195-circle fixture board.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadBoard } from '../../site/engine/hunt/board.js';
import { JackBot, PoliceBot } from '../../site/engine/hunt/bots.js';
import { playGame } from '../../site/engine/hunt/selfplay.mjs';

const gen195 = loadBoard(JSON.parse(readFileSync(new URL('./fixtures/gen195.board.json', import.meta.url), 'utf8')));
const GAMES = 60;

function jackWins(jack, police = new PoliceBot(gen195)) {
  let wins = 0;
  for (let g = 0; g < GAMES; g += 1) if (playGame(gen195, null, 500 + g, { jack, police }).state.winner === 'jack') wins += 1;
  return wins;
}

const full = jackWins(new JackBot(gen195));

const WEAKER_JACKS = [
  ['ignores the pawns that can search his next circle', { weights: { danger: 0, dangerMax: 0 } }],
  ['makes every choice carelessly', { strength: 0 }],
];

for (const [what, options] of WEAKER_JACKS) {
  test(`a Jack bot that ${what} wins fewer games`, () => {
    const weaker = jackWins(new JackBot(gen195, options));
    assert.ok(weaker < full, `${weaker} wins against ${full} of ${GAMES} at full strength`);
  });
}

test('a careless police bot lets Jack win more games', () => {
  const against = jackWins(new JackBot(gen195), new PoliceBot(gen195, { strength: 0 }));
  assert.ok(against > full, `${against} wins against a careless police, ${full} against a careful one`);
});
