// Reads a board's data as the published site gives it to the editor (engine/data/boards/<id>.source.json) on
// stdin and writes the YAML the editor shows to copy: toYaml(data).
import { readFileSync } from 'node:fs';
import { toYaml } from '../../site/engine/editor/editor.js';

process.stdout.write(toYaml(JSON.parse(readFileSync(0, 'utf8'))));
