// What the package's tests share: the package under test, the conformance suite, and the
// `fenkit` binary to compare with. wasm/tests/run sets the environment:
//
//   FENKIT_WASM_PROJECT  a fresh Node project with the packed package installed (`npm pack`
//                        output), whose `esm.mjs` imports it and `cjs.cjs` requires it;
//                        without it, the tests load wasm/pkg directly
//   FENKIT_BIN           the `fenkit` binary (default: the cargo target directory's debug one)
//   FENKIT_WASM_TOOLS    the test tools' node_modules folder (typescript, playwright-core)

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const TARGET_DIR = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
export const PROJECT = process.env.FENKIT_WASM_PROJECT ?? null;

/** The package as `import` gives it. */
export async function importPackage() {
  if (PROJECT) return import(pathToFileURL(join(PROJECT, 'esm.mjs')).href);
  return import(pathToFileURL(join(ROOT, 'wasm/pkg/index.mjs')).href);
}

/** The package as `require` gives it. */
export function requirePackage() {
  if (PROJECT) return createRequire(join(PROJECT, 'package.json'))('./cjs.cjs');
  return createRequire(import.meta.url)(join(ROOT, 'wasm/pkg/index.cjs'));
}

/** A test tool from FENKIT_WASM_TOOLS, by its package name. */
export function tool(name) {
  const tools = process.env.FENKIT_WASM_TOOLS;
  if (!tools) throw new Error('FENKIT_WASM_TOOLS is not set: run the tests with wasm/tests/run');
  return createRequire(join(tools, 'package.json'))(name);
}

export function toolPath(...parts) {
  return join(process.env.FENKIT_WASM_TOOLS ?? '', ...parts);
}

/** The cases of one file of the suite, each with `raw`: a string, or the bytes of `input_base64`. */
export function loadCases(file) {
  const text = readFileSync(join(ROOT, 'spec/conformance/v1', file), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const item = JSON.parse(line);
      if (item.input_base64 !== undefined) {
        const bytes = Buffer.from(item.input_base64, 'base64');
        const decoded = new TextDecoder('utf-8', { fatal: true });
        try {
          item.raw = decoded.decode(bytes);
        } catch {
          item.raw = new Uint8Array(bytes);
        }
      } else {
        item.raw = item.input;
      }
      return item;
    });
}

/** The `fenkit` binary the answers are compared with. */
export function fenkitBin() {
  const bin = process.env.FENKIT_BIN ?? join(TARGET_DIR, 'debug/fenkit');
  if (!existsSync(bin)) {
    throw new Error(`no fenkit binary at ${bin}: build it (cargo build -p fenkit) or set FENKIT_BIN`);
  }
  return bin;
}

/**
 * `fenkit parse --batch --json-strings` over `inputs` (strings) with `args`: one answer
 * object per input, in order; or, when the command refuses the settings themselves (a usage
 * error), `{ refused: stderr }`.
 */
export function parseBatch(args, inputs) {
  const run = spawnSync(fenkitBin(), ['parse', '--batch', '--json-strings', ...args], {
    input: inputs.map((input) => JSON.stringify(input)).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.status === 2) return { refused: run.stderr };
  if (run.status !== 0) throw new Error(`fenkit parse ${args.join(' ')} failed: ${run.stderr}`);
  const answers = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
  if (answers.length !== inputs.length) {
    throw new Error(`fenkit parse answered ${answers.length} of ${inputs.length} inputs`);
  }
  return answers;
}

/**
 * The findings `fenkit check ARGS --output-format json -` reports for `input` alone on standard
 * input, each as `[code, severity, [start, end] in bytes, message, fixable]`; `refused`: the
 * usage error of flags the command line refuses.
 */
export function checkCli(args, input) {
  const run = spawnSync(fenkitBin(), ['check', ...args, '--output-format', 'json', '-'], {
    input,
    maxBuffer: 64 << 20,
  });
  if (run.status === 2) return { refused: run.stderr.toString() };
  if (run.status !== 0 && run.status !== 1) throw new Error(`fenkit check ${args.join(' ')} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.toString()).diagnostics.map((d) => [d.code, d.severity, [d.offset, d.end_offset], d.message, d.fixable]);
}

/**
 * What `fenkit fmt ARGS -` makes of `input` on standard input: `{ text }` when it formats it,
 * `{ code }` of the first error when a position has one (`fmt` leaves it as written), or
 * `{ refused }`: the usage error of flags the command line refuses.
 */
export function fmtCli(args, input) {
  const run = spawnSync(fenkitBin(), ['fmt', '--quiet', '--color', 'never', ...args, '-'], { input, maxBuffer: 64 << 20 });
  if (run.status === 2) return { refused: run.stderr.toString() };
  if (run.status === 0) return { text: run.stdout.toString() };
  const code = /^error\[(\w+)\]/m.exec(run.stderr.toString())?.[1];
  if (run.status !== 1 || !code) throw new Error(`fenkit fmt ${args.join(' ')} failed: ${run.stderr}`);
  return { code };
}

/** `fenkit` with `args` and `input` on standard input: its status, output and errors. */
export function fenkit(args, input = '') {
  const run = spawnSync(fenkitBin(), args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A UTF-16 span of `text` as byte offsets of its UTF-8 form (what `fenkit` reports). */
export function byteSpan(text, [start, end]) {
  if (typeof text !== 'string') return [start, end];
  return [Buffer.byteLength(text.slice(0, start)), Buffer.byteLength(text.slice(0, end))];
}
