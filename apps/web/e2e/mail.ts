import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A message the loopback SMTP server received (see mail-server.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export function received(): ReceivedMail[] {
  const dir = join(process.env.BANSI_E2E_DIR ?? '', 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReceivedMail);
}

/** Waits for the newest mail to `to` that `match` accepts (the API's worker sends within a few seconds). */
export async function waitForMail(to: string, match: (mail: ReceivedMail) => boolean = () => true, timeout = 20_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = received()
          .filter((m) => m.to.includes(to.toLowerCase()) && match(m))
          .at(-1);
        return Boolean(found);
      },
      { message: `a mail to ${to}`, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}
