import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Mantine inputs hold '' (and a cleared Select null) for "nothing": the shared schemas expect the key to be absent. */
export function withoutEmpty(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutEmpty(v)]));
  }
  return value;
}

/** zod's own issues in the user's language (the shared schemas carry no texts, only codes). */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const t = i18next.t.bind(i18next);
  switch (issue.code) {
    case 'invalid_type':
      return t(issue.input === undefined ? 'account.validation.required' : 'account.validation.invalid');
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('account.validation.required');
      return t('account.validation.tooShort', { n: Number(issue.minimum) });
    case 'too_big':
      return t('account.validation.tooLong', { n: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return t('account.validation.email');
      if (issue.format === 'uuid') return t('account.validation.choose');
      return t('account.validation.invalid');
    case 'invalid_value':
      return t('account.validation.choose');
    default:
      return t('account.validation.invalid');
  }
}

/** Messages a shared schema names itself (`.regex(re, 'phone')`, a refinement's 'required'). */
const SCHEMA_MESSAGES: Record<string, string> = {
  phone: 'account.validation.phone',
  tin: 'account.validation.tin',
  required: 'account.validation.required',
  mismatch: 'account.validation.mismatch',
  // the shared Amount schema's reasons (docs/decisions/145)
  amount_fraction: 'errors.amount.amount_fraction',
  amount_negative: 'errors.amount.amount_negative',
  amount_too_large: 'errors.amount.amount_too_large',
};

function translateSchemaMessages<T extends FieldValues>(errors: FieldErrors<T>): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const leaf = node as Partial<FieldError>;
    if (typeof leaf.type === 'string' && typeof leaf.message === 'string') {
      const key = SCHEMA_MESSAGES[leaf.message];
      return key ? { ...leaf, message: i18next.t(key) } : leaf;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'ref' ? v : walk(v)]));
  };
  return walk(errors) as FieldErrors<T>;
}

/**
 * A react-hook-form resolver over a shared zod schema: empty inputs count as "not given", and every
 * message is in the user's language.
 */
export function zodFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const inner = zodResolver(schema as never, { error: issueMessage }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await inner(withoutEmpty(values) as z.input<S>, context, options);
    return { ...result, errors: translateSchemaMessages(result.errors) } as Awaited<ReturnType<typeof inner>>;
  };
}

// Kept importable from here: screens with a form at first paint take both from one module.
export { applyProblem } from './apply-problem';
