import { AuthPaths, isLanguage, type Session, type LoginRequest } from '@bansi/shared';
import i18next from 'i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrf } from '../../../lib/api-client';
import { sessionQueryOptions } from './get-session';

export const login = (body: LoginRequest) => api<Session>(AuthPaths.login, { method: 'POST', body });

/**
 * Logs in. The server rotates the session (and so the CSRF token): the cached session becomes the new
 * one at once, so a guarded screen opened next does not see the visitor's stale "no session".
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      resetCsrf();
      // The language the app shows now is the person's choice: the account follows it (mails, PDFs, CSVs).
      const shown = i18next.language;
      if (isLanguage(shown) && shown !== session.user.language) {
        await api(AuthPaths.language, { method: 'PUT', body: { language: shown } }).catch(() => undefined);
        session = { ...session, user: { ...session.user, language: shown } };
      }
      queryClient.setQueryData(sessionQueryOptions().queryKey, session);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
