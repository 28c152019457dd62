import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small round-robin HTTP proxy (node:http only) in front of several API processes: what nginx or a
 * cloud load balancer does in a real deployment (docs/deploy.md), kept small enough to read.
 * - Each request goes to the next process in turn; a process that refuses the connection is skipped
 *   for a moment and the request goes to the next one (its body was not read yet, so nothing is lost).
 * - It is the edge: X-Forwarded-For is SET to the address it saw (a client's own X-Forwarded-For is
 *   dropped, so nobody can claim another address), with X-Forwarded-Proto and X-Forwarded-Host.
 * - A process that dies mid-request: the client gets 502 (or a broken connection) and retries; tus
 *   clients ask the offset with HEAD and resume through another process.
 * - `X-Served-By` (the process's number) on every answer shows where a request went (tests, demo).
 */

export interface Upstream {
  host: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** requests answered per upstream */
  readonly served: number[];
  /** what is being forwarded now: the request's method and URL, per upstream index */
  inFlight(): { upstream: number; method: string; url: string }[];
  close(): Promise<void>;
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
/** How long a process that refused a connection is left out of the rotation. */
const SKIP_MS = 1_000;
/** An upstream that says nothing for this long is given up (504). */
const IDLE_TIMEOUT_MS = 120_000;

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...headers };
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) delete out[name];
  return out;
}

function problem(res: ServerResponse, status: 502 | 504) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    type: 'about:blank#NOT_READY',
    title: status === 502 ? 'Bad gateway' : 'Gateway timeout',
    status,
    code: 'NOT_READY',
  });
  res.writeHead(status, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    'retry-after': '1',
    connection: 'close',
  });
  res.end(body);
}

export async function startProxy(options: { upstreams: Upstream[]; port?: number; host?: string }): Promise<RoundRobinProxy> {
  const { upstreams } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const skipUntil = upstreams.map(() => 0);
  const served = upstreams.map(() => 0);
  const active = new Set<{ upstream: number; method: string; url: string }>();
  let next = 0;

  const pick = (): number => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = (next + i) % upstreams.length;
      if (skipUntil[candidate]! <= now) {
        next = candidate + 1;
        return candidate;
      }
    }
    return next++ % upstreams.length; // all refused lately: try anyway
  };

  function forward(req: IncomingMessage, res: ServerResponse, triesLeft: number) {
    const index = pick();
    const upstream = upstreams[index]!;
    const entry = { upstream: index, method: req.method ?? 'GET', url: req.url ?? '/' };
    const headers: IncomingHttpHeaders = {
      ...withoutHopByHop(req.headers),
      'x-forwarded-for': req.socket.remoteAddress ?? '',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
    const up = httpRequest({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers, agent });
    let sending = false;
    const send = () => {
      sending = true;
      active.add(entry);
      req.pipe(up);
    };
    // The body is handed over only once the connection stands: a refused connection can go elsewhere.
    up.on('socket', (socket: Socket) => (socket.connecting ? socket.once('connect', send) : send()));
    up.setTimeout(IDLE_TIMEOUT_MS, () => up.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' })));
    up.on('response', (upRes) => {
      served[index]! += 1;
      res.writeHead(upRes.statusCode ?? 502, { ...withoutHopByHop(upRes.headers), 'x-served-by': String(index) });
      upRes.pipe(res);
      upRes.on('end', () => active.delete(entry));
      upRes.on('error', () => res.destroy());
    });
    up.on('error', (err: NodeJS.ErrnoException) => {
      active.delete(entry);
      if (!sending) {
        skipUntil[index] = Date.now() + SKIP_MS;
        if (triesLeft > 1) return forward(req, res, triesLeft - 1);
      }
      req.unpipe(up);
      problem(res, err.code === 'ETIMEDOUT' ? 504 : 502);
    });
    // The client went away: stop the upstream request too.
    res.on('close', () => {
      active.delete(entry);
      if (!res.writableFinished) up.destroy();
    });
  }

  const server = createServer((req, res) => forward(req, res, upstreams.length));
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 0; // long uploads: the upstream's own limits apply
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
    port,
    served,
    inFlight: () => [...active],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
