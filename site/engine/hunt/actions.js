// What each action does to a hunt state, and the turn order that follows it: whose move comes next,
// when the women are revealed, when a night starts and when the game ends. `apply` (hunt.js) checks
// that the phase accepts the action, copies the state and hands the copy to the action's handler;
// a handler changes the copy and returns null, or returns why (reasons.js) it refuses.

import {
  goulstonPawns, letterRefusal, letterTokens, pawnLetterPawns, pawnLetterPlaces, sendableLetters,
} from './letters.js';
import { drawHead, firstPawn, nextPawn } from './head.js';
import { crossing, either, englishReason, json, listOf, pawn, why } from './reasons.js';
import {
  falseCluesAvailable, jackBlocked, jackCanMove, letterAvailable, patrolQuota, pawnLetterSendable, sceneCircles,
  searchable, tonight, womenQuota,
} from './legal.js';
import { checkAlley, checkCoach, checkJackNormal, checkPoliceMove, policeSteps, timeSpaces, womanTargets } from './rules.js';

// Crossing ids in natural order (k2 before k10), made once: a collator per comparison is slow.
const NATURAL = new Intl.Collator('en', { numeric: true });
const NATURAL_RANKS = new WeakMap(); // board → (crossing → its rank in natural order)

/**
 * Each of the board's crossings' place in natural order, ids the collator finds equal sharing
 * one: comparing ranks sorts as comparing the ids (sorting patrol tokens was a collator call
 * per comparison).
 */
function naturalRanks(board) {
  let ranks = NATURAL_RANKS.get(board);
  if (!ranks) {
    const ids = [...new Set(board.crossings.map(String))].sort(NATURAL.compare);
    ranks = new Map();
    ids.forEach((k, i) => ranks.set(k, i > 0 && NATURAL.compare(ids[i - 1], k) === 0 ? ranks.get(ids[i - 1]) : i));
    NATURAL_RANKS.set(board, ranks);
  }
  return ranks;
}

/** Whether no item of `list` comes twice. */
function distinct(list) { return new Set(list).size === list.length; }

// ---------------------------------------------------------------- the turn order

/** Add an event to the night's log (a new list: earlier states share the old one). */
function record(state, event) {
  state.log = [...state.log, event];
}

const newTurn = (state) => ({ pawn: firstPawn(state), searched: [], woman: 0, letterPatrols: [], letterPawn: null, letterPlace: null });

export function startNight(state, board) {
  state.jack.route = [];
  state.jack.pos = null;
  state.jack.waits = 0;
  state.jack.movesUsed = 0;
  state.jack.maxMoves = 0;
  state.jack.coaches = tonight(state, 'coaches_per_night');
  state.jack.alleys = tonight(state, 'alleys_per_night');
  state.jack.falseCluesUsed = 0;
  state.clues = [];
  state.falseClues = [];
  state.log = [];
  state.women = [];
  state.wretched = [];
  state.patrols = [];
  drawHead(state, Math.min(state.parameters.police_count, board.yellow.length));
  state.turn = newTurn(state);
  record(state, { e: 'head', pawn: state.head });
  state.phase = 'women';
}

/** The game ends: `reason` is a why(...) a page renders in its language; `state.reason` holds it in English. */
function endGame(board, state, winner, reason) {
  state.winner = winner;
  state.reason = englishReason(board, reason);
  state.why = reason;
  state.phase = 'over';
}

function jackTurn(board, state) {
  state.turn = newTurn(state);
  if (!jackCanMove(board, state)) {
    endGame(board, state, 'police', why('end.cornered', { night: state.night }));
    return;
  }
  state.phase = 'jack';
}

function revealWomen(state) {
  state.wretched = state.women.filter((w) => w.marked).map((w) => w.at).sort((a, b) => a - b);
  record(state, { e: 'wretched', circles: state.wretched.slice() });
  state.women = [];
  state.jack.waits = 0;
  state.phase = 'crime';
}

function afterPatrols(board, state) {
  if (letterAvailable(board, state) && sendableLetters(board, state).length > 0) {
    state.phase = 'letter';
  } else {
    revealWomen(state);
  }
}

function womanHasMove(board, state, i) {
  const from = state.wretched[i];
  return womanTargets(board, from, {
    patrols: state.patrols.map((p) => p.at),
    occupied: state.wretched.filter((_, j) => j !== i),
    scenes: sceneCircles(state),
  }).length > 0;
}

function nextWoman(board, state, start) {
  let i = start;
  while (i < state.wretched.length && !womanHasMove(board, state, i)) i += 1;
  if (i < state.wretched.length) {
    state.turn.woman = i;
    state.phase = 'moveWomen';
  } else if (state.features.patrol_peek && state.patrols.some((p) => !p.revealed)) {
    state.phase = 'revealPatrol';
  } else {
    state.phase = 'crime';
  }
}

function afterPoliceMoves(board, state) {
  state.turn.pawn = firstPawn(state);
  state.turn.searched = [];
  state.phase = falseCluesAvailable(state) > 0 ? 'falseClue' : 'policeAction';
}

function nextPawnAction(board, state) {
  state.turn.searched = [];
  if (!nextPawn(state)) jackTurn(board, state);
}

// ---------------------------------------------------------------- handlers (mutate the copy)

export const HANDLERS = {
  hideout(board, s, a) {
    if (!board.isCircle(a.circle)) return why('notCircle', { value: json(a.circle) });
    if (board.red.includes(a.circle)) return why('hideoutRed', { circle: a.circle });
    s.jack.hideout = a.circle;
    s.phase = 'women';
    return null;
  },

  women(board, s, a) {
    const { free, total, marked } = womenQuota(board, s);
    const m = a.marked || [];
    const u = a.unmarked || [];
    if (m.length !== marked || u.length !== total - marked) {
      return why('womenCount', { total, marked, gotMarked: m.length, gotUnmarked: u.length });
    }
    const all = [...m, ...u];
    if (!distinct(all)) return why('womenTwice');
    const bad = all.find((c) => !free.includes(c));
    if (bad !== undefined) return why('womenNotFree', { circle: bad });
    s.women = [...m.map((at) => ({ at, marked: true })), ...u.map((at) => ({ at, marked: false }))]
      .sort((x, y) => x.at - y.at);
    s.phase = 'patrols';
    return null;
  },

  patrols(board, s, a) {
    const q = patrolQuota(board, s);
    const real = a.real || [];
    const fake = a.fake || [];
    if (real.length !== q.real || fake.length !== q.fake) {
      return why('patrolCount', { real: q.real, fake: q.fake, gotReal: real.length, gotFake: fake.length });
    }
    const all = [...real, ...fake];
    if (!distinct(all)) return why('patrolTwice');
    const bad = all.find((k) => !board.isCrossing(k));
    if (bad !== undefined) return why('notCrossing', { value: json(bad) });
    if (q.fixed.length === 0) {
      const off = all.find((k) => !board.yellow.includes(k));
      if (off !== undefined) return why('patrolNotYellow', { crossing: crossing(off) });
    } else {
      const missing = q.fixed.find((k) => !all.includes(k));
      if (missing !== undefined) return why('patrolFixed', { crossing: crossing(missing) });
      const off = all.find((k) => !q.fixed.includes(k) && !q.others.includes(k));
      if (off !== undefined) return why('patrolElsewhere', { crossing: crossing(off) });
    }
    // Kept in crossing order, real and fake mixed: the list's order must not tell them apart.
    const rank = naturalRanks(board);
    s.patrols = all.map((at, i) => ({ at, pawn: i < real.length ? i : null, revealed: false }))
      .sort((x, y) => rank.get(String(x.at)) - rank.get(String(y.at)));
    afterPatrols(board, s);
    return null;
  },

  letter(board, s, a) {
    const n = a.letter;
    if (![1, 2, 3].includes(n)) return why('letterWhich');
    if (s.jack.letters.includes(n)) return why('letterSent', { n });
    const from = n === 2 ? (Array.isArray(a.from) ? a.from : []) : [a.from];
    const reason = letterRefusal(board, s, n, from);
    if (reason) return reason;
    const picked = letterTokens(board, s, n).filter((t) => from.includes(t.at));
    const districts = [...new Set(picked.map((t) => t.district))].sort();
    if (n === 2) {
      s.turn.letterPatrols = from;
    } else {
      if (!board.isCrossing(a.to) || s.patrols.some((p) => p.at === a.to)) return why('patrolHeld', { crossing: crossing(a.to) });
      s.patrols = s.patrols.map((p) => (p.at === a.from ? { ...p, at: a.to } : p));
      if (n === 1) s.jack.letterDistrict = districts[0];
    }
    s.jack.letters = [...s.jack.letters, n];
    s.jack.letterNight = s.night;
    record(s, { e: 'letter', letter: n, districts });
    s.stats.letters += 1;
    if (n === 2) s.phase = 'letterRelocate';
    else revealWomen(s);
    return null;
  },

  skip(board, s) {
    if (s.phase === 'letter') revealWomen(s);
    else s.phase = 'policeAction';
    return null;
  },

  relocate(board, s, a) {
    const to = Array.isArray(a.to) ? a.to : [];
    const from = s.turn.letterPatrols;
    if (to.length !== from.length || !distinct(to)) return why('relocateCount', { n: from.length });
    const keep = s.patrols.filter((p) => !from.includes(p.at)).map((p) => p.at);
    const bad = to.find((k) => !board.isCrossing(k) || keep.includes(k));
    if (bad !== undefined) return why('patrolHeld', { crossing: crossing(bad) });
    // All tokens move at once: a token may take the crossing another one leaves.
    s.patrols = s.patrols.map((p) => (from.includes(p.at) ? { ...p, at: to[from.indexOf(p.at)] } : p));
    s.turn.letterPatrols = [];
    revealWomen(s);
    return null;
  },

  wait(board, s) {
    if (s.jack.waits >= timeSpaces(s.parameters) - 1) return why('lastSpace');
    s.jack.waits += 1;
    record(s, { e: 'wait', waits: s.jack.waits });
    nextWoman(board, s, 0);
    return null;
  },

  moveWoman(board, s, a) {
    const i = s.turn.woman;
    const from = s.wretched[i];
    const targets = womanTargets(board, from, {
      patrols: s.patrols.map((p) => p.at),
      occupied: s.wretched.filter((_, j) => j !== i),
      scenes: sceneCircles(s),
    });
    if (!targets.includes(a.to)) {
      return why('womanTargets', { from, circles: listOf(targets) });
    }
    s.wretched = s.wretched.map((c, j) => (j === i ? a.to : c));
    nextWoman(board, s, i + 1);
    if (s.phase !== 'moveWomen') record(s, { e: 'women', circles: s.wretched.slice().sort((x, y) => x - y) });
    return null;
  },

  revealPatrol(board, s, a) {
    const token = s.patrols.find((p) => p.at === a.at && !p.revealed);
    if (!token) return why('noFaceDown', { crossing: board.isCrossing(a.at) ? crossing(a.at) : json(a.at) });
    if (token.pawn === null) s.patrols = s.patrols.filter((p) => p !== token);
    else s.patrols = s.patrols.map((p) => (p === token ? { ...token, revealed: true } : p));
    record(s, { e: 'patrol', at: a.at, real: token.pawn !== null });
    s.phase = 'crime';
    return null;
  },

  kill(board, s, a) {
    const need = Math.min(tonight(s, 'victims_per_night'), s.wretched.length);
    if (need === 0) return why('noWomen');
    const victims = Array.isArray(a.victims) ? a.victims : [];
    if (victims.length !== need || !distinct(victims)) return need === 1 ? why('killOne') : why('killMany', { n: need });
    const bad = victims.find((c) => !s.wretched.includes(c));
    if (bad !== undefined) return why('noWomanOn', { circle: bad });
    s.scenes = [...s.scenes, ...victims.map((c) => ({ circle: c, night: s.night }))];
    s.jack.pos = victims[victims.length - 1];
    s.jack.route = victims.slice();
    s.jack.movesUsed = victims.length - 1;
    s.jack.maxMoves = s.parameters.moves_per_night + s.jack.waits;
    s.wretched = [];
    s.pawns = s.patrols.filter((p) => p.pawn !== null).sort((x, y) => x.pawn - y.pawn).map((p) => p.at);
    s.patrols = [];
    record(s, { e: 'scenes', circles: victims.slice().sort((x, y) => x - y), moves: s.jack.maxMoves });
    jackTurn(board, s);
    return null;
  },

  move(board, s, a) {
    const { pos, hideout } = s.jack;
    const reason = checkJackNormal(board, pos, a.to, jackBlocked(s));
    if (reason) return reason;
    if (a.escape && a.to !== hideout) return why('escapeHideout');
    return jackMoved(board, s, 'normal', [a.to], a);
  },

  coach(board, s, a) {
    const { pos, hideout } = s.jack;
    if (s.jack.coaches <= 0) return why('noCoach');
    if (s.jack.maxMoves - s.jack.movesUsed < 2) return why('coachTrack');
    const reason = checkCoach(board, pos, a.via, a.to);
    if (reason) return reason;
    if (s.options.no_special_move_onto_hideout && (a.via === hideout || a.to === hideout)) {
      return why('coachHideout');
    }
    s.jack.coaches -= 1;
    return jackMoved(board, s, 'coach', [a.via, a.to], a);
  },

  alley(board, s, a) {
    const { pos, hideout } = s.jack;
    if (s.jack.alleys <= 0) return why('noAlley');
    const reason = checkAlley(board, pos, a.to);
    if (reason) return reason;
    if (s.options.no_special_move_onto_hideout && a.to === hideout) return why('alleyHideout');
    s.jack.alleys -= 1;
    return jackMoved(board, s, 'alley', [a.to], a);
  },

  goulston(board, s, a) {
    const allowed = goulstonPawns(s, s.turn.letterPawn);
    const place = board.places.find((p) => p.name === s.turn.letterPlace);
    if (!allowed.includes(a.pawn)) return why('goulstonPawn', { pawns: either(allowed.map(pawn)), place: place.name });
    const to = place.crossing;
    const other = s.pawns.indexOf(to);
    s.pawns = s.pawns.slice();
    if (other >= 0 && other !== a.pawn) s.pawns[other] = s.pawns[a.pawn]; // the two pawns swap crossings
    s.pawns[a.pawn] = to;
    s.turn.letterPawn = null;
    s.turn.letterPlace = null;
    s.phase = 'policeMove';
    return null;
  },

  policeMove(board, s, a) {
    const i = s.turn.pawn;
    const others = s.pawns.filter((_, j) => j !== i);
    const reason = checkPoliceMove(board, s.pawns[i], a.to, others, policeSteps(s.parameters));
    if (reason) return why('pawnMove', { pawn: pawn(i), reason });
    s.pawns = s.pawns.map((k, j) => (j === i ? a.to : k));
    if (!nextPawn(s)) afterPoliceMoves(board, s);
    return null;
  },

  falseClue(board, s, a) {
    if (!board.isCircle(a.circle)) return why('notCircle', { value: json(a.circle) });
    if (s.falseClues.includes(a.circle)) return why('falseClueTwice', { circle: a.circle });
    s.falseClues = [...s.falseClues, a.circle];
    s.jack.falseCluesUsed += 1;
    s.stats.falseClues += 1;
    record(s, { e: 'falseClue', circle: a.circle });
    if (falseCluesAvailable(s) <= 0) s.phase = 'policeAction';
    return null;
  },

  search(board, s, a) {
    const at = s.pawns[s.turn.pawn];
    if (!board.searchOf(at).includes(a.circle)) return why('notNextTo', { circle: a.circle, crossing: crossing(at) });
    if (s.falseClues.includes(a.circle)) return why('searchFalseClue', { circle: a.circle });
    if (s.clues.includes(a.circle)) return why('hasClue', { circle: a.circle });
    if (s.turn.searched.includes(a.circle)) return why('searchedAlready', { circle: a.circle });
    const found = s.jack.route.includes(a.circle);
    s.stats.searches += 1;
    record(s, { e: 'search', circle: a.circle, found, pawn: s.turn.pawn });
    if (found) {
      s.clues = [...s.clues, a.circle];
      s.stats.cluesFound += 1;
      nextPawnAction(board, s);
    } else {
      s.turn.searched = [...s.turn.searched, a.circle];
      if (searchable(board, s).length === 0) nextPawnAction(board, s);
    }
    return null;
  },

  arrest(board, s, a) {
    const at = s.pawns[s.turn.pawn];
    if (s.turn.searched.length > 0) return why('arrestAfterSearch');
    let circles;
    if (s.options.wide_area_arrest) {
      circles = board.searchOf(at).filter((c) => !s.falseClues.includes(c));
    } else {
      if (!board.searchOf(at).includes(a.circle)) return why('notNextTo', { circle: a.circle, crossing: crossing(at) });
      if (s.falseClues.includes(a.circle)) return why('arrestFalseClue', { circle: a.circle });
      circles = [a.circle];
    }
    s.stats.arrestAttempts += 1;
    if (circles.includes(s.jack.pos)) {
      record(s, { e: 'arrest', circles, success: true });
      endGame(board, s, 'police', why('end.arrested', { circle: s.jack.pos, night: s.night }));
      return null;
    }
    record(s, { e: 'arrest', circles, success: false });
    nextPawnAction(board, s);
    return null;
  },

  pass(board, s) {
    nextPawnAction(board, s);
    return null;
  },
};

function jackMoved(board, s, kind, circles, a) {
  const letter4 = a.letter === 4;
  let place = null;
  if (letter4) {
    if (!pawnLetterSendable(board, s)) return why('pawnLetterNotTonight');
    const places = pawnLetterPlaces(board);
    place = a.place === undefined && places.length === 1 ? places[0] : places.find((p) => p.name === a.place);
    if (!place) {
      return places.length ? why('pawnLetterPlaces', { places: either(places.map((p) => p.name)) }) : why('pawnLetterNoPlace');
    }
    const pawns = pawnLetterPawns(s);
    if (!pawns.includes(a.pawn)) {
      return pawns.length ? why('pawnLetterPawns', { pawns: either(pawns.map(pawn)) }) : why('pawnLetterNoPawn');
    }
  }
  if (a.escape && kind !== 'normal') return why('escapeNormal');
  s.jack.route = [...s.jack.route, ...circles];
  s.jack.pos = circles[circles.length - 1];
  s.jack.movesUsed += circles.length;
  record(s, { e: 'jack', kind, police: board.sortCrossings(s.pawns) });
  if (a.escape) {
    // The night's public log stays for the summary; the route is Jack's (views hide it from the police).
    s.nights = [...s.nights, { night: s.night, moves: s.jack.movesUsed, route: s.jack.route.slice(), log: s.log }];
    if (s.night >= s.parameters.nights) {
      endGame(board, s, 'jack', why('end.escaped', { nights: s.parameters.nights }));
    } else {
      s.night += 1;
      startNight(s, board);
    }
    return null;
  }
  if (s.jack.movesUsed >= s.jack.maxMoves) {
    endGame(board, s, 'police', why('end.trackOut', { night: s.night }));
    return null;
  }
  s.turn = newTurn(s);
  if (letter4) {
    s.jack.letters = [...s.jack.letters, 4];
    s.jack.letterNight = s.night;
    s.turn.letterPawn = a.pawn;
    s.turn.letterPlace = place.name;
    record(s, { e: 'letter', letter: 4, pawn: a.pawn, place: place.name });
    s.stats.letters += 1;
    s.phase = 'goulston';
  } else {
    s.phase = 'policeMove';
  }
  return null;
}
