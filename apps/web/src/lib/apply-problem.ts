import type { Problem } from '@bansi/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

// Its own module, without zod: a screen whose schema loads with the first validation (lazy-resolver.ts)
// still puts the server's field errors on its form.
/**
 * Puts the field errors of a problem on the form (`body.company.tin` → `company.tin`) and returns the
 * paths it set, in the server's order. Paths the form does not know are left to the caller.
 */
export function applyProblem<T extends FieldValues>(
  problem: Problem,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean = () => true,
): string[] {
  const set: string[] = [];
  for (const error of problem.errors ?? []) {
    const path = error.path.replace(/^body\./, '');
    if (!known(path)) continue;
    setError(path as Path<T>, { type: error.code || 'server', message: error.message }, { shouldFocus: set.length === 0 });
    set.push(path);
  }
  return set;
}
