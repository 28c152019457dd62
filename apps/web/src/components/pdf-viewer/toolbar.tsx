import { ActionIcon, Menu, Select, Text, TextInput, Tooltip, VisuallyHidden, type ComboboxItem } from '@mantine/core';
import {
  IconArrowsHorizontal,
  IconArrowsVertical,
  IconBook2,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconColumns2,
  IconCursorText,
  IconDotsVertical,
  IconDownload,
  IconFile,
  IconFileDescription,
  IconFolderOpen,
  IconHandStop,
  IconInfoCircle,
  IconLayoutGrid,
  IconLayoutSidebar,
  IconMaximize,
  IconMinimize,
  IconMoon,
  IconPrinter,
  IconRotate2,
  IconRotateClockwise2,
  IconSearch,
  IconSun,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pdf-viewer.module.css';
import { ScrollMode, SPECIAL_ZOOMS, SpreadMode, ZOOM_LEVELS, type SpecialZoom, type ViewerSnapshot } from './use-viewer';

export type SelectionMode = 'text' | 'hand';
export type ViewerTheme = 'light' | 'dark';

export interface ToolbarProps {
  compact: boolean;
  /** the height the "more" menu may take inside the viewer */
  menuMaxHeight: number;
  ready: boolean;
  snapshot: ViewerSnapshot;
  sidebarOpen: boolean;
  searchOpen: boolean;
  fullScreen: boolean;
  fullScreenSupported: boolean;
  selection: SelectionMode;
  theme: ViewerTheme;
  canDownload: boolean;
  onToggleSidebar(): void;
  onToggleSearch(): void;
  onFirst(): void;
  onPrevious(): void;
  onNext(): void;
  onLast(): void;
  onGoToPage(page: number): void;
  onZoomIn(): void;
  onZoomOut(): void;
  onZoom(value: number | SpecialZoom): void;
  onRotate(delta: 90 | -90): void;
  onScrollMode(mode: number): void;
  onSpreadMode(mode: number): void;
  onSelection(mode: SelectionMode): void;
  onTheme(theme: ViewerTheme): void;
  onFullScreen(): void;
  onOpenFile(): void;
  onDownload(): void;
  onPrint(): void;
  onProperties(): void;
}

function Tool({
  label,
  onClick,
  disabled,
  active,
  children,
  testId,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  active?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip label={label} openDelay={500} withArrow>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        size="var(--viewer-tool-size)"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

const percent = (lng: string, value: number) =>
  new Intl.NumberFormat(lng === 'lo' ? 'lo-LA' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(value);

function PageNumber({ page, count, disabled, onGo }: { page: number; count: number; disabled: boolean; onGo(page: number): void }) {
  const { t } = useTranslation();
  // What the reader is typing; otherwise the current page.
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(page);
  const commit = () => {
    const n = Number(value);
    if (draft !== null && Number.isInteger(n) && n >= 1 && n <= count) onGo(n);
    setDraft(null);
  };
  return (
    <>
      <TextInput
        className={classes.pageInput}
        size="xs"
        value={value}
        inputMode="numeric"
        aria-label={t('viewer.toolbar.pageNumber')}
        disabled={disabled}
        onChange={(e) => setDraft(e.currentTarget.value.replace(/[^0-9]/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
        onBlur={commit}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="pdf-page-input"
      />
      <Text className={classes.pageCount} data-testid="pdf-page-count">
        {t('viewer.toolbar.pageOf', { count })}
      </Text>
    </>
  );
}

export function Toolbar(p: ToolbarProps) {
  const { t, i18n } = useTranslation();
  const s = p.snapshot;
  const off = !p.ready;
  const lng = i18n.language;

  const zoomData: ComboboxItem[] = [
    { value: 'page-actual', label: t('viewer.zoom.actual') },
    { value: 'page-fit', label: t('viewer.zoom.pageFit') },
    { value: 'page-width', label: t('viewer.zoom.pageWidth') },
    ...ZOOM_LEVELS.map((z) => ({ value: String(z), label: percent(lng, z) })),
  ];
  // A scale that is no preset (the default 1.2, or after zooming in) shows among the percentages, in order.
  if (!zoomData.some((d) => d.value === s.scaleValue)) {
    const at = 3 + ZOOM_LEVELS.filter((z) => z < s.scale).length;
    zoomData.splice(at, 0, { value: s.scaleValue, label: percent(lng, s.scale) });
  }

  const check = (on: boolean) => (on ? <IconCheck size={14} /> : <span style={{ width: 14, display: 'inline-block' }} />);
  // Mantine's menu items are role=menuitem (no aria-checked): the choice is said in words and marked for tests.
  const radio = (on: boolean) => ({ 'data-checked': on ? 'true' : 'false' });
  const chosen = (on: boolean) => (on ? <VisuallyHidden>{` ${t('viewer.selected')}`}</VisuallyHidden> : null);

  const zoom = (
    <Select
      className={classes.zoomSelect}
      size="xs"
      aria-label={t('viewer.toolbar.zoom')}
      data={zoomData}
      value={s.scaleValue}
      allowDeselect={false}
      disabled={off}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        if (!value) return;
        p.onZoom((SPECIAL_ZOOMS as readonly string[]).includes(value) ? (value as SpecialZoom) : Number(value));
      }}
      data-testid="pdf-zoom"
    />
  );

  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('viewer.toolbar.label')} data-testid="pdf-toolbar">
      <div className={classes.group}>
        <Tool label={t('viewer.toolbar.sidebar')} onClick={p.onToggleSidebar} active={p.sidebarOpen} disabled={off} testId="pdf-sidebar-toggle">
          <IconLayoutSidebar size={18} />
        </Tool>
        {!p.compact && (
          <Tool label={t('viewer.toolbar.firstPage')} onClick={p.onFirst} disabled={off || s.page <= 1}>
            <IconChevronsLeft size={18} />
          </Tool>
        )}
        <Tool label={t('viewer.toolbar.previousPage')} onClick={p.onPrevious} disabled={off || s.page <= 1}>
          <IconChevronLeft size={18} />
        </Tool>
        <PageNumber page={s.page} count={s.pagesCount} disabled={off} onGo={p.onGoToPage} />
        <Tool label={t('viewer.toolbar.nextPage')} onClick={p.onNext} disabled={off || s.page >= s.pagesCount}>
          <IconChevronRight size={18} />
        </Tool>
        {!p.compact && (
          <Tool label={t('viewer.toolbar.lastPage')} onClick={p.onLast} disabled={off || s.page >= s.pagesCount}>
            <IconChevronsRight size={18} />
          </Tool>
        )}
      </div>
      <div className={classes.group}>
        {!p.compact && (
          <Tool label={t('viewer.toolbar.zoomOut')} onClick={p.onZoomOut} disabled={off}>
            <IconZoomOut size={18} />
          </Tool>
        )}
        {zoom}
        {!p.compact && (
          <Tool label={t('viewer.toolbar.zoomIn')} onClick={p.onZoomIn} disabled={off}>
            <IconZoomIn size={18} />
          </Tool>
        )}
      </div>
      <div className={classes.spacer} />
      <div className={classes.group}>
        <Tool label={t('viewer.toolbar.search')} onClick={p.onToggleSearch} active={p.searchOpen} disabled={off} testId="pdf-search-toggle">
          <IconSearch size={18} />
        </Tool>
        {!p.compact && (
          <>
            <Tool label={t('viewer.toolbar.rotateCcw')} onClick={() => p.onRotate(-90)} disabled={off}>
              <IconRotate2 size={18} />
            </Tool>
            <Tool label={t('viewer.toolbar.rotateCw')} onClick={() => p.onRotate(90)} disabled={off}>
              <IconRotateClockwise2 size={18} />
            </Tool>
            <Tool label={t('viewer.toolbar.openFile')} onClick={p.onOpenFile}>
              <IconFolderOpen size={18} />
            </Tool>
            <Tool label={t('viewer.toolbar.download')} onClick={p.onDownload} disabled={!p.canDownload}>
              <IconDownload size={18} />
            </Tool>
            <Tool label={t('viewer.toolbar.print')} onClick={p.onPrint} disabled={off}>
              <IconPrinter size={18} />
            </Tool>
            {p.fullScreenSupported && (
              <Tool label={t(p.fullScreen ? 'viewer.toolbar.exitFullScreen' : 'viewer.toolbar.fullScreen')} onClick={p.onFullScreen}>
                {p.fullScreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
              </Tool>
            )}
          </>
        )}
        <Menu position="bottom-end" shadow="md" width={260} closeOnItemClick>
          <Menu.Target>
            <Tooltip label={t('viewer.toolbar.more')} openDelay={500} withArrow>
              <ActionIcon variant="subtle" color="gray" size="var(--viewer-tool-size)" aria-label={t('viewer.toolbar.more')} data-testid="pdf-more">
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          {/* The menu opens inside the viewer (so it shows in full screen): it scrolls within the viewer's height. */}
          <Menu.Dropdown mah={Math.max(160, p.menuMaxHeight)} style={{ overflowY: 'auto' }} data-testid="pdf-more-menu">
            {p.compact && (
              <>
                <Menu.Item leftSection={<IconChevronsLeft size={16} />} onClick={p.onFirst} disabled={off || s.page <= 1}>
                  {t('viewer.toolbar.firstPage')}
                </Menu.Item>
                <Menu.Item leftSection={<IconChevronsRight size={16} />} onClick={p.onLast} disabled={off || s.page >= s.pagesCount}>
                  {t('viewer.toolbar.lastPage')}
                </Menu.Item>
                <Menu.Item leftSection={<IconZoomIn size={16} />} onClick={p.onZoomIn} disabled={off}>
                  {t('viewer.toolbar.zoomIn')}
                </Menu.Item>
                <Menu.Item leftSection={<IconZoomOut size={16} />} onClick={p.onZoomOut} disabled={off}>
                  {t('viewer.toolbar.zoomOut')}
                </Menu.Item>
                <Menu.Item leftSection={<IconRotate2 size={16} />} onClick={() => p.onRotate(-90)} disabled={off}>
                  {t('viewer.toolbar.rotateCcw')}
                </Menu.Item>
                <Menu.Item leftSection={<IconRotateClockwise2 size={16} />} onClick={() => p.onRotate(90)} disabled={off}>
                  {t('viewer.toolbar.rotateCw')}
                </Menu.Item>
                <Menu.Item leftSection={<IconFolderOpen size={16} />} onClick={p.onOpenFile}>
                  {t('viewer.toolbar.openFile')}
                </Menu.Item>
                <Menu.Item leftSection={<IconDownload size={16} />} onClick={p.onDownload} disabled={!p.canDownload}>
                  {t('viewer.toolbar.download')}
                </Menu.Item>
                <Menu.Item leftSection={<IconPrinter size={16} />} onClick={p.onPrint} disabled={off}>
                  {t('viewer.toolbar.print')}
                </Menu.Item>
                {p.fullScreenSupported && (
                  <Menu.Item leftSection={p.fullScreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />} onClick={p.onFullScreen}>
                    {t(p.fullScreen ? 'viewer.toolbar.exitFullScreen' : 'viewer.toolbar.fullScreen')}
                  </Menu.Item>
                )}
                <Menu.Divider />
              </>
            )}
            <Menu.Label>{t('viewer.selection.title')}</Menu.Label>
            <Menu.Item
              leftSection={<IconCursorText size={16} />}
              rightSection={check(p.selection === 'text')}
              {...radio(p.selection === 'text')}
              onClick={() => p.onSelection('text')}
            >
              {t('viewer.selection.text')}
              {chosen(p.selection === 'text')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconHandStop size={16} />}
              rightSection={check(p.selection === 'hand')}
              {...radio(p.selection === 'hand')}
              onClick={() => p.onSelection('hand')}
            >
              {t('viewer.selection.hand')}
              {chosen(p.selection === 'hand')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Label>{t('viewer.scroll.title')}</Menu.Label>
            {(
              [
                [ScrollMode.PAGE, 'viewer.scroll.page', <IconFile key="p" size={16} />],
                [ScrollMode.VERTICAL, 'viewer.scroll.vertical', <IconArrowsVertical key="v" size={16} />],
                [ScrollMode.HORIZONTAL, 'viewer.scroll.horizontal', <IconArrowsHorizontal key="h" size={16} />],
                [ScrollMode.WRAPPED, 'viewer.scroll.wrapped', <IconLayoutGrid key="w" size={16} />],
              ] as const
            ).map(([mode, key, icon]) => (
              <Menu.Item
                key={key}
                leftSection={icon}
                rightSection={check(s.scrollMode === mode)}
                {...radio(s.scrollMode === mode)}
                disabled={off}
                onClick={() => p.onScrollMode(mode)}
              >
                {t(key)}
                {chosen(s.scrollMode === mode)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Label>{t('viewer.spread.title')}</Menu.Label>
            {(
              [
                [SpreadMode.NONE, 'viewer.spread.none', <IconFileDescription key="n" size={16} />],
                [SpreadMode.ODD, 'viewer.spread.odd', <IconColumns2 key="o" size={16} />],
                [SpreadMode.EVEN, 'viewer.spread.even', <IconBook2 key="e" size={16} />],
              ] as const
            ).map(([mode, key, icon]) => (
              <Menu.Item
                key={key}
                leftSection={icon}
                rightSection={check(s.spreadMode === mode)}
                {...radio(s.spreadMode === mode)}
                disabled={off}
                onClick={() => p.onSpreadMode(mode)}
              >
                {t(key)}
                {chosen(s.spreadMode === mode)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Label>{t('viewer.theme.title')}</Menu.Label>
            <Menu.Item
              leftSection={<IconSun size={16} />}
              rightSection={check(p.theme === 'light')}
              {...radio(p.theme === 'light')}
              onClick={() => p.onTheme('light')}
            >
              {t('viewer.theme.light')}
              {chosen(p.theme === 'light')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconMoon size={16} />}
              rightSection={check(p.theme === 'dark')}
              {...radio(p.theme === 'dark')}
              onClick={() => p.onTheme('dark')}
            >
              {t('viewer.theme.dark')}
              {chosen(p.theme === 'dark')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={p.onProperties} disabled={off}>
              {t('viewer.toolbar.properties')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
    </div>
  );
}
