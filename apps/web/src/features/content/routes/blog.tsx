import { Anchor, Badge, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { usePost } from '../api/get-post';
import { useLang } from '../../../lib/use-lang';
import { NotFoundOrError } from '../components/not-found-or-error';
import { usePageMeta } from '../components/page-meta';
import { RichText } from '../components/rich-text';

/** /blogs/:slug: one article with its cover image. */
export default function BlogRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const { slug = '' } = useParams();
  const { data: post, isPending, error } = usePost(slug);
  usePageMeta(post?.title, post?.summary);
  if (isPending) return <Skeleton h={400} radius="md" />;
  if (error || !post) return <NotFoundOrError error={error} />;
  return (
    <Stack component="article" gap="md" maw={820} mx="auto" lang={post.lang}>
      <Anchor component={Link} to={paths.blogs} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('content.news.back')}
        </Group>
      </Anchor>
      <Group gap="xs">
        <Badge variant="light">{t(`content.categories.${post.category}`)}</Badge>
        <Text size="sm" c="gray.7" component="time" dateTime={post.publishedAt}>
          {formatDate(post.publishedAt, lng)}
        </Text>
      </Group>
      <Title order={1} size="h2">
        {post.title}
      </Title>
      {post.summary ? (
        <Text size="lg" c="gray.7">
          {post.summary}
        </Text>
      ) : null}
      {post.cover ? <Image src={post.cover.largeUrl} alt="" radius="md" w="100%" h="auto" fit="contain" data-testid="post-cover" /> : null}
      <RichText html={post.bodyHtml} lang={post.lang} />
    </Stack>
  );
}
