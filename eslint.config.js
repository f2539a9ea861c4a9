import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Import boundaries of src/web (decision 077): routes -> features -> components and lib -> shared, the
 * app files (router, guards, main) above them all. A feature uses another only through its index.ts.
 */
function webBoundaries() {
  const serverTypesOnly = { group: ['**/server/**'], allowTypeImports: true, message: 'The web app imports only types from the server.' };
  const layer = (files, patterns) => ({
    files,
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverTypesOnly, ...patterns] }] },
  });
  const no = (regex, message) => ({ regex, message });
  return [
    { files: ['src/web/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverTypesOnly] }] } },
    layer(['src/web/routes/**'], [no('^\\./', 'A screen does not import another screen: move what they share to a feature or components.')]),
    layer(['src/web/features/**'], [
      no('^\\.\\./\\.\\./routes/', 'Features do not import screens (routes).'),
      no('^\\.\\./\\.\\./(router|route-guards|signed-in-area|main)$', 'Features do not import the app files.'),
      no('^\\.\\./[^./][^/]*/', "A feature uses another feature through its index.ts, not its internals."),
    ]),
    layer(['src/web/components/**'], [no('^\\.\\./(features|routes)/', 'Components do not import features or screens.'), no('^\\.\\./(router|route-guards|signed-in-area|main)$', 'Components do not import the app files.')]),
    layer(['src/web/lib/**'], [no('^\\.\\./(features|routes|components)/', 'lib does not import components, features or screens.'), no('^\\.\\./(router|route-guards|signed-in-area|main)$', 'lib does not import the app files.')]),
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '*.cjs'] },
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
