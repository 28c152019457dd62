import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the browser tests: the API's mail worker delivers to it (SMTP_URL in
 * playwright.config.ts), and every message lands as JSON in <run dir>/mail, where `readMail()` of ./mail.ts
 * finds it.
 *
 * A process of its own, the first of Playwright's web servers, not a globalSetup: Playwright starts its web
 * servers before any globalSetup (microsoft/playwright#7604; #31524 asks for the other order), and in the
 * order they are listed, each once its port answers. As a globalSetup it began listening after the API had
 * tried to send the demo's mails (ECONNREFUSED, retried later); now it listens before the API starts.
 */
function main() {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.BANSI_E2E_DIR;
  if (!port || !dir) throw new Error('E2E_SMTP_PORT and BANSI_E2E_DIR are set by playwright.config.ts');
  const mailDir = join(dir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  let count = 0;

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no TLS to negotiate (nodemailer would refuse the self-signed certificate).
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = parseMessage(raw);
        const file = join(mailDir, `${Date.now()}-${String(++count).padStart(5, '0')}.json`);
        writeFileSync(file, JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...message, raw }, null, 2));
        callback();
      });
    },
  });
  server.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

// ---------------------------------------------------------------- a small MIME reader

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeTransfer(body: string, encoding = '7bit'): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    // =XX are bytes of UTF-8: turn them into %XX (after escaping literal %s) and percent-decode.
    const escaped = body
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, '%$1');
    return decodeURIComponent(escaped);
  }
  return body;
}

/** RFC 2047 encoded words in a header (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeTransfer(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function textOf(part: Part): string | null {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const text = textOf(splitPart(piece.replace(/^\r?\n/, '')));
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeTransfer(part.body, part.headers['content-transfer-encoding']) : null;
}

function parseMessage(raw: string) {
  const top = splitPart(raw);
  return { subject: decodeHeader(top.headers.subject ?? ''), text: (textOf(top) ?? '').replace(/\r\n/g, '\n') };
}

main();
