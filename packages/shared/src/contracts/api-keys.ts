import { z } from 'zod';
import { API_KEY_SCOPES } from '../domain/api-key-scopes';
import { PAGE_MAX_LIMIT } from './common';

// The list lives in a module without zod, for the screen that shows it (decision 280); re-exported here.
export { API_KEY_SCOPES };
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** The key's text: `bansi_` and 32 random bytes in base62 (43 characters). */
export const API_KEY_PATTERN = /^bansi_[0-9A-Za-z]{43}$/;

/** A key as the staff admins' list shows it: never the key itself, only its first characters. */
export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the key's first characters (`bansi_` and 6 more), to tell keys apart */
  prefix: z.string(),
  scopes: z.array(ApiKeyScope),
  createdBy: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyRequest = z.object({
  name: z.string().trim().min(1).max(120),
  scopes: z
    .array(ApiKeyScope)
    .min(1)
    .refine((s) => new Set(s).size === s.length, { message: 'duplicate' }),
  /** ISO date-time; absent: the key does not expire */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The answer of a creation: the only time the key itself is shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

// --- pull feeds (docs/api-clients.md) ------------------------------------------------------------

export const FeedQuery = z.object({
  /** the `nextCursor` of the previous page; absent: from the beginning */
  since: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(50),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

export const FeedCompany = z.object({ id: z.uuid(), nameLo: z.string(), nameEn: z.string() });

export const FeedFile = z.object({
  id: z.uuid(),
  slot: z.string().nullable(),
  name: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** GET it with the same key (scope filings:read) */
  url: z.string(),
});

/** One accepted filing or accepted notes to the financial statements. */
export const FeedFiling = z.object({
  /** the entry's place in the feed: 1, 2, 3 … in the order the acceptances committed */
  seq: z.number().int(),
  kind: z.enum(['filing', 'notes']),
  id: z.uuid(),
  company: FeedCompany,
  bookYear: z.number().int(),
  reference: z.string().nullable(),
  acceptedAt: z.string(),
  figures: z.object({
    averageLabour: z.number().nullable(),
    totalAssets: z.number().nullable(),
    annualIncome: z.number().nullable(),
  }),
  /** micro | small | medium | large, or null when it cannot be told */
  size: z.string().nullable(),
  files: z.array(FeedFile),
});
export type FeedFiling = z.infer<typeof FeedFiling>;

/** One payment of an invoice, or the reversal of one. */
export const FeedPayment = z.object({
  seq: z.number().int(),
  kind: z.enum(['payment', 'reversal']),
  paymentId: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  company: FeedCompany,
  /** LAK */
  amount: z.number(),
  method: z.string().nullable(),
  /** when it was paid, or reversed */
  at: z.string(),
  /** a reversal's reason */
  reason: z.string().nullable(),
});
export type FeedPayment = z.infer<typeof FeedPayment>;

/**
 * A page of a feed. `nextCursor` is always set: the place after the last entry given (or the `since` asked,
 * on an empty page), to ask with next time; `more` says whether entries already follow it.
 */
function FeedPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string(), more: z.boolean() });
}
const company = { id: '5b0c1f1e-3c51-4a4e-9a43-6f1d2f9e0a11', nameLo: 'ບໍລິສັດ ນ້ຳຄຳ ຈຳກັດ', nameEn: 'Nam Kham Co., Ltd.' };
/** What a page looks like (the OpenAPI document's example; docs/api-clients.md has more). */
export const FeedFilingPage = FeedPage(FeedFiling).meta({
  example: {
    items: [
      {
        seq: 41,
        kind: 'filing',
        id: '0d6f7a52-8a8e-4f55-bb3a-2b7c1c1f9d20',
        company,
        bookYear: 2025,
        reference: 'BS-2026-000123',
        acceptedAt: '2026-03-14T03:12:45.000Z',
        figures: { averageLabour: 12, totalAssets: 850000000, annualIncome: 1200000000 },
        size: 'small',
        files: [
          {
            id: '8f1d2c3b-4a5e-4f60-8d7c-1b2a3c4d5e6f',
            slot: 'balance_sheet',
            name: 'balance-sheet-2025.pdf',
            mediaType: 'application/pdf',
            size: 183204,
            sha256: '9f2b5c0e4d8a7b6c1e3f5a7b9c0d2e4f6a8b0c1d3e5f7a9b1c2d4e6f8a0b1c2d',
            url: '/api/accounting-document-system/staff/files/8f1d2c3b-4a5e-4f60-8d7c-1b2a3c4d5e6f/content',
          },
        ],
      },
    ],
    nextCursor: 'eyJzIjo0MX0',
    more: false,
  },
});
export type FeedFilingPage = z.infer<typeof FeedFilingPage>;
export const FeedPaymentPage = FeedPage(FeedPayment).meta({
  example: {
    items: [
      {
        seq: 7,
        kind: 'payment',
        paymentId: '2a4c6e80-1b3d-4f5a-9c7e-0d2f4a6c8e1b',
        invoiceId: '3b5d7f91-2c4e-4a6b-8d0f-1e3a5c7e9f2a',
        invoiceNumber: 'INV-2026-000045',
        company,
        amount: 1500000,
        method: 'laoqr',
        at: '2026-03-02T08:30:00.000Z',
        reason: null,
      },
    ],
    nextCursor: 'eyJzIjo3fQ',
    more: true,
  },
});
export type FeedPaymentPage = z.infer<typeof FeedPaymentPage>;
