// Each function carries its own deno.json (Supabase deploys each function with its own
// config); the pins must not drift apart between them and the tests.
import assert from 'node:assert/strict';

const configs = [
  '../chisme-image/deno.json',
  '../chisme-image-url/deno.json',
  '../chisme-image-purge/deno.json',
  '../log-country/deno.json',
  '../delete-account/deno.json',
  '../send-email/deno.json',
  '../push-send/deno.json',
  './deno.json',
];
const readImports = (path: string): Record<string, string> => JSON.parse(Deno.readTextFileSync(new URL(path, import.meta.url))).imports;

Deno.test('every import is an npm: specifier pinned to an exact version', () => {
  for (const path of configs) {
    for (const [name, specifier] of Object.entries(readImports(path))) {
      assert.match(specifier, /^npm:(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/, `${path}: ${name}`);
    }
  }
});

Deno.test('the functions and the tests pin the same supabase-js', () => {
  const pins = configs.map((path) => readImports(path)['@supabase/supabase-js']);
  assert.equal(new Set(pins).size, 1, pins.join(', '));
});
