import { API_BASE, FilePaths, UPLOAD_FILE_ID_HEADER, isLanguage, type FileKind, type Problem } from '@bansi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailedError, PreviousUpload, Upload } from 'tus-js-client';
import { asProblem, csrf, resetCsrf } from '../../lib/api-client';
import { formatBytes } from './format-bytes';

/**
 * Resumable uploads with tus (docs/decisions/016, 040): every file is one tus upload whose id becomes
 * the file's id. A dropped connection is retried with growing pauses; when the browser is offline the
 * upload waits and goes on by itself once it is back online (or when the user presses "resume"). The
 * upload's URL is remembered per file (fingerprint) so that picking the same file again, even after a
 * reload, continues where it stopped instead of sending everything again.
 */

export type UploadState = 'uploading' | 'paused' | 'offline' | 'checking' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: UploadState;
  /** why it failed, in the user's language */
  error?: string;
  fileId?: string;
}

export interface UploadTarget {
  ownerKind: string;
  ownerId: string;
  slot: string;
  /** the file this upload replaces (it stays in history) */
  replaces?: string;
  kinds: readonly FileKind[];
  /** the limit shown in the "too large" message */
  maxBytes: number;
}

/** Pauses between retries of a failed request (ms): mobile networks in Laos drop often and briefly. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
/** Bytes per PATCH: a drop costs at most this much, and the server keeps whatever arrived anyway. */
const CHUNK_SIZE = 8 * 1024 * 1024;
const ENDPOINT = `${API_BASE}${FilePaths.uploads}`;

function problemOf(error: unknown): {
  status: number;
  problem: Problem | null;
} {
  // tus' DetailedError carries the response (the class itself is loaded with the first upload).
  const response = (error as Partial<DetailedError> | null)?.originalResponse;
  if (!response) return { status: 0, problem: null };
  const status = response.getStatus();
  try {
    return { status, problem: asProblem(JSON.parse(response.getBody())) };
  } catch {
    return { status, problem: null };
  }
}

let counter = 0;

export function useUploads(target: UploadTarget, onUploaded?: (fileId: string) => void, clearDone = false) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const uploads = useRef(new Map<string, Upload>());
  // Uploads picked whose tus-js-client is still loading.
  const starting = useRef(new Set<string>());
  // The latest callback and texts, read by tus' callbacks that outlive a render.
  const latest = useRef({ onUploaded, t, target, lng: i18n.language });
  useEffect(() => {
    latest.current = { onUploaded, t, target, lng: i18n.language };
  });

  // Which uploads wait for the network (read outside renders, by the "online" listener).
  const waiting = useRef(new Set<string>());
  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (change.state === 'offline') waiting.current.add(key);
    else if (change.state) waiting.current.delete(key);
    setItems((prev) => prev.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const messageFor = useCallback((status: number, problem: Problem | null): string => {
    const { t: tr, target: tg } = latest.current;
    const code = problem?.code;
    if (code === 'PAYLOAD_TOO_LARGE' || status === 413) {
      return tr('submission.upload.tooLarge', {
        size: formatBytes(tg.maxBytes, isLanguage(latest.current.lng) ? latest.current.lng : 'lo'),
      });
    }
    if (code === 'UNSUPPORTED_MEDIA_TYPE' || status === 415) {
      return tr('submission.upload.wrongType', {
        kinds: tg.kinds.map((k) => tr(`submission.fileKind.${k}`)).join(', '),
      });
    }
    if (problem) return problem.title || tr(`errors.${problem.code}`);
    return tr('errors.INTERNAL');
  }, []);

  const start = useCallback(
    (file: File) => {
      const key = `upload-${++counter}`;
      const tg = latest.current.target;
      starting.current.add(key);
      // A new pick starts a new list; finished and failed rows of earlier picks go.
      setItems((prev) => [
        ...prev.filter((i) => i.state !== 'done' && i.state !== 'failed'),
        { key, name: file.name, size: file.size, sent: 0, state: 'uploading' },
      ]);
      // tus-js-client (12 kB brotli) loads with the first upload, not with every screen that shows an
      // upload button (issue 29, `npm run bench:bundle`).
      void import('tus-js-client').then(
        ({ Upload }) => {
          // Cancelled, or the screen was left, while it loaded.
          if (!starting.current.delete(key)) return;
          let csrfRetried = false;
          const upload = new Upload(file, {
            endpoint: ENDPOINT,
            chunkSize: CHUNK_SIZE,
            retryDelays: RETRY_DELAYS,
            metadata: {
              ownerKind: tg.ownerKind,
              ownerId: tg.ownerId,
              slot: tg.slot,
              filename: file.name,
              ...(file.type ? { filetype: file.type } : {}),
              ...(tg.replaces ? { replaces: tg.replaces } : {}),
            },
            // The same bytes meant for another slot (or replacing another file) are another upload.
            fingerprint: (f: File) =>
              Promise.resolve(['bansi', tg.ownerKind, tg.ownerId, tg.slot, tg.replaces ?? '-', f.name, f.size, f.lastModified].join('|')),
            storeFingerprintForResuming: true,
            removeFingerprintOnSuccess: true,
            onBeforeRequest: async (req) => {
              req.setHeader('X-CSRF-Token', await csrf());
              req.setHeader('Accept-Language', latest.current.lng || 'lo');
            },
            onShouldRetry: (err) => {
              const { status, problem } = problemOf(err);
              if (problem?.code === 'CSRF' && !csrfRetried) {
                // The session changed under us (e.g. logged in again in another tab): fetch a new token once.
                csrfRetried = true;
                resetCsrf();
                return true;
              }
              if (status === 0 || status >= 500 || status === 423) return navigator.onLine !== false;
              return false;
            },
            onProgress: (sent, total) =>
              patch(key, {
                sent,
                state: sent >= total ? 'checking' : 'uploading',
                error: undefined,
              }),
            onSuccess: ({ lastResponse }) => {
              const fileId = lastResponse.getHeader(UPLOAD_FILE_ID_HEADER) ?? upload.url?.split('/').pop() ?? undefined;
              uploads.current.delete(key);
              if (clearDone) setItems((prev) => prev.filter((i) => i.key !== key));
              else patch(key, { state: 'done', sent: file.size, fileId });
              if (fileId) latest.current.onUploaded?.(fileId);
            },
            onError: (err) => {
              const { status, problem } = problemOf(err);
              if (status === 0 || status >= 500) {
                // Network gone or the server restarting: keep the upload, go on when we can.
                patch(key, {
                  state: 'offline',
                  error: latest.current.t('submission.upload.paused'),
                });
                return;
              }
              uploads.current.delete(key);
              patch(key, { state: 'failed', error: messageFor(status, problem) });
            },
          });
          uploads.current.set(key, upload);
          void upload
            .findPreviousUploads()
            .then((previous: PreviousUpload[]) => {
              const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
              if (last) upload.resumeFromPreviousUpload(last);
            })
            .catch(() => undefined)
            .finally(() => upload.start());
        },
        () => {
          if (starting.current.delete(key)) patch(key, { state: 'failed', error: latest.current.t('account.networkError') });
        },
      );
    },
    [messageFor, patch, clearDone],
  );

  const pause = useCallback(
    (key: string) => {
      const upload = uploads.current.get(key);
      if (!upload) return;
      void upload.abort(false);
      patch(key, { state: 'paused' });
    },
    [patch],
  );

  const resume = useCallback(
    (key: string) => {
      const upload = uploads.current.get(key);
      if (!upload) return;
      patch(key, { state: 'uploading', error: undefined });
      upload.start();
    },
    [patch],
  );

  const cancel = useCallback((key: string) => {
    waiting.current.delete(key);
    starting.current.delete(key);
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    // Terminate: the server deletes what arrived so far.
    if (upload) void upload.abort(true).catch(() => undefined);
    setItems((prev) => prev.filter((i) => i.key !== key));
  }, []);

  const dismiss = useCallback((key: string) => setItems((prev) => prev.filter((i) => i.key !== key)), []);

  // Back online: every upload that waited for the network goes on.
  useEffect(() => {
    const onOnline = () => {
      for (const key of [...waiting.current]) {
        const upload = uploads.current.get(key);
        if (!upload) continue;
        patch(key, { state: 'uploading', error: undefined });
        upload.start();
      }
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [patch]);

  // Leaving the screen stops sending but keeps the upload on the server: picking the file again resumes it.
  useEffect(() => {
    const map = uploads.current;
    const pending = starting.current;
    return () => {
      pending.clear();
      for (const upload of map.values()) void upload.abort(false);
      map.clear();
    };
  }, []);

  const busy = items.some((i) => i.state === 'uploading' || i.state === 'checking' || i.state === 'offline' || i.state === 'paused');
  return { items, start, pause, resume, cancel, dismiss, busy };
}
