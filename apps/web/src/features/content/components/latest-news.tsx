import { Anchor, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestPosts } from '../api/get-posts';
import { PostCard } from './post-card';

/** The newest articles with a link to all news (home page, dashboard overview). */
export function LatestNews({ count = 3, allHref }: { count?: number; allHref: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLatestPosts(count);
  return (
    <section aria-labelledby="latest-news-title" data-testid="latest-news">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="latest-news-title">
          {t('content.home.latestNews')}
        </Title>
        <Anchor component={Link} to={allHref} size="sm">
          {t('content.home.allNews')}
        </Anchor>
      </Group>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {Array.from({ length: count }, (_, i) => (
            <Skeleton key={i} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <Text c="gray.7">{t('content.loadFailed')}</Text>
      ) : data.items.length === 0 ? (
        <Text c="gray.7">{t('content.news.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {data.items.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
