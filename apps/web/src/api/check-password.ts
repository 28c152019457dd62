import { AuthPaths, PASSWORD_MAX, PASSWORD_MIN, type PasswordCheck, type PasswordCheckRequest } from '@bansi/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** How long typing must pause before the meter asks (and the API counts one more check against its limit). */
export const PASSWORD_CHECK_PAUSE_MS = 350;

export const checkPassword = (body: PasswordCheckRequest, signal?: AbortSignal) =>
  api<PasswordCheck>(AuthPaths.passwordCheck, { method: 'POST', body, signal });

/**
 * The password rule's verdict on a new password being typed, asked of the API once typing pauses
 * (decision 143): the rule's dictionaries never reach the browser. Not asked for a length the rule
 * refuses anyway. `current` is false while the verdict shown is not yet the typed password's.
 */
export function usePasswordCheck(password: string, personal: string[], token: string | undefined, enabled: boolean) {
  const [asked] = useDebouncedValue(password, PASSWORD_CHECK_PAUSE_MS);
  const length = [...asked].length;
  const words = personal.map((w) => w.trim()).filter(Boolean);
  const query = useQuery({
    // The password is part of the key only in this tab's memory, for a short while.
    queryKey: ['password-check', asked, words, token ?? null] as const,
    queryFn: ({ signal }) => checkPassword({ password: asked, personal: words, token }, signal),
    enabled: enabled && length >= PASSWORD_MIN && length <= PASSWORD_MAX,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
  return { ...query, current: asked === password && !query.isPlaceholderData };
}
