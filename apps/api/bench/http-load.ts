/**
 * A small hand-written HTTP/1.1 load client for the API benchmark (no autocannon: it would be one
 * more dependency, and an open-loop schedule that measures from the *intended* send time — so a
 * stalled server cannot hide its queue ("coordinated omission") — is a few lines here).
 *
 * Requests are pre-built byte buffers written to raw keep-alive sockets; responses are parsed only
 * as far as the status line and Content-Length (Fastify always sends it for JSON), so the client
 * costs little CPU next to the server on a 2-core machine.
 */
import { connect, type Socket } from 'node:net';

export interface Target {
  port: number;
  path: string;
  headers?: Record<string, string>;
}

export function requestBytes(t: Target): Buffer {
  const lines = [`GET ${t.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive'];
  for (const [k, v] of Object.entries(t.headers ?? {})) lines.push(`${k}: ${v}`);
  return Buffer.from(lines.join('\r\n') + '\r\n\r\n');
}

/** One keep-alive connection that runs one request at a time and resolves with its status. */
class Connection {
  private socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (status: number) => void; reject: (e: Error) => void } | null = null;
  private need = -1;
  private status = 0;
  busy = false;
  ready: Promise<void>;

  constructor(port: number) {
    this.socket = connect({ port, host: '127.0.0.1', noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (e) => this.fail(e));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  private fail(e: Error) {
    const p = this.pending;
    this.pending = null;
    p?.reject(e);
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.need < 0) {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = this.buffer.subarray(0, end).toString('latin1');
        this.status = Number(head.slice(9, 12));
        const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!m) throw new Error(`response without Content-Length:\n${head}`);
        this.need = end + 4 + Number(m[1]);
      }
      if (this.buffer.length < this.need) return;
      this.buffer = this.buffer.subarray(this.need);
      this.need = -1;
      const p = this.pending;
      this.pending = null;
      this.busy = false;
      p?.resolve(this.status);
    }
  }

  send(bytes: Buffer): Promise<number> {
    this.busy = true;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close() {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }
}

export interface ClosedLoopResult {
  requests: number;
  rps: number;
  errors: number;
  /** the measured time */
  seconds: number;
}

/** As many requests as `connections` keep-alive clients can complete in `seconds` (after a warm-up). */
export async function closedLoop(targets: Target[], { connections = 8, seconds = 10, warmupSeconds = 2 } = {}): Promise<ClosedLoopResult> {
  const port = targets[0]!.port;
  const bytes = targets.map(requestBytes);
  const pool = Array.from({ length: connections }, () => new Connection(port));
  await Promise.all(pool.map((c) => c.ready));
  let counting = false;
  let stop = false;
  let requests = 0;
  let errors = 0;
  let next = 0;
  const run = async (c: Connection) => {
    while (!stop) {
      const status = await c.send(bytes[next++ % bytes.length]!);
      if (counting) {
        requests += 1;
        if (status >= 400) errors += 1;
      }
    }
  };
  const loops = pool.map(run);
  await sleep(warmupSeconds * 1000);
  counting = true;
  const started = performance.now();
  await sleep(seconds * 1000);
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  pool.forEach((c) => c.close());
  return { requests, rps: requests / elapsed, errors, seconds: elapsed };
}

/**
 * Throughput of two servers measured in alternating slices (`rounds` of seconds / rounds each, after
 * one warm-up of each), so that load from elsewhere on a shared machine falls on both alike: the
 * ratio compares them over the same minutes instead of two different ones.
 */
export async function interleavedClosedLoops(
  a: Target[],
  b: Target[],
  { connections = 8, seconds = 10, rounds = 5 } = {},
): Promise<[ClosedLoopResult, ClosedLoopResult]> {
  const slice = seconds / rounds;
  const sum = [
    { requests: 0, errors: 0, seconds: 0 },
    { requests: 0, errors: 0, seconds: 0 },
  ];
  for (let round = 0; round < rounds; round++) {
    for (const [i, targets] of [a, b].entries()) {
      const r = await closedLoop(targets, { connections, seconds: slice, warmupSeconds: round === 0 ? 1 : 0.2 });
      sum[i]!.requests += r.requests;
      sum[i]!.errors += r.errors;
      sum[i]!.seconds += r.seconds;
    }
  }
  const result = (s: (typeof sum)[number]): ClosedLoopResult => ({ ...s, rps: s.requests / s.seconds });
  return [result(sum[0]!), result(sum[1]!)];
}

export interface OpenLoopResult {
  sent: number;
  errors: number;
  /** requests not sent because `maxInflight` were already waiting (the server could not keep up) */
  dropped: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Open loop: one request every 1000/rate ms whatever the server does, on as many connections as
 * are busy (a new one opens when all are). Latency counts from the scheduled send time (or from the
 * actual one, when the request left before its time).
 */
export async function openLoop(targets: Target[], { rate = 200, seconds = 30, warmupSeconds = 2, maxInflight = 64 } = {}): Promise<OpenLoopResult> {
  const port = targets[0]!.port;
  const bytes = targets.map(requestBytes);
  const pool: Connection[] = [];
  const idle = async () => {
    const free = pool.find((c) => !c.busy);
    if (free) return free;
    const c = new Connection(port);
    pool.push(c);
    await c.ready;
    return c;
  };
  const latencies: number[] = [];
  let errors = 0;
  const interval = 1000 / rate;
  const total = Math.round((seconds + warmupSeconds) * rate);
  const warm = Math.round(warmupSeconds * rate);
  const inflight: Promise<void>[] = [];
  let dropped = 0;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    if (pool.filter((c) => c.busy).length >= maxInflight) {
      if (i >= warm) dropped += 1;
      continue;
    }
    const c = await idle();
    c.busy = true;
    // A late request counts from its slot (the wait is the server's queue). One sent up to 1 ms early (the
    // loop does not sleep for less) counts from when it left: from its slot, a fast answer came out negative.
    const from = Math.min(due, performance.now());
    inflight.push(
      c.send(bytes[i % bytes.length]!).then(
        (status) => {
          if (i < warm) return;
          latencies.push(performance.now() - from);
          if (status >= 400) errors += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inflight);
  pool.forEach((c) => c.close());
  latencies.sort((a, b) => a - b);
  return { sent: total - warm - dropped, errors, dropped, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.at(-1) ?? 0 };
}

/** Sequential requests on one connection: the median time of one request on an idle server. */
export async function sequential(target: Target, { count = 100, warmup = 20 } = {}): Promise<{ p50: number; p95: number; status: number }> {
  const bytes = requestBytes(target);
  const c = new Connection(target.port);
  await c.ready;
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < count + warmup; i++) {
    const started = performance.now();
    status = await c.send(bytes);
    if (i >= warmup) times.push(performance.now() - started);
  }
  c.close();
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), status };
}

/** A loop of requests on one connection until `stop()` (the search-under-load client). */
export function backgroundLoop(targets: Target[]): { stop(): Promise<number> } {
  const bytes = targets.map(requestBytes);
  const c = new Connection(targets[0]!.port);
  let stopped = false;
  let count = 0;
  const done = (async () => {
    await c.ready;
    while (!stopped) {
      await c.send(bytes[count % bytes.length]!);
      count += 1;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      c.close();
      return count;
    },
  };
}

export const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
