// The playtest figures of rummy and 24 self-play ("report": true): wins by position from the first player,
// every card's fate and every action card counted once, figures that add up over consecutive seeds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newGame } from '../../site/engine/rummy/engine.js';
import { playGame as playRummy, selfPlay as rummySelfPlay } from '../../site/engine/rummy/selfplay.mjs';
import { selfPlay as twentyFourSelfPlay } from '../../site/engine/twentyfour/selfplay.mjs';
import { GAME as RUMMY } from './rummy_helpers.mjs';
import { GAME as TWENTYFOUR } from './twentyfour_game.mjs';

const bots = (n) => new Array(n).fill('sharp');

test('a rummy win counts for the winner\'s position from the first hand\'s first player', () => {
  for (const players of [2, 3, 4]) {
    for (let seed = 1; seed <= 12; seed += 1) {
      const { report } = rummySelfPlay(RUMMY, { players, games: 1, seed, report: true });
      const { state } = playRummy(RUMMY, { players, seed, bots: bots(players) });
      const first = (newGame(RUMMY, { players, seed }).dealer + 1) % players;
      const wins = report.byPosition.map((row) => row.wins);
      const expected = new Array(players).fill(0);
      expected[(state.winner - first + players) % players] = 1;
      assert.deepEqual(wins, expected, `players ${players}, seed ${seed}`);
      assert.equal(report.byPosition.reduce((sum, row) => sum + row.points, 0), state.totals.reduce((a, b) => a + b, 0));
    }
  }
});

test('rummy figures of two runs over consecutive seeds add up to the figures of one run', () => {
  const whole = rummySelfPlay(RUMMY, { players: 3, games: 20, seed: 4, report: true }).report;
  const a = rummySelfPlay(RUMMY, { players: 3, games: 8, seed: 4, report: true }).report;
  const b = rummySelfPlay(RUMMY, { players: 3, games: 12, seed: 12, report: true }).report;
  assert.equal(a.finished + b.finished, whole.finished);
  for (const [card, row] of Object.entries(whole.cards)) {
    for (const fate of ['played', 'discarded', 'dead']) {
      assert.equal((a.cards[card]?.[fate] || 0) + (b.cards[card]?.[fate] || 0), row[fate], `${card} ${fate}`);
    }
  }
  for (const [rule, count] of Object.entries(whole.rules)) assert.equal((a.rules[rule] || 0) + (b.rules[rule] || 0), count, rule);
});

test('24: every action card placed is counted once, and no incident card is kept more often than taken', () => {
  const summary = twentyFourSelfPlay(TWENTYFOUR, { games: 12, seed: 3, players: 4, report: true });
  const { report } = summary;
  const played = Object.values(report.actionCards).reduce((sum, row) => sum + row.played, 0);
  const cols = TWENTYFOUR.P.incidents_per_season;
  // Every living seat places two cards on each incident each season; a seat that died places none after.
  assert.ok(played <= 12 * 4 * TWENTYFOUR.P.seasons * cols * 2 && played >= 12 * 4 * cols * 2, String(played));
  for (const row of Object.values(report.actionCards)) assert.ok(row.placed <= row.played);
  for (const [card, row] of Object.entries(report.incidents)) assert.ok(row.kept <= row.taken && row.taken <= row.dealt, card);
  const points = Object.values(report.points).reduce((a, b) => a + b, 0);
  assert.equal(points, Object.values(summary.bySeat).reduce((sum, row) => sum + row.points, 0));
  assert.equal(report.rules['assist cards held at the end'], report.points.assists / TWENTYFOUR.P.assist_points);
});
