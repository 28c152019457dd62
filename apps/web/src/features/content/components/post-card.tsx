import type { PostSummary } from '@bansi/shared';
import { Anchor, Badge, Card, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** A news article in a list: cover, category, title (the link), summary and date. */
export function PostCard({
  post,
  headingOrder = 3,
  to,
}: {
  post: PostSummary;
  headingOrder?: 2 | 3;
  /** where the title leads (default: the public article) */ to?: string;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid="post-card">
      {post.cover ? (
        <Card.Section>
          <Image src={post.cover.thumbUrl} alt="" h={160} loading="lazy" />
        </Card.Section>
      ) : null}
      <Group justify="space-between" mt={post.cover ? 'sm' : 0} mb={4} gap="xs">
        <Badge variant="light" size="sm">
          {t(`content.categories.${post.category}`)}
        </Badge>
        <Text size="xs" c="gray.7" component="time" dateTime={post.publishedAt}>
          {formatDate(post.publishedAt, lng)}
        </Text>
      </Group>
      <Anchor component={Link} to={to ?? paths.blog(post.slug)} fw={700} c="inherit" underline="hover">
        <Text component={Heading} fw={700} fz="md" m={0}>
          {post.title}
        </Text>
      </Anchor>
      {post.summary ? (
        <Text size="sm" c="gray.7" mt={4} lineClamp={3}>
          {post.summary}
        </Text>
      ) : null}
    </Card>
  );
}
