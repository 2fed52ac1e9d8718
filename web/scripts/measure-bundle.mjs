#!/usr/bin/env node
// Gzip size of the JavaScript each route needs before it can render: the entry chunk, its
// static imports, and the route's lazy chunk with its static imports (from Vite's manifest).
// Run after `npm run build -w web`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of entry.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKb = (keys) => [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(dist + manifest[key].file)).length, 0) / 1024;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = {
  '/login (welcome)': 'src/app/routes/login.tsx',
  '/chismes/* (feeds)': 'src/app/routes/feed.tsx',
  '/profile/, /notifications/': 'src/app/routes/profile.tsx',
};
const entry = closure(entryKey);
console.log(`entry (shell, shared by every route): ${gzipKb(entry).toFixed(1)} KB gzip`);
for (const [route, key] of Object.entries(routes)) {
  const all = closure(key, new Set(entry));
  console.log(`${route}: ${gzipKb(all).toFixed(1)} KB gzip initial JS`);
}
// What each lazily loaded piece adds once a signed-in user is on a feed (shared chunks such as
// supabase-js are then already loaded).
const onFeed = closure(routes['/chismes/* (feeds)'], new Set(entry));
const lazies = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && !Object.values(routes).includes(k));
for (const key of lazies) {
  const extra = [...closure(key)].filter((k) => !onFeed.has(k));
  console.log(`  lazy ${key.replace('src/', '').replace('../node_modules/', '')}: +${gzipKb(extra).toFixed(1)} KB gzip over a feed`);
}
