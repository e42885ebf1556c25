// The TypeScript declarations, checked with `tsc --noEmit` in the fresh project that has the
// packed package installed: the examples under wasm/tests/types/ type-check as an ES module
// and as CommonJS, and the misuses in `wrong.mts` are each refused.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { PROJECT, ROOT, toolPath } from './support.mjs';

/** `tsc --noEmit` over `files` in a folder of the project: its status and output. */
function tsc(folder, files) {
  const dir = join(PROJECT, folder);
  mkdirSync(dir, { recursive: true });
  for (const file of files) copyFileSync(join(ROOT, 'wasm/tests/types', file), join(dir, file));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] },
      files,
    }),
  );
  const run = spawnSync(process.execPath, [toolPath('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

test('the declarations type-check from an ES module and from CommonJS', { skip: PROJECT ? false : 'needs wasm/tests/run' }, () => {
  const { status, output } = tsc('types-ok', ['example.mts', 'example.cts']);
  assert.equal(status, 0, output);
});

test('the declarations refuse each misuse', { skip: PROJECT ? false : 'needs wasm/tests/run' }, () => {
  const { status, output } = tsc('types-wrong', ['wrong.mts']);
  assert.notEqual(status, 0);
  const lines = new Set([...output.matchAll(/wrong\.mts\((\d+),/g)].map((match) => Number(match[1])));
  assert.deepEqual([...lines].sort((a, b) => a - b), [5, 6, 7, 8, 9, 10], output);
});
