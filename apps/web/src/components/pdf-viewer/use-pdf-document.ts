import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { classifyLoadError, INCORRECT_PASSWORD, type LoadError } from './errors';
import { openDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy, type PdfSource } from './pdfjs';

export type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; progress: number | null }
  | { status: 'password'; reason: 'needed' | 'incorrect' }
  | { status: 'error'; error: LoadError }
  | { status: 'ready'; doc: PDFDocumentProxy };

/**
 * Loads a PDF with pdf.js and follows it through its states: loading (with progress), asking for a
 * password (again when it was wrong), failed (with a kind for the message), or ready. `abort()` stops a
 * load; `retry()` starts it over. A new source starts a new load and ends the old one.
 */
export function usePdfDocument(source: PdfSource | null) {
  const [attempt, setAttempt] = useState(0);
  // Each load has a key; what was stored for an older load is not shown for a newer one.
  const key = useMemo(() => ({ source, attempt }), [source, attempt]);
  const [stored, setStored] = useState<{ key: typeof key; state: LoadState } | null>(null);
  const keyRef = useRef(key);
  const setState = useCallback((next: LoadState | ((s: LoadState) => LoadState)) => {
    setStored((prev) => {
      const current: LoadState = prev && prev.key === keyRef.current ? prev.state : { status: 'loading', progress: null };
      return { key: keyRef.current, state: typeof next === 'function' ? next(current) : next };
    });
  }, []);
  const state: LoadState = !source ? { status: 'idle' } : stored && stored.key === key ? stored.state : { status: 'loading', progress: null };
  const taskRef = useRef<PDFDocumentLoadingTask | null>(null);
  const passwordRef = useRef<((password: string) => void) | null>(null);
  const settledRef = useRef(false);
  const reasonRef = useRef<'needed' | 'incorrect'>('needed');

  useEffect(() => {
    keyRef.current = key;
    if (!source) return;
    let active = true;
    settledRef.current = false;
    // pdf.js hands the bytes to its worker (detaching them): give it a copy so a retry still has them.
    const task = openDocument('data' in source ? { data: source.data.slice() } : source);
    taskRef.current = task;
    task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      if (!active) return;
      setState((s) => (s.status === 'loading' ? { status: 'loading', progress: total ? Math.min(1, loaded / total) : null } : s));
    };
    task.onPassword = (update: (password: string) => void, reason: number) => {
      if (!active) return;
      passwordRef.current = update;
      reasonRef.current = reason === INCORRECT_PASSWORD ? 'incorrect' : 'needed';
      setState({ status: 'password', reason: reasonRef.current });
    };
    task.promise.then(
      (doc) => {
        settledRef.current = true;
        if (active) setState({ status: 'ready', doc });
        else void doc.destroy();
      },
      (err: unknown) => {
        settledRef.current = true;
        if (active) setState({ status: 'error', error: classifyLoadError(err) });
      },
    );
    return () => {
      active = false;
      passwordRef.current = null;
      taskRef.current = null;
      void task.destroy().catch(() => undefined);
    };
  }, [key, source, setState]);

  const stop = useCallback(
    (error: LoadError) => {
      const task = taskRef.current;
      taskRef.current = null;
      passwordRef.current = null;
      setState({ status: 'error', error });
      if (task && !settledRef.current) void task.destroy().catch(() => undefined);
    },
    [setState],
  );

  return {
    state,
    submitPassword: useCallback(
      (password: string) => {
        const update = passwordRef.current;
        if (!update) return;
        setState({ status: 'loading', progress: null });
        update(password);
      },
      [setState],
    ),
    /** The reader closed the password prompt: the document stays closed. */
    cancelPassword: useCallback(() => stop({ kind: reasonRef.current === 'incorrect' ? 'passwordIncorrect' : 'passwordNeeded' }), [stop]),
    abort: useCallback(() => stop({ kind: 'aborted' }), [stop]),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
