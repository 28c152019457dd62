import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCreditCard, IconFileUpload, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LatestNews } from '../../features/content/components/latest-news';
import { LatestNotifications } from '../../features/content/components/latest-notifications';
import { usePageMeta } from '../../features/content/components/page-meta';
import { SearchBox } from '../../features/content/components/search-box';
import { SubmissionDeadline } from '../../features/content/components/submission-deadline';
import { useApiIndex } from '../../api/get-api-index';
import { CardSkeleton } from '../../components/card-skeleton';

// The deadline card's tallest text (Lao wraps to a fourth line at 360 px).
const DEADLINE_MIN_HEIGHT = { base: 145, sm: 120 };

const steps = [
  { key: 'register', icon: IconUserPlus },
  { key: 'submit', icon: IconFileUpload },
  { key: 'book', icon: IconCalendarEvent },
  { key: 'pay', icon: IconCreditCard },
] as const;

export default function HomeRoute() {
  const { t } = useTranslation();
  const bookYear = useApiIndex().data?.bookYear;
  usePageMeta(t('home.title'), t('home.lead'));
  return (
    <Stack gap="xl">
      <Stack gap="sm" py="lg">
        <Title order={1}>{t('home.title')}</Title>
        <Text size="lg" c="dimmed" maw={720}>
          {t('home.lead')}
        </Text>
        <Group>
          <Button component={Link} to={paths.register} size="md">
            {t('nav.register')}
          </Button>
          <Button component={Link} to={paths.login} size="md" variant="default">
            {t('nav.login')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" maw={900}>
          <SearchBox />
          {/* Its place is kept while the book year loads, so the steps below do not move (issue 29). */}
          {bookYear ? (
            <SubmissionDeadline bookYear={bookYear} mih={DEADLINE_MIN_HEIGHT} />
          ) : (
            <CardSkeleton testId="submission-deadline" mih={DEADLINE_MIN_HEIGHT} />
          )}
        </SimpleGrid>
      </Stack>
      <section aria-labelledby="steps-title">
        <Title order={2} size="h3" id="steps-title" mb="md">
          {t('home.steps.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {steps.map(({ key, icon: Icon }, index) => (
            <Paper key={key} withBorder p="md">
              <ThemeIcon variant="light" size="lg" mb="xs" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Text fw={700}>
                {index + 1}. {t(`home.steps.${key}.title`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`home.steps.${key}.body`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <LatestNews allHref={paths.blogs} />
      <LatestNotifications allHref={paths.notifications} />
    </Stack>
  );
}
