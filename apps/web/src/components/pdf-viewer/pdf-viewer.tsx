import { Alert, Button, Group, Loader, MantineProvider, Stack, Text, useMantineTheme, type MantineColorSchemeManager } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pdf-viewer.module.css';
import './print.css';
import type { PDFDocumentProxy, PdfSource } from './pdfjs';
import { Sidebar, useOutline } from './sidebar';
import { Toolbar, type SelectionMode, type ViewerTheme } from './toolbar';
import type { PdfViewerProps } from './types';
import { useHandTool } from './use-hand-tool';
import { usePdfDocument } from './use-pdf-document';
import { usePrint } from './use-print';
import { DEFAULT_SCALE, PHONE_QUERY, ScrollMode, useViewer } from './use-viewer';
import { lazyPart } from '../../lib/lazy';
import { useReleaseFirstPaint } from '../../lib/first-paint';

// Not at first paint: the find bar, and the dialogs (password, print, properties) with Mantine's Modal,
// PasswordInput, Progress and Table. Each loads when first needed (decision 280); a dialog then stays
// mounted so it closes with its transition and keeps what it read.
const FindBar = lazyPart(() => import('./find-bar').then((m) => m.FindBar));
const PasswordDialog = lazyPart(() => import('./dialogs').then((m) => m.PasswordDialog));
const PrintDialog = lazyPart(() => import('./dialogs').then((m) => m.PrintDialog));
const PropertiesDialog = lazyPart(() => import('./dialogs').then((m) => m.PropertiesDialog));

const THEME_KEY = 'bansi.viewer.theme';
/** Below this width the toolbar folds its less used tools into the "more" menu, and the sidebar floats. */
const COMPACT_WIDTH = 720;

const fixedScheme = (scheme: ViewerTheme): MantineColorSchemeManager => ({
  get: () => scheme,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
});

function storedTheme(): ViewerTheme {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * The one PDF viewer of the app (DESIGN §5): pdf.js's PDFViewer for the pages, text layer, zoom,
 * rotation, scroll and spread modes and search; our own toolbar, sidebar (thumbnails, outline),
 * printing, properties, password prompt and error messages, in the user's language.
 */
export default function PdfViewer({ url, data, fileName, downloadUrl, defaultScale = DEFAULT_SCALE, height = '100%' }: PdfViewerProps) {
  const { t } = useTranslation();
  const outerTheme = useMantineTheme();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const rootId = `pdf-viewer-${uid}`;
  const portalId = `pdf-viewer-portal-${uid}`;

  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const { ref: sizeRef, width, height: rootHeight } = useElementSize();
  const mergedRootRef = useMergedRef(rootRef, sizeRef);

  // A file opened from the device replaces the given document, until the given one changes.
  const given = url ?? data ?? null;
  const [opened, setLocal] = useState<{ data: Uint8Array; name: string; over: typeof given } | null>(null);
  const local = opened && opened.over === given ? opened : null;
  const source = useMemo<PdfSource | null>(() => (local ? { data: local.data } : url ? { url } : data ? { data } : null), [local, url, data]);
  const shownName = local?.name ?? fileName ?? null;

  const { state, submitPassword, cancelPassword, abort, retry } = usePdfDocument(source);
  const doc = state.status === 'ready' ? state.doc : null;
  // On a phone the page opens at its width (120 % of a 360 px screen cuts every line); chosen once, so
  // turning the phone does not reload the document.
  const [openScale] = useState(() => (window.matchMedia(PHONE_QUERY).matches ? 'page-width' : defaultScale));
  const { snapshot, actions } = useViewer(containerRef, viewerRef, doc, openScale);
  const outline = useOutline(doc);
  const print = usePrint(doc);
  const [printUsed, setPrintUsed] = useState(false);
  if (print.state.phase !== 'inactive' && !printUsed) setPrintUsed(true);

  // The box's width before the first paint: the ResizeObserver behind useElementSize answers after it, and a
  // phone drew the wide toolbar once and then the compact one (a layout shift of 0.32 in Lighthouse, issue 29).
  const [firstWidth, setFirstWidth] = useState(0);
  useLayoutEffect(() => setFirstWidth(rootRef.current?.getBoundingClientRect().width ?? 0), []);
  const boxWidth = width || firstWidth;
  const compact = boxWidth > 0 && boxWidth < COMPACT_WIDTH;
  const [sidebarChoice, setSidebarChoice] = useState<boolean | null>(null);
  const sidebarOpen = doc !== null && (sidebarChoice ?? (boxWidth > 0 && !compact));
  // The search bar and the properties belong to the document they were opened on.
  const [searchDoc, setSearchDoc] = useState<PDFDocumentProxy | null>(null);
  const searchOpen = doc !== null && searchDoc === doc;
  const setSearchOpen = (open: boolean) => setSearchDoc(open ? doc : null);
  const [selection, setSelection] = useState<SelectionMode>('text');
  const [theme, setTheme] = useState<ViewerTheme>(storedTheme);
  const [fullScreen, setFullScreen] = useState(false);
  const [propertiesDoc, setPropertiesDoc] = useState<PDFDocumentProxy | null>(null);
  const propertiesOpen = doc !== null && propertiesDoc === doc;
  // A lazy dialog is mounted from its first opening on (then it stays, for its closing transition).
  const [propertiesUsed, setPropertiesUsed] = useState(false);
  if (propertiesOpen && !propertiesUsed) setPropertiesUsed(true);
  const setPropertiesOpen = (open: boolean) => setPropertiesDoc(open ? doc : null);
  useHandTool(containerRef, selection === 'hand');

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const changeTheme = (next: ViewerTheme) => {
    setTheme(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      /* not kept */
    }
  };

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen().catch(() => undefined);
  };

  const download = useCallback(async () => {
    const save = (href: string, name: string) => {
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
    };
    const name = shownName ?? 'document.pdf';
    if (downloadUrl && !local) return save(downloadUrl, name);
    if (!doc) return;
    const bytes = await doc.getData();
    const href = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
    save(href, name);
    window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  }, [doc, downloadUrl, local, shownName]);

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setLocal({ data: new Uint8Array(await file.arrayBuffer()), name: file.name, over: given });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    if (mod && key.toLowerCase() === 'f' && doc) {
      event.preventDefault();
      setSearchOpen(true);
      return;
    }
    if (mod && key.toLowerCase() === 'p' && doc) {
      event.preventDefault();
      void print.start();
      return;
    }
    if (!doc || isTyping(event.target) || event.altKey) return;
    if (mod && (key === '+' || key === '=')) actions.zoomIn();
    else if (mod && key === '-') actions.zoomOut();
    else if (mod && key === '0') actions.setZoom(openScale);
    else if (mod) return;
    else if (key === 'n' || key === 'j') actions.next();
    else if (key === 'p' || key === 'k') actions.previous();
    else if (key === 'r') actions.rotate(90);
    else if (key === 'R') actions.rotate(-90);
    else if (key === 'h') setSelection('hand');
    else if (key === 's') setSelection('text');
    else if ((key === 'ArrowRight' || key === 'ArrowLeft') && snapshot.scrollMode === ScrollMode.PAGE) {
      if (key === 'ArrowRight') actions.next();
      else actions.previous();
    } else return;
    event.preventDefault();
  };

  const viewerTheme = useMemo(
    () => ({
      ...outerTheme,
      // Menus, dialogs and tooltips open inside the viewer, so they show in full screen and take its theme.
      components: { ...outerTheme.components, Portal: { defaultProps: { target: `#${portalId}` } } },
    }),
    [outerTheme, portalId],
  );
  const schemeManager = useMemo(() => fixedScheme(theme), [theme]);

  const status = state.status === 'ready' ? (snapshot.firstPageRendered ? 'rendered' : 'ready') : state.status;
  // The server's picture of the first page (lib/first-paint.ts) gives way to the drawn page, or to the error.
  useReleaseFirstPaint(status === 'rendered' || status === 'error');
  const error = state.status === 'error' ? state.error : null;
  const errorMessage = error ? t(`viewer.errors.${error.kind}`, { status: error.status ?? '' }) : '';

  return (
    <MantineProvider
      theme={viewerTheme}
      forceColorScheme={theme}
      colorSchemeManager={schemeManager}
      cssVariablesSelector={`#${rootId}`}
      getRootElement={() => rootRef.current ?? undefined}
      withGlobalClasses={false}
    >
      <div
        id={rootId}
        ref={mergedRootRef}
        className={`${classes.root} ${compact ? classes.compact : ''}`}
        style={{ height }}
        data-theme={theme}
        data-mantine-color-scheme={theme}
        data-testid="pdf-viewer"
        data-state={status}
        data-error={error?.kind}
        data-print-phase={print.state.phase}
        data-compact={compact ? 'true' : undefined}
        role="region"
        aria-label={t('viewer.region')}
        onKeyDown={onKeyDown}
      >
        <Toolbar
          compact={compact}
          menuMaxHeight={rootHeight - 60}
          ready={doc !== null}
          snapshot={snapshot}
          sidebarOpen={sidebarOpen}
          searchOpen={searchOpen}
          fullScreen={fullScreen}
          fullScreenSupported={typeof document !== 'undefined' && document.fullscreenEnabled}
          selection={selection}
          theme={theme}
          canDownload={doc !== null || (!!downloadUrl && !local)}
          onToggleSidebar={() => setSidebarChoice(!sidebarOpen)}
          onToggleSearch={() => {
            if (searchOpen) actions.closeFind();
            setSearchOpen(!searchOpen);
          }}
          onFirst={actions.first}
          onPrevious={actions.previous}
          onNext={actions.next}
          onLast={actions.last}
          onGoToPage={actions.goToPage}
          onZoomIn={actions.zoomIn}
          onZoomOut={actions.zoomOut}
          onZoom={actions.setZoom}
          onRotate={actions.rotate}
          onScrollMode={actions.setScrollMode}
          onSpreadMode={actions.setSpreadMode}
          onSelection={setSelection}
          onTheme={changeTheme}
          onFullScreen={toggleFullScreen}
          onOpenFile={() => fileInputRef.current?.click()}
          onDownload={() => void download()}
          onPrint={() => void print.start()}
          onProperties={() => setPropertiesOpen(true)}
        />
        {searchOpen && doc && (
          <Suspense fallback={null}>
            <FindBar
              result={snapshot.find}
              onFind={actions.find}
              onAgain={actions.findAgain}
              onClose={() => {
                actions.closeFind();
                setSearchOpen(false);
                containerRef.current?.focus();
              }}
            />
          </Suspense>
        )}
        <div className={classes.body}>
          {/* On a wide screen the thumbnails open with the document: their place is kept while it loads, so the
              pages and the loading notice do not move sideways when it arrives. */}
          {!doc && state.status !== 'error' && sidebarChoice === null && boxWidth > 0 && !compact && (
            <div className={classes.sidebar} aria-hidden data-testid="pdf-sidebar-placeholder" />
          )}
          {sidebarOpen && doc && (
            <Sidebar
              doc={doc}
              page={snapshot.page}
              rotation={snapshot.rotation}
              enabled={snapshot.firstPageRendered}
              outline={outline}
              onSelectPage={(n) => {
                actions.goToPage(n);
                if (compact) setSidebarChoice(false);
              }}
              onGoToDestination={(dest) => {
                actions.goToDestination(dest);
                if (compact) setSidebarChoice(false);
              }}
            />
          )}
          <div className={classes.main}>
            <div
              ref={containerRef}
              className={classes.container}
              tabIndex={0}
              role="document"
              aria-label={t('viewer.pages')}
              data-selection={selection}
              data-testid="pdf-pages"
            >
              <div ref={viewerRef} className="pdfViewer" />
            </div>
            {(state.status === 'loading' || (state.status === 'ready' && !snapshot.firstPageRendered)) && (
              <div className={classes.overlay} data-testid="pdf-loading">
                <Stack align="center" gap="xs">
                  <Loader size="md" />
                  <Text aria-live="polite">
                    {state.status === 'loading' && state.progress !== null
                      ? t('viewer.loadingProgress', {
                          percent: new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(state.progress),
                        })
                      : t('viewer.loading')}
                  </Text>
                  {state.status === 'loading' && (
                    <Button variant="default" size="xs" onClick={abort}>
                      {t('viewer.cancelLoading')}
                    </Button>
                  )}
                </Stack>
              </div>
            )}
            {error && (
              <div className={classes.overlay}>
                <Alert
                  className={classes.notice}
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle />}
                  title={t('viewer.errors.title')}
                  role="alert"
                  data-testid="pdf-error"
                  data-kind={error.kind}
                >
                  <Stack gap="sm">
                    {error.kind !== 'cannotLoad' && <Text size="sm">{errorMessage}</Text>}
                    <Group gap="xs">
                      {error.kind !== 'invalid' && (
                        <Button size="xs" onClick={retry}>
                          {t('viewer.errors.retry')}
                        </Button>
                      )}
                      <Button size="xs" variant="default" onClick={() => fileInputRef.current?.click()}>
                        {t('viewer.toolbar.openFile')}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              </div>
            )}
          </div>
        </div>
        <input
          ref={fileInputRef}
          type="file"
          accept="application/pdf,.pdf"
          className={classes.hiddenInput}
          onChange={(e) => void openFile(e)}
          data-testid="pdf-file-input"
          tabIndex={-1}
          aria-hidden
        />
        <Suspense fallback={null}>
          {state.status === 'password' && <PasswordDialog reason={state.reason} onSubmit={submitPassword} onCancel={cancelPassword} />}
          {printUsed && <PrintDialog state={print.state} onCancel={print.cancel} onDismiss={print.dismiss} onPrint={print.print} />}
          {propertiesUsed && (
            <PropertiesDialog
              doc={doc}
              fileName={shownName}
              fileSize={local?.data.length ?? (url ? null : (data?.length ?? null))}
              opened={propertiesOpen}
              onClose={() => setPropertiesOpen(false)}
            />
          )}
        </Suspense>
        <div id={portalId} />
      </div>
    </MantineProvider>
  );
}
