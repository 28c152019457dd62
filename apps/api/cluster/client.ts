import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { API_BASE, AuthPaths, FilePaths, UPLOAD_FILE_ID_HEADER } from '@bansi/shared';
import { registrationBody, type TestApp } from '../test/helpers';

/**
 * A browser-like HTTP client for the cluster test and the surge benchmark: cookies, the CSRF header,
 * its own loopback source address (127.x.y.z, so each simulated company is a client address of its
 * own, as on the Internet), and a tus upload that resumes through whichever process answers.
 */

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** which API process answered (the proxy's X-Served-By), -1 without the proxy */
  servedBy: number;
  json<T = Record<string, unknown>>(): T;
}

export class RequestTimeout extends Error {}

export const api = (path: string) => `${API_BASE}${path}`;
const UPLOADS = api(FilePaths.uploads);
const TUS = { 'tus-resumable': '1.0.0' };

export class ClusterClient {
  private readonly agent: Agent;
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  companyId: string | null = null;
  email = '';

  constructor(
    readonly base: string,
    readonly localAddress = '127.0.0.1',
    private readonly timeoutMs = 30_000,
  ) {
    this.agent = new Agent({ keepAlive: true, localAddress, maxSockets: 4 });
  }

  close() {
    this.agent.destroy();
  }

  /**
   * One request. `body` may be an object (sent as JSON) or bytes; `pace` sends bytes in 64 kB pieces
   * that far apart (ms), like a slow mobile link. A broken connection answers status 0; no answer
   * within the timeout rejects with RequestTimeout (a hang is a failure, never a wait).
   */
  async fetch(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: unknown; pace?: number; timeoutMs?: number } = {},
  ): Promise<Answer> {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && !this.csrf) {
      this.csrf = (await this.fetch('GET', api(AuthPaths.csrf))).json<{ token: string }>().token;
    }
    const bytes =
      options.body === undefined ? null : Buffer.isBuffer(options.body) ? options.body : Buffer.from(JSON.stringify(options.body), 'utf8');
    const headers: Record<string, string> = {
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
      ...(bytes && !Buffer.isBuffer(options.body) ? { 'content-type': 'application/json' } : {}),
      ...(bytes ? { 'content-length': String(bytes.length) } : {}),
      ...options.headers,
    };
    const url = new URL(path, this.base);
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(url, { method, headers, agent: this.agent });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new RequestTimeout(`${method} ${path}: no answer within ${options.timeoutMs ?? this.timeoutMs} ms`));
      }, options.timeoutMs ?? this.timeoutMs);
      const broken = () => {
        clearTimeout(timer);
        resolve({ status: 0, headers: {}, body: Buffer.alloc(0), servedBy: -1, json: () => ({}) as never });
      };
      req.on('error', broken);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', broken);
        res.on('end', () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            servedBy: res.headers['x-served-by'] === undefined ? -1 : Number(res.headers['x-served-by']),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      });
      if (!bytes) return void req.end();
      if (!options.pace) return void req.end(bytes);
      void (async () => {
        for (let at = 0; at < bytes.length && !req.destroyed; at += 65_536) {
          req.write(bytes.subarray(at, at + 65_536));
          await new Promise((r) => setTimeout(r, options.pace));
        }
        if (!req.destroyed) req.end();
      })();
    });
    for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  /** What `registrationBody` (test/helpers) reads through `t.app.inject`, answered over HTTP. */
  private asTestApp(): TestApp {
    const inject = async ({ url }: { url: string }) => {
      const res = await this.fetch('GET', url);
      return { json: () => res.json() };
    };
    return { app: { inject } } as unknown as TestApp;
  }

  async referenceId(list: string, code: string): Promise<string> {
    const res = await this.fetch('GET', api(`/reference/${list}`));
    const items = res.json<{ items: { id: string; code: string }[] }>().items;
    const found = items.find((i) => i.code === code);
    if (!found) throw new Error(`no ${list} with code ${code}`);
    return found.id;
  }

  async login(login: string, password: string): Promise<Answer> {
    const res = await this.fetch('POST', api(AuthPaths.login), { body: { login, password } });
    this.csrf = null; // a new session may come with a new CSRF cookie
    return res;
  }

  /** Registers a new company through the API and logs its admin in; answers the password. */
  async registerCompany(): Promise<string> {
    const body = await registrationBody(this.asTestApp());
    const registered = await this.fetch('POST', api(AuthPaths.register), { body });
    if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${registered.body.toString()}`);
    const login = await this.login(body.user.email, body.user.password);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.toString()}`);
    this.companyId = login.json<{ company: { id: string } }>().company.id;
    this.email = body.user.email;
    return body.user.password;
  }

  /**
   * A tus upload in PATCHes of `chunkSize` bytes. A PATCH that breaks (a process died, 502, 503) is
   * followed by HEAD, which says where to go on from, as tus-js-client does. Answers the new file's
   * id and which process took each PATCH.
   */
  async upload(
    meta: Record<string, string>,
    data: Buffer,
    options: { chunkSize?: number; pace?: number; maxRetries?: number; onCreated?: (id: string) => void; onPatched?: (offset: number) => void } = {},
  ): Promise<{ fileId: string; uploadId: string; patchesServedBy: number[]; retries: number; resumedFrom: number[] }> {
    const chunkSize = options.chunkSize ?? 1024 * 1024;
    const metadata = Object.entries(meta)
      .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
      .join(',');
    let retries = 0;
    let created = await this.fetch('POST', UPLOADS, { headers: { ...TUS, 'upload-length': String(data.length), 'upload-metadata': metadata } });
    // Like tus-js-client's retryDelays: a creation the server could not take now (503, 502, a broken
    // connection) is asked again; anything else is an error.
    while ([0, 502, 503].includes(created.status) && ++retries <= (options.maxRetries ?? 10)) {
      await new Promise((r) => setTimeout(r, 500 * retries));
      created = await this.fetch('POST', UPLOADS, { headers: { ...TUS, 'upload-length': String(data.length), 'upload-metadata': metadata } });
    }
    if (created.status !== 201) throw new Error(`upload creation: ${created.status} ${created.body.toString()}`);
    const uploadId = String(created.headers.location).split('/').pop()!;
    options.onCreated?.(uploadId);
    const patchesServedBy: number[] = [];
    const resumedFrom: number[] = [];
    let offset = 0;
    for (;;) {
      const end = Math.min(offset + chunkSize, data.length);
      const res = await this.fetch('PATCH', `${UPLOADS}/${uploadId}`, {
        headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: data.subarray(offset, end),
        ...(options.pace ? { pace: options.pace } : {}),
      });
      if (res.status === 204) {
        patchesServedBy.push(res.servedBy);
        offset = Number(res.headers['upload-offset']);
        options.onPatched?.(offset);
        const fileId = res.headers[UPLOAD_FILE_ID_HEADER.toLowerCase()];
        if (offset === data.length) {
          if (typeof fileId !== 'string') throw new Error('the last PATCH did not name the file');
          return { fileId, uploadId, patchesServedBy, retries, resumedFrom };
        }
        continue;
      }
      if (res.status !== 0 && res.status !== 502 && res.status !== 503 && res.status !== 409) {
        throw new Error(`PATCH at ${offset}: ${res.status} ${res.body.toString()}`);
      }
      if (++retries > (options.maxRetries ?? 10)) throw new Error(`PATCH at ${offset}: gave up after ${retries - 1} retries (last ${res.status})`);
      await new Promise((r) => setTimeout(r, 200 * retries));
      const head = await this.fetch('HEAD', `${UPLOADS}/${uploadId}`, { headers: TUS });
      if (head.status !== 200) continue;
      const fileId = head.headers[UPLOAD_FILE_ID_HEADER.toLowerCase()];
      offset = Number(head.headers['upload-offset']);
      resumedFrom.push(offset);
      if (offset === data.length && typeof fileId === 'string') return { fileId, uploadId, patchesServedBy, retries, resumedFrom };
    }
  }
}
