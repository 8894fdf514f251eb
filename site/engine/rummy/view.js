// What one seat of a Ripper rummy game may see, and nothing more.
//
// Example:
//   const seen = view(state, 2);
//   seen.hand            // seat 2's own cards
//   seen.handCounts[0]   // how many cards seat 0 holds, never which
//
// A view holds the public table (melds, lay-offs, gavel cards, victims, scenes, the alibi), the top of
// Scotland Yard, counts of the case file, of Scotland Yard and of every hand, who has voted (not for whom,
// except the seat's own vote) and the public events of the last action. Other seats' cards, the order of
// the case file, the cards under Scotland Yard's top and the random generator never reach it. While a
// seat takes a card with a scene it looks through Scotland Yard: its view then lists those cards (sorted,
// not in pile order). At the scoring everything of that hand is shown (`lastHand`).
//
// A view shares the state's lists (apply never changes them): treat it as read-only.

export function view(state, seat) {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) {
    throw new Error(`unknown seat ${JSON.stringify(seat)}: seats are 0 to ${state.players - 1}`);
  }
  const ballots = state.ballots;
  return {
    format: 'gaslight-rummy-view/1',
    you: seat,
    players: state.players,
    phase: state.phase,
    turn: state.turn,
    toMove: toMoveOf(state),
    dealer: state.dealer,
    handNumber: state.handNumber,
    totals: state.totals,
    results: state.results,
    lastHand: state.lastHand,
    winner: state.winner,
    reason: state.reason,
    moves: state.moves,
    handMoves: state.handMoves,
    hand: state.held[seat],
    handCounts: state.held.map((h) => h.length),
    caseFile: state.file.length,
    yardCount: state.yard.length,
    yardTop: state.yard.length ? state.yard[state.yard.length - 1] : null,
    table: state.table,
    melds: state.melds,
    alibi: state.alibi,
    victims: state.victims,
    runOuts: state.runOuts,
    endAfterTurn: state.endAfterTurn,
    step: state.step,
    vote: ballots ? { caller: state.voteOrder[0], voted: ballots.map((b) => b !== null), mine: ballots[seat] } : null,
    window: state.window,
    pendingOut: state.pendingOut,
    lookThrough: state.phase === 'scene' && seat === state.turn ? state.yard.slice().sort() : null,
    events: state.events,
  };
}

function toMoveOf(s) {
  if (s.phase === 'over') return null;
  if (s.phase === 'voting') return s.voteOrder[s.voteAt];
  if (s.phase === 'window') return s.window.seats[s.window.at];
  return s.turn;
}
