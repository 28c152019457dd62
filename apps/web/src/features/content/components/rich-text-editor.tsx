import { ActionIcon, Box, Group, Input, Textarea, Tooltip } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconClearFormatting,
  IconCode,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconLinkOff,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './rich-text-editor.module.css';

type Command = { key: string; icon: ReactNode; command: string; arg?: string };

const COMMANDS: Command[] = [
  { key: 'bold', icon: <IconBold size={16} />, command: 'bold' },
  { key: 'italic', icon: <IconItalic size={16} />, command: 'italic' },
  { key: 'underline', icon: <IconUnderline size={16} />, command: 'underline' },
  { key: 'h2', icon: <IconH2 size={16} />, command: 'formatBlock', arg: 'h2' },
  { key: 'h3', icon: <IconH3 size={16} />, command: 'formatBlock', arg: 'h3' },
  { key: 'bullets', icon: <IconList size={16} />, command: 'insertUnorderedList' },
  { key: 'numbers', icon: <IconListNumbers size={16} />, command: 'insertOrderedList' },
  { key: 'quote', icon: <IconBlockquote size={16} />, command: 'formatBlock', arg: 'blockquote' },
  { key: 'link', icon: <IconLink size={16} />, command: 'createLink' },
  { key: 'unlink', icon: <IconLinkOff size={16} />, command: 'unlink' },
  { key: 'clear', icon: <IconClearFormatting size={16} />, command: 'removeFormat' },
];

/**
 * A small rich-text editor for the back office: a toolbar over a contentEditable area (the browser's
 * editing commands), with an HTML source view. Whatever it produces, the API sanitises it with an
 * allow-list when it is saved, so the editor needs no guarding of its own (docs/decisions/015).
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  description,
  testId,
  lang,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  description?: string;
  testId?: string;
  lang?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const [source, setSource] = useState(false);

  // Outside changes (an item loaded, the source view edited) replace the content; our own echoes do not.
  useEffect(() => {
    if (!source && ref.current && value !== emitted.current) {
      ref.current.innerHTML = value;
      emitted.current = value;
    }
  }, [value, source]);

  const emit = () => {
    if (!ref.current) return;
    const html = ref.current.innerHTML === '<br>' ? '' : ref.current.innerHTML;
    emitted.current = html;
    onChange(html);
  };
  const run = (c: Command) => {
    let arg = c.arg;
    if (c.command === 'createLink') {
      const href = window.prompt(t('content.editor.linkPrompt'), 'https://');
      if (!href || href === 'https://') return;
      arg = href;
    }
    ref.current?.focus();
    document.execCommand(c.command, false, arg);
    emit();
  };

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Box className={classes.frame} data-error={!!error || undefined}>
        <Group gap={2} p={4} className={classes.toolbar} role="toolbar" aria-label={t('content.editor.toolbar')}>
          {COMMANDS.map((c) => (
            <Tooltip key={c.key} label={t(`content.editor.${c.key}`)} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                disabled={source}
                aria-label={t(`content.editor.${c.key}`)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(c)}
              >
                {c.icon}
              </ActionIcon>
            </Tooltip>
          ))}
          <Tooltip label={t('content.editor.source')} withinPortal>
            <ActionIcon
              variant={source ? 'filled' : 'subtle'}
              color="gray"
              size="md"
              aria-pressed={source}
              aria-label={t('content.editor.source')}
              onClick={() => setSource((s) => !s)}
              ml="auto"
            >
              <IconCode size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {source ? (
          <Textarea
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            autosize
            minRows={8}
            variant="unstyled"
            px="sm"
            styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
            aria-label={label}
          />
        ) : (
          <div
            ref={ref}
            className={classes.area}
            contentEditable
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-label={label}
            lang={lang}
            data-testid={testId}
            onInput={emit}
            onBlur={emit}
          />
        )}
      </Box>
    </Input.Wrapper>
  );
}
