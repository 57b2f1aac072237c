import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverImport = {
  group: ['**/server/**', '@/../server/**'],
  message: 'The client never imports server code (docs/ARCHITECTURE.md, "Rules the lint holds").',
};
const clientImport = {
  group: ['**/client/**', '@/*', '@/**'],
  message: 'shared and server never import client code (docs/ARCHITECTURE.md, "Rules the lint holds").',
};

// Client fences: a feature imports only itself, lib/, components/ and shared; lib/ and components/
// import no feature and not app/. Only app/ (the route table) and test-utils/ see every feature.
// Cycles are checked by scripts/check-imports.ts (type imports included), run by npm test.
const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A schema module brings zod (~20 KB as sent, and its set-up work) into every page that imports a
// value from it. Client code imports constants from the zod-free `@shared/<area>` module and types
// with `import type`; a form that validates with a schema loads it on intent (decision 014).
const schemaImport = {
  group: ['@shared/schemas/*', '!@shared/schemas/lead-sources'],
  allowTypeImports: true,
  message:
    'Values from a schema module bring zod into the page: import constants from @shared/<area>, types with `import type`, and schemas only in forms loaded on intent (decision 014).',
};
const clientRules = (patterns = [], paths = [], { tests = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    { paths, patterns: [serverImport, ...(tests ? [] : [schemaImport]), ...patterns] },
  ],
});
// One auth hook position: the route guard, the signed-in shell (app/) and pages (`*-page.tsx`)
// read the session with useAuth(); everything below a page gets `user` or `canEdit` as props.
const authHookBelowPage = {
  name: '@/lib/auth/use-auth',
  importNames: ['useAuth'],
  message: 'Call useAuth() in the page (`*-page.tsx`) and pass `user` or `canEdit` down as props.',
};
const featureFences = features.flatMap((feature) => {
  const root = `src/client/features/${feature}`;
  const fences = [
    {
      regex: `^@/features/(?!${feature}/)`,
      message: 'A feature never imports another feature: move what both need to components/ or lib/.',
    },
    { regex: '^@/app(/|$)', message: 'A feature never imports app/; the route table in app/ imports the feature.' },
    { regex: '^\\.\\./', message: 'Inside a feature, import from the same folder (./) or through @/.' },
  ];
  return [
    { files: [`${root}/**/*.{ts,tsx}`], rules: clientRules(fences, [authHookBelowPage]) },
    { files: [`${root}/**/*-page.tsx`], rules: clientRules(fences) },
    { files: [`${root}/**/*.test.{ts,tsx}`], rules: clientRules(fences, [], { tests: true }) },
  ];
});
const sharedCodeFence = {
  files: ['src/client/lib/**/*.{ts,tsx}', 'src/client/components/**/*.{ts,tsx}'],
  rules: clientRules(
    [
      {
        regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
        message: 'lib/ and components/ import no feature and not app/: they are what features share.',
      },
    ],
    [authHookBelowPage],
  ),
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts (docs/ARCHITECTURE.md, "Rules the lint holds").',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...clientRules(),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call our API through apiFetch (src/client/lib/api.ts): one fetch style.' },
      ],
    },
  },
  { files: ['src/client/lib/api.ts'], rules: { 'no-restricted-globals': 'off' } },
  ...featureFences,
  sharedCodeFence,
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            clientImport,
            {
              group: ['node:*', 'fastify*', 'drizzle-orm*', 'react*'],
              message: 'shared is pure: no server or client libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImport] }] },
  },
  {
    files: [
      'src/server/config.ts',
      'tests/**',
      'scripts/**',
      'vitest.config.ts',
      'vite.config.ts',
      'drizzle.config.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
