// Ripper rummy scoring calculator. Dependency-free ES module.
// The scoring functions mirror toolkit/gaslight/domain/scoring/rummy.py line for line and are
// tested against the same fixtures (tests/decks/fixtures/rummy_scoring.json) by
// tests/js/scoring.test.mjs. The page mounts the form on every [data-gl-calc="rummy"].

import { el, readJson } from "../dom.js";

export const DEFAULT_RULES = Object.freeze({
  vote_bonus: 10,
  escape_points: 35,
  jack_multiplier: 2,
  escape_in_hand_per_victim: 2,
  game_target: 100,
});

export class ScoringError extends Error {
  constructor(message) {
    super(message);
    this.name = "ScoringError";
  }
}

const CARD_KINDS = ["evidence", "wild", "letter", "suspect", "alibi", "victim", "scene", "escape", "strike", "resigns"];
const SUSPECT_KINDS = ["evidence", "wild", "suspect", "alibi"];
const DOUBLED_KINDS = ["evidence", "wild", "suspect"];
const ENDINGS = ["out", "escape", "deck"];

function validate(hand) {
  const players = hand.players || [];
  if (players.length === 0) throw new ScoringError("a hand needs at least one player");
  const names = players.map((p) => p.name);
  if (new Set(names).size !== names.length) throw new ScoringError("player names must differ");
  const endedBy = hand.ended_by ?? "out";
  if (!ENDINGS.includes(endedBy)) {
    throw new ScoringError(`unknown ending '${endedBy}'; use one of: ${ENDINGS.join(", ")}`);
  }
  for (const player of players) {
    for (const card of [...(player.table || []), ...(player.hand || [])]) {
      if (!CARD_KINDS.includes(card.kind)) throw new ScoringError(`${player.name}: unknown card kind '${card.kind}'`);
    }
    for (const card of player.table || []) {
      if (["escape", "strike", "resigns"].includes(card.kind)) {
        throw new ScoringError(`${player.name}: a ${card.kind} card is never left on the table`);
      }
      if (SUSPECT_KINDS.includes(card.kind) && !card.suspect) {
        throw new ScoringError(`${player.name}: every ${card.kind} card on the table must name its suspect`);
      }
    }
  }
  const alibis = players.flatMap((p) => (p.table || []).filter((c) => c.kind === "alibi"));
  if (alibis.length > 1) throw new ScoringError("only one alibi can be on the table; the older one is discarded");
  const escapers = players.filter((p) => p.played_escape).map((p) => p.name);
  if (endedBy === "escape" && escapers.length !== 1) {
    throw new ScoringError("a hand ended by the Ripper Escape needs exactly one player who played it");
  }
  if (endedBy !== "escape" && escapers.length > 0) {
    throw new ScoringError(`${escapers[0]} played the Ripper Escape, so the hand ended by 'escape'`);
  }
  const out = players.filter((p) => p.went_out);
  if (out.length > 1) throw new ScoringError("at most one player goes out");
  if (endedBy === "out" && out.length === 0) throw new ScoringError("a hand ended by going out needs the player who went out");
}

/** Points on the table per suspect, all players together, keys sorted. */
export function suspectTotals(hand) {
  const totals = {};
  for (const player of hand.players) {
    for (const card of player.table || []) {
      if (SUSPECT_KINDS.includes(card.kind) && card.suspect) {
        totals[card.suspect] = (totals[card.suspect] || 0) + card.points;
      }
    }
  }
  const sorted = {};
  for (const key of Object.keys(totals).sort()) sorted[key] = totals[key];
  return sorted;
}

/** The suspect who is Jack, or null when no suspect can be (escape rule b). */
export function findJack(hand) {
  const covered = new Set(hand.players.flatMap((p) => (p.table || []).filter((c) => c.kind === "alibi").map((c) => c.suspect)));
  const totals = suspectTotals(hand);
  const ranks = hand.ranks || {};
  const eligible = Object.keys(totals).filter((s) => totals[s] > 0 && !covered.has(s));
  for (const suspect of eligible) {
    if (!(suspect in ranks)) throw new ScoringError(`suspect '${suspect}' has no tie-break rank`);
  }
  let jack = null;
  for (const suspect of eligible) {
    if (jack === null || totals[suspect] > totals[jack] || (totals[suspect] === totals[jack] && ranks[suspect] < ranks[jack])) {
      jack = suspect;
    }
  }
  return jack;
}

function score(name, table, hand, vote, escape) {
  return { table, hand, vote, escape, total: table + hand + vote + escape, name };
}

function arrestScore(player, jack, victims, rules) {
  let table = 0;
  for (const c of player.table || []) {
    table += c.points * (DOUBLED_KINDS.includes(c.kind) && c.suspect === jack ? rules.jack_multiplier : 1);
  }
  let penalty = 0;
  if (!player.went_out) {
    for (const c of player.hand || []) penalty += c.kind === "escape" ? rules.escape_in_hand_per_victim * victims : c.points;
  }
  const vote = player.vote != null && player.vote === jack ? rules.vote_bonus : 0;
  return score(player.name, table, 0 - penalty, vote, 0);
}

function escapeScore(player, rules) {
  let table = 0;
  for (const c of player.table || []) if (c.kind === "victim" || c.kind === "scene") table += c.points;
  return score(player.name, table, 0, 0, player.played_escape ? rules.escape_points : 0);
}

function toResult(mode, reason, jack, suspects, scores) {
  const byName = {};
  for (const s of scores) {
    byName[s.name] = { table: s.table, hand: s.hand, vote: s.vote, escape: s.escape, total: s.total };
  }
  return { mode, reason, jack, suspects, scores: byName };
}

/** Score one hand (same JSON shape as the fixtures). Throws ScoringError for a hand the rules cannot produce. */
export function scoreHand(hand, rules = {}) {
  const r = { ...DEFAULT_RULES, ...rules };
  validate(hand);
  const endedBy = hand.ended_by ?? "out";
  const totals = suspectTotals(hand);
  let reason;
  if (endedBy === "out") {
    const jack = findJack(hand);
    if (jack !== null) {
      const victims = hand.players.reduce((n, p) => n + (p.table || []).filter((c) => c.kind === "victim").length, 0);
      return toResult("arrest", "out", jack, totals, hand.players.map((p) => arrestScore(p, jack, victims, r)));
    }
    reason = "no-jack";
  } else {
    reason = endedBy === "escape" ? "escape-card" : "deck";
  }
  return toResult("escape", reason, null, totals, hand.players.map((p) => escapeScore(p, r)));
}

/** The winner once someone reaches the target; null while the game goes on or on a tie at the top. */
export function gameWinner(totals, rules = {}) {
  const r = { ...DEFAULT_RULES, ...rules };
  const values = Object.values(totals);
  if (values.length === 0 || Math.max(...values) < r.game_target) return null;
  const best = Math.max(...values);
  const leaders = Object.keys(totals).filter((name) => totals[name] === best);
  return leaders.length === 1 ? leaders[0] : null;
}

const CODES = {
  e: "evidence", w: "wild", l: "letter", s: "suspect", a: "alibi", v: "victim", c: "scene", x: "escape", k: "strike", r: "resigns",
};

/**
 * Cards from short codes: "e:crimson", "e:crimson:5", "w:teal", "l", "v", "c:7", "x", and "*3" to repeat.
 * A code without points takes them from `points` (by kind, from the deck).
 */
export function parseCards(text, points = {}) {
  const cards = [];
  for (const token of String(text).split(/[\s,]+/).filter(Boolean)) {
    const [body, times = "1"] = token.split("*");
    const parts = body.split(":");
    const kind = CODES[parts[0]] || parts[0];
    if (!CARD_KINDS.includes(kind) || !/^\d+$/.test(times)) throw new ScoringError(`unknown card code '${token}'`);
    let suspect = null;
    let value = null;
    for (const part of parts.slice(1)) {
      if (/^-?\d+$/.test(part)) value = Number(part);
      else suspect = part;
    }
    if (value === null) value = points[kind] ?? 0;
    for (let i = 0; i < Number(times); i += 1) cards.push(suspect ? { kind, points: value, suspect } : { kind, points: value });
  }
  return cards;
}

// ---- the form (browser only) ----

export function mount(root) {
  const rules = readJson(root, "rules", {});
  const suspects = readJson(root, "suspects", []);
  const points = readJson(root, "points", {});
  const words = readJson(root, "words", {});  // the page's language (calc.rummy.* of the site's words)
  const w = (key, values = {}) => (words[key] || key).replace(/{(\w+)}/g, (_, name) => String(values[name] ?? ""));
  const ranks = Object.fromEntries(suspects.map((s) => [s.id, s.rank]));
  const ending = el("select", { name: "ended_by", "aria-label": w("ended_label") },
    el("option", { value: "out", text: w("ended_out") }),
    el("option", { value: "escape", text: w("ended_escape") }),
    el("option", { value: "deck", text: w("ended_deck") }));
  const rows = [];
  const columns = ["player", "on_table", "in_hand", "vote", "went_out", "played_escape"].map((key) => w(key));
  const table = el("table", { class: "gl-calc-table" },
    el("tr", {}, ...columns.map((t) => el("th", { text: t }))));
  for (let i = 0; i < 4; i += 1) {
    const who = w("player_n", { n: i + 1 });
    const vote = el("select", { "aria-label": `${who}: ${columns[3]}` }, el("option", { value: "", text: w("no_vote") }), ...suspects.map((s) => el("option", { value: s.id, text: s.name })));
    const row = {
      name: el("input", { type: "text", value: i < 2 ? who : "", size: "10", "aria-label": `${who}: ${columns[0]}` }),
      table: el("input", { type: "text", size: "28", "aria-label": `${who}: ${columns[1]}` }),
      hand: el("input", { type: "text", size: "16", "aria-label": `${who}: ${columns[2]}` }),
      vote,
      out: el("input", { type: "checkbox", "aria-label": `${who}: ${columns[4]}` }),
      escape: el("input", { type: "checkbox", "aria-label": `${who}: ${columns[5]}` }),
    };
    rows.push(row);
    // On a phone each row is a block and each cell says its column (data-label, gaslight.css).
    table.append(el("tr", {}, ...["name", "table", "hand", "vote", "out", "escape"].map((k, j) => el("td", { "data-label": columns[j] }, row[k]))));
  }
  const button = el("button", { type: "button", class: "md-button", text: w("score") });
  const output = el("div", { class: "gl-calc-output", "aria-live": "polite" });
  button.addEventListener("click", () => {
    output.replaceChildren();
    try {
      const players = rows.filter((r) => r.name.value.trim()).map((r) => ({
        name: r.name.value.trim(),
        table: parseCards(r.table.value, points),
        hand: parseCards(r.hand.value, points),
        vote: r.vote.value || null,
        went_out: r.out.checked,
        played_escape: r.escape.checked,
      }));
      const result = scoreHand({ players, ranks, ended_by: ending.value }, rules);
      const jackName = (suspects.find((s) => s.id === result.jack) || {}).name || result.jack;
      output.append(el("p", { text: result.mode === "arrest" ? w("arrest", { jack: jackName }) : w("escaped", { reason: result.reason }) }));
      const scores = el("table", {}, el("tr", {}, ...["player", "table", "hand", "vote", "escape", "total"].map((key) => el("th", { text: w(key) }))));
      for (const [name, s] of Object.entries(result.scores)) {
        scores.append(el("tr", {}, ...[name, s.table, s.hand, s.vote, s.escape, s.total].map((v) => el("td", { text: String(v) }))));
      }
      output.append(scores);
    } catch (error) {
      output.append(el("p", { class: "gaslight-problem", text: error.message }));
    }
  });
  root.replaceChildren(el("p", {}, w("ended_because"), ending), table, button, output);
}

if (typeof document !== "undefined") {
  for (const root of document.querySelectorAll('[data-gl-calc="rummy"]')) mount(root);
}
