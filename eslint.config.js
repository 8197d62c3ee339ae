import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'client/dist-ssr', 'dist', 'data', 'tests/output'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-checked rules where a mistake is silent: a promise nobody awaits loses its error
    // (an upload's failure, a page's refusal), one handed where a function's result is
    // ignored (a form's onSubmit) does too.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Each folder imports only what runs where it runs: the agent is bundled into one file for
    // the timing room and the client into the spectators' pages, shared/ goes into both and
    // into the server and worker, so none of them reaches into server/ or worker/, and what the
    // server or worker shares with the agent or the client lives in shared/. Paths are
    // resolved, so an import() counts as a static import does. No import cycles either (one
    // leaves a module half-loaded when the other first uses it); type-only imports, erased in
    // the build, are not followed. Costs about 4 s of `npm run lint`.
    files: ['{agent,client,server,shared,worker}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'agent',
              from: ['server', 'worker', 'client'],
              message:
                "The agent is bundled on its own: of Rith's folders it imports shared/ only.",
            },
            {
              target: 'client',
              from: ['server', 'worker', 'agent'],
              message:
                "The client is bundled for browsers: of Rith's folders it imports shared/ only.",
            },
            {
              target: 'shared',
              from: ['server', 'worker', 'client', 'agent'],
              message: 'shared/ goes everywhere: it imports none of the folders that use it.',
            },
            {
              target: ['server', 'worker'],
              from: ['client', 'agent'],
              message:
                'What the server or worker shares with the client or agent belongs in shared/.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The upload path (intake, parsing, applying, the timing room's agent) states what it
    // relies on (shared/present.ts) instead of asserting it away with `!`.
    files: [
      'server/uploads/**/*.ts',
      'server/events/**/*.ts',
      'server/timingRoom/**/*.ts',
      'worker/**/*.ts',
      'shared/parsers/**/*.ts',
      'agent/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The public bundle stays free of the schema library (about 60 KB gzipped).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                '**/shared/schemas/*',
                '**/shared/live/messages*',
                '**/shared/queues*',
              ],
              allowTypeImports: true,
              message: 'Import types only; plain data lives in shared/domain.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The login, reset-password, admin and registration pages are lazy chunks that only club
    // staff and registering users load: their forms validate with the server's own zod schemas, so the schema library may be
    // imported there. App.tsx must keep importing these pages lazily.
    files: [
      'client/pages/AdminPage.tsx',
      'client/pages/LoginPage.tsx',
      'client/pages/ResetPasswordPage.tsx',
      'client/pages/RegisterCompetitionPage.tsx',
      'client/pages/RegisterPackagePage.tsx',
      'client/pages/VerifyPage.tsx',
      'client/components/register/**/*.{ts,tsx}',
      'client/components/admin/**/*.{ts,tsx}',
      'client/components/auth/**/*.{ts,tsx}',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // Config is read once at start-up; everything else receives it.
    files: ['server/**/*.ts', 'worker/**/*.ts', 'shared/**/*.ts', 'client/**/*.{ts,tsx}'],
    ignores: ['server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from server/config.ts.',
        },
      ],
    },
  },
  prettier,
);
