// ESLint flat config: typescript-eslint's recommended rules everywhere, the Rules of React for the PWA's components,
// and the one-way import rule of DESIGN §2/§11 (eslint-plugin-boundaries):
//   domain ← i18n ← data ← ui ← resources ← features ← app      server imports only server/ and src/domain
// `workers` (Comlink workers) sit beside data: pure computations over domain types. A feature never imports another
// feature; the shell (`app`) composes them.
// No import cycle either, client or server, type-only imports included (issue 28): `ipos/no-cycle`
// (eslint-rules/no-cycle.js, import-x's no-cycle counting `import type` too).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './eslint-rules/no-cycle.js';

/** Which layers each layer may import (besides itself). */
export const LAYERS = {
  domain: [],
  i18n: ['domain'],
  workers: ['domain', 'i18n'],
  data: ['domain', 'i18n', 'workers'],
  ui: ['domain', 'i18n', 'workers', 'data'],
  resources: ['domain', 'i18n', 'workers', 'data', 'ui'],
  feature: ['domain', 'i18n', 'workers', 'data', 'ui', 'resources'],
  app: ['domain', 'i18n', 'workers', 'data', 'ui', 'resources', 'feature'],
  sw: ['domain', 'i18n', 'data'],
  // The server (server/README.md): a small core — lib ← db ← auth (who may do what) ← core (http, resources: the
  // generic machinery, ops) — under the business areas (server/areas/<area>), under the composition that assembles
  // them (app.ts, server.ts, behaviours.ts, the demo seed). The core never imports an area; an area may use another
  // (no cycle).
  'server-lib': ['domain'],
  'server-db': ['domain', 'server-lib'],
  'server-auth': ['domain', 'server-lib', 'server-db'],
  'server-core': ['domain', 'server-lib', 'server-db', 'server-auth'],
  'server-area': ['domain', 'server-lib', 'server-db', 'server-auth', 'server-core'],
  'server-composition': ['domain', 'server-lib', 'server-db', 'server-auth', 'server-core', 'server-area'],
};

export const boundaryElements = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'workers', pattern: 'src/workers' },
  { type: 'data', pattern: 'src/data' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'resources', pattern: 'src/resources' },
  { type: 'feature', pattern: 'src/features/*', capture: ['area'] },
  { type: 'app', pattern: 'src/app' },
  { type: 'sw', pattern: 'sw' },
  { type: 'server-area', pattern: 'server/areas/*', capture: ['area'] },
  { type: 'server-lib', pattern: 'server/lib' },
  { type: 'server-db', pattern: 'server/db' },
  { type: 'server-auth', pattern: 'server/auth' },
  { type: 'server-core', pattern: ['server/http', 'server/resources', 'server/ops'] },
  // Whatever else is the server's: app.ts, server.ts, behaviours.ts and the demo seed assemble the rest.
  { type: 'server-composition', pattern: 'server' },
];

export const boundaryPolicies = [
  ...Object.entries(LAYERS).map(([type, allowed]) => ({
    from: { element: { type } },
    allow: { to: { element: { types: { anyOf: [...allowed, ...(type === 'feature' ? [] : [type])] } } } },
  })),
  // A feature imports only its own files among the features.
  { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', captured: { area: '{{ from.captured.area }}' } } } } },
];

export default defineConfig([
  globalIgnores(['dist/', 'dev-dist/', 'data/', 'backups/', 'node_modules/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter or binding that is unused on purpose.
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_',
        varsIgnorePattern: '^_',
        destructuredArrayIgnorePattern: '^_',
        caughtErrorsIgnorePattern: '^_',
      }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'eslint-rules/**/*.js',
      '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  { files: ['src/**/*.tsx'], extends: [reactHooks.configs.flat.recommended] },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/**/*.ts'],
    plugins: { boundaries, ipos: { rules: { 'no-cycle': noCycle } } },
    settings: {
      'boundaries/elements': boundaryElements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // The module graph ipos/no-cycle walks: import-x reads these files (ours are imported without extension).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: boundaryPolicies }],
      'ipos/no-cycle': 'error',
    },
  },
]);
