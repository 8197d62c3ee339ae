import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'dist', 'data', 'tests/output'] },
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
