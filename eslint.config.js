import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AUDIENCES = ['customer', 'partner', 'driver', 'admin'];

/** Import zones: domain imports neither side; the web app never imports the server; audiences never import each other. */
const zone = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'data/**',
      '.data-test/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  zone(
    ['src/domain/**'],
    [
      {
        group: ['**/server/**', '**/web/**'],
        message: 'src/domain is pure: it imports neither the server nor the web app.',
      },
      {
        group: ['node:*', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'react', 'react-dom'],
        message: 'src/domain does no I/O and uses no framework.',
      },
    ],
  ),
  zone(['src/server/**'], [{ group: ['**/web/**'], message: 'The server never imports the web app.' }]),
  ...AUDIENCES.map((audience) =>
    zone(
      [`src/web/${audience}/**`],
      [
        { group: ['**/server/**'], message: 'The web app never imports the server; share through src/domain.' },
        {
          group: AUDIENCES.filter((a) => a !== audience).flatMap((a) => [
            `../${a}/**`,
            `../../${a}/**`,
            `**/web/${a}/**`,
          ]),
          message: 'An audience never imports another audience; move shared code to ui/, lib/ or src/domain.',
        },
      ],
    ),
  ),
  zone(
    ['src/web/{app,ui,lib}/**'],
    [{ group: ['**/server/**'], message: 'The web app never imports the server; share through src/domain.' }],
  ),
);
