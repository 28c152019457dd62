import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it: its envelope's recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  /** what arrived, in order (tests may empty it) */
  received: ReceivedMail[];
  /** the app's SMTP_URL */
  url: string;
  close(): void;
}

/**
 * A real SMTP server on loopback (the app sends over SMTP in tests, never a stub) that keeps what it receives.
 * `refuse` turns recipients away with a temporary (450) or permanent (550) error while it answers one;
 * `encoding` is how the raw bytes become `raw` (latin1 keeps every byte, for tests that decode MIME themselves).
 */
export async function startSmtp(options: { refuse?: () => 450 | 550 | false; encoding?: BufferEncoding } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      const code = options.refuse?.() ?? false;
      callback(code ? Object.assign(new Error('mailbox unavailable'), { responseCode: code }) : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString(options.encoding ?? 'utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  return { received, url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, close: () => smtp.close() };
}
