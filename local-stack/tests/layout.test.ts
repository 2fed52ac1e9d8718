// The folder's layout (README.md "Layout"): shared/ holds primitives that import only one
// another, and the services (auth, storage, realtime, gateway, functions, mail, postgres) never
// import runtime/, the orchestration that starts and supervises them. Reads the files; needs no stack.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const stackRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const services = ['auth', 'storage', 'realtime', 'gateway', 'functions', 'mail', 'postgres'];

/** The local-stack paths (relative to the folder) a file imports. */
function localImports(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => relative(stackRoot, resolve(dirname(file), m[1]!)));
}

function importsIn(folder: string): { file: string; path: string }[] {
  const dir = join(stackRoot, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => localImports(join(dir, name), readFileSync(join(dir, name), 'utf8')).map((path) => ({ file: `${folder}/${name}`, path })));
}

test('shared/ imports nothing of the stack but shared/', () => {
  const all = importsIn('shared');
  assert.ok(all.length >= 3, `${all.length} imports read`);
  assert.deepEqual(
    all.filter(({ path }) => !path.startsWith('shared/')).map(({ file, path }) => `${file} → ${path}`),
    [],
  );
});

test('no service imports runtime/', () => {
  const all = services.flatMap(importsIn);
  assert.ok(
    all.some(({ path }) => path.startsWith('shared/')),
    'the services import shared/',
  );
  assert.deepEqual(
    all.filter(({ path }) => path.startsWith('runtime/') || path === 'index.ts').map(({ file, path }) => `${file} → ${path}`),
    [],
  );
});
