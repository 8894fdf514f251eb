// Reads [board data, …] on stdin and writes, for each board, what site/engine/editor/boardcheck.js finds:
// [[{severity, path, message, fix, point}, …], …] (tests/boards/test_boardcheck_conformance.py compares).
import { readFileSync } from 'node:fs';
import { checkBoard } from '../../site/engine/editor/boardcheck.js';

const boards = JSON.parse(readFileSync(0, 'utf8'));
const out = boards.map((data) => checkBoard(data).map(({ severity, path, message, fix, point }) => ({ severity, path, message, fix, point })));
process.stdout.write(JSON.stringify(out));
