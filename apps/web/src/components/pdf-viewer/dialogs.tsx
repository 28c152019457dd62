import { Button, Group, Loader, Modal, PasswordInput, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from './pdfjs';
import { ptToMm, readProperties, type DocumentProperties } from './properties';
import type { PrintState } from './use-print';

export function PasswordDialog({
  reason,
  onSubmit,
  onCancel,
}: {
  reason: 'needed' | 'incorrect';
  onSubmit(password: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(password);
    setPassword('');
  };
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('viewer.password.title')}
      centered
      closeButtonProps={{ 'aria-label': t('viewer.password.cancel') }}
      data-testid="pdf-password-dialog"
    >
      <form onSubmit={submit}>
        <Stack>
          <Text c={reason === 'incorrect' ? 'red' : undefined} role={reason === 'incorrect' ? 'alert' : undefined} data-testid="pdf-password-reason">
            {t(reason === 'incorrect' ? 'viewer.password.incorrect' : 'viewer.password.needed')}
          </Text>
          <PasswordInput
            label={t('viewer.password.label')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('viewer.password.show') }}
            data-autofocus
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('viewer.password.cancel')}
            </Button>
            <Button type="submit">{t('viewer.password.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PrintDialog({ state, onCancel, onDismiss, onPrint }: { state: PrintState; onCancel(): void; onDismiss(): void; onPrint(): void }) {
  const { t } = useTranslation();
  const open = state.phase !== 'inactive';
  const busy = state.phase === 'checkingPermission' || state.phase === 'preparing' || state.phase === 'ready';
  return (
    <Modal
      opened={open}
      onClose={busy ? onCancel : onDismiss}
      title={t('viewer.print.title')}
      centered
      closeButtonProps={{ 'aria-label': t(busy ? 'viewer.print.cancel' : 'viewer.print.close') }}
      data-testid="pdf-print-dialog"
      data-phase={state.phase}
    >
      <Stack>
        {state.phase === 'checkingPermission' && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('viewer.print.checking')}</Text>
          </Group>
        )}
        {state.phase === 'preparing' && (
          <>
            <Text aria-live="polite">{t('viewer.print.preparing', { done: state.done, total: state.total })}</Text>
            <Progress value={state.total ? (state.done / state.total) * 100 : 0} aria-label={t('viewer.print.title')} />
          </>
        )}
        {state.phase === 'ready' && <Text>{t('viewer.print.ready')}</Text>}
        {state.phase === 'refused' && (
          <Text role="alert" data-testid="pdf-print-refused">
            {t('viewer.print.refused')}
          </Text>
        )}
        {state.phase === 'cancelled' && <Text>{t('viewer.print.cancelled')}</Text>}
        <Group justify="flex-end">
          {state.phase === 'ready' && <Button onClick={onPrint}>{t('viewer.print.printNow')}</Button>}
          {busy ? (
            <Button variant="default" onClick={onCancel}>
              {t('viewer.print.cancel')}
            </Button>
          ) : (
            <Button variant="default" onClick={onDismiss}>
              {t('viewer.print.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

const locale = (lng: string) => (lng === 'lo' ? 'lo-LA' : 'en-GB');

export function PropertiesDialog({
  doc,
  fileName,
  fileSize,
  opened,
  onClose,
}: {
  doc: PDFDocumentProxy | null;
  fileName: string | null;
  fileSize: number | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<{ doc: PDFDocumentProxy; props: DocumentProperties } | null>(null);
  useEffect(() => {
    if (!opened || !doc) return;
    let active = true;
    void readProperties(doc, fileName, fileSize).then((p) => active && setLoaded({ doc, props: p }));
    return () => {
      active = false;
    };
  }, [opened, doc, fileName, fileSize]);
  const props = loaded && loaded.doc === doc ? loaded.props : null;

  const lng = locale(i18n.language);
  const number = (n: number, digits = 0) => new Intl.NumberFormat(lng, { maximumFractionDigits: digits }).format(n);
  const date = (d: Date | null) =>
    d ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Vientiane' }).format(d) : null;
  const none = t('viewer.properties.none');

  const rows: [string, string | null][] = props
    ? [
        ['viewer.properties.fileName', props.fileName],
        [
          'viewer.properties.fileSize',
          props.fileSize ? t('viewer.properties.sizeValue', { kb: number(props.fileSize / 1024, 1), bytes: number(props.fileSize) }) : null,
        ],
        ['viewer.properties.docTitle', props.title],
        ['viewer.properties.author', props.author],
        ['viewer.properties.subject', props.subject],
        ['viewer.properties.keywords', props.keywords],
        ['viewer.properties.creationDate', date(props.creationDate)],
        ['viewer.properties.modificationDate', date(props.modificationDate)],
        ['viewer.properties.creator', props.creator],
        ['viewer.properties.producer', props.producer],
        ['viewer.properties.version', props.version],
        ['viewer.properties.pageCount', number(props.pageCount)],
        [
          'viewer.properties.pageSize',
          [
            t('viewer.properties.pageSizeValue', {
              width: number(ptToMm(props.pageSize.width)),
              height: number(ptToMm(props.pageSize.height)),
              inches: `${number(props.pageSize.width / 72, 2)} × ${number(props.pageSize.height / 72, 2)}`,
            }),
            props.pageSize.name,
            t(props.pageSize.width > props.pageSize.height ? 'viewer.properties.landscape' : 'viewer.properties.portrait'),
          ]
            .filter(Boolean)
            .join(' · '),
        ],
        ['viewer.properties.linearized', t(props.linearized ? 'viewer.properties.yes' : 'viewer.properties.no')],
      ]
    : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('viewer.properties.heading')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('viewer.properties.close') }}
      data-testid="pdf-properties-dialog"
    >
      {props ? (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([key, value]) => (
              <Table.Tr key={key} data-field={key.split('.').pop()}>
                <Table.Th scope="row" w="40%" fw={600}>
                  {t(key)}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{value ?? none}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('viewer.properties.loading')}</Text>
        </Group>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('viewer.properties.close')}
        </Button>
      </Group>
    </Modal>
  );
}
