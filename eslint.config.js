import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features do not import each other: one zone per feature folder, so a new feature is covered at once.
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
}));

// API modules meet only through each other's public face, index.ts (decision 197): one zone per module folder.
const apiModulesDir = './apps/api/src/modules';
const apiEntries = readdirSync(new URL(apiModulesDir, import.meta.url), { withFileTypes: true });
const apiModules = apiEntries.filter((d) => d.isDirectory()).map((d) => d.name);
// the composition floor's own files (routes, subscribers, providers …) are held to the faces too
const apiComposition = apiEntries.filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts')).map((d) => d.name);
const apiModuleZones = apiModules.map((name) => ({
  target: [
    ...apiModules.filter((other) => other !== name).map((other) => `${apiModulesDir}/${other}`),
    ...apiComposition.map((file) => `${apiModulesDir}/${file}`),
  ],
  from: `${apiModulesDir}/${name}`,
  except: ['./index.ts'],
  message: `Import the ${name} module through its public face, modules/${name}/index.ts.`,
}));

// The four floors of the API (decision 196, enforced since decision 223): a module imports only modules of LOWER
// floors — never one of its own floor, never a higher one. A folder or composition file that stands on no floor
// stops lint here, so a new module is placed on purpose.
const apiFloors = [
  { name: 'infrastructure', modules: ['audit', 'events', 'files', 'jobs', 'mail', 'platform', 'qr', 'security'] },
  { name: 'core', modules: ['api-keys', 'auth', 'companies', 'reference', 'review', 'sme-thresholds', 'staff-accounts'] },
  { name: 'features', modules: ['bookings', 'content', 'feeds', 'library', 'notes', 'payments', 'submissions', 'webhooks'] },
  {
    name: 'composition',
    modules: ['backoffice', 'backup', 'company-exports', 'housekeeping.ts', 'index.ts', 'providers.ts', 'subscribers.ts'],
  },
];
const onNoFloor = [...apiModules, ...apiComposition].filter((m) => !apiFloors.some((f) => f.modules.includes(m)));
if (onNoFloor.length)
  throw new Error(`apps/api/src/modules: ${onNoFloor.join(', ')} stand(s) on no floor: add them to apiFloors in eslint.config.js`);
const apiFloorZones = apiFloors.flatMap((floor, i) =>
  floor.modules.map((name) => ({
    target: `${apiModulesDir}/${name}`,
    from: apiFloors
      .slice(i)
      .flatMap((f) => f.modules)
      .filter((other) => other !== name)
      .map((other) => `${apiModulesDir}/${other}`),
    message: `modules/${name} stands on the ${floor.name} floor: it imports only modules of lower floors (docs/architecture.md, decision 223).`,
  })),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next, 'import-x': importX },
    // The zones below compare resolved files: without a resolver that knows .ts/.tsx, an extensionless
    // import resolves to nothing and no-restricted-paths silently lets it through.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-visible string is a translation key (DESIGN §3).
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      // Features do not import each other; app/ composes them (STYLE.md, bulletproof-react).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
            // API calls several features read (the index, reference lists, the user's company): below the features.
            { target: './apps/web/src/api', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...apiModuleZones, ...apiFloorZones] }] },
  },
  {
    // The API: Kysely queries only in repositories (and migrations, seeds, the db layer, tests).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.seed.ts',
      'apps/api/src/**/*.migration.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'Database queries belong in a *.repository.ts file.',
        },
      ],
    },
  },
);
