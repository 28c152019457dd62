// The web app's layering (STYLE.md) is drawn by ESLint's import-x/no-restricted-paths. That rule lets an
// import through when it cannot resolve it, so these cases prove the zones really hold.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restricted(filePath: string, importPath: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { useLang } from '${importPath}';\nexport const used = useLang;\n`, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('web layering', () => {
  it.each([
    ['a feature imports another feature', 'apps/web/src/features/company/api/probe.ts', '../../content/components/post-card'],
    ['lib imports a feature', 'apps/web/src/lib/probe.ts', '../features/content/components/post-card'],
    ['a shared API call imports a feature', 'apps/web/src/api/probe.ts', '../features/content/components/post-card'],
    ['a shared component imports a feature', 'apps/web/src/components/probe.ts', '../features/content/components/post-card'],
  ])('refuses: %s', async (_case, file, target) => {
    expect(await restricted(file, target)).toBe(true);
  });

  it.each([
    ['a feature imports its own module', 'apps/web/src/features/content/api/probe.ts', '../components/post-card'],
    ['app composes a feature', 'apps/web/src/app/routes/probe.ts', '../../features/content/components/post-card'],
  ])('allows: %s', async (_case, file, target) => {
    expect(await restricted(file, target)).toBe(false);
  });
});

// API modules meet only through each other's index.ts (decision 197), held by the same rule.
describe('API module faces', () => {
  it.each([
    ['a feature imports another feature’s repository', 'apps/api/src/modules/payments/probe.ts', '../submissions/submissions.repository'],
    ['a command imports another module’s service', 'apps/api/src/modules/submissions/commands/probe.ts', '../../payments/payments.service'],
    ['the composition reaches past a face', 'apps/api/src/modules/subscribers.ts', './payments/payments.service'],
  ])('refuses: %s', async (_case, file, target) => {
    expect(await restricted(file, target)).toBe(true);
  });

  it.each([
    ['a feature imports a lower module through its face', 'apps/api/src/modules/payments/probe.ts', '../companies'],
    ['a command imports another module’s face', 'apps/api/src/modules/submissions/commands/probe.ts', '../../audit'],
    ['a module imports its own files', 'apps/api/src/modules/payments/probe.ts', './payments.repository'],
    ['the composition imports a face', 'apps/api/src/modules/subscribers.ts', './payments'],
  ])('allows: %s', async (_case, file, target) => {
    expect(await restricted(file, target)).toBe(false);
  });
});

// The four floors (decision 223): a module imports only modules of lower floors, through their faces.
describe('API floors', () => {
  it.each([
    ['an infrastructure module imports another (mail → jobs)', 'apps/api/src/modules/mail/probe.ts', '../jobs'],
    ['an infrastructure module imports a core one (files → auth)', 'apps/api/src/modules/files/probe.ts', '../auth'],
    ['a core module imports another (companies → auth)', 'apps/api/src/modules/companies/probe.ts', '../auth'],
    ['a core module imports a feature (review → notes)', 'apps/api/src/modules/review/probe.ts', '../notes'],
    ['a feature imports another feature (notes → submissions)', 'apps/api/src/modules/notes/probe.ts', '../submissions'],
    ['a feature’s command imports the composition', 'apps/api/src/modules/submissions/commands/probe.ts', '../../backoffice'],
    ['the module index imports the back office', 'apps/api/src/modules/index.ts', './backoffice'],
    ['the back office imports the subscribers', 'apps/api/src/modules/backoffice/probe.ts', '../subscribers'],
  ])('refuses: %s', async (_case, file, target) => {
    expect(await restricted(file, target)).toBe(true);
  });

  it.each([
    ['a core module imports infrastructure', 'apps/api/src/modules/companies/probe.ts', '../mail'],
    ['a feature imports core', 'apps/api/src/modules/notes/probe.ts', '../review'],
    ['the back office imports a feature', 'apps/api/src/modules/backoffice/probe.ts', '../submissions'],
    ['the module index imports a feature', 'apps/api/src/modules/index.ts', './submissions'],
  ])('allows: %s', async (_case, file, target) => {
    expect(await restricted(file, target)).toBe(false);
  });
});
