import type { SearchHit } from '@bansi/shared';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useSearch } from '../api/search-content';
import { useLang } from '../../../lib/use-lang';
import { LoadMore } from '../components/load-more';
import { NotFoundOrError } from '../components/not-found-or-error';
import { usePageMeta } from '../components/page-meta';
import { SearchBox } from '../components/search-box';
import { Snippet } from '../components/snippet';

const hrefOf = (hit: SearchHit) =>
  hit.kind === 'post'
    ? paths.blog(hit.ref)
    : hit.kind === 'notification'
      ? paths.notification(hit.ref)
      : hit.ref === 'about-us'
        ? paths.aboutUs
        : paths.dashboard.info(hit.ref);

/** /search?q=: results across news, notifications and information pages, best first, matches highlighted. */
export default function SearchRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const results = useSearch(q);
  usePageMeta(t('content.search.title'), t('content.meta.search'));
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md" maw={820}>
      <PageTitle>{t('content.search.title')}</PageTitle>
      <SearchBox key={q} initial={q} autoFocus={!q} />
      {!q ? null : results.isPending ? (
        <Skeleton h={200} radius="md" />
      ) : results.isError ? (
        <NotFoundOrError error={results.error} />
      ) : items.length === 0 ? (
        <Text c="gray.7" data-testid="search-empty">
          {t('content.search.none', { q })}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="search-results">
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('content.search.for', { q })}
          </Text>
          {items.map((hit) => (
            <Paper key={`${hit.kind}:${hit.id}`} withBorder p="md" radius="md" data-testid="search-hit">
              <Group gap="xs" mb={4}>
                <Badge size="sm" variant="light">
                  {t(`content.search.kinds.${hit.kind}`)}
                </Badge>
                <Text size="xs" c="gray.7">
                  {formatDate(hit.date, lng)}
                </Text>
              </Group>
              <Anchor component={Link} to={hrefOf(hit)} fw={700}>
                {hit.title}
              </Anchor>
              <Snippet parts={hit.snippet} />
            </Paper>
          ))}
          <LoadMore hasMore={results.hasNextPage} loading={results.isFetchingNextPage} onMore={() => void results.fetchNextPage()} />
        </Stack>
      )}
    </Stack>
  );
}
