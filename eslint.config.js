import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web app's features are reached only through their index.ts, from app/, ui/, i18n/ and
 * other features alike. Where a relative path lands depends on the importing file's depth, so
 * there is one rule per depth below apps/web/src.
 */
const WEB_SRC = 'apps/web/src';
const FEATURE_BOUNDARY = 'Import another feature through its index.ts, never its files.';
const ups = (count) => (count === 0 ? '\\./' : `(?:\\.\\./){${count}}`);
const webFeatureBoundaries = Array.from({ length: 8 }, (_, depth) => {
  const rule = (regexes) => ({
    'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message: FEATURE_BOUNDARY })) }],
  });
  // Up to src, then down into features/<another>/ (the only way in from app/, ui/, i18n/ ...).
  const viaSrc = `^${ups(depth)}features/[^/]+/(?!index\\.ts$).+`;
  const outsideFeatures = {
    files: [`${WEB_SRC}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    ignores: [`${WEB_SRC}/features/**`],
    rules: rule([viaSrc]),
  };
  if (depth < 2) return [outsideFeatures];
  // From features/<feature>/..., depth - 1 steps up reach features/; the next folder is another feature.
  const viaFeatures = `^${ups(depth - 1)}(?!\\.\\.)[^/]+/(?!index\\.ts$).+`;
  const inFeatures = {
    files: [`${WEB_SRC}/features/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: rule([viaSrc, viaFeatures]),
  };
  return [outsideFeatures, inFeatures];
}).flat();

/**
 * A server module reaches another only through its index.ts. From a file `depth` folders below
 * its module's folder, depth + 1 steps up reach modules/, and the next folder is another module.
 */
const MODULE_BOUNDARY = 'Import another module through its index.ts, never its files.';
const serverModuleBoundaries = Array.from({ length: 5 }, (_, depth) => ({
  files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: `^${ups(depth + 1)}(?!\\.\\.)[^/]+/(?!index\\.ts$).+`, message: MODULE_BOUNDARY },
          // From anywhere: into a module's folder by way of src/ (../../modules/x/tables.ts).
          { regex: '(^|/)modules/[^/]+/(?!index\\.ts$).+', message: MODULE_BOUNDARY },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'bench/results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // Config files of tools that require a default export.
    files: ['**/*.config.{ts,js}', '**/global-setup.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Module augmentation of library types needs interfaces.
    files: ['apps/server/src/platform/auth/request-context.ts', 'apps/server/src/app.ts', '**/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Platform code is shared by every module and must not depend on any of them.
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'Platform code never imports a module.' }] },
      ],
    },
  },
  ...serverModuleBoundaries,
  ...webFeatureBoundaries,
);
