// 24 final-score calculator. Dependency-free ES module.
// The scoring functions mirror toolkit/gaslight/domain/scoring/twentyfour.py and are tested
// against the same fixtures (tests/decks/fixtures/twentyfour_scoring.json) by
// tests/js/scoring.test.mjs. The page mounts the form on every [data-gl-calc="twentyfour"].

import { el, readJson } from "../dom.js";

export const DEFAULT_RULES = Object.freeze({
  assist_points: 1,
  set_size: 3,
  set_bonus_per_card: 1,
  assists_join_sets: true,
  incidents_per_season: 5,
  death_bonus_base: 6,
  lone_hunter_skill: "lone-hunter",
});

export class ScoringError extends Error {
  constructor(message) {
    super(message);
    this.name = "ScoringError";
  }
}

/** Points marked when a detective dies: the first-place incident's value + (6 − incident number). */
export function deathPoints(firstPlaceValue, incidentNumber, rules = {}) {
  const r = { ...DEFAULT_RULES, ...rules };
  if (!(incidentNumber >= 1 && incidentNumber <= r.incidents_per_season)) {
    throw new ScoringError(`incident number ${incidentNumber} is not between 1 and ${r.incidents_per_season}`);
  }
  return firstPlaceValue + r.death_bonus_base - incidentNumber;
}

function setValue(cards, r) {
  return cards >= r.set_size ? cards * r.set_bonus_per_card : 0;
}

/** The co-op set bonus, with assists placed where they add most (each assist joins one suit). */
export function setBonus(coop, assists, rules = {}) {
  const r = { ...DEFAULT_RULES, ...rules };
  const counts = {};
  for (const card of coop) counts[card.suit] = (counts[card.suit] || 0) + 1;
  const spare = r.assists_join_sets ? assists : 0;
  let best = new Array(spare + 1).fill(0);
  for (const suit of Object.keys(counts).sort()) {
    const count = counts[suit];
    best = best.map((_, a) => {
      let top = -Infinity;
      for (let k = 0; k <= a; k += 1) top = Math.max(top, best[a - k] + setValue(count + k, r));
      return top;
    });
  }
  return best[spare];
}

function validate(d) {
  if ((d.assists || 0) < 0) throw new ScoringError(`${d.name}: assists cannot be negative`);
  if ((d.death_points || 0) !== 0 && !d.died) throw new ScoringError(`${d.name}: only a detective who died has death points`);
}

export function scoreDetective(d, rules = {}) {
  const r = { ...DEFAULT_RULES, ...rules };
  validate(d);
  const stand = d.stand || [];
  const coop = d.coop || [];
  const assists = d.assists || 0;
  const cards = [...stand, ...coop].reduce((n, c) => n + c.value, 0);
  const loneHunter = d.died && (d.skill || "") === r.lone_hunter_skill ? stand.length : 0;
  const parts = {
    cards,
    assists: assists * r.assist_points,
    sets: setBonus(coop, assists, r),
    death: d.death_points || 0,
    lone_hunter: loneHunter,
  };
  return { ...parts, total: parts.cards + parts.assists + parts.sets + parts.death + parts.lone_hunter };
}

/** Every detective's score and the winners (several on a tie: a draw). Same JSON shape as the fixtures. */
export function scoreGame(game, rules = {}) {
  const detectives = game.detectives || [];
  if (detectives.length === 0) throw new ScoringError("a game needs at least one detective");
  const names = detectives.map((d) => d.name);
  if (new Set(names).size !== names.length) throw new ScoringError("detective names must differ");
  const scores = {};
  for (const d of detectives) scores[d.name] = scoreDetective(d, rules);
  const best = Math.max(...Object.values(scores).map((s) => s.total));
  return { scores, winners: names.filter((n) => scores[n].total === best) };
}

/** Incidents from short codes: "blast:4 siege:6 siege:3*2". */
export function parseIncidents(text) {
  const cards = [];
  for (const token of String(text).split(/[\s,]+/).filter(Boolean)) {
    const match = /^([A-Za-z][\w.-]*):(\d+)(?:\*(\d+))?$/.exec(token);
    if (!match) throw new ScoringError(`unknown incident code '${token}' (write suit:value, for example blast:4)`);
    for (let i = 0; i < Number(match[3] || 1); i += 1) cards.push({ suit: match[1], value: Number(match[2]) });
  }
  return cards;
}

// ---- the form (browser only) ----

export function mount(root) {
  const rules = readJson(root, "rules", {});
  const detectives = readJson(root, "detectives", []);
  const words = readJson(root, "words", {});  // the page's language (calc.24.* of the site's words)
  const w = (key, values = {}) => (words[key] || key).replace(/{(\w+)}/g, (_, name) => String(values[name] ?? ""));
  const rows = [];
  const columns = ["detective", "stand", "coop", "assists", "died", "death_points"].map((key) => w(key));
  const table = el("table", { class: "gl-calc-table" },
    el("tr", {}, ...columns.map((t) => el("th", { text: t }))));
  detectives.forEach((detective, i) => {
    const row = {
      name: el("input", { type: "text", value: detective.name, size: "12", "aria-label": `${columns[0]} ${i + 1}` }),
      stand: el("input", { type: "text", size: "22", "aria-label": `${columns[0]} ${i + 1}: ${columns[1]}` }),
      coop: el("input", { type: "text", size: "22", "aria-label": `${columns[0]} ${i + 1}: ${columns[2]}` }),
      assists: el("input", { type: "number", min: "0", value: "0", size: "3", "aria-label": `${columns[0]} ${i + 1}: ${columns[3]}` }),
      died: el("input", { type: "checkbox", "aria-label": `${columns[0]} ${i + 1}: ${columns[4]}` }),
      death: el("input", { type: "number", min: "0", value: "0", size: "3", "aria-label": `${columns[0]} ${i + 1}: ${columns[5]}` }),
      skill: detective.skill || "",
    };
    rows.push(row);
    // On a phone each row is a block and each cell says its column (data-label, gaslight.css).
    table.append(el("tr", {}, ...["name", "stand", "coop", "assists", "died", "death"].map((k, j) => el("td", { "data-label": columns[j] }, row[k]))));
  });
  const button = el("button", { type: "button", class: "md-button", text: w("score") });
  const output = el("div", { class: "gl-calc-output", "aria-live": "polite" });
  button.addEventListener("click", () => {
    output.replaceChildren();
    try {
      const playing = rows.filter((r) => r.name.value.trim() && (r.stand.value.trim() || r.coop.value.trim() || Number(r.assists.value) || r.died.checked));
      const game = {
        detectives: playing.map((r) => ({
          name: r.name.value.trim(),
          stand: parseIncidents(r.stand.value),
          coop: parseIncidents(r.coop.value),
          assists: Number(r.assists.value) || 0,
          died: r.died.checked,
          death_points: Number(r.death.value) || 0,
          skill: r.skill,
        })),
      };
      const result = scoreGame(game, rules);
      const scores = el("table", {}, el("tr", {}, ...["detective", "cards", "assists", "sets", "death", "lone_hunter", "total"].map((key) => el("th", { text: w(key) }))));
      for (const [name, s] of Object.entries(result.scores)) {
        scores.append(el("tr", {}, ...[name, s.cards, s.assists, s.sets, s.death, s.lone_hunter, s.total].map((v) => el("td", { text: String(v) }))));
      }
      output.append(scores, el("p", { text: result.winners.length === 1 ? w("wins", { name: result.winners[0] }) : w("draw", { names: result.winners.join(", ") }) }));
    } catch (error) {
      output.append(el("p", { class: "gaslight-problem", text: error.message }));
    }
  });
  root.replaceChildren(table, button, output);
}

if (typeof document !== "undefined") {
  for (const root of document.querySelectorAll('[data-gl-calc="twentyfour"]')) mount(root);
}
