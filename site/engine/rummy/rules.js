// Ripper rummy's game data: the deck and the ruleset's numbers, checked whole, as the engine uses them.
//
// Example:
//   const game = gameFrom(json);   // json: the "gaslight-rummy/1" object gaslight.play.rummy builds
//   game.cards['crimson-sighting#2'].kind === 'evidence'
//   gameFrom({})                   // throws GameDataError listing every problem at once
//
// Nothing here is a number of the published game: every count, point value and option comes from the
// data (the deck's cards, the ruleset's parameters under the chosen variant), so a designer's own deck
// or variant plays without code.

export const DATA_FORMAT = 'gaslight-rummy/1';

/** Card kinds the engine knows (the deck's card type ids). */
export const KINDS = Object.freeze(['evidence', 'wild', 'letter', 'suspect', 'alibi', 'victim', 'scene', 'resigns',
  'strike', 'escape']);
export const EVIDENCE = new Set(['evidence', 'wild', 'letter']);
export const GAVEL = new Set(['suspect', 'alibi', 'victim', 'scene', 'resigns', 'strike']);
/** Kinds whose card names the suspect it belongs to (a victim colour for victims and scenes). */
const SUSPECT_SUIT = new Set(['evidence', 'suspect', 'alibi']);
const VICTIM_SUIT = new Set(['victim', 'scene']);

/** The suit letters meld under (letters belong to no suspect). */
export const LETTERS = 'letters';

/** Integer parameters the engine reads, with their smallest sensible value. */
export const PARAMETERS = Object.freeze({
  meld_size: 2,
  victims_for_escape: 1,
  victim_draw: 0,
  strike_reveal: 1,
  target_score: 1,
  vote_points: 0,
  jack_multiplier: 1,
  escape_penalty_per_victim: 0,
  ripper_escape_points: 0,
});

/** Option names and their meaning when the data leaves them out. */
export const OPTIONS = Object.freeze({ vote: true, escape_votes: false });

/** Problems with a game's data: `problems` lists each one; the message joins them. */
export class GameDataError extends Error {
  constructor(problems) {
    super(`the Ripper rummy game data has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}: `
      + problems.join('; '));
    this.name = 'GameDataError';
    this.problems = problems;
  }
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isId = (v) => typeof v === 'string' && /^[A-Za-z][A-Za-z0-9_.-]*$/.test(v);

function checkParameters(raw, problems) {
  const parameters = {};
  if (!isObject(raw)) {
    problems.push('"parameters" must be an object of the ruleset\'s parameters');
    return parameters;
  }
  for (const [name, least] of Object.entries(PARAMETERS)) {
    const value = raw[name];
    if (!Number.isInteger(value)) problems.push(`parameter ${name} must be a whole number (got ${JSON.stringify(value)})`);
    else if (value < least) problems.push(`parameter ${name} must be at least ${least} (got ${value})`);
    else parameters[name] = value;
  }
  const sizes = raw.hand_size_by_players;
  parameters.hand_size_by_players = {};
  if (!isObject(sizes) || Object.keys(sizes).length === 0) {
    problems.push('parameter hand_size_by_players must map player counts to cards dealt, like {"2": 10, "3": 9}');
  } else {
    for (const [players, cards] of Object.entries(sizes)) {
      if (!/^[0-9]+$/.test(players) || Number(players) < 2 || Number(players) > 8) {
        problems.push(`hand_size_by_players: "${players}" is not a player count from 2 to 8`);
      } else if (!Number.isInteger(cards) || cards < 1) {
        problems.push(`hand_size_by_players: ${players} players must be dealt a whole number of cards, at least 1 (got ${JSON.stringify(cards)})`);
      } else parameters.hand_size_by_players[players] = cards;
    }
  }
  return parameters;
}

function checkOptions(raw, problems) {
  const options = { ...OPTIONS };
  if (raw === undefined) return options;
  if (!isObject(raw)) {
    problems.push('"options" must be an object of true/false switches');
    return options;
  }
  for (const [name, value] of Object.entries(raw)) {
    if (!(name in OPTIONS)) problems.push(`unknown option "${name}" (the engine knows ${Object.keys(OPTIONS).join(', ')})`);
    else if (typeof value !== 'boolean') problems.push(`option ${name} must be true or false (got ${JSON.stringify(value)})`);
    else options[name] = value;
  }
  return options;
}

function checkSuits(raw, what, problems, withRank) {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push(`"${what}" must list at least one ${what.slice(0, -1)}`);
    return [];
  }
  const seen = new Set();
  const ranks = new Map();
  const out = [];
  raw.forEach((s, i) => {
    const at = `${what}[${i}]`;
    if (!isObject(s) || !isId(s.id)) { problems.push(`${at} needs an "id" (letters, digits, '_', '.', '-')`); return; }
    if (seen.has(s.id) || s.id === LETTERS) { problems.push(`${at}: the id "${s.id}" is used twice`); return; }
    seen.add(s.id);
    const entry = { id: s.id, name: typeof s.name === 'string' ? s.name : s.id };
    if (withRank) {
      if (!Number.isInteger(s.rank)) { problems.push(`suspect ${s.id} needs a whole-number "rank" (it breaks ties for Jack)`); return; }
      if (ranks.has(s.rank)) problems.push(`suspects ${ranks.get(s.rank)} and ${s.id} share rank ${s.rank}: a tie for Jack could not be broken`);
      ranks.set(s.rank, s.id);
      entry.rank = s.rank;
    }
    out.push(entry);
  });
  return out;
}

function checkCards(raw, suspects, victims, problems) {
  const cards = {};
  const deck = [];
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push('"cards" must list the deck\'s cards');
    return { cards, deck };
  }
  const suspectIds = new Set(suspects.map((s) => s.id));
  const victimIds = new Set(victims.map((s) => s.id));
  const seen = new Set();
  raw.forEach((c, i) => {
    if (!isObject(c) || !isId(c.id)) { problems.push(`cards[${i}] needs an "id" (letters, digits, '_', '.', '-')`); return; }
    const where = `card ${c.id}`;
    if (seen.has(c.id)) { problems.push(`${where}: the id is used twice`); return; }
    seen.add(c.id);
    if (!KINDS.includes(c.kind)) { problems.push(`${where}: unknown kind ${JSON.stringify(c.kind)} (use one of ${KINDS.join(', ')})`); return; }
    if (!Number.isInteger(c.points)) { problems.push(`${where}: "points" must be a whole number`); return; }
    const copies = c.copies === undefined ? 1 : c.copies;
    if (!Number.isInteger(copies) || copies < 1 || copies > 100) { problems.push(`${where}: "copies" must be a whole number from 1 to 100`); return; }
    let suit = null;
    let also = null;
    if (SUSPECT_SUIT.has(c.kind)) {
      if (!suspectIds.has(c.suit)) { problems.push(`${where}: a ${c.kind} card needs "suit", one of the suspects (${[...suspectIds].join(', ')})`); return; }
      suit = c.suit;
      if (c.kind === 'alibi' && c.also !== undefined && c.also !== null) {
        if (!suspectIds.has(c.also) || c.also === c.suit) { problems.push(`${where}: "also" must name another suspect`); return; }
        also = c.also;
      }
    } else if (VICTIM_SUIT.has(c.kind)) {
      if (!victimIds.has(c.suit)) { problems.push(`${where}: a ${c.kind} card needs "suit", one of the victims (${[...victimIds].join(', ')})`); return; }
      suit = c.suit;
    }
    for (let n = 1; n <= copies; n += 1) {
      const id = copies === 1 ? c.id : `${c.id}#${n}`;
      cards[id] = Object.freeze({ id, base: c.id, kind: c.kind, suit, also, points: c.points,
        name: typeof c.name === 'string' ? c.name : c.id });
      deck.push(id);
    }
  });
  return { cards, deck };
}

/**
 * The engine's game from its JSON data; throws GameDataError naming every problem. The result is frozen
 * and shared by every state of a game (states hold card ids, never card objects).
 */
export function gameFrom(json) {
  const problems = [];
  if (!isObject(json)) throw new GameDataError(['the game data must be a JSON object']);
  if (json.format !== DATA_FORMAT) problems.push(`"format" must be "${DATA_FORMAT}" (got ${JSON.stringify(json.format)})`);
  const parameters = checkParameters(json.parameters, problems);
  const options = checkOptions(json.options, problems);
  const suspects = checkSuits(json.suspects, 'suspects', problems, true);
  const victims = checkSuits(json.victims, 'victims', problems, false);
  const clash = suspects.find((s) => victims.some((v) => v.id === s.id));
  if (clash) problems.push(`"${clash.id}" is both a suspect and a victim`);
  const { cards, deck } = checkCards(json.cards, suspects, victims, problems);
  const count = (kind) => deck.filter((id) => cards[id].kind === kind).length;
  if (deck.length && count('victim') === 0) problems.push('the deck has no victim card: nobody could ever play evidence');
  const escapes = count('escape');
  if (escapes > 0 && Number.isInteger(parameters.victims_for_escape) && parameters.victims_for_escape > count('victim')) {
    problems.push(`victims_for_escape is ${parameters.victims_for_escape} but the deck has only ${count('victim')} victim `
      + 'cards: the Ripper Escape could never be played');
  }
  for (const [players, cardsDealt] of Object.entries(parameters.hand_size_by_players)) {
    if (deck.length && Number(players) * cardsDealt + 1 > deck.length) {
      problems.push(`${players} players dealt ${cardsDealt} cards each need ${Number(players) * cardsDealt + 1} cards `
        + `(with the first card of Scotland Yard), but the deck has ${deck.length}`);
    }
  }
  if (problems.length) throw new GameDataError(problems);
  return Object.freeze({
    id: typeof json.id === 'string' ? json.id : 'rummy',
    title: typeof json.title === 'string' ? json.title : 'Ripper rummy',
    variant: typeof json.variant === 'string' ? json.variant : null,
    parameters: Object.freeze(parameters),
    options: Object.freeze(options),
    suspects: Object.freeze(suspects),
    victims: Object.freeze(victims),
    ranks: Object.freeze(Object.fromEntries(suspects.map((s) => [s.id, s.rank]))),
    suitNames: Object.freeze(Object.fromEntries([...suspects, ...victims].map((s) => [s.id, s.name]))),
    cards: Object.freeze(cards),
    deck: Object.freeze(deck),
    hasEscape: escapes > 0,
    playerCounts: Object.freeze(Object.keys(parameters.hand_size_by_players).map(Number).sort((a, b) => a - b)),
  });
}

/** The card's kind ('evidence', 'victim', …) from its id. */
export const kindOf = (game, id) => game.cards[id].kind;

/**
 * A value from an action or a save, short and safe in a message (a hostile value is never turned into text:
 * a deep or self-describing object could throw or run long).
 *
 *   shown('crimson') → '"crimson"'; shown(3) → '3'; shown({}) → 'an object'
 */
export function shown(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
