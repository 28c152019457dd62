import { useCallback, useEffect, useRef, useState } from 'react';
import { pdfjsLib, type PDFDocumentProxy } from './pdfjs';

/** DESIGN §5: Inactive → CheckingPermission → Preparing (with progress) → Ready; cancellable throughout. */
export type PrintPhase = 'inactive' | 'checkingPermission' | 'preparing' | 'ready' | 'cancelled' | 'refused';

export interface PrintState {
  phase: PrintPhase;
  done: number;
  total: number;
}

/** 150 dpi: sharp on paper, and a 300-page document still fits in memory as images. */
const PRINT_SCALE = 150 / 72;
const MAX_PRINT_PIXELS = 4096 * 4096;

interface Job {
  cancelled: boolean;
  urls: string[];
  container: HTMLDivElement | null;
  style: HTMLStyleElement | null;
}

/**
 * Prints the document our own way (pdf.js's viewer leaves printing to its app): ask the PDF whether it
 * may be printed, draw every page into an image, put the images into a print-only container and open
 * the browser's print dialog. Refused, with a message, when the PDF forbids printing.
 */
export function usePrint(doc: PDFDocumentProxy | null) {
  const [state, setState] = useState<PrintState>({ phase: 'inactive', done: 0, total: 0 });
  const jobRef = useRef<Job | null>(null);

  const cleanup = useCallback((job: Job) => {
    job.urls.forEach((url) => URL.revokeObjectURL(url));
    job.urls = [];
    job.container?.remove();
    job.style?.remove();
    job.container = null;
    job.style = null;
    if (jobRef.current === job) jobRef.current = null;
  }, []);

  const cancel = useCallback(() => {
    const job = jobRef.current;
    if (!job) return setState((s) => ({ ...s, phase: 'inactive' }));
    job.cancelled = true;
    cleanup(job);
    setState((s) => ({ ...s, phase: 'cancelled' }));
  }, [cleanup]);

  const dismiss = useCallback(() => setState({ phase: 'inactive', done: 0, total: 0 }), []);

  const start = useCallback(async () => {
    if (!doc || jobRef.current) return;
    const job: Job = { cancelled: false, urls: [], container: null, style: null };
    jobRef.current = job;
    const total = doc.numPages;
    setState({ phase: 'checkingPermission', done: 0, total });
    try {
      const permissions = await doc.getPermissions();
      if (job.cancelled) return;
      if (permissions && !permissions.includes(pdfjsLib.PermissionFlag.PRINT)) {
        cleanup(job);
        setState({ phase: 'refused', done: 0, total });
        return;
      }
      setState({ phase: 'preparing', done: 0, total });
      let pageSize: { width: number; height: number } | null = null;
      for (let n = 1; n <= total; n++) {
        const page = await doc.getPage(n);
        if (job.cancelled) return;
        const unscaled = page.getViewport({ scale: 1 });
        pageSize ??= { width: unscaled.width, height: unscaled.height };
        const scale = Math.min(PRINT_SCALE, Math.sqrt(MAX_PRINT_PIXELS / (unscaled.width * unscaled.height)));
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport, intent: 'print', annotationMode: pdfjsLib.AnnotationMode.ENABLE_STORAGE }).promise;
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve));
        canvas.width = canvas.height = 0;
        page.cleanup();
        if (job.cancelled) return;
        if (blob) job.urls.push(URL.createObjectURL(blob));
        setState({ phase: 'preparing', done: n, total });
      }
      if (job.cancelled) return;

      const container = document.createElement('div');
      container.className = 'bansi-print-container';
      for (const url of job.urls) {
        const img = document.createElement('img');
        img.src = url;
        img.alt = '';
        const wrap = document.createElement('div');
        wrap.className = 'bansi-print-page';
        wrap.append(img);
        container.append(wrap);
      }
      const style = document.createElement('style');
      if (pageSize) style.textContent = `@page { size: ${pageSize.width}pt ${pageSize.height}pt; margin: 0; }`;
      document.head.append(style);
      document.body.append(container);
      job.container = container;
      job.style = style;
      await Promise.all([...container.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined)));
      if (job.cancelled) return;
      setState({ phase: 'ready', done: total, total });
    } catch {
      cleanup(job);
      if (!job.cancelled) setState({ phase: 'inactive', done: 0, total: 0 });
    }
  }, [doc, cleanup]);

  /** Ready: open the browser's print dialog (it blocks until closed), then tidy up. */
  const print = useCallback(() => {
    const job = jobRef.current;
    if (!job || state.phase !== 'ready') return;
    window.print();
    cleanup(job);
    setState({ phase: 'inactive', done: 0, total: 0 });
  }, [state.phase, cleanup]);

  useEffect(() => {
    if (state.phase === 'ready') {
      const timer = window.setTimeout(print, 0);
      return () => window.clearTimeout(timer);
    }
  }, [state.phase, print]);

  // A new document (or leaving the viewer) ends a print job in progress.
  useEffect(
    () => () => {
      const job = jobRef.current;
      if (job) {
        job.cancelled = true;
        cleanup(job);
      }
    },
    [doc, cleanup],
  );

  return { state, start, cancel, dismiss, print };
}
