import { POST_CATEGORIES, type PostCategory } from '@bansi/shared';
import { Chip, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { usePosts } from '../api/get-posts';
import { LoadMore } from '../components/load-more';
import { NotFoundOrError } from '../components/not-found-or-error';
import { usePageMeta } from '../components/page-meta';
import { PostCard } from '../components/post-card';
import { SearchBox } from '../components/search-box';

const isCategory = (v: string | null): v is PostCategory => !!v && (POST_CATEGORIES as readonly string[]).includes(v);

/** /blogs: published news, newest first, by category, a page at a time. */
export default function BlogsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = isCategory(raw) ? raw : undefined;
  const posts = usePosts(category);
  usePageMeta(t('nav.news'), t('content.meta.news'));
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <PageTitle>{t('nav.news')}</PageTitle>
      <SearchBox />
      <Chip.Group value={category ?? 'all'} onChange={(v) => setParams(v === 'all' ? {} : { category: String(v) }, { replace: true })}>
        <Group gap="xs" role="group" aria-label={t('content.categories.label')}>
          <Chip value="all">{t('content.categories.all')}</Chip>
          {POST_CATEGORIES.map((c) => (
            <Chip key={c} value={c}>
              {t(`content.categories.${c}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {posts.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={240} radius="md" />
          ))}
        </SimpleGrid>
      ) : posts.isError ? (
        <NotFoundOrError error={posts.error} />
      ) : items.length === 0 ? (
        <Text c="gray.7">{t('content.news.empty')}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="post-list">
            {items.map((post) => (
              <PostCard key={post.id} post={post} headingOrder={2} />
            ))}
          </SimpleGrid>
          <LoadMore hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} onMore={() => void posts.fetchNextPage()} />
        </>
      )}
    </Stack>
  );
}
