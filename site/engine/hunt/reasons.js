// Why the hunt engine refuses a move, why a game ended, and what a circle or crossing is called, in each
// language: data, not strings in code. The engine says *why* as a key and values (`why('notCircle', {value})`);
// a page renders it in its own language (`reasonText(t, board, why)`), and the engine's English `reason`
// is the same rendering in English, so logs, saves and tests read as before.
//
// Example:
//   const w = why('notNextTo', { circle: 12, crossing: crossing('k3') });
//   reasonText(huntWords('ja'), board, w)   // '円12は円11と13のそばの交差点の隣ではありません'
//
// A value is a plain number or string (put in as it is), or one of: `crossing(k)` (the crossing's name),
// `pawn(i)` (its colour), `either([...])` / `listOf([...])` (a list, "a, b or c" / "a, b, c"), `json(x)`
// (a value from outside, quoted), or another `why(...)` (a phrase of its own).

import { merged, translator } from '../common/cardtext.js';

export const HUNT_REASONS = {
  en: {
    'why.over': 'the game is over: {reason}',
    'why.badAction': 'an action is an object with a "type"',
    'why.notNow': '"{type}" is not possible now: this is {phase} ({actions})',
    'why.notCircle': '{value} is not a circle on this board',
    'why.notCrossing': '{value} is not a crossing on this board',
    'why.hideoutRed': 'circle {circle} is red: the hideout must be a circle that is not red',
    'why.womenCount': 'tonight Jack places {total} women tokens, {marked} of them marked (got {gotMarked} marked, '
      + '{gotUnmarked} unmarked)',
    'why.womenTwice': 'each red circle takes at most one women token',
    'why.womenNotFree': 'circle {circle} is not a free red circle (tokens go on red circles without a crime scene)',
    'why.patrolCount': 'tonight the police place {real} real and {fake} fake patrol tokens (got {gotReal} and {gotFake})',
    'why.patrolTwice': 'each crossing takes at most one patrol token',
    'why.patrolNotYellow': '{crossing} is not yellow: on the first night every patrol token goes on a yellow crossing',
    'why.patrolFixed': '{crossing} held a police pawn last night and must take a patrol token',
    'why.patrolElsewhere': '{crossing} is neither a crossing the police ended on last night nor another yellow crossing',
    'why.letterWhich': 'before the crime Jack may send letter 1, 2 or 3',
    'why.letterSent': 'letter {n} has already been sent',
    'why.patrolHeld': '{crossing} already holds a patrol token',
    'why.relocateCount': 'name {n} different crossings for the patrol tokens',
    'why.lastSpace': 'the time of the crime is on its last space: Jack must kill now',
    'why.womanTargets': 'the women pawn on {from} may go to {circles} (an empty neighbour, not a crime scene, not next '
      + 'to or through a patrol token)',
    'why.noFaceDown': '{crossing} holds no face-down patrol token',
    'why.noWomen': 'no women pawn is left on the board to kill (the board needs more red circles)',
    'why.killOne': 'tonight Jack kills one women pawn',
    'why.killMany': 'tonight Jack kills {n} different women pawns',
    'why.noWomanOn': 'there is no women pawn on circle {circle}',
    'why.escapeHideout': 'Jack may declare his escape only on his hideout',
    'why.escapeNormal': 'Jack may declare his escape only after a normal move',
    'why.noCoach': 'Jack has no coach token left tonight',
    'why.coachTrack': 'a coach takes two spaces of the track and only one is left',
    'why.coachHideout': 'with this variant a coach may not enter the hideout',
    'why.noAlley': 'Jack has no alley token left tonight',
    'why.alleyHideout': 'with this variant an alley may not enter the hideout',
    'why.goulstonPawn': 'send the {pawns} pawn to {place}',
    'why.pawnMove': '{pawn} pawn: {reason}',
    'why.falseClueTwice': 'circle {circle} already holds a false clue',
    'why.notNextTo': 'circle {circle} is not next to {crossing}',
    'why.searchFalseClue': 'circle {circle} holds a false clue and cannot be searched tonight',
    'why.hasClue': 'circle {circle} already holds a clue',
    'why.searchedAlready': 'circle {circle} was already searched by this pawn',
    'why.arrestAfterSearch': 'this pawn has started a search and cannot also arrest',
    'why.arrestFalseClue': 'circle {circle} holds a false clue and cannot be named tonight',
    'why.pawnLetterNotTonight': 'the pawn letter cannot be sent tonight',
    'why.pawnLetterPlaces': 'the pawn letter names {places}',
    'why.pawnLetterNoPlace': 'this board names no places for the pawn letter',
    'why.pawnLetterPawns': 'the pawn letter names the {pawns} pawn',
    'why.pawnLetterNoPawn': 'no pawn in play may be named in the pawn letter',
    // rules.js: a single move
    'why.notOneStep': 'circle {circle} is not one step from {from}',
    'why.policeWay': 'every way from {from} to {to} passes a crossing held by police',
    'why.coachTwo': 'a coach names two circles: the one passed and the one reached',
    'why.coachSame': 'a coach may not end on the circle it started from',
    'why.noBlockShare': 'circle {circle} does not share a block with {from}',
    'why.pawnThere': '{crossing} already holds another police pawn',
    'why.tooFar': '{crossing} is more than {steps} from {start}',
    'steps.0': 'no crossings',
    'steps.1': 'one crossing',
    'steps.2': 'two crossings',
    'steps.3': 'three crossings',
    'steps.4': 'four crossings',
    'steps.5': 'five crossings',
    'steps.many': '{n} crossings',
    // letters.js
    'why.letterScarce': 'the {letter} letter picks {tokens} in {where}, and tonight {lie} there',
    'why.letterPicks': 'the {letter} letter picks {tokens} in {where}',
    'why.letterNoToken': '{crossing} holds no patrol token in {where}',
    'ordinal.1': 'first',
    'ordinal.2': 'second',
    'ordinal.3': 'third',
    'tokens.1': 'one patrol token',
    'tokens.2': 'exactly two different patrol tokens',
    'lie.1': 'only one lies',
    'lie.many': '{n} lie',
    'why.noDistrict': 'no district',
    // the end of the game
    'end.cornered': 'Jack is cornered on night {night}: he has no legal move',
    'end.arrested': 'Jack is arrested on circle {circle} on night {night}',
    'end.escaped': 'Jack escapes on the last night: {nights} nights without arrest',
    'end.trackOut': "Jack's track ran out on night {night} before he reached his hideout",
    // the phases, as refusals name them
    'phase.hideout': "Jack's choice of hideout",
    'phase.women': "Jack's placement of the women tokens",
    'phase.patrols': "the police's placement of the patrol tokens",
    'phase.letter': "Jack's chance to send a letter",
    'phase.letterRelocate': 'the police moving the patrol tokens named in the letter',
    'phase.crime': "Jack's choice to kill or wait",
    'phase.moveWomen': 'the police moving the women pawns',
    'phase.revealPatrol': 'Jack turning over a patrol token',
    'phase.jack': "Jack's move",
    'phase.goulston': 'the police answering the pawn letter',
    'phase.falseClue': "Jack's chance to lay a false clue",
    'phase.policeMove': 'the police moves',
    'phase.policeAction': 'the police searches and arrests',
    'phase.over': 'the end of the game',
    // what a crossing is called (crossing ids are not printed on the board), and a choice's name for a screen reader
    'crossing.by': 'the crossing by {circles}',
    'crossing.near': 'the crossing near {circle}',
    'crossing.id': 'crossing {id}',
    'pawn.numbered': 'pawn {n}',
    'target.circle': 'Circle {circle}',
    'target.between': 'Crossing between {circles}',
    'target.by': 'Crossing by {circle}',
    'target.near': 'Crossing near {circle}',
    'target.id': 'Crossing {id}',
    'target.place': '{place} ({where})',
    'target.marks': '{name} — {marks}',
    'mark.jack': 'Jack is here',
    'mark.hideout': 'your hideout',
    'mark.red': 'red',
    'mark.womanMarked': 'marked women token',
    'mark.woman': 'women token',
    'mark.womenPawn': 'women pawn',
    'mark.scene': 'crime scene',
    'mark.clue': 'clue',
    'mark.falseClue': 'false clue',
    'mark.possible': 'Jack could be here',
    'mark.yellow': 'yellow',
    'mark.patrolRevealed': 'patrol token, turned over',
    'mark.patrol': 'patrol token',
    'mark.pickMarked': 'picked',
    'mark.pick': 'picked (second kind)',
    'list.separator': ', ',
    'list.or': '{list} or {last}',
    'list.and': '{list} and {last}',
    'colour.yellow': 'yellow',
    'colour.red': 'red',
    'colour.green': 'green',
    'colour.blue': 'blue',
    'colour.brown': 'brown',
  },
  ja: {
    'why.over': 'ゲームは終わっています：{reason}',
    'why.badAction': '行動は "type" をもつオブジェクトです',
    'why.notNow': '「{type}」は今はできません。今は{phase}です（{actions}）',
    'why.notCircle': '{value}はこのボードの円ではありません',
    'why.notCrossing': '{value}はこのボードの交差点ではありません',
    'why.hideoutRed': '円{circle}は赤い円です。隠れ家は赤くない円でなければなりません',
    'why.womenCount': '今夜ジャックが置く婦人トークンは{total}枚、うち印つき{marked}枚です（印つき{gotMarked}枚、'
      + '印なし{gotUnmarked}枚が選ばれました）',
    'why.womenTwice': '1つの赤い円に置ける婦人トークンは1枚までです',
    'why.womenNotFree': '円{circle}は空いている赤い円ではありません（トークンは犯行現場でない赤い円に置きます）',
    'why.patrolCount': '今夜捜査員が置く巡回警官トークンは本物{real}枚と無地{fake}枚です（{gotReal}枚と{gotFake}枚が'
      + '選ばれました）',
    'why.patrolTwice': '1つの交差点に置ける巡回警官トークンは1枚までです',
    'why.patrolNotYellow': '{crossing}は黄色い枠の交差点ではありません。第1夜の巡回警官トークンはすべて黄色い枠の交差点に置きます',
    'why.patrolFixed': '{crossing}には前夜に警官コマが止まったので、巡回警官トークンを置かなければなりません',
    'why.patrolElsewhere': '{crossing}は前夜に警官コマが止まった交差点でも、ほかの黄色い枠の交差点でもありません',
    'why.letterWhich': '犯行の前にジャックが送れるのは手紙1、2、3です',
    'why.letterSent': '手紙{n}はもう送られています',
    'why.patrolHeld': '{crossing}にはもう巡回警官トークンがあります',
    'why.relocateCount': '巡回警官トークンの移動先として、異なる交差点を{n}か所選んでください',
    'why.lastSpace': '犯行時刻は最後のマスです。ジャックは今殺さなければなりません',
    'why.womanTargets': '円{from}の婦人コマが行けるのは円{circles}です（空いている隣の円で、犯行現場でなく、'
      + '巡回警官トークンの隣でもその先でもない円）',
    'why.noFaceDown': '{crossing}に裏向きの巡回警官トークンはありません',
    'why.noWomen': '殺せる婦人コマがボードに残っていません（ボードに赤い円がもっと必要です）',
    'why.killOne': '今夜ジャックが殺す婦人コマは1つです',
    'why.killMany': '今夜ジャックが殺す婦人コマは異なる{n}つです',
    'why.noWomanOn': '円{circle}に婦人コマはありません',
    'why.escapeHideout': 'ジャックが逃げ切りを宣言できるのは隠れ家の上だけです',
    'why.escapeNormal': 'ジャックが逃げ切りを宣言できるのは通常移動のあとだけです',
    'why.noCoach': '今夜ジャックの馬車トークンはもう残っていません',
    'why.coachTrack': '馬車は移動トラックを2マス使いますが、残りは1マスです',
    'why.coachHideout': 'このバリアントでは馬車で隠れ家に入れません',
    'why.noAlley': '今夜ジャックの小路トークンはもう残っていません',
    'why.alleyHideout': 'このバリアントでは小路で隠れ家に入れません',
    'why.goulstonPawn': '{pawns}のコマを{place}へ送ってください',
    'why.pawnMove': '{pawn}のコマ：{reason}',
    'why.falseClueTwice': '円{circle}にはもう偽の手がかりがあります',
    'why.notNextTo': '円{circle}は{crossing}の隣ではありません',
    'why.searchFalseClue': '円{circle}には偽の手がかりがあるので、今夜は捜索できません',
    'why.hasClue': '円{circle}にはもう手がかりがあります',
    'why.searchedAlready': '円{circle}はこのコマがもう捜索しました',
    'why.arrestAfterSearch': 'このコマは捜索を始めたので、逮捕はできません',
    'why.arrestFalseClue': '円{circle}には偽の手がかりがあるので、今夜は指定できません',
    'why.pawnLetterNotTonight': '今夜はコマの手紙を送れません',
    'why.pawnLetterPlaces': 'コマの手紙が指定できるのは{places}です',
    'why.pawnLetterNoPlace': 'このボードにはコマの手紙が指定できる地名がありません',
    'why.pawnLetterPawns': 'コマの手紙が指定できるのは{pawns}のコマです',
    'why.pawnLetterNoPawn': 'コマの手紙で指定できる警官コマがありません',
    'why.notOneStep': '円{circle}は円{from}から1歩の円ではありません',
    'why.policeWay': '円{from}から円{to}への道はどれも警官コマのいる交差点を通ります',
    'why.coachTwo': '馬車では通過する円と着く円の2つを選びます',
    'why.coachSame': '馬車で出発した円に戻ることはできません',
    'why.noBlockShare': '円{circle}は円{from}と同じ区画にありません',
    'why.pawnThere': '{crossing}にはもうほかの警官コマがいます',
    'why.tooFar': '{crossing}は{start}から{steps}より遠くにあります',
    'steps.0': '交差点0個',
    'steps.1': '交差点1個',
    'steps.2': '交差点2個',
    'steps.3': '交差点3個',
    'steps.4': '交差点4個',
    'steps.5': '交差点5個',
    'steps.many': '交差点{n}個',
    'why.letterScarce': '{letter}の手紙は{where}の{tokens}を選びますが、今夜そこには{lie}',
    'why.letterPicks': '{letter}の手紙は{where}の{tokens}を選びます',
    'why.letterNoToken': '{crossing}は{where}の巡回警官トークンのある交差点ではありません',
    'ordinal.1': '1通目',
    'ordinal.2': '2通目',
    'ordinal.3': '3通目',
    'tokens.1': '巡回警官トークン1枚',
    'tokens.2': '異なる巡回警官トークンちょうど2枚',
    'lie.1': '1枚しかありません',
    'lie.many': '{n}枚しかありません',
    'why.noDistrict': 'どの地区にもない場所',
    'end.cornered': 'ジャックは第{night}夜に追い詰められました。動ける道がありません',
    'end.arrested': 'ジャックは第{night}夜に円{circle}で逮捕されました',
    'end.escaped': 'ジャックは最後の夜に逃げ切りました。{nights}夜のあいだ逮捕されませんでした',
    'end.trackOut': 'ジャックは第{night}夜、隠れ家に着く前に移動トラックを使い切りました',
    'phase.hideout': 'ジャックが隠れ家を選ぶところ',
    'phase.women': 'ジャックが婦人トークンを置くところ',
    'phase.patrols': '捜査員が巡回警官トークンを置くところ',
    'phase.letter': 'ジャックが手紙を送れるところ',
    'phase.letterRelocate': '捜査員が手紙に指定された巡回警官トークンを動かすところ',
    'phase.crime': 'ジャックが殺すか待つかを選ぶところ',
    'phase.moveWomen': '捜査員が婦人コマを動かすところ',
    'phase.revealPatrol': 'ジャックが巡回警官トークンをめくるところ',
    'phase.jack': 'ジャックの移動',
    'phase.goulston': '捜査員がコマの手紙に応じるところ',
    'phase.falseClue': 'ジャックが偽の手がかりを置けるところ',
    'phase.policeMove': '捜査員の移動',
    'phase.policeAction': '捜査員の捜索と逮捕',
    'phase.over': 'ゲームの終わり',
    'crossing.by': '円{circles}のそばの交差点',
    'crossing.near': '円{circle}の近くの交差点',
    'crossing.id': '交差点{id}',
    'pawn.numbered': 'コマ{n}',
    'target.circle': '円{circle}',
    'target.between': '円{circles}のあいだの交差点',
    'target.by': '円{circle}のそばの交差点',
    'target.near': '円{circle}の近くの交差点',
    'target.id': '交差点{id}',
    'target.place': '{place}（{where}）',
    'target.marks': '{name} — {marks}',
    'mark.jack': 'ジャックがいる',
    'mark.hideout': 'あなたの隠れ家',
    'mark.red': '赤い円',
    'mark.womanMarked': '印つきの婦人トークン',
    'mark.woman': '婦人トークン',
    'mark.womenPawn': '婦人コマ',
    'mark.scene': '犯行現場',
    'mark.clue': '手がかり',
    'mark.falseClue': '偽の手がかり',
    'mark.possible': 'ジャックがいる可能性',
    'mark.yellow': '黄色い枠',
    'mark.patrolRevealed': '巡回警官トークン（表向き）',
    'mark.patrol': '巡回警官トークン',
    'mark.pickMarked': '選択中',
    'mark.pick': '選択中（もう一方の種類）',
    'list.separator': '、',
    'list.or': '{list}または{last}',
    'list.and': '{list}と{last}',
    'colour.yellow': '黄',
    'colour.red': '赤',
    'colour.green': '緑',
    'colour.blue': '青',
    'colour.brown': '茶',
  },
};

// Pawn colours by pawn index (as letters.js names them; kept here so this module needs no other).
const COLOURS = ['yellow', 'red', 'green', 'blue', 'brown'];

/** A reason: a message key (without its `why.` / `end.`… prefix when `key` has none) and its values. */
export const why = (key, values = {}) => ({ key: key.includes('.') ? key : `why.${key}`, values });
/** Value kinds a reason may hold, each rendered in the page's language. */
export const crossing = (k) => ({ crossing: k });
export const pawn = (i) => ({ pawn: i });
export const either = (items) => ({ either: items });
export const listOf = (items) => ({ list: items });
export const json = (value) => ({ json: value });

/** The English words (the engine's own `reason` texts are these, rendered). */
export const ENGLISH = translator(HUNT_REASONS, 'en');

function joined(t, words, last) {
  if (words.length <= 1) return words.join('');
  return t(last, { list: words.slice(0, -1).join(t('list.separator')), last: words[words.length - 1] });
}

/** A pawn's colour in `t`'s language ("yellow", 「黄」); a pawn with no colour by its number. */
export function pawnColour(t, i) {
  return COLOURS[i] ? t(`colour.${COLOURS[i]}`) : t('pawn.numbered', { n: i });
}

/** How a player names crossing `k` in `t`'s language: its place, the circles beside it, the nearest circle. */
export function crossingIn(t, board, k) {
  const where = board.crossingWhere(k);
  if (where.place !== undefined) return where.place;
  if (where.by) return t('crossing.by', { circles: joined(t, where.by.map(String), 'list.and') });
  if (where.near !== undefined) return t('crossing.near', { circle: where.near });
  return t('crossing.id', { id: k });
}

function valueText(t, board, value) {
  if (value === null || typeof value !== 'object') return String(value);
  if (Object.hasOwn(value, 'key')) return reasonText(t, board, value);
  if (Object.hasOwn(value, 'crossing')) return crossingIn(t, board, value.crossing);
  if (Object.hasOwn(value, 'pawn')) return pawnColour(t, value.pawn);
  if (Object.hasOwn(value, 'either')) return joined(t, value.either.map((v) => valueText(t, board, v)), 'list.or');
  if (Object.hasOwn(value, 'list')) return value.list.map((v) => valueText(t, board, v)).join(t('list.separator'));
  if (Object.hasOwn(value, 'json')) return JSON.stringify(value.json);
  return String(value);
}

/** A reason in `t`'s language (`t` from huntWords or ENGLISH); a plain string is shown as it is. */
export function reasonText(t, board, reason) {
  if (typeof reason === 'string') return reason;
  const values = {};
  for (const [name, value] of Object.entries(reason.values || {})) values[name] = valueText(t, board, value);
  return t(reason.key, values);
}

/** The reason in English (what the engine's `reason` says). */
export function englishReason(board, reason) {
  return reasonText(ENGLISH, board, reason);
}

/** A refusal: `{ok: false, why, reason}`, the English `reason` made only when someone reads it. */
export function refusal(board, reason) {
  let text = null;
  return {
    ok: false,
    why: reason,
    get reason() {
      if (text === null) text = englishReason(board, reason);
      return text;
    },
  };
}

// ---------------------------------------------------------------- a choice's name for a screen reader

/** What a circle or crossing is called for a player who cannot see the board ("Circle 42", 「円42」). */
export function targetNameIn(t, board, id) {
  if (typeof id === 'number') return t('target.circle', { circle: id });
  const near = board.search(id);
  const plain = board.crossingWhere(id);
  const between = near.length > 1 ? t('target.between', { circles: joined(t, near.map(String), 'list.and') })
    : near.length === 1 ? t('target.by', { circle: near[0] })
      : plain.near !== undefined ? t('target.near', { circle: plain.near }) : t('target.id', { id });
  const place = board.places.find((p) => p.crossing === id);
  if (!place) return between;
  const where = t.lang === 'en' ? `${between[0].toLowerCase()}${between.slice(1)}` : between;
  return t('target.place', { place: place.name, where });
}

// A board mark's class → the word that says it (in the order the label lists them).
const MARKS = [
  ['jack', 'mark.jack'], ['hideout', 'mark.hideout'], ['red', 'mark.red'], ['woman marked', 'mark.womanMarked'],
  ['woman', 'mark.woman'], ['wretched', 'mark.womenPawn'], ['scene', 'mark.scene'], ['clue', 'mark.clue'],
  ['false-clue', 'mark.falseClue'], ['possible', 'mark.possible'], ['yellow', 'mark.yellow'],
  ['patrol revealed', 'mark.patrolRevealed'], ['patrol', 'mark.patrol'], ['pick-marked', 'mark.pickMarked'],
  ['pick', 'mark.pick'],
];

/** "Circle 42 — red, women token": the target's name and what lies on it, from its board classes. */
export function targetLabelIn(t, board, id, classes, pawnWords = '') {
  const words = [];
  const has = (cls) => cls.split(' ').every((c) => classes.includes(c));
  for (const [cls, key] of MARKS) {
    const text = t(key);
    if (has(cls) && !words.some((w) => w.includes(text))) words.push(text);
  }
  if (pawnWords) words.push(pawnWords);
  const name = targetNameIn(t, board, id);
  return words.length ? t('target.marks', { name, marks: words.join(t('list.separator')) }) : name;
}

/** The refusals' and names' catalogue under another (the hunt page's words take these). */
export function withReasons(catalogue) {
  return merged(HUNT_REASONS, catalogue);
}
