import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { usePosts } from '../api/get-posts';
import { LoadMore } from '../components/load-more';
import { NotFoundOrError } from '../components/not-found-or-error';
import { PostCard } from '../components/post-card';

/** /dashboard/news: the news inside the company shell (articles open on the public site). */
export default function DashboardNewsRoute() {
  const { t } = useTranslation();
  const posts = usePosts(undefined, 12);
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.news')}</PageTitle>
      {posts.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : posts.isError ? (
        <NotFoundOrError error={posts.error} />
      ) : items.length === 0 ? (
        <Text c="gray.7">{t('content.news.empty')}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
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
