// Reads the committed fixture files (see fixtures/generate.mjs for where they came from).
export function readFixture(name: string): Uint8Array {
  return Deno.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
}
