// The browser side of `cargo xtask bench`'s wasm row: runs one workload of the kernels crate
// (src/lib.rs, built for wasm32 with the page's release settings) in headless Chromium, with the
// same arguments as the native binary, and prints one JSON line like it:
// {"first_ms":…,"ms":…,"count":…,"digest":"…","detail":…}.
//
// Like the native binary it runs the workload twice in one instance and reports the second run, so
// V8's optimising tier has compiled the hot functions; `first_ms` is the first run, which starts in
// V8's baseline tier (a wasm function already running stays in it), as a page's first use does.
// Inputs are fetched and copied into the module's memory before the clock starts.
// Leaves out: the page itself (the perf-*.spec.mjs specs measure that).
//
// Usage: node tests/e2e/bench/run.mjs KERNELS_WASM bpe CORPUS MERGES
//                                                  gpt2 MERGES_BIN TEXT
//                                                  analogies VECTORS_BIN QUESTIONS VOCAB
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [wasm, workload, ...rest] = process.argv.slice(2);
// Which arguments are files (fetched into the module) and which are numbers, per workload.
const SHAPES = { bpe: { files: 1, run: 'run_bpe' }, gpt2: { files: 2, run: 'run_gpt2' }, analogies: { files: 2, run: 'run_analogies' } };
const shape = SHAPES[workload];
if (!wasm || !shape || rest.length < shape.files) {
  console.error('usage: run.mjs KERNELS_WASM (bpe CORPUS MERGES | gpt2 MERGES_BIN TEXT | analogies VECTORS_BIN QUESTIONS VOCAB)');
  process.exit(2);
}
const files = rest.slice(0, shape.files).map((f) => resolve(f));
const numbers = rest.slice(shape.files).map(Number);

// 1. A directory to serve: a blank page, the module and the inputs (linked, not copied).
const dir = await mkdtemp(join(tmpdir(), 'til-bench-web-'));
await writeFile(join(dir, 'index.html'), '<!doctype html><title>til bench</title>\n');
await symlink(resolve(wasm), join(dir, 'kernels.wasm'));
for (const [i, file] of files.entries()) await symlink(file, join(dir, `input${i}`));
process.env.TIL_DIST = dir;
const { launch } = await import('../harness.mjs');

// 2. In the page: instantiate, copy the inputs in, run twice, read the second outcome.
const app = await launch({ webgpu: false, timeoutMs: 600_000 });
try {
  const outcome = await app.page.evaluate(
    async ({ inputs, run, numbers }) => {
      const { instance } = await WebAssembly.instantiateStreaming(fetch('kernels.wasm'), {
        env: { now_ms: () => performance.now() },
      });
      const k = instance.exports;
      for (let i = 0; i < inputs; i++) {
        const bytes = new Uint8Array(await (await fetch(`input${i}`)).arrayBuffer());
        const at = k.input(bytes.length);
        new Uint8Array(k.memory.buffer, at, bytes.length).set(bytes);
      }
      const times = [];
      let at = 0;
      for (let round = 0; round < 2; round++) {
        at = k[run](...numbers);
        if (at === 0) {
          const message = new Uint8Array(k.memory.buffer, k.error(), k.error_len());
          throw new Error(new TextDecoder().decode(message));
        }
        times.push(new DataView(k.memory.buffer, at, 8).getFloat64(0, true));
      }
      const view = new DataView(k.memory.buffer, at, 32);
      return {
        first: times[0],
        ms: view.getFloat64(0, true),
        count: view.getBigUint64(8, true).toString(),
        digest: view.getBigUint64(16, true).toString(16).padStart(16, '0'),
        detail: view.getBigUint64(24, true).toString(),
      };
    },
    { inputs: files.length, run: shape.run, numbers },
  );
  app.assertNoErrors();
  console.log(`{"first_ms":${outcome.first},"ms":${outcome.ms},"count":${outcome.count},"digest":"${outcome.digest}","detail":${outcome.detail}}`);
} finally {
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
