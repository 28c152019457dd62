import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at apps/api/src/paths.ts and is bundled into apps/api/dist/*.js:
// both are two levels below the repository's apps/api, so one rule finds the root.
const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../../..');
export const LOCALES_DIR = resolve(REPO_ROOT, 'packages/shared/locales');
export const DEFAULT_WEB_DIST = resolve(REPO_ROOT, 'apps/web/dist');
