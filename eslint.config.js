/**
 * Lint enforces the architecture (issue "One contract binds all"):
 * - type-aware: no floating or misused promises (the codebase fires and forgets a lot);
 * - no app imports another app's files, packages never import apps (only packages/testkit may,
 *   through the apps' package names), nothing reaches into another package by a relative path;
 * - inside the local API, one-way layers; the cloud's services never import its HTTP layer;
 * - no import cycles in any workspace's source;
 * - in the web site and the manager, a feature imports only itself and shared code.
 * `scripts/lint-rules.test.ts` proves the rules fire.
 */
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const APPS = ['apps/cloud', 'apps/local-api', 'apps/web', 'apps/manager'];

/** Each app is off limits to the others; packages (but the testkit) never import apps. */
const crossAppZones = [
  ...APPS.map((app) => ({
    target: `./${app}`,
    from: APPS.filter((other) => other !== app).map((other) => `./${other}`),
    message: 'An app never imports another app: share code through packages/contract.',
  })),
  {
    target: './packages/!(testkit)/**',
    from: './apps',
    message: 'Packages never import apps (only packages/testkit may, by package name).',
  },
];

/**
 * Feature folders (bulletproof-react): a feature imports only itself, shared code and packages,
 * never another feature nor what composes the features (app/, and the web's pages/). The zones are
 * read from the folders, so a new feature is covered as it is made.
 */
const FEATURE_APPS = { 'apps/manager/src': ['app'], 'apps/web/src': ['app', 'pages'] };
const featureZones = Object.entries(FEATURE_APPS).flatMap(([src, composers]) => {
  const features = fs
    .readdirSync(path.join(root, src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => ({
    target: `./${src}/features/${feature}`,
    from: [
      ...features.filter((other) => other !== feature).map((other) => `./${src}/features/${other}`),
      ...composers.map((dir) => `./${src}/${dir}`),
    ],
    message: `A feature imports only itself and shared code: move what features share to shared/, compose features in ${composers.join('/ or ')}/.`,
  }));
});

/**
 * The local API's layers, lowest first: a layer imports only from its own layer or lower ones.
 * The top layer (the adapters — the doors: v1, AdsPower's, MCP, the manager's back end — and the
 * files that assemble the service) is imported by nothing below.
 */
const LOCAL_API_LAYERS = [
  ['util', 'model'],
  ['store', 'runtime'],
  ['domain', 'account', 'cloud'],
  ['http'],
  ['adapters', 'app.ts', 'cli.ts', 'context.ts'],
];
const inLocalApi = (entry) => `./apps/local-api/src/${entry}`;
const layerZones = LOCAL_API_LAYERS.slice(0, -1).map((layer, index) => {
  const higher = LOCAL_API_LAYERS.slice(index + 1).flat();
  return {
    target: layer.map(inLocalApi),
    from: higher.map(inLocalApi),
    message: `Layers are one-way: ${layer.join('/')} may not import ${higher.join(', ')}.`,
  };
});
const LOCAL_API_TESTS = ['apps/local-api/src/**/*.test.ts', 'apps/local-api/src/test/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '**/.tsbuild/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      // Each file is typed by its nearest tsconfig.json (the root's, apps/web's, e2e's).
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Follow imports into TypeScript files too (no-cycle reads the files it walks through).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // React and Ant Design handlers may be async (`onFinish={submit}`): what they return is
      // ignored, as with any event handler. Everywhere else a promise where a void is expected fails.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...crossAppZones, ...featureZones] },
      ],
    },
  },
  {
    // A workspace reaches another one (or the root's files) by package name, never `../..`:
    // this is what keeps packages/testkit to the apps' package names.
    files: ['apps/**', 'packages/**', 'bench/**', 'e2e/**', 'scripts/**'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    // The local API's own code keeps its layers; its tests may reach any layer.
    files: ['apps/local-api/src/**/*.ts'],
    ignores: LOCAL_API_TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...crossAppZones, ...layerZones] },
      ],
    },
  },
  {
    // The cloud's services know no HTTP: they throw modules/domain-errors.ts, which http/errors.ts
    // maps to answers. Only the routes (and tests) import the HTTP layer.
    files: ['apps/cloud/src/modules/**/*.ts'],
    ignores: ['apps/cloud/src/modules/**/routes.ts', 'apps/cloud/src/modules/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...crossAppZones,
            {
              target: './apps/cloud/src/modules',
              from: './apps/cloud/src/http',
              message:
                'A service throws domain errors (modules/domain-errors.ts) and imports nothing of http/: only routes.ts does.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in any workspace's source.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/manager/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Plain JavaScript (config, bin, browser-injected scripts) is in no tsconfig: lint it untyped.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts put into pages and workers: the browser's globals, not Node's.
    files: ['apps/local-api/src/runtime/devtools/page-scripts/*.js'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
  },
  {
    files: ['apps/local-api/bin/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
