import { localized, type LibraryCategory, type LibraryDocument } from '@bansi/shared';
import { Alert, Box, Button, Group, Loader, Select, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useReleaseFirstPaint } from '../../../lib/first-paint';
import { useLang } from '../../../lib/use-lang';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { PdfViewer } from '../../../components/pdf-viewer';
import { formatDate } from '../../../lib/format';
import { libraryFileUrl, pickFile } from '../api/file-url';
import { useLibrary } from '../api/list-library';
import classes from './library.module.css';

/** Which document a category opens first: the bundled guide in the guide book, else the newest. */
function defaultDocument(items: LibraryDocument[]): LibraryDocument | undefined {
  return items.find((d) => d.bundled) ?? items[0];
}

/**
 * A category of the reading library (guides, laws, the licence): pick a document, read it in the viewer
 * at full height, in the reader's language when there is a file for it.
 */
export function LibraryReader({ category, titleKey }: { category: LibraryCategory; titleKey: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const { data, isPending, isError, refetch } = useLibrary(category);
  const items = data?.items ?? [];
  const chosen = items.find((d) => d.id === params.get('doc')) ?? defaultDocument(items);
  const file = chosen ? pickFile(chosen.current.files, lang) : undefined;
  const title = (d: LibraryDocument) => localized(d.titleLo, d.titleEn, lang);
  // The viewer releases the server's picture of the first page once it has drawn it; an error or nothing to read does too.
  useReleaseFirstPaint(isError || (data !== undefined && items.length === 0));

  return (
    <Box className={classes.reader}>
      <PageTitle>{t(titleKey)}</PageTitle>
      {isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {isError && (
        <Alert color="red" title={t('library.reader.loadFailed')}>
          <Button size="xs" variant="default" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {data && items.length === 0 && (
        <Alert icon={<IconBooks />} color="gray" data-testid="library-empty">
          {t(`library.reader.empty.${category}`)}
        </Alert>
      )}
      {chosen && (
        <>
          <Group className={classes.chooser} gap="sm" align="flex-end" wrap="wrap">
            {items.length > 1 ? (
              <Select
                className={classes.select}
                label={t('library.reader.choose')}
                data={items.map((d) => ({ value: d.id, label: title(d) }))}
                value={chosen.id}
                allowDeselect={false}
                onChange={(id) => id && setParams({ doc: id }, { replace: true })}
                data-testid="library-choose"
              />
            ) : (
              <Text fw={600} data-testid="library-title">
                {title(chosen)}
              </Text>
            )}
            <Text size="sm" c="dimmed" data-testid="library-meta">
              {t('library.reader.meta', { version: chosen.current.version, date: formatDate(chosen.current.documentDate, lang) })}
            </Text>
          </Group>
          <div className={classes.viewer}>
            <PdfViewer
              key={`${chosen.id}:${chosen.current.id}:${lang}`}
              url={libraryFileUrl(chosen.id, lang)}
              downloadUrl={libraryFileUrl(chosen.id, lang, { download: true })}
              fileName={file?.fileName}
              defaultScale={1.2}
            />
          </div>
        </>
      )}
    </Box>
  );
}
