// The JavaScript examples of wasm/README.md (the package's front page) and of the repository's
// README.md run against the package, and each line that ends `// → VALUE` must give VALUE.
// Their `import … from 'fenkit'` and `require('fenkit')` lines get the package under test.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { ROOT, importPackage } from './support.mjs';

const fenkit = await importPackage();

/** The ```js blocks of a Markdown file, with the line each starts on. */
function jsBlocks(file) {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks = [];
  let current = null;
  lines.forEach((line, i) => {
    if (current === null && line.trim() === '```js') {
      current = { start: i + 2, lines: [] };
    } else if (current !== null && line.trim() === '```') {
      blocks.push(current);
      current = null;
    } else if (current !== null) {
      current.lines.push(line);
    }
  });
  return blocks;
}

/** One block as a function body: imports bound to the package, `// →` lines checked. */
function program(block) {
  return block.lines
    .map((line, i) => {
      const imported = /^import \{([^}]*)\} from 'fenkit';/.exec(line);
      if (imported) return `const {${imported[1]}} = fenkit;`;
      const required = /^const (\{[^}]*\}|\w+) = require\('fenkit'\);/.exec(line);
      if (required) return `const ${required[1]} = fenkit;`;
      const expected = /^(.*?);?\s*\/\/ → (.*)$/.exec(line);
      if (expected) return `expect(() => (${expected[1]}), ${expected[2]}, ${block.start + i});`;
      return line;
    })
    .join('\n');
}

const examples = [...jsBlocks('wasm/README.md').map((b) => ['wasm/README.md', b]), ...jsBlocks('README.md').map((b) => ['README.md', b])];

test('the READMEs have examples, each with checked results', () => {
  assert.ok(examples.length >= 3);
  for (const [, block] of examples) assert.ok(block.lines.some((line) => line.includes('// →')));
});

for (const [file, block] of examples) {
  test(`${file}, the example on line ${block.start}`, () => {
    let checked = 0;
    const expect = (run, value, line) => {
      assert.deepEqual(run(), value, `${file}:${line}`);
      checked++;
    };
    new Function('fenkit', 'expect', program(block))(fenkit, expect);
    assert.ok(checked > 0);
  });
}
