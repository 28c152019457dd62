import { Anchor, Badge, Button, Group, Image, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useNotification } from '../api/get-notification';
import { useNotifications } from '../api/get-notifications';
import { usePost } from '../api/get-post';
import { usePosts } from '../api/get-posts';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { LoadMore } from '../components/load-more';
import { NotFoundOrError } from '../components/not-found-or-error';
import { NotificationItem } from '../components/notification-item';
import { PostCard } from '../components/post-card';
import { RichText } from '../components/rich-text';

/**
 * /dashboard/news: news and the company's notifications inside the shell (decision 096). Everything
 * opens here, never on the public site: `?item=<slug>` reads an article, `?notification=<id>` one
 * notification (marked read), `?tab=notifications` lists the notifications.
 */
export default function DashboardNewsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const item = params.get('item');
  const notification = params.get('notification');
  const tab = params.get('tab') === 'notifications' ? 'notifications' : 'news';
  if (item) return <Article slug={item} />;
  if (notification) return <NotificationView id={notification} />;
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.news')}</PageTitle>
      <Tabs value={tab} onChange={(v) => setParams(v === 'notifications' ? { tab: 'notifications' } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="news" data-testid="tab-news">
            {t('filing.news.tabs.news')}
          </Tabs.Tab>
          <Tabs.Tab value="notifications" data-testid="tab-notifications">
            {t('filing.news.tabs.notifications')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="news">
          <NewsList />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function NewsList() {
  const { t } = useTranslation();
  const posts = usePosts(undefined, 12);
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  if (posts.isPending) return <Skeleton h={240} radius="md" />;
  if (posts.isError) return <NotFoundOrError error={posts.error} />;
  if (items.length === 0) return <Text c="gray.7">{t('content.news.empty')}</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {items.map((post) => (
          <PostCard key={post.id} post={post} headingOrder={2} to={paths.dashboard.newsItem(post.slug)} />
        ))}
      </SimpleGrid>
      <LoadMore hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} onMore={() => void posts.fetchNextPage()} />
    </>
  );
}

function NotificationList() {
  const { t } = useTranslation();
  const list = useNotifications(10);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <Skeleton h={180} radius="md" />;
  if (list.isError) return <NotFoundOrError error={list.error} />;
  if (items.length === 0) return <Text c="gray.7">{t('content.notifications.empty')}</Text>;
  return (
    <Stack gap="sm" data-testid="dashboard-notifications">
      {items.map((n) => (
        <NotificationItem key={n.id} item={n} to={paths.dashboard.notification(n.id)} />
      ))}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </Stack>
  );
}

function BackToList({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('filing.news.back')}
      </Group>
    </Anchor>
  );
}

/** An article read inside the dashboard. */
function Article({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  const { data: post, isPending, error } = usePost(slug);
  return (
    <Stack component="article" gap="md" maw={820} data-testid="dashboard-article">
      <BackToList to={paths.dashboard.news} />
      {isPending ? (
        <Skeleton h={400} radius="md" />
      ) : error || !post ? (
        <NotFoundOrError error={error} />
      ) : (
        <Stack gap="md" lang={post.lang}>
          <Group gap="xs">
            <Badge variant="light">{t(`content.categories.${post.category}`)}</Badge>
            <Text size="sm" c="gray.7" component="time" dateTime={post.publishedAt}>
              {formatDate(post.publishedAt, lng)}
            </Text>
          </Group>
          <PageTitle>{post.title}</PageTitle>
          {post.summary ? (
            <Text size="lg" c="gray.7">
              {post.summary}
            </Text>
          ) : null}
          {post.cover ? <Image src={post.cover.largeUrl} alt="" radius="md" w="100%" h="auto" fit="contain" /> : null}
          <RichText html={post.bodyHtml} lang={post.lang} />
        </Stack>
      )}
    </Stack>
  );
}

/** One notification read inside the dashboard; opening it marks it read. A notification about a screen links to it. */
function NotificationView({ id }: { id: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  const { data, isPending, error } = useNotification(id);
  const { mutate } = useMarkNotificationRead();
  useEffect(() => {
    if (data && data.read === false) mutate(data.id);
  }, [data, mutate]);
  return (
    <Stack component="article" gap="md" maw={820} data-testid="dashboard-notification">
      <BackToList to={paths.dashboard.notifications} />
      {isPending ? (
        <Skeleton h={200} radius="md" />
      ) : error || !data ? (
        <NotFoundOrError error={error} />
      ) : (
        <Stack gap="sm" lang={data.lang}>
          <Text size="sm" c="gray.7" component="time" dateTime={data.publishedAt}>
            {formatDate(data.publishedAt, lng)}
          </Text>
          <PageTitle>{data.title}</PageTitle>
          <RichText html={data.bodyHtml} lang={data.lang} />
          {data.link?.startsWith('/dashboard') ? (
            <Button
              component={Link}
              to={data.link}
              rightSection={<IconArrowRight size={16} />}
              style={{ alignSelf: 'flex-start' }}
              data-testid="notification-link"
            >
              {t('filing.news.openLink')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
