import { API_BASE, AuthPaths, FilePaths } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';

/** A user of the in-process API: keeps the cookies, sends the CSRF token and the app's Origin. */
export class Client {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  constructor(
    private readonly app: FastifyInstance,
    private readonly address: string,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { 'accept-language': 'lo', ...headers };
    if (method !== 'GET' && method !== 'HEAD') {
      if (!this.csrf) this.csrf = ((await this.call('GET', AuthPaths.csrf)).json() as { token: string }).token;
      h['x-csrf-token'] = this.csrf;
      h.origin = new URL(this.app.config.PUBLIC_URL).origin;
    }
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method: method as 'GET',
      url: `${API_BASE}${path}`,
      headers: h,
      remoteAddress: this.address,
      ...(body === undefined ? {} : Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }),
    });
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    return res;
  }

  async ok(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    const res = await this.call(method, path, body, headers);
    if (res.statusCode >= 300) throw new Error(`demo seed: ${method} ${path} answered ${res.statusCode} ${res.body}`);
    return res;
  }

  async login(login: string, password: string) {
    await this.ok('POST', AuthPaths.login, { login, password });
    this.csrf = null;
  }

  async upload(meta: Record<string, string>, data: Buffer) {
    const metadata = Object.entries(meta)
      .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
      .join(',');
    const created = await this.ok('POST', FilePaths.uploads, undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': metadata,
    });
    const id = String(created.headers.location).split('/').pop()!;
    await this.ok('PATCH', FilePaths.upload(id), data, {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
  }
}
