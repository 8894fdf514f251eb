// Reads a `gaslight-board/1` export on stdin and writes what the editor hands over on the published site:
// toYaml(fromExport(export)).
import { readFileSync } from 'node:fs';
import { fromExport, toYaml } from '../../site/engine/editor.js';

process.stdout.write(toYaml(fromExport(JSON.parse(readFileSync(0, 'utf8')))));
