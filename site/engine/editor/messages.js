// The board editor's words in each language (data, not code): English and Japanese, Japanese in the project's
// terms (円, 交差点, 地区). The problems it lists are `gaslight check`'s own (boardcheck.js finds what the toolkit
// finds, word for word, and the toolkit's messages stay English): only the editor's own words are here.
//
// Example:
//   editorWords('ja')('summary', { title: 'East End', circles: 3, crossings: 2, lines: 4, tool: '移動' })

import { merged, translator } from '../common/cardtext.js';
import { ENGINE_COMMON } from '../common/messages.js';

export const EDITOR_MESSAGES = {
  en: {
    'tool.select': 'Move',
    'tool.circle': 'Circle',
    'tool.crossing': 'Crossing',
    'tool.line': 'Line',
    'tool.flag': 'Red / yellow',
    'tool.delete': 'Delete',
    'tool.place': 'Name a place',
    'tool.district': 'District',
    cannotOpen: '{file} (cannot be opened: {error})',
    boardOption: '{title} ({file})',
    fromSite: 'Opened from the published site: every change is checked here as `gaslight check` would; saving needs '
      + '`gaslight serve`, so copy the YAML below into your board file.',
    boardLabel: 'Board',
    open: 'Open',
    newFile: 'New board file',
    width: 'Width',
    height: 'Height',
    widthWord: 'width ',
    heightWord: ' height ',
    newBoard: 'New board',
    opened: 'Opened {file}.',
    namePlaceholder: 'name for a place or district',
    nameLabel: 'Name',
    save: 'Save',
    undo: 'Undo',
    redo: 'Redo',
    undoTitle: 'Undo the last change (Ctrl+Z or ⌘Z)',
    redoTitle: 'Redo what was undone (Ctrl+Shift+Z, ⌘⇧Z or Ctrl+Y)',
    problems: 'Problems',
    asYaml: 'The board as YAML',
    summary: '{title} · {circles} circles, {crossings} crossings, {lines} lines · tool: {tool}',
    pickCrossing: 'Pick a crossing, with a name typed in first.',
    districtName: "Type the district's name first, then click its corners; click the first corner to close it.",
    clean: 'No problems: gaslight check passes this board.',
    notSaved: 'Not saved: {error}',
    savedStopped: 'Saved {file}; {stopped}',
    saved: 'Saved {file}.',
    reload: 'Reload from disk',
    overwrite: 'Overwrite the file with this board',
    notSavedThen: 'Not saved: {error}. ',
    cannotStart: 'The editor could not start: {error}',
  },
  ja: {
    'tool.select': '移動',
    'tool.circle': '円',
    'tool.crossing': '交差点',
    'tool.line': '線',
    'tool.flag': '赤／黄',
    'tool.delete': '削除',
    'tool.place': '場所に名前をつける',
    'tool.district': '地区',
    cannotOpen: '{file}（開けません：{error}）',
    boardOption: '{title}（{file}）',
    fromSite: '公開サイトから開きました。変更のたびに `gaslight check` と同じ検査をここで行います。保存には '
      + '`gaslight serve` が必要なので、下のYAMLをボードのファイルにコピーしてください。',
    boardLabel: 'ボード',
    open: '開く',
    newFile: '新しいボードのファイル',
    width: '幅',
    height: '高さ',
    widthWord: '幅 ',
    heightWord: ' 高さ ',
    newBoard: '新しいボード',
    opened: '{file}を開きました。',
    namePlaceholder: '場所か地区の名前',
    nameLabel: '名前',
    save: '保存',
    undo: '元に戻す',
    redo: 'やり直す',
    undoTitle: '直前の変更を元に戻す（Ctrl+Z または ⌘Z）',
    redoTitle: '元に戻した変更をやり直す（Ctrl+Shift+Z、⌘⇧Z または Ctrl+Y）',
    problems: '問題',
    asYaml: 'YAMLで見たボード',
    summary: '{title}・円{circles}個、交差点{crossings}個、線{lines}本・ツール：{tool}',
    pickCrossing: '先に名前を入力してから、交差点を選んでください。',
    districtName: '先に地区の名前を入力してから、その角を順にクリックしてください。最初の角をクリックすると閉じます。',
    clean: '問題はありません。gaslight check はこのボードを通します。',
    notSaved: '保存できませんでした：{error}',
    savedStopped: '{file}を保存しました。{stopped}',
    saved: '{file}を保存しました。',
    reload: 'ディスクから読み直す',
    overwrite: 'このボードでファイルを上書きする',
    notSavedThen: '保存できませんでした：{error}。',
    cannotStart: 'エディターを起動できませんでした：{error}',
  },
};

/** The editor's words in `lang`, with the engine pages' common words. */
export function editorWords(lang) {
  return translator(merged(ENGINE_COMMON, EDITOR_MESSAGES), lang);
}
