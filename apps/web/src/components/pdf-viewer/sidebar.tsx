import { ActionIcon, Tabs } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pdf-viewer.module.css';
import type { PDFDocumentProxy } from './pdfjs';

/** DESIGN §5: thumbnails 100 px wide. */
export const THUMBNAIL_WIDTH = 100;

interface OutlineItem {
  title: string;
  dest: string | unknown[] | null;
  url: string | null;
  items: OutlineItem[];
}

/** Draws thumbnails one at a time, only for those in view, lowest page first. */
function createThumbnailQueue(doc: PDFDocumentProxy) {
  const visible = new Set<number>();
  const drawers = new Map<number, (canvas: HTMLCanvasElement) => void>();
  const canvases = new Map<number, HTMLCanvasElement>();
  const done = new Set<number>();
  let busy = false;
  let destroyed = false;
  let rotation = 0;

  const pump = async () => {
    if (busy || destroyed) return;
    const next = [...visible].filter((n) => !done.has(n) && canvases.has(n)).sort((a, b) => a - b)[0];
    if (next === undefined) return;
    busy = true;
    try {
      const page = await doc.getPage(next);
      const base = page.getViewport({ scale: 1, rotation: (page.rotate + rotation) % 360 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (THUMBNAIL_WIDTH / base.width) * ratio, rotation: (page.rotate + rotation) % 360 });
      const canvas = canvases.get(next);
      if (canvas && !destroyed) {
        const scratch = document.createElement('canvas');
        scratch.width = Math.ceil(viewport.width);
        scratch.height = Math.ceil(viewport.height);
        await page.render({ canvas: scratch, viewport }).promise;
        canvas.width = scratch.width;
        canvas.height = scratch.height;
        canvas.style.height = `${Math.round(scratch.height / ratio)}px`;
        canvas.getContext('2d')?.drawImage(scratch, 0, 0);
        scratch.width = scratch.height = 0;
        drawers.get(next)?.(canvas);
      }
      done.add(next);
    } catch {
      done.add(next);
    } finally {
      busy = false;
      void pump();
    }
  };

  return {
    attach(n: number, canvas: HTMLCanvasElement | null, onDrawn: (canvas: HTMLCanvasElement) => void) {
      if (canvas) {
        canvases.set(n, canvas);
        drawers.set(n, onDrawn);
      } else {
        canvases.delete(n);
        drawers.delete(n);
        done.delete(n);
      }
    },
    show(n: number, isVisible: boolean) {
      if (isVisible) visible.add(n);
      else visible.delete(n);
      void pump();
    },
    setRotation(value: number) {
      if (value === rotation) return;
      rotation = value;
      done.clear();
      void pump();
    },
    destroy() {
      destroyed = true;
    },
  };
}

type Queue = ReturnType<typeof createThumbnailQueue>;

function Thumbnail({
  page,
  current,
  aspect,
  queue,
  root,
  onSelect,
}: {
  page: number;
  current: boolean;
  aspect: number;
  queue: Queue;
  root: HTMLElement | null;
  onSelect: (page: number) => void;
}) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    queue.attach(page, canvasRef.current, () => setDrawn(true));
    return () => queue.attach(page, null, () => undefined);
  }, [queue, page]);

  useEffect(() => {
    const el = buttonRef.current;
    if (!el || !root) return;
    const observer = new IntersectionObserver((entries) => entries.forEach((e) => queue.show(page, e.isIntersecting)), {
      root,
      rootMargin: '200px 0px',
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      queue.show(page, false);
    };
  }, [queue, page, root]);

  useEffect(() => {
    if (current) buttonRef.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const label = t('viewer.sidebar.thumbnail', { page });
  return (
    <button
      ref={buttonRef}
      type="button"
      className={classes.thumbnail}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      data-page={page}
      data-drawn={drawn ? 'true' : undefined}
      onClick={() => onSelect(page)}
    >
      <canvas ref={canvasRef} className={classes.thumbnailImage} style={drawn ? undefined : { height: Math.round(THUMBNAIL_WIDTH * aspect) }} />
      <span className={classes.thumbnailLabel} aria-hidden>
        {page}
      </span>
    </button>
  );
}

function Thumbnails({
  doc,
  page,
  rotation,
  enabled,
  onSelect,
}: {
  doc: PDFDocumentProxy;
  page: number;
  rotation: number;
  enabled: boolean;
  onSelect: (page: number) => void;
}) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [aspect, setAspect] = useState(1.414);
  const queue = useMemo(() => createThumbnailQueue(doc), [doc]);
  useEffect(() => () => queue.destroy(), [queue]);
  useEffect(() => queue.setRotation(rotation), [queue, rotation]);
  useEffect(() => {
    let active = true;
    void doc.getPage(1).then((p) => {
      const v = p.getViewport({ scale: 1, rotation: (p.rotate + rotation) % 360 });
      if (active) setAspect(v.height / v.width);
    });
    return () => {
      active = false;
    };
  }, [doc, rotation]);
  const pages = useMemo(() => Array.from({ length: doc.numPages }, (_, i) => i + 1), [doc]);
  return (
    <div ref={setRoot} className={classes.sidebarScroll} data-testid="pdf-thumbnails">
      {enabled && pages.map((n) => <Thumbnail key={n} page={n} current={n === page} aspect={aspect} queue={queue} root={root} onSelect={onSelect} />)}
    </div>
  );
}

function OutlineTree({ items, onGo }: { items: OutlineItem[]; onGo: (item: OutlineItem) => void }) {
  return (
    <ul className={classes.outline}>
      {items.map((item, i) => (
        <OutlineNode key={`${i}-${item.title}`} item={item} onGo={onGo} />
      ))}
    </ul>
  );
}

function OutlineNode({ item, onGo }: { item: OutlineItem; onGo: (item: OutlineItem) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <li>
      <div className={classes.outlineRow}>
        {item.items.length > 0 && (
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-expanded={open}
            aria-label={t(open ? 'viewer.sidebar.collapse' : 'viewer.sidebar.expand', { title: item.title })}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        )}
        <button type="button" className={classes.outlineLink} onClick={() => onGo(item)}>
          {item.title}
        </button>
      </div>
      {open && item.items.length > 0 && <OutlineTree items={item.items} onGo={onGo} />}
    </li>
  );
}

/** The document's outline (bookmarks), or null while loading / when it has none. */
export function useOutline(doc: PDFDocumentProxy | null) {
  const [loaded, setLoaded] = useState<{ doc: PDFDocumentProxy; items: OutlineItem[] | null } | null>(null);
  useEffect(() => {
    if (!doc) return;
    let active = true;
    void doc
      .getOutline()
      .then((items) => active && setLoaded({ doc, items: items?.length ? (items as unknown as OutlineItem[]) : null }))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [doc]);
  return loaded && loaded.doc === doc ? loaded.items : null;
}

export function Sidebar({
  doc,
  page,
  rotation,
  enabled,
  outline,
  onSelectPage,
  onGoToDestination,
}: {
  doc: PDFDocumentProxy;
  page: number;
  rotation: number;
  enabled: boolean;
  outline: OutlineItem[] | null;
  onSelectPage: (page: number) => void;
  onGoToDestination: (dest: string | unknown[]) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('thumbnails');
  const go = (item: OutlineItem) => {
    if (item.dest) onGoToDestination(item.dest);
    else if (item.url) window.open(item.url, '_blank', 'noopener,noreferrer');
  };
  const thumbnails = <Thumbnails doc={doc} page={page} rotation={rotation} enabled={enabled} onSelect={onSelectPage} />;
  return (
    <aside className={classes.sidebar} aria-label={t('viewer.sidebar.label')} data-testid="pdf-sidebar">
      {outline ? (
        <Tabs value={tab} onChange={setTab} style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
          <Tabs.List grow>
            <Tabs.Tab value="thumbnails" px={4} fz="xs">
              {t('viewer.sidebar.thumbnails')}
            </Tabs.Tab>
            <Tabs.Tab value="outline" px={4} fz="xs">
              {t('viewer.sidebar.outline')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="thumbnails" style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
            {thumbnails}
          </Tabs.Panel>
          <Tabs.Panel value="outline" style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="pdf-outline">
            <OutlineTree items={outline} onGo={go} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        thumbnails
      )}
    </aside>
  );
}
