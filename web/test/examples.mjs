// Every bundled example, run by the WebAssembly engine of web/dist in
// Node.js (V8, as in Chromium): each must end with all its asserts passed
// and no error, as `cargo test` checks for the native binary; and where
// the native binary is built (target/release/grundy, as CI builds it before
// this runs), every answer's text must be the text `grundy run` prints. The
// engine in the page is built by another compiler, with other dependency
// versions (web/engine/Cargo.lock) and smaller stack limits, so this is not
// a repeat.
//   node web/test/examples.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const module = await WebAssembly.compile(fs.readFileSync(path.join(HERE, '..', 'dist', 'grundy.wasm')));
const decoder = new TextDecoder();

function run(source) {
  let memory = null;
  const items = [];
  const instance = new WebAssembly.Instance(module, {
    env: {
      grundy_now_ms: () => performance.now(),
      grundy_stop_requested: () => 0,
      grundy_emit: (ptr, len) => items.push(JSON.parse(decoder.decode(new Uint8Array(memory.buffer, ptr, len)))),
    },
  });
  memory = instance.exports.memory;
  const bytes = new TextEncoder().encode(source);
  const ptr = instance.exports.grundy_alloc(bytes.length);
  new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
  // 80 columns: the width `grundy run` lays answers out in when not on a terminal.
  instance.exports.grundy_run(ptr, bytes.length, 3 * 2 ** 30, 0, 80);
  return items;
}

const NATIVE = path.join(HERE, '..', '..', 'target', 'release', 'grundy');
const native = fs.existsSync(NATIVE);

const dir = path.join(HERE, '..', '..', 'examples');
let bad = 0;
let asserts = 0;
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.game')).sort();
for (const file of files) {
  let verdict;
  try {
    const items = run(fs.readFileSync(path.join(dir, file), 'utf8'));
    const summary = items[items.length - 1];
    const problems = items.filter((i) => i.kind === 'problem').map((i) => i.rendered);
    asserts += summary.passed;
    verdict = summary.failed === 0 && summary.errors === 0 && summary.passed > 0 ? null : `${summary.passed} passed, ${summary.failed} failed, ${summary.errors} errors\n${problems.join('\n')}`;
    if (!verdict && native) {
      const printed = execFileSync(NATIVE, ['run', path.join(dir, file)], { encoding: 'utf8', maxBuffer: 1 << 28 });
      const shown = items.filter((i) => i.kind === 'answer').map((i) => `${i.text}\n`).join('');
      if (printed.trim() !== shown.trim()) verdict = `answers differ from \`grundy run\`:\n--- native\n${printed.slice(0, 800)}\n--- page\n${shown.slice(0, 800)}`;
    }
  } catch (e) {
    verdict = `the engine crashed: ${e.message}`;
  }
  if (verdict) {
    bad += 1;
    console.log(`FAIL ${file}: ${verdict}`);
  }
}
const same = native ? ', every answer as `grundy run` prints it' : ' (no native binary to compare with)';
console.log(bad ? `${bad} of ${files.length} examples failed` : `all ${files.length} examples pass in WebAssembly (${asserts} asserts)${same}`);
process.exit(bad ? 1 : 0);
