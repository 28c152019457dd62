import { z } from 'zod';
import { AMOUNT_MAX, type AmountError } from '../amount';

export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 100;

export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Every list answers `{items, nextCursor}`; `nextCursor` is null on the last page. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
/** The answer of a `Page(item)` list, as the web app types it. */
export type PageOf<T> = { items: T[]; nextCursor: string | null };

export const Id = z.uuid();
export const IdParams = z.object({ id: Id });
export const Ok = z.object({ ok: z.literal(true) });

/** The body of a 204 answer. */
export const NoContent = z.null().meta({ description: 'no content' });

/**
 * The one schema of an amount any write carries (kip or a count: figures, notes lines, fees, invoice lines,
 * payments, SME thresholds): a whole number, never rounded or truncated here or anywhere (docs/decisions/145).
 * Each refusal names its reason as the web's amount input does (errors.amount.<code>).
 */
const amountIssue =
  (below: AmountError) =>
  (issue: { code?: string }): AmountError =>
    issue.code === 'too_big' ? 'amount_too_large' : issue.code === 'too_small' ? below : 'amount_fraction';
export const Amount = z
  .number()
  .int({ error: amountIssue('amount_negative') })
  .min(0, { error: 'amount_negative' })
  .max(AMOUNT_MAX, { error: 'amount_too_large' })
  .meta({ description: 'whole kip (or persons), 0..10^15' });
/** An amount on a line that may be below zero (an allowance, depreciation, accumulated losses). */
export const SignedAmount = z
  .number()
  .int({ error: amountIssue('amount_too_large') })
  .min(-AMOUNT_MAX, { error: 'amount_too_large' })
  .max(AMOUNT_MAX, { error: 'amount_too_large' })
  .meta({ description: 'whole kip, -10^15..10^15' });
