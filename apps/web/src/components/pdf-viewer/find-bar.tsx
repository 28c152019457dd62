import { ActionIcon, Checkbox, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pdf-viewer.module.css';
import type { FindOptions, FindResult } from './use-viewer';

/** Search: every match highlighted; Enter / Shift+Enter for the next / previous one, Escape closes. */
export function FindBar({
  result,
  onFind,
  onAgain,
  onClose,
}: {
  result: FindResult;
  onFind(options: FindOptions): void;
  onAgain(previous: boolean): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<FindOptions>({ query: '', caseSensitive: false, entireWord: false });
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const change = (patch: Partial<FindOptions>) => {
    const next = { ...options, ...patch };
    setOptions(next);
    onFind(next);
  };

  let status = '';
  if (options.query) {
    if (result.state === 'pending') status = t('viewer.find.pending');
    else if (result.state === 'notFound') status = t('viewer.find.notFound');
    else if (result.total > 0) status = t('viewer.find.result', { current: result.current, total: result.total });
    if (result.state === 'wrapped') status = `${status} · ${t('viewer.find.wrapped')}`;
  }

  return (
    <div className={classes.findBar} role="search" data-testid="pdf-find-bar">
      <TextInput
        ref={inputRef}
        className={classes.findInput}
        size="xs"
        aria-label={t('viewer.find.label')}
        placeholder={t('viewer.find.placeholder')}
        value={options.query}
        onChange={(e) => change({ query: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onAgain(e.shiftKey);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
        data-testid="pdf-find-input"
      />
      <ActionIcon variant="subtle" color="gray" aria-label={t('viewer.find.previous')} onClick={() => onAgain(true)} disabled={!options.query}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={t('viewer.find.next')} onClick={() => onAgain(false)} disabled={!options.query}>
        <IconArrowDown size={16} />
      </ActionIcon>
      <Checkbox
        size="xs"
        label={t('viewer.find.matchCase')}
        checked={options.caseSensitive}
        onChange={(e) => change({ caseSensitive: e.currentTarget.checked })}
      />
      <Checkbox
        size="xs"
        label={t('viewer.find.wholeWords')}
        checked={options.entireWord}
        onChange={(e) => change({ entireWord: e.currentTarget.checked })}
      />
      <Text size="xs" aria-live="polite" data-testid="pdf-find-status" data-state={result.state} style={{ flex: '1 1 auto' }}>
        {status}
      </Text>
      <ActionIcon variant="subtle" color="gray" aria-label={t('viewer.find.close')} onClick={onClose}>
        <IconX size={16} />
      </ActionIcon>
    </div>
  );
}
