// Apart from lib/form.ts: list screens and buttons show a failed call's message without a form, and
// lib/form.ts brings react-hook-form, its zod resolver and zod (~35 kB brotli) with it (bench:bundle).
import i18next from 'i18next';
import { ApiError } from './api-client';

/** What to tell the user about a failed call: the problem's title (already in their language), or a network notice. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18next.t('account.networkError');
    return error.problem.title || i18next.t(`errors.${error.problem.code}`);
  }
  return i18next.t('errors.INTERNAL');
}
