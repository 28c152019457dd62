import { existsSync, rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';

/**
 * Checks the browser is there, and removes the run's temporary directory (database, uploads, web app
 * snapshot; made in playwright.config.ts, since the web server starts before this runs) once the run is over.
 * KEEP_E2E_DIR=1 keeps it for a look at the database after a failure.
 */
export default function globalSetup(_config: FullConfig) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`No Chromium at ${chromium}: apt-get install chromium, or set CHROMIUM_PATH. Never download one.`);
  }
  const dir = process.env.BANSI_E2E_DIR;
  return () => {
    if (dir && !process.env.KEEP_E2E_DIR) rmSync(dir, { recursive: true, force: true });
  };
}
