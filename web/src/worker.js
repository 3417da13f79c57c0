// The worker that runs grundy, so the page never freezes. The engine
// (grundy.wasm, built from web/engine) is compiled once and instantiated
// afresh for every run: each run starts with clean memory, and a run that
// ended in a trap leaves nothing behind.
//
// Messages in:  {type: 'init', wasm: URL, stop: SharedArrayBuffer | null}
//               {type: 'run', source, maxMemory, timeoutMs, width}
// Messages out: {type: 'ready'} | {type: 'failed', message}
//               {type: 'item', item}  (an answer, a problem, an assert, the summary)
//               {type: 'done'} | {type: 'crash', message}

let module = null;
let stop = null; // Int32Array over the page's SharedArrayBuffer, if it has one

async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch (e) {
    // A host that serves .wasm with another content type.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

function run({ source, maxMemory, timeoutMs, width }) {
  const decoder = new TextDecoder();
  let memory = null;
  const imports = {
    env: {
      grundy_now_ms: () => performance.now(),
      grundy_stop_requested: () => (stop && Atomics.load(stop, 0) !== 0 ? 1 : 0),
      grundy_emit: (ptr, len) => {
        const text = decoder.decode(new Uint8Array(memory.buffer, ptr, len));
        postMessage({ type: 'item', item: JSON.parse(text) });
      },
    },
  };
  const instance = new WebAssembly.Instance(module, imports);
  memory = instance.exports.memory;
  const bytes = new TextEncoder().encode(source);
  const ptr = instance.exports.grundy_alloc(bytes.length);
  new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
  instance.exports.grundy_run(ptr, bytes.length, maxMemory, timeoutMs, width);
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === 'init') {
    stop = msg.stop ? new Int32Array(msg.stop) : null;
    try {
      module = await compile(msg.wasm);
      postMessage({ type: 'ready' });
    } catch (e) {
      postMessage({ type: 'failed', message: String(e && e.message ? e.message : e) });
    }
  } else if (msg.type === 'run') {
    try {
      run(msg);
      postMessage({ type: 'done' });
    } catch (e) {
      // A trap: out of the browser's memory or stack, or a bug.
      postMessage({ type: 'crash', message: String(e && e.message ? e.message : e) });
    }
  }
};
