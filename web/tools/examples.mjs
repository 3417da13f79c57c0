// Writes the bundled examples as one JSON list for the page's menu:
// [{name, text}], the first lines' comment standing as a title where there is one.
//   node web/tools/examples.mjs examples/ > web/dist/examples.json
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.game')).sort();
// The tour first: it shows a little of everything.
files.sort((a, b) => (b === 'tour.game') - (a === 'tour.game'));
const list = files.map((f) => ({
  name: f.replace(/\.game$/, ''),
  text: fs.readFileSync(path.join(dir, f), 'utf8'),
}));
process.stdout.write(JSON.stringify(list));
