import { request } from 'node:http';
import { PassThrough, Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import slowRequests from './slow-requests';

interface Line {
  msg: string;
  url?: string;
  route?: string;
  reqId?: string;
  status?: string;
  ms?: number;
}

/** A server with the plugin at a 40 ms threshold, logging at warn into `lines`. */
async function serverWithLog() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  await app.register(slowRequests, { thresholdMs: 40 });
  let release: () => void = () => undefined;
  app.get('/fast', async () => ({ ok: true }));
  // answered at once, its body trickling for longer than the threshold (a large download on a slow line)
  app.get('/trickle', async (_request, reply) => {
    const body = new PassThrough();
    setTimeout(() => body.end('done'), 150);
    return reply.type('text/plain').send(body);
  });
  app.get('/upload', { config: { longRunning: true } }, async () => {
    await new Promise((r) => setTimeout(r, 150));
    return { ok: true };
  });
  app.get('/slow/:id', async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, lines, base, release: () => release() };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('slow requests', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reports a request still unanswered past the threshold while it runs, and how long it took when it ends', async () => {
    const server = await serverWithLog();
    app = server.app;
    expect((await fetch(`${server.base}/fast`)).status).toBe(200);

    const answer = fetch(`${server.base}/slow/7`);
    // seen while the request has no answer yet: a request that never ends is reported too
    await until(() => server.lines.some((l) => l.msg === 'request still running'));
    const running = server.lines.find((l) => l.msg === 'request still running')!;
    expect(running).toMatchObject({ url: '/slow/7', route: '/slow/:id' });
    expect(running.ms).toBeGreaterThanOrEqual(40);

    server.release();
    expect((await answer).status).toBe(200);
    await until(() => server.lines.some((l) => l.msg === 'slow request ended'));
    const ended = server.lines.find((l) => l.msg === 'slow request ended')!;
    expect(ended).toMatchObject({ url: '/slow/7', status: '200', reqId: running.reqId });
    // reported once while running, once at the end; the fast request never
    expect(server.lines.filter((l) => l.url === '/slow/7')).toHaveLength(2);
    expect(server.lines.some((l) => l.url === '/fast')).toBe(false);
  });

  it('leaves out a reply whose body takes long after it started, and routes declared long-running', async () => {
    const server = await serverWithLog();
    app = server.app;
    expect(await (await fetch(`${server.base}/trickle`)).text()).toBe('done');
    expect((await fetch(`${server.base}/upload`)).status).toBe(200);
    // the slow route, reported, shows the timer was looking meanwhile
    const answer = fetch(`${server.base}/slow/9`);
    await until(() => server.lines.some((l) => l.msg === 'request still running'));
    server.release();
    await answer;
    expect(server.lines.filter((l) => l.url !== '/slow/9')).toEqual([]);
  });

  it('says so when the client gives up on a slow request', async () => {
    const server = await serverWithLog();
    app = server.app;
    // a plain request whose socket is closed at once (fetch's abort leaves its pooled socket open a while)
    const client = request(`${server.base}/slow/8`).on('error', () => undefined);
    client.end();
    await until(() => server.lines.some((l) => l.msg === 'request still running'));
    client.destroy();
    await until(() => server.lines.some((l) => l.msg === 'slow request ended'));
    expect(server.lines.find((l) => l.msg === 'slow request ended')).toMatchObject({ url: '/slow/8', status: 'aborted by the client' });
    server.release();
  });
});
