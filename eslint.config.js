import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Import boundaries of src/web (decision 077): routes -> features -> components and lib -> shared, the
 * app files (router, guards, main) above them all. A feature uses another only through its index.ts.
 */
function webBoundaries() {
  const serverTypesOnly = { group: ['**/server/**'], allowTypeImports: true, message: 'The web app imports only types from the server.' };
  const paths = [
    {
      name: '@mantine/core',
      importNames: ['Select'],
      message: "Use components/select.tsx: it builds the list of options on the field's first focus (decision 219).",
    },
  ];
  const layer = (files, patterns) => ({
    files,
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: [serverTypesOnly, ...patterns] }] },
  });
  const no = (regex, message) => ({ regex, message });
  return [
    {
      files: ['src/web/**/*.{ts,tsx}'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: [serverTypesOnly] }] },
    },
    layer(
      ['src/web/routes/**'],
      [no('^\\./', 'A screen does not import another screen: move what they share to a feature or components.')],
    ),
    layer(
      ['src/web/features/**'],
      [
        no('^\\.\\./\\.\\./routes/', 'Features do not import screens (routes).'),
        no('^\\.\\./\\.\\./(router|route-guards|signed-in-area|main)$', 'Features do not import the app files.'),
        no('^\\.\\./[^./][^/]*/', 'A feature uses another feature through its index.ts, not its internals.'),
      ],
    ),
    layer(
      ['src/web/components/**'],
      [
        no('^\\.\\./(features|routes)/', 'Components do not import features or screens.'),
        no('^\\.\\./(router|route-guards|signed-in-area|main)$', 'Components do not import the app files.'),
      ],
    ),
    layer(
      ['src/web/lib/**'],
      [
        no('^\\.\\./(features|routes|components)/', 'lib does not import components, features or screens.'),
        no('^\\.\\./(router|route-guards|signed-in-area|main)$', 'lib does not import the app files.'),
      ],
    ),
  ];
}

/**
 * What a feature may import from another feature besides its repository and router: the ledger's one
 * write path and what other writes share with it (decisions 005, 060), and a few shared helpers.
 */
const PUBLIC_FEATURE_MODULES = [
  'transactions/ledger',
  // exceljs with its XML reader decoding UTF-8 across chunks: the exports load it there too (decision 258).
  'import/exceljs-loader',
  'audit/record-versions',
  'books/closed-books',
  'transactions/ledger-statements',
  'transactions/ledger-bulk',
  'transactions/kept-figures',
  'check-ins/check-in-days',
  'transactions/booked-at',
  'transactions/ledger-check',
  'transactions/invariants',
  'transactions/day-split',
  'transactions/totals-query',
  'auth/passwords',
  'auth/sessions',
  'reports/high-sc-as-of',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.scratch/**', '*.cjs', 'examples/coin-ledger-api.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...webBoundaries(),
  // Import boundaries (docs/architecture.md): shared imports nothing of the server or the web app.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'src/shared holds pure rules for both sides: it imports nothing from src/server or src/web.',
            },
          ],
        },
      ],
    },
  },
  // The server imports nothing of the web app.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/features/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The server imports nothing from src/web.' }] },
      ],
    },
  },
  // A feature uses another feature only through its public modules: its repository and router, and the
  // few modules listed here that other features are meant to call. Everything else is the feature's own.
  {
    files: ['src/server/features/**/*.ts'],
    ignores: ['src/server/features/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'], message: 'The server imports nothing from src/web.' },
            {
              // "../other-feature/module": allowed only for the public modules named here.
              regex: String.raw`^\.\./(?!(?:[a-z-]+/[a-z-]+\.(?:repository|router|reads)|${PUBLIC_FEATURE_MODULES.join('|')})$)[a-z-]+/`,
              message:
                'Import another feature through its public modules (its repository, its router, its reads, or one listed in PUBLIC_FEATURE_MODULES of eslint.config.js), not its internals.',
            },
            {
              regex: String.raw`^(?:\.\./)+(?:server|trpc/app-router|reads/(?!read-declaration$).*)$`,
              message:
                'Features sit below the app: they do not import the app router, the server or the read pool (only read-declaration, to declare their reads).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
