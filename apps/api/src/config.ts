import { isIP } from 'node:net';
import { FILE_KINDS } from '@bansi/shared';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const phones = z
  .string()
  .transform((v) => v.split(',').map((p) => p.trim()))
  .pipe(z.array(z.string().min(3)).length(3, 'give exactly three comma-separated phone numbers'));

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * Which proxies may say who the client is (X-Forwarded-For decides `request.ip`, which the rate limits
 * and the login throttle count by): `false`, or the reverse proxies' addresses and CIDR ranges (also
 * loopback, linklocal, uniquelocal), comma-separated. `true` trusts any sender, so a client reaching the
 * API directly could claim any address. (A hop count is refused: Fastify 5 trusts nobody with one.)
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string[] => {
    if (/^(true|yes|1)$/.test(v)) return true;
    if (/^(false|no|0)$/.test(v)) return false;
    const entries = v.split(',').map((e) => e.trim());
    for (const entry of entries) {
      const [address, bits, extra] = entry.split('/');
      const version = isIP(address ?? '');
      const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
      if (!(PROXY_NAMES.includes(entry) || (version && validBits && extra === undefined))) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not true, false, an address, a CIDR range or ${PROXY_NAMES.join('/')}` });
        return z.NEVER;
      }
    }
    return entries;
  });

/**
 * Every setting of the API process, read once at start-up. `.env.example` documents each one;
 * the browser sees only the public subset served by the API index endpoint.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .default('sqlite:data/bansi.sqlite'),
  DATA_DIR: z.string().min(1).default('data'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 50)
    .default(50 * 1024 * 1024),
  UPLOAD_ALLOWED_KINDS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(FILE_KINDS)).min(1))
    .default([...FILE_KINDS]),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(72),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO: flag.default(false),
  /** villages to load at start (a folder with villages.csv, a villages.csv or the nested JSON, lao-admin format);
   * a folder or file that is missing or malformed is reported and the server starts without them */
  VILLAGES_DIR: z.string().min(1).optional(),
  /** SQLite: run search queries in a worker thread (decision 100); off, they run on the event loop
   * (the API benchmark turns it off while it records the SQL each request runs) */
  SEARCH_WORKER: flag.default(true),
  TRUST_PROXY: trustProxy.default(false),

  CURRENT_YEAR: z.coerce.number().int().min(2000).max(2100).default(2024),
  BOOK_YEAR: z.coerce.number().int().min(2000).max(2100).default(2023),
  /** days before 31 March on which companies that have not submitted are reminded (issue 16) */
  REMINDER_DAYS: z
    .string()
    .transform((v) => [...new Set(v.split(',').map((d) => Number(d.trim())))].sort((a, b) => b - a))
    .pipe(z.array(z.number().int().min(0).max(365)).min(1))
    .default([30, 14, 7, 1]),
  LAOQR_MERCHANT_ID: z.string().min(1).default('BANSI-DEMO-MERCHANT'),
  /** LAO QR tag 38/01: the member's code then 0418 (27710418 BCEL, 00000418 LAPNet …) */
  LAOQR_IIN: z
    .string()
    .regex(/^\d{8}$/, '8 digits')
    .default('00000418'),
  LAOQR_MCC: z
    .string()
    .regex(/^\d{4}$/, '4 digits')
    .default('8931'),
  /** EMVCo tags 59 and 60 take printable ASCII only (25 and 15 characters at most) */
  LAOQR_MERCHANT_NAME: z
    .string()
    .regex(/^[\x20-\x7e]{1,25}$/, 'printable ASCII, at most 25 characters')
    .default('Bansi Accounting'),
  LAOQR_CITY: z
    .string()
    .regex(/^[\x20-\x7e]{1,15}$/, 'printable ASCII, at most 15 characters')
    .default('Vientiane'),
  /** HMAC key of the bank's payment notifications; at least 32 bytes, required in production; elsewhere, without
   * one, the instance makes and keeps its own (decision 125) */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .refine((v) => Buffer.byteLength(v) >= 32, 'at least 32 bytes')
    .optional(),
  /** the payment simulator: staff pay an invoice as a test bank would (decision 126); off unless true, never in production */
  PAYMENT_SIMULATOR: flag.default(false),

  PROVIDER_NAME_LO: z.string().min(1).default('ບັນຊີ ບໍລິການບັນຊີ'),
  PROVIDER_NAME_EN: z.string().min(1).default('Bansi Accounting Service'),
  PROVIDER_DESCRIPTION_LO: z.string().default('ບໍລິການຮັບ ແລະ ກວດກາເອກະສານບັນຊີປະຈຳປີ ສຳລັບວິສາຫະກິດໃນ ສປປ ລາວ.'),
  PROVIDER_DESCRIPTION_EN: z.string().default('Receiving and reviewing annual accounting documents for enterprises in the Lao PDR.'),
  PROVIDER_PHONES: phones.default(['+856 21 000 001', '+856 21 000 002', '+856 20 0000 0003']),
  PROVIDER_EMAIL: z.email().default('info@bansi.example'),
  PROVIDER_HOURS_FROM: z
    .string()
    .regex(/^\d\d:\d\d$/)
    .default('08:00'),
  PROVIDER_HOURS_TO: z
    .string()
    .regex(/^\d\d:\d\d$/)
    .default('16:00'),
  COPYRIGHT_YEAR: z.coerce.number().int().default(2023),
  COPYRIGHT_HOLDER: z.string().min(1).default('Bansi Accounting Service Co., Ltd.'),

  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(3).max(100).default(10),
  LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  /** the strength meter's checks while a new password is typed (decision 143) */
  RATE_LIMIT_PASSWORD_CHECK_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  /** per API key: requests of the service's own software (issue 32, decision 240) */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),

  /** where `npm run backup` and the nightly backup write their archives (default: <DATA_DIR>/backups) */
  BACKUP_DIR: z.string().min(1).optional(),
  /** how many archives to keep in BACKUP_DIR; older ones are removed after each backup */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** a time of day (UTC, HH:MM) at which the jobs worker makes a backup every day; none: no nightly backup */
  BACKUP_SCHEDULE: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day, HH:MM')
    .optional(),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Bansi <no-reply@bansi.example>'),

  /** days an export of a company's records can be downloaded once it is ready (decision 186) */
  EXPORT_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),

  /** bearer token of GET /metrics (Prometheus); unset, the endpoint answers 404 (decision 185) */
  METRICS_TOKEN: z
    .string()
    .refine((v) => Buffer.byteLength(v) >= 16, 'at least 16 bytes')
    .optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad setting at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const config = parsed.data;
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && config.PUBLIC_URL.startsWith('http://')) {
    problems.push('PUBLIC_URL: must be https:// in production');
  }
  if (config.NODE_ENV === 'production' && !config.PAYMENT_WEBHOOK_SECRET) problems.push('PAYMENT_WEBHOOK_SECRET: required in production');
  if (config.FILE_STORE === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[key]) problems.push(`${key}: required when FILE_STORE=s3`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}
