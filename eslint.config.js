import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AUDIENCES = ['customer', 'partner', 'driver', 'admin'];

/**
 * Import zones: domain imports neither side; the web app never imports the server; audiences never import each other;
 * server modules meet only through their public index.ts. ESLint keeps only the last `no-restricted-imports` that
 * matches a file, so a zone for part of a tree repeats the patterns of the zone around it.
 */
const zone = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const NOT_WEB = { group: ['**/web/**'], message: 'The server never imports the web app.' };
/** Tests and their fixtures may reach into any module: they prove its insides. */
const TEST_FILES = ['**/*.test.ts', '**/test-fixtures.ts'];
/** Whatever a server file imports from src/server/modules/<area>/ goes through that area's index.ts (docs/decisions/0110). */
const PUBLIC_SURFACE =
  "a module is imported only through its public index.ts (import '../orders', not '../orders/place-order'); export what others need from there (docs/decisions/0110).";
/** A file `depth` folders below its module's folder: `../` × (depth + 1) reaches src/server/modules. */
const moduleZone = (depth) =>
  zone(
    [`src/server/modules/*/${'*/'.repeat(depth)}*.ts`],
    [
      NOT_WEB,
      {
        regex: `^(?:\\.\\./){${depth + 1}}[^./][^/]*/(?!index$)`,
        message: `Inside src/server/modules, ${PUBLIC_SURFACE}`,
      },
      {
        regex: `^${depth === 0 ? '\\.' : '(?:\\.\\./)'.repeat(depth - 1) + '\\.\\.'}/?(?:index)?$`,
        message: "A module's own files import each other directly, never its index.ts (an import cycle in waiting).",
      },
    ],
    TEST_FILES,
  );

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-ssr/**',
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
        // An allow-list: relative domain files and zod. Anything else (node:*, fs, redis, sharp, drizzle, react…)
        // would bring I/O or a framework into the code both sides share.
        regex: '^(?!\\.\\.?/|zod$|zod/)',
        message: 'src/domain does no I/O and uses no framework: it imports only other domain files and zod.',
      },
    ],
    ['src/domain/**/*.test.ts'],
  ),
  zone(
    ['src/domain/**/*.test.ts'],
    [
      {
        group: ['**/server/**', '**/web/**'],
        message: 'src/domain is pure: it imports neither the server nor the web app.',
      },
      {
        regex: '^(?!\\.\\.?/|zod$|zod/|vitest$|fast-check$)',
        message: 'Domain tests import only domain files, zod, vitest and fast-check.',
      },
    ],
  ),
  zone(['src/server/**'], [NOT_WEB]),
  // Code outside the modules (jobs, plugins, seeds) uses a module through its index.ts too. app.ts, the composition
  // root, registers each module's routes.ts directly; the test harness builds worlds from any module.
  zone(
    ['src/server/**/*.ts'],
    [NOT_WEB, { regex: '^(?:\\.\\./)+modules/[^/]+/(?!index$)', message: `Outside its folder, ${PUBLIC_SURFACE}` }],
    ['src/server/modules/**', 'src/server/app.ts', 'src/server/test/**', ...TEST_FILES],
  ),
  ...[0, 1, 2].map(moduleZone),
  // Platform is infrastructure under the modules: it knows no module, job, plugin or the app.
  zone(
    ['src/server/platform/**/*.ts'],
    [
      NOT_WEB,
      {
        regex: '^(?:\\.\\./)+(?:modules|jobs|plugins|app)(?:/|$)',
        message: 'src/server/platform is infrastructure: it imports no module, job, plugin or the app.',
      },
    ],
  ),
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
    ['src/web/app/**', 'src/web/ssr/**'],
    [{ group: ['**/server/**'], message: 'The web app never imports the server; share through src/domain.' }],
  ),
  // The web reaches the API only through the typed client: a path is the contract's, never a hand-written string
  // (docs/decisions/0107). The generated endpoint tables hold the paths as data; tests may name a URL they check.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/endpoints*.generated.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api(\\/|$)/]', 'TemplateElement[value.raw=/^\\/api(\\/|$)/]'].map((selector) => ({
          selector,
          message:
            'Call the endpoint with call(endpoints.<area>.<name>, …), or build its URL with endpointUrl(), from src/web/lib/call.ts.',
        })),
        // The toast library loads with a page's first toast (docs/decisions/0176-honest-javascript-budget.md).
        {
          selector: "ImportDeclaration[source.value='sonner'][importKind='value']",
          message: "Import toast from src/web/lib/toast.ts, which loads 'sonner' with the first toast.",
        },
      ],
    },
  },
  // Icons come one module per icon (lucide-react/icons/<name>): through the package's index every icon would look
  // used by every file that imports any, which cost the build its chunking time (docs/decisions/0225-icon-imports-and-build.md).
  // Its own rule, so the import zones' `no-restricted-imports` above stay as they are.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import each icon from its own module: import ChefHat from 'lucide-react/icons/chef-hat'.",
            },
          ],
        },
      ],
    },
  },
  // The UI kit and the web library serve every audience, so they know none of them, nor the app shell.
  zone(
    ['src/web/{ui,lib}/**'],
    [
      { group: ['**/server/**'], message: 'The web app never imports the server; share through src/domain.' },
      {
        regex:
          '^(?:\\.\\./)+(?:customer|partner|driver|admin|app)(?:/|$)|/web/(?:customer|partner|driver|admin|app)(?:/|$)',
        message: 'src/web/ui and src/web/lib serve every audience: they import no audience folder and not src/web/app.',
      },
    ],
  ),
);
