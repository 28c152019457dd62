import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { createPdfL10n } from './l10n';
import { EventBus, FindState, PDFFindController, PDFLinkService, PDFViewer, pdfjsLib, ScrollMode, SpreadMode, type PDFDocumentProxy } from './pdfjs';

export { FindState, ScrollMode, SpreadMode };

/** DESIGN §5: default scale 1.2; the zoom menu's presets. */
export const DEFAULT_SCALE = 1.2;
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
export const SPECIAL_ZOOMS = ['page-actual', 'page-fit', 'page-width'] as const;
export type SpecialZoom = (typeof SPECIAL_ZOOMS)[number];
/** A screen this narrow is a phone: documents open at page width there, not at DEFAULT_SCALE. */
export const PHONE_QUERY = '(max-width: 599.98px)';

export interface FindOptions {
  query: string;
  caseSensitive: boolean;
  entireWord: boolean;
}

export interface FindResult {
  state: 'idle' | 'found' | 'notFound' | 'wrapped' | 'pending';
  current: number;
  total: number;
}

export interface ViewerSnapshot {
  page: number;
  pagesCount: number;
  scale: number;
  /** a preset name or the numeric scale as text */
  scaleValue: string;
  rotation: number;
  scrollMode: number;
  spreadMode: number;
  /** the first page has been drawn (for the loading overlay and for measuring) */
  firstPageRendered: boolean;
  find: FindResult;
}

const initial: ViewerSnapshot = {
  page: 1,
  pagesCount: 0,
  scale: DEFAULT_SCALE,
  scaleValue: String(DEFAULT_SCALE),
  rotation: 0,
  scrollMode: ScrollMode.VERTICAL,
  spreadMode: SpreadMode.NONE,
  firstPageRendered: false,
  find: { state: 'idle', current: 0, total: 0 },
};

const findStates: Record<number, FindResult['state']> = {
  [FindState.FOUND]: 'found',
  [FindState.NOT_FOUND]: 'notFound',
  [FindState.WRAPPED]: 'wrapped',
  [FindState.PENDING]: 'pending',
};

/**
 * pdf.js's viewer (PDFViewer with its link service and find controller) in a container, driven by
 * React: what it shows comes back as a snapshot; the returned actions change it.
 */
export function useViewer(
  containerRef: RefObject<HTMLDivElement | null>,
  viewerRef: RefObject<HTMLDivElement | null>,
  doc: PDFDocumentProxy | null,
  defaultScale: number | SpecialZoom = DEFAULT_SCALE,
) {
  const { t, i18n } = useTranslation();
  // The snapshot belongs to one document; another document starts from the initial one.
  const [stored, setStored] = useState<{ doc: PDFDocumentProxy | null; snapshot: ViewerSnapshot }>({ doc: null, snapshot: initial });
  const fresh = useCallback((d: PDFDocumentProxy | null): ViewerSnapshot => ({ ...initial, pagesCount: d?.numPages ?? 0 }), []);
  const snapshot = stored.doc === doc ? stored.snapshot : fresh(doc);
  const setSnapshot = useCallback(
    (fn: (s: ViewerSnapshot) => ViewerSnapshot) => setStored((prev) => ({ doc, snapshot: fn(prev.doc === doc ? prev.snapshot : fresh(doc)) })),
    [doc, fresh],
  );
  const parts = useRef<{ viewer: PDFViewer; bus: EventBus; links: PDFLinkService; find: PDFFindController } | null>(null);
  const findOptions = useRef<FindOptions>({ query: '', caseSensitive: false, entireWord: false });

  useEffect(() => {
    const container = containerRef.current;
    const viewerEl = viewerRef.current;
    if (!container || !viewerEl || !doc) return;
    const bus = new EventBus();
    const links = new PDFLinkService({ eventBus: bus });
    const find = new PDFFindController({ linkService: links, eventBus: bus, updateMatchesCountOnProgress: true });
    const abort = new AbortController();
    const viewer = new PDFViewer({
      container,
      viewer: viewerEl,
      eventBus: bus,
      linkService: links,
      findController: find,
      // Our own labels (viewer.json) instead of pdf.js's Fluent files from the server.
      l10n: createPdfL10n(t, i18n.language) as unknown as ConstructorParameters<typeof PDFViewer>[0]['l10n'],
      removePageBorders: false,
      // No annotation editing (the viewer has no tools for it): pdf.js then creates no editor layers, and the
      // editors are not in the bundle (pdfjs-global.ts, decision 280).
      annotationEditorMode: pdfjsLib.AnnotationEditorType.DISABLE,
      // Not in pdf.js's typings, but read by PDFViewer: ends its resize observer and scroll listener.
      ...({ abortSignal: abort.signal } as object),
    });
    links.setViewer(viewer);
    parts.current = { viewer, bus, links, find };
    const update = (patch: Partial<ViewerSnapshot>) => setSnapshot((s) => ({ ...s, ...patch }));

    bus.on('pagesinit', () => {
      viewer.currentScaleValue = String(defaultScale);
    });
    bus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => update({ page: pageNumber }));
    bus.on('scalechanging', ({ scale, presetValue }: { scale: number; presetValue?: string }) =>
      update({ scale, scaleValue: presetValue ?? String(scale) }),
    );
    bus.on('rotationchanging', ({ pagesRotation }: { pagesRotation: number }) => update({ rotation: pagesRotation }));
    bus.on('scrollmodechanged', ({ mode }: { mode: number }) => update({ scrollMode: mode }));
    bus.on('spreadmodechanged', ({ mode }: { mode: number }) => update({ spreadMode: mode }));
    let first = false;
    bus.on('pagerendered', () => {
      if (first) return;
      first = true;
      performance.mark('bansi:pdf-first-page');
      update({ firstPageRendered: true });
    });
    bus.on('updatefindmatchescount', ({ matchesCount }: { matchesCount: { current: number; total: number } }) =>
      setSnapshot((s) => ({ ...s, find: { ...s.find, current: matchesCount.current, total: matchesCount.total } })),
    );
    bus.on('updatefindcontrolstate', ({ state, matchesCount }: { state: number; matchesCount: { current: number; total: number } }) =>
      update({ find: { state: findStates[state] ?? 'idle', current: matchesCount.current, total: matchesCount.total } }),
    );

    viewer.setDocument(doc);
    links.setDocument(doc, null);
    find.setDocument(doc);
    return () => {
      abort.abort();
      parts.current = null;
      find.setDocument(null as unknown as PDFDocumentProxy);
      links.setDocument(null, null);
      viewer.setDocument(null as unknown as PDFDocumentProxy);
      viewerEl.replaceChildren();
    };
  }, [containerRef, viewerRef, doc, defaultScale, t, i18n.language, setSnapshot]);

  const withViewer = useCallback(<T>(fn: (v: PDFViewer) => T): T | undefined => {
    const p = parts.current;
    return p ? fn(p.viewer) : undefined;
  }, []);

  const dispatchFind = useCallback(
    (type: string, findPrevious = false) => {
      const p = parts.current;
      if (!p) return;
      const { query, caseSensitive, entireWord } = findOptions.current;
      if (!query) {
        // An empty query clears the highlights.
        p.bus.dispatch('findbarclose', { source: null });
        setSnapshot((s) => ({ ...s, find: { state: 'idle', current: 0, total: 0 } }));
        return;
      }
      p.bus.dispatch('find', { source: null, type, query, caseSensitive, entireWord, highlightAll: true, findPrevious, matchDiacritics: false });
    },
    [setSnapshot],
  );

  const actions = {
    goToPage: (page: number) =>
      withViewer((v) => {
        const n = Math.round(page);
        if (n >= 1 && n <= v.pagesCount) v.currentPageNumber = n;
      }),
    first: () => withViewer((v) => (v.currentPageNumber = 1)),
    previous: () => withViewer((v) => v.previousPage()),
    next: () => withViewer((v) => v.nextPage()),
    last: () => withViewer((v) => (v.currentPageNumber = v.pagesCount)),
    zoomIn: () => withViewer((v) => v.increaseScale()),
    zoomOut: () => withViewer((v) => v.decreaseScale()),
    setZoom: (value: number | SpecialZoom) => withViewer((v) => (v.currentScaleValue = String(value))),
    rotate: (delta: 90 | -90) => withViewer((v) => (v.pagesRotation = (((v.pagesRotation + delta) % 360) + 360) % 360)),
    setScrollMode: (mode: number) => withViewer((v) => (v.scrollMode = mode)),
    setSpreadMode: (mode: number) => withViewer((v) => (v.spreadMode = mode)),
    goToDestination: (dest: string | unknown[]) => parts.current?.links.goToDestination(dest as string),
    find: (options: FindOptions) => {
      const changed = options.query !== findOptions.current.query;
      const previous = findOptions.current;
      findOptions.current = options;
      if (changed) return dispatchFind('');
      if (options.caseSensitive !== previous.caseSensitive) return dispatchFind('casesensitivitychange');
      if (options.entireWord !== previous.entireWord) return dispatchFind('entirewordchange');
    },
    findAgain: (previous: boolean) => dispatchFind('again', previous),
    closeFind: () => {
      findOptions.current = { ...findOptions.current, query: '' };
      dispatchFind('');
    },
  };

  return { snapshot, actions };
}
