// The card games' words in two languages, and which language a page speaks. Messages are data: a catalogue per
// language, English the fallback for a key a catalogue lacks; `{name}` in a message is filled from the values.
//
// Example:
//   pickLanguage({ search: '?lang=ja', stored: null, languages: ['en-GB'] })   // 'ja'
//   const t = translator({ en: { hello: 'Hello, {name}' }, ja: { hello: '{name}さん、こんにちは' } }, 'ja');
//   t('hello', { name: 'Ann' })                                             // 'Annさん、こんにちは'
//
// Values are put in as they are (the page sets every message as text, never as HTML).

export const LANGUAGES = Object.freeze(['en', 'ja']);

/** The page's language: `?lang=` first, then the reader's last choice, then the browser's languages, else English. */
export function pickLanguage({ search = '', stored = null, languages = [] } = {}) {
  const asked = new URLSearchParams(search).get('lang');
  if (LANGUAGES.includes(asked)) return asked;
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of languages) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/** `t(key, values)` in `lang` from `catalogue` ({en: {...}, ja: {...}}); an unknown key is shown as itself. */
export function translator(catalogue, lang) {
  const own = catalogue[lang] || {};
  const fallback = catalogue.en || {};
  const t = (key, values = {}) => {
    const message = Object.hasOwn(own, key) ? own[key] : Object.hasOwn(fallback, key) ? fallback[key] : key;
    const text = typeof message === 'function' ? message(values) : message;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
  };
  t.lang = lang;
  return t;
}

/** A reason (`{key, values}`) in `t`'s language, each value said by `sayValue(value)`; a plain string as it is. */
export function sayReason(t, reason, sayValue) {
  if (typeof reason === 'string') return reason;
  const values = {};
  for (const [name, value] of Object.entries(reason.values || {})) values[name] = sayValue(value);
  return t(reason.key, values);
}

/** A refusal: `{ok: false, reason}`, the English `reason` (from `english()`) made only when someone reads it, and
 *  `why` (not enumerated: a refusal compares and prints as it did) for a page to say it in its language. */
export function refusalOf(reason, english) {
  let text = null;
  const refused = {
    ok: false,
    get reason() {
      if (text === null) text = english();
      return text;
    },
  };
  Object.defineProperty(refused, 'why', { value: reason, enumerable: false });
  return refused;
}

/** Two catalogues as one: `extra`'s messages over `base`'s, language by language. */
export function merged(base, extra) {
  const out = {};
  for (const lang of new Set([...Object.keys(base), ...Object.keys(extra)])) out[lang] = { ...base[lang], ...extra[lang] };
  return out;
}

/** What every card game page says, whatever the game. */
export const COMMON = {
  en: {
    language: 'Language',
    setup: 'The table: rules, seats and seed',
    rules: 'Rules',
    seats: 'Seats, clockwise',
    seatName: 'Seat {n} name',
    seatKind: 'Seat {n} player',
    person: 'a person',
    bot: 'a bot ({strength})',
    nobody: 'nobody',
    seed: 'Seed',
    start: 'Deal the cards',
    newGame: 'Set up a new game',
    seatCount: 'This game is for {counts} players.',
    passTo: 'Pass the device to {name}',
    passHelp: 'Everyone else looks away: the next screen shows {name}\'s cards.',
    ready: 'I am {name}: show my cards',
    yourTurn: 'Your move, {name}',
    waiting: 'The bots are playing…',
    you: 'you',
    hand: 'Your hand ({n})',
    log: 'What happened',
    saveLoad: 'Save or load a game',
    saveHelp: 'A save holds how the game began, who plays each seat and every move since; Load replays them through '
      + 'the rules, so a changed save is refused. The text is sealed: nobody reads a hand or the deck off it. Without a '
      + 'passphrase the seal stops prying eyes, not someone who studies this page\'s code; with one, the game loads only '
      + 'with it. Saving works on https:// pages and on pages opened from this computer.',
    saveBox: 'Saved game',
    passphrase: 'passphrase (optional)',
    save: 'Save',
    load: 'Load',
    saved: 'Saved.',
    savedLocked: 'Saved, locked with the passphrase.',
    startFirst: 'Start a game first.',
    loaded: 'Loaded: {moves} moves replayed.',
    botRefused: 'A bot\'s move was refused: {reason}',
    refused: 'Not allowed: {reason}',
    cannotStart: 'The table could not be set: {reason}',
    over: 'The game is over',
    winner: '{name} wins',
    winners: '{names} win',
    scores: 'Scores',
    points: '{n} pts',
    cards: '{n} cards',
    card: '{n} card',
  },
  ja: {
    language: '言語',
    setup: 'テーブル：ルール・席・シード',
    rules: 'ルール',
    seats: '席（時計回り）',
    seatName: '席{n}の名前',
    seatKind: '席{n}のプレイヤー',
    person: '人',
    bot: 'ボット（{strength}）',
    nobody: 'なし',
    seed: 'シード',
    start: 'カードを配る',
    newGame: '新しいゲームを準備する',
    seatCount: 'このゲームは{counts}人用です。',
    passTo: '{name}さんに端末を渡してください',
    passHelp: 'ほかの人は画面を見ないでください。次の画面に{name}さんの手札が表示されます。',
    ready: '{name}です：手札を見る',
    yourTurn: '{name}さんの番です',
    waiting: 'ボットが考えています…',
    you: 'あなた',
    hand: 'あなたの手札（{n}枚）',
    log: 'これまでの出来事',
    saveLoad: 'ゲームの保存と読み込み',
    saveHelp: '保存したテキストには、ゲームの始まり方・各席のプレイヤー・それ以降のすべての手が入ります。読み込むときはそれを'
      + 'ルールどおりに再生するので、書き換えたテキストは読み込めません。テキストは封印されていて、手札や山札を読み取ることは'
      + 'できません。合言葉なしの封印は盗み見を防ぎますが、このページのコードを調べる人には開けられます。合言葉を付けると、'
      + 'それを知る人しか読み込めません。保存と読み込みは https:// のページとこのコンピューターで開いたページで使えます。',
    saveBox: '保存したゲーム',
    passphrase: '合言葉（任意）',
    save: '保存',
    load: '読み込み',
    saved: '保存しました。',
    savedLocked: '保存し、合言葉で鍵をかけました。',
    startFirst: '先にゲームを始めてください。',
    loaded: '読み込みました：{moves}手を再生しました。',
    botRefused: 'ボットの手が拒否されました：{reason}',
    refused: 'その手は指せません：{reason}',
    cannotStart: 'テーブルを準備できません：{reason}',
    over: 'ゲーム終了',
    winner: '{name}さんの勝ち',
    winners: '{names}の勝ち',
    scores: '得点',
    points: '{n}点',
    cards: '{n}枚',
    card: '{n}枚',
  },
};
