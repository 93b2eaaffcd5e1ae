/**
 * Lint enforces the architecture (eslint.config.js): this writes small files that break each rule
 * into temporary folders where the config applies, lints them with the ESLint Node API and the
 * repository's config as `npm run lint` does (type checking on only where a typed rule is proved),
 * and checks the rule fires — and that a clean file passes. The folders are removed afterwards.
 * (Real files, not `lintText`: typed rules need the file in a tsconfig.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { repoRoot } from './system.ts';

const probe = `lint-probe-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
/** A temporary folder in each place whose rules are proved. */
const dirs = {
  web: path.join(repoRoot, 'apps/web/src', probe),
  contract: path.join(repoRoot, 'packages/contract/src', probe),
  testkit: path.join(repoRoot, 'packages/testkit/src', probe),
  scripts: path.join(repoRoot, 'scripts', probe),
  bench: path.join(repoRoot, 'bench', probe),
  e2e: path.join(repoRoot, 'e2e', probe),
  localUtil: path.join(repoRoot, 'apps/local-api/src/util', probe),
  localTest: path.join(repoRoot, 'apps/local-api/src/test', probe),
  // A new feature folder: the config reads the features from disk, so it is covered at once.
  managerFeature: path.join(repoRoot, 'apps/manager/src/features', probe),
  webFeature: path.join(repoRoot, 'apps/web/src/features', probe),
  cloud: path.join(repoRoot, 'apps/cloud/src', probe),
  cloudModule: path.join(repoRoot, 'apps/cloud/src/modules', probe),
};

/** Two files that import each other, in `dir`. */
const cycle = (dir: string): Record<string, string> => ({
  [path.join(dir, 'cycle-a.ts')]:
    "import { b } from './cycle-b.ts';\nexport const a = (): number => b() + 1;\n",
  [path.join(dir, 'cycle-b.ts')]:
    "import { a } from './cycle-a.ts';\nexport const b = (): number => (a.length > 1 ? 0 : 1);\n",
});

const files: Record<string, string> = {
  // An app importing another app's file, by relative path and by package name.
  [path.join(dirs.web, 'cross-app.ts')]:
    "import cloudPackage from '../../../cloud/package.json' with { type: 'json' };\n" +
    'export const name = cloudPackage.name;\n',
  [path.join(dirs.web, 'cross-app-by-name.ts')]:
    "import * as cloud from '@hainiao/cloud/server';\nexport const server = cloud;\n",
  // A package importing an app.
  [path.join(dirs.contract, 'imports-app.ts')]:
    "import * as cloud from '@hainiao/cloud/server';\nexport const server = cloud;\n",
  // The testkit drives the apps by package name only.
  [path.join(dirs.testkit, 'by-name.ts')]:
    "import * as cloud from '@hainiao/cloud/server';\nexport const server = cloud;\n",
  [path.join(dirs.testkit, 'by-path.ts')]:
    "import * as cloud from '../../../../apps/cloud/src/server.ts';\nexport const server = cloud;\n",
  // A promise nobody awaits, and one tested as if it were its result.
  [path.join(dirs.scripts, 'floating.ts')]:
    'async function save(): Promise<boolean> {\n  return true;\n}\n' +
    'save();\n' +
    "if (save()) console.log('saved');\n",
  // Fire-and-forget said out loud, errors handled: clean.
  [path.join(dirs.scripts, 'clean.ts')]:
    'async function save(): Promise<void> {}\n' +
    'export async function run(): Promise<void> {\n' +
    '  await save();\n' +
    '  void save().catch((error: unknown) => console.error(error));\n' +
    '}\n',
  // A low layer of the local API importing the top one, and a cycle.
  [path.join(dirs.localUtil, 'layer.ts')]:
    "import * as app from '../../app.ts';\nexport const top = app;\n",
  [path.join(dirs.localUtil, 'cycle-a.ts')]:
    "import { b } from './cycle-b.ts';\nexport const a = (): number => b() + 1;\n",
  [path.join(dirs.localUtil, 'cycle-b.ts')]:
    "import { a } from './cycle-a.ts';\nexport const b = (): number => (a.length > 1 ? 0 : 1);\n",
  // Test helpers may reach any layer, but not another app.
  // Benchmarks and end-to-end tests reach an app's modules by its package's entries, not by path.
  [path.join(dirs.bench, 'by-path.ts')]:
    "import { formatTime } from '../../apps/local-api/src/util/time.ts';\nexport const f = formatTime;\n",
  [path.join(dirs.bench, 'by-name.ts')]:
    "import { formatTime } from '@hainiao/local-api/util/time.ts';\nexport const f = formatTime;\n",
  [path.join(dirs.e2e, 'by-path.ts')]:
    "import { shellCopy } from '../../apps/manager/src/app/locales.ts';\nexport const copy = shellCopy;\n",
  [path.join(dirs.localTest, 'any-layer.ts')]:
    "import * as app from '../../app.ts';\nexport const top = app;\n",
  [path.join(dirs.localTest, 'cross-app.ts')]:
    "import cloudPackage from '../../../../cloud/package.json' with { type: 'json' };\n" +
    'export const name = cloudPackage.name;\n',
  // A feature importing another feature or the app that composes them; and shared code (clean).
  [path.join(dirs.managerFeature, 'cross-feature.ts')]:
    "import { teamCopy } from '../team/locales.ts';\nexport const copy = teamCopy;\n",
  [path.join(dirs.managerFeature, 'imports-app.ts')]:
    "import { APP_PATHS } from '../../app/paths.ts';\nexport const paths = APP_PATHS;\n",
  [path.join(dirs.managerFeature, 'shared.ts')]:
    "import { fill } from '../../shared/format.ts';\nexport const f = fill;\n",
  [path.join(dirs.webFeature, 'cross-feature.ts')]:
    "import { ticketRules } from '../tickets/rules.ts';\nexport const rules = ticketRules;\n",
  [path.join(dirs.webFeature, 'shared.ts')]:
    "import { formatDateTime } from '../../shared/format.ts';\nexport const f = formatDateTime;\n",
  // Import cycles fail in every workspace, not only in the local API.
  ...cycle(dirs.cloud),
  ...cycle(dirs.contract),
  ...cycle(dirs.web),
  // A cloud service importing the HTTP layer; its routes may, and a service throws domain errors.
  [path.join(dirs.cloudModule, 'service.ts')]:
    "import { CloudError } from '../../http/envelope.ts';\nexport const error = CloudError;\n",
  [path.join(dirs.cloudModule, 'routes.ts')]:
    "import { CloudError } from '../../http/envelope.ts';\nexport const error = CloudError;\n",
  [path.join(dirs.cloudModule, 'domain.ts')]:
    "import { CloudFailure } from '../domain-errors.ts';\nexport const error = CloudFailure;\n",
};

let results: Map<string, string[]>;

beforeAll(async () => {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  try {
    // The typed rules are proved on the scripts' probes with the whole config; the architecture
    // rules read imports, not types, so the other probes are linted with type checking off
    // (typescript-eslint's disableTypeChecked): that spares building a TypeScript program for
    // each workspace they sit in (30 -> 19 CPU-s for the test).
    const typed = Object.keys(files).filter((file) => file.startsWith(dirs.scripts));
    const untyped = Object.keys(files).filter((file) => !typed.includes(file));
    const linted = (
      await Promise.all([
        new ESLint({ cwd: repoRoot }).lintFiles(typed),
        new ESLint({
          cwd: repoRoot,
          overrideConfig: tseslint.configs.disableTypeChecked,
        }).lintFiles(untyped),
      ])
    ).flat();
    results = new Map(
      linted.map((result) => [
        path.relative(repoRoot, result.filePath),
        // A parsing error (no ruleId) shows as its message, so a broken setup cannot pass as clean.
        result.messages.map((message) => message.ruleId ?? message.message),
      ]),
    );
  } finally {
    removeProbes();
  }
}, 120_000);

afterAll(removeProbes);

function removeProbes(): void {
  for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
}

function rulesOf(dir: string, name: string): string[] {
  return results.get(path.relative(repoRoot, path.join(dir, name))) ?? ['(not linted)'];
}

test('an app importing another app fails lint, by path or by package name', () => {
  expect(rulesOf(dirs.web, 'cross-app.ts')).toContain('import-x/no-restricted-paths');
  expect(rulesOf(dirs.web, 'cross-app-by-name.ts')).toContain('import-x/no-restricted-paths');
  expect(rulesOf(dirs.contract, 'imports-app.ts')).toContain('import-x/no-restricted-paths');
});

test('only the testkit imports an app, and only by package name', () => {
  expect(rulesOf(dirs.testkit, 'by-name.ts')).toEqual([]);
  expect(rulesOf(dirs.testkit, 'by-path.ts')).toEqual(['import-x/no-relative-packages']);
});

test('benchmarks and end-to-end tests reach an app by package entries, never a path into src', () => {
  expect(rulesOf(dirs.bench, 'by-path.ts')).toEqual(['import-x/no-relative-packages']);
  expect(rulesOf(dirs.bench, 'by-name.ts')).toEqual([]);
  expect(rulesOf(dirs.e2e, 'by-path.ts')).toEqual(['import-x/no-relative-packages']);
});

test('a floating or misused promise fails lint', () => {
  expect(rulesOf(dirs.scripts, 'floating.ts')).toEqual([
    '@typescript-eslint/no-floating-promises',
    '@typescript-eslint/no-misused-promises',
  ]);
});

test('a clean file passes', () => {
  expect(rulesOf(dirs.scripts, 'clean.ts')).toEqual([]);
});

test('the local API layers are one-way and acyclic', () => {
  expect(rulesOf(dirs.localUtil, 'layer.ts')).toEqual(['import-x/no-restricted-paths']);
  expect(rulesOf(dirs.localUtil, 'cycle-a.ts')).toContain('import-x/no-cycle');
});

test("the local API's tests may reach any layer, but not another app", () => {
  expect(rulesOf(dirs.localTest, 'any-layer.ts')).toEqual([]);
  expect(rulesOf(dirs.localTest, 'cross-app.ts')).toContain('import-x/no-restricted-paths');
});

test('a feature imports only itself and shared code, in the manager and the web site', () => {
  expect(rulesOf(dirs.managerFeature, 'cross-feature.ts')).toEqual([
    'import-x/no-restricted-paths',
  ]);
  expect(rulesOf(dirs.managerFeature, 'imports-app.ts')).toEqual(['import-x/no-restricted-paths']);
  expect(rulesOf(dirs.webFeature, 'cross-feature.ts')).toEqual(['import-x/no-restricted-paths']);
  expect(rulesOf(dirs.managerFeature, 'shared.ts')).toEqual([]);
  expect(rulesOf(dirs.webFeature, 'shared.ts')).toEqual([]);
});

test('an import cycle fails lint in every workspace', () => {
  expect(rulesOf(dirs.cloud, 'cycle-a.ts')).toContain('import-x/no-cycle');
  expect(rulesOf(dirs.contract, 'cycle-a.ts')).toContain('import-x/no-cycle');
  expect(rulesOf(dirs.web, 'cycle-a.ts')).toContain('import-x/no-cycle');
});

test("the cloud's services never import its HTTP layer; its routes do", () => {
  expect(rulesOf(dirs.cloudModule, 'service.ts')).toEqual(['import-x/no-restricted-paths']);
  expect(rulesOf(dirs.cloudModule, 'routes.ts')).toEqual([]);
  expect(rulesOf(dirs.cloudModule, 'domain.ts')).toEqual([]);
});

test('the probes are gone', () => {
  for (const dir of Object.values(dirs)) expect(fs.existsSync(dir)).toBe(false);
});
