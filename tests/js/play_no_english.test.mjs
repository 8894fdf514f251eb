// No English sentence is left in the play pages' code outside their message tables (issue 38): every string literal
// of the Walton, editor, Ripper rummy, 24, hunt and shared modules a player meets is read, and one holding two English words in a
// row is a leftover. What stays English is named here with its reason: the toolkit's own words (the board checks,
// word for word `gaslight check`'s; a game's data checks, which the build reports), a developer's error (a thrown
// Error: a bug or a tool's misuse, never a player's move), the Node tools (self-play, benchmarks) and saves' errors
// (the common save format's, shared with the hunt).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

const ENGINE = new URL('../../site/engine/', import.meta.url);
const TABLES = new Set(['messages.js', 'reasons.js']);
// Modules that speak to the designer or the developer, not to a player at the table.
const NOT_A_PLAYERS = {
  'editor/boardcheck.js': "gaslight check's problems, word for word (a conformance test holds them equal)",
  'editor/boardfaces.js': "gaslight check's problems' fixes",
  'editor/boardgeom.js': "gaslight check's problems",
  'editor/history.js': 'a misuse of the history (a bug)',
  'rummy/rules.js': "the game data's checks: the build lists them on the play page, in the toolkit's English",
  'twentyfour/rules.js': "the game data's checks: the build lists them on the play page, in the toolkit's English",
  'rummy/save.js': "a save's errors (the common save format's, as the hunt's)",
  'twentyfour/save.js': "a save's errors (the common save format's, as the hunt's)",
  'walton/deduce.js': "the bots' limits (a case export the bots cannot read)",
  'walton/tablebots.js': 'a bot asked in a phase it has no move for (a bug)',
  'rummy/bots.js': 'a bot asked out of turn (a bug)',
  'twentyfour/bots.js': 'a bot asked out of turn (a bug)',
  'hunt/save.js': "a save's errors (the common save format's)",
  'hunt/letters.js': "the letters' names (proper names, the same in every language)",
  'hunt/bots.js': 'a bot asked out of turn (a bug)',
  'common/cardsave.js': "the common save format's errors",
  'common/seal.js': "a save's seal errors (the common save format's) and the cipher's labels",
  'common/cardtext.js': "the card tables' shared word table (COMMON, every language)",
};
// Literals that are not sentences a player reads: a YAML comment the editor writes into the board file, the class
// lists of the hunt's board drawing and legend.
const NOT_SENTENCES = new Set(["# Drawn in Gaslight\\'s board editor.", 'woman marked', 'patrol revealed']);
const CLASS_LIST = /^gl-[a-z-]+( [a-z-]+)*$/;

/** The string literals of JavaScript `code` with their lines: quoted strings and a template's text parts (its
 *  ${…} read as code), comments and regular expressions skipped. */
export function literals(code) {
  const found = [];
  let i = 0;
  let line = 1;
  let last = '';  // the last significant character: a `/` after one of these starts a regular expression
  const take = (n = 1) => { for (let k = 0; k < n; k += 1) { if (code[i] === '\n') line += 1; i += 1; } };
  function template(depth) {
    let text = '';
    const at = line;
    take();
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '\\') { text += code.slice(i, i + 2); take(2); continue; }
      if (code[i] === '$' && code[i + 1] === '{') {
        found.push({ text, line: at });
        text = '';
        take(2);
        lex(depth + 1);
        take();
        continue;
      }
      text += code[i];
      take();
    }
    take();
    found.push({ text, line: at });
  }
  function lex(depth) {
    let braces = 0;
    while (i < code.length) {
      const c = code[i];
      if (depth > 0 && c === '}' && braces === 0) return;
      if (c === '{') braces += 1;
      if (c === '}') braces -= 1;
      if (c === '/' && code[i + 1] === '/') { while (i < code.length && code[i] !== '\n') take(); continue; }
      if (c === '/' && code[i + 1] === '*') { take(2); while (i < code.length && !(code[i] === '*' && code[i + 1] === '/')) take(); take(2); continue; }
      if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last))) {
        take();
        let inClass = false;
        while (i < code.length && (code[i] !== '/' || inClass)) {
          if (code[i] === '\\') take();
          else if (code[i] === '[') inClass = true;
          else if (code[i] === ']') inClass = false;
          take();
        }
        take();
        last = ')';
        continue;
      }
      if (c === "'" || c === '"') {
        const at = line;
        let text = '';
        take();
        while (i < code.length && code[i] !== c) {
          if (code[i] === '\\') { text += code.slice(i, i + 2); take(2); continue; }
          text += code[i];
          take();
        }
        take();
        found.push({ text, line: at });
        last = ')';
        continue;
      }
      if (c === '`') { template(depth); last = ')'; continue; }
      if (!/\s/.test(c)) last = c;
      take();
    }
  }
  lex(0);
  return found;
}

/** Whether a literal reads as English: two words of letters in a row, and not a list of classes or a selector. */
export function english(text) {
  if (!/[A-Za-z]{2,}'?[a-z]* +[A-Za-z]{2,}/.test(text)) return false;
  const words = text.trim().split(/\s+/);
  return !words.every((w) => /^[a-z][a-z0-9-]*$/.test(w) && w.includes('-'));
}

/** The English literals of a module a player meets: none may be left (a thrown Error excepted). */
function leftovers(path) {
  const code = readFileSync(new URL(path, ENGINE), 'utf8');
  const lines = code.split('\n');
  return literals(code)
    .filter(({ text, line }) => english(text) && !NOT_SENTENCES.has(text) && !CLASS_LIST.test(text)
      && !/\bthrow\b|Error\(/.test(lines[line - 1]))
    .map(({ text, line }) => `${path}:${line}: ${text}`);
}

test('the literal reader finds strings and template text, not comments, regular expressions or code', () => {
  const code = "// a comment here\nconst x = 'two words'; /* more words */ const r = /it's [a-z]+ re/g;\n"
    + "const t = `Hello ${name ? 'big world' : `nested text`} there`;";
  assert.deepEqual(literals(code).map((l) => [l.text, l.line]),
    [['two words', 2], ['Hello ', 3], ['big world', 3], ['nested text', 3], [' there', 3]]);
  assert.equal(english('gl-wcard gl-to-move'), false);
  assert.equal(english('input, textarea'), false);
  assert.equal(english("it is not that seat's move"), true);
  assert.equal(english('Card 12'), false, 'a word and a number');
});

for (const game of ['walton', 'editor', 'rummy', 'twentyfour', 'hunt', 'common']) {
  test(`the ${game} modules a player meets hold no English sentence outside their tables`, () => {
    const modules = readdirSync(new URL(`${game}/`, ENGINE)).filter((f) => f.endsWith('.js') && !TABLES.has(f))
      .map((f) => `${game}/${f}`).filter((path) => !Object.hasOwn(NOT_A_PLAYERS, path));
    assert.ok(modules.length >= (['editor', 'common'].includes(game) ? 1 : 4), modules.join(', '));
    assert.deepEqual(modules.flatMap(leftovers), []);
  });
}

test('each module left English is still there (a stale exception hides nothing)', () => {
  for (const path of Object.keys(NOT_A_PLAYERS)) assert.ok(readFileSync(new URL(path, ENGINE), 'utf8').length > 0, path);
});
