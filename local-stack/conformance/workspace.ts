// Prepares the conformance workspace in .local-stack/conformance/: a copy of the given
// supabase-js checkout's packages (never fetched from the network by this tool), the
// connection/key edits of suites.ts applied, and the test tools installed from npm once.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackages } from './deno-tests.ts';
import { sourcePackages, standInsDir, type Suite } from './suites.ts';

// The versions the supabase-js workspace asks for (pnpm-workspace.yaml catalog, package.json).
const devDependencies: Record<string, string> = {
  jest: '30.4.2',
  'ts-jest': '^29.4.9',
  typescript: '~5.8.3',
  '@types/jest': '30.0.0',
  '@types/node': '20.19.9',
  '@jest/globals': '^30.0.0',
  jsonwebtoken: '^9.0.0',
  '@faker-js/faker': '^9.9.0',
  'jest-mock-server': '^0.1.0',
  tslib: '2.8.1',
  'iceberg-js': '^0.8.1',
  '@supabase/phoenix': '0.4.5',
  '@opentelemetry/api': '^1.9.0',
  '@opentelemetry/context-async-hooks': '^2.8.0',
  '@opentelemetry/core': '^2.8.0',
  '@opentelemetry/sdk-trace-node': '^2.8.0',
  ws: '^8.18.0',
  zod: '^3.25.76', // postgrest-js's tests parse with it
  nanoid: '^3.3.1', // functions-js's tests make their keys and bodies with it
  tsdown: '^0.18.0', // storage-js, postgrest-js and supabase-js build with it (the catalog's version)
};

export function prepareWorkspace(source: string, workDir: string, suites: Suite[]): void {
  if (!existsSync(join(source, 'packages/core/auth-js/src'))) {
    throw new Error(`${source} is not a supabase-js checkout (no packages/core/auth-js/src)`);
  }
  mkdirSync(workDir, { recursive: true });
  const packagesDir = join(workDir, 'packages');
  rmSync(packagesDir, { recursive: true, force: true });
  for (const name of sourcePackages) {
    cpSync(join(source, 'packages/core', name), join(packagesDir, 'core', name), {
      recursive: true,
      filter: (path) => !/\/(node_modules|example|dist|coverage)(\/|$)/.test(path),
    });
  }
  cpSync(join(source, 'packages/shared/tracing'), join(packagesDir, 'shared/tracing'), { recursive: true });
  cpSync(join(source, 'tsconfig.base.json'), join(workDir, 'tsconfig.base.json'));
  for (const suite of suites) applyEdits(join(packagesDir, 'core', suite.name), suite);
  installTools(workDir);
  // The Deno tests import the packages as an npm install would have them: built.
  if (suites.some((suite) => suite.runner === 'deno')) buildPackages(workDir);
}

function applyEdits(packageDir: string, suite: Suite): void {
  for (const [file, standIn] of Object.entries(suite.standIns ?? {})) {
    if (!existsSync(join(packageDir, file))) throw new Error(`${suite.name}/${file}: not found; supabase-js changed, update suites.ts`);
    cpSync(join(standInsDir, standIn), join(packageDir, file));
  }
  for (const edit of suite.edits) {
    const path = join(packageDir, edit.file);
    const text = readFileSync(path, 'utf8');
    const found = text.split(edit.find).length - 1;
    const expected = edit.count ?? 1;
    if (found !== expected) {
      throw new Error(
        `${suite.name}/${edit.file}: expected ${expected} occurrence(s) of the text to adapt, found ${found}; supabase-js changed, update suites.ts`,
      );
    }
    writeFileSync(path, text.split(edit.find).join(edit.replace));
  }
}

function installTools(workDir: string): void {
  const manifest = JSON.stringify({ name: 'supabase-js-conformance', private: true, devDependencies }, null, 2);
  const manifestPath = join(workDir, 'package.json');
  const installed = existsSync(join(workDir, 'node_modules')) && existsSync(manifestPath) && readFileSync(manifestPath, 'utf8') === manifest;
  if (installed) return;
  writeFileSync(manifestPath, manifest);
  console.log('installing the test tools (jest, ts-jest, …) into', workDir);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: workDir, stdio: 'inherit' });
}

// One jest config per package: ts-jest without type checking (the suites are compiled as
// they are; types are not what we test), and `@supabase/*` resolved to the copied sources.
export function writeJestConfig(workDir: string, suite: Suite): string {
  const core = join(workDir, 'packages/core');
  const map: Record<string, string> = {
    '^@supabase/tracing$': join(workDir, 'packages/shared/tracing/src/index.ts'),
  };
  for (const name of sourcePackages) map[`^@supabase/${name}$`] = join(core, name, 'src/index.ts');
  const config = {
    rootDir: join(core, suite.name),
    testEnvironment: 'node',
    transform: {
      '^.+\\.tsx?$': [
        'ts-jest',
        { diagnostics: false, isolatedModules: true, tsconfig: { module: 'commonjs', target: 'es2022', esModuleInterop: true, allowJs: true } },
      ],
    },
    moduleNameMapper: map,
    setupFilesAfterEnv: existsSync(join(core, suite.name, 'jest.setup.ts')) ? ['<rootDir>/jest.setup.ts'] : [],
    testPathIgnorePatterns: ['/node_modules/'],
    ...suite.jest,
  };
  const path = join(workDir, `jest.${suite.name}.config.json`);
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}
