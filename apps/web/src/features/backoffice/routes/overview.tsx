import type { OverviewTile } from '@bansi/shared';
import { Alert, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { useOverview } from '../api/get-overview';
import { tileLink } from '../components/links';

function Tile({ tile, bookYear }: { tile: OverviewTile; bookYear: number }) {
  const { t } = useTranslation();
  const link = tileLink(tile);
  const body = (
    <Card withBorder padding="md" radius="md" h="100%" data-testid={`tile-${tile.key}`} data-count={tile.count}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed">
            {t(`backoffice.overview.tiles.${tile.key}`, { bookYear })}
          </Text>
          <Text fz={32} fw={700} lh={1.2} c={tile.count > 0 ? undefined : 'dimmed'}>
            {tile.count}
          </Text>
          {tile.count > 0 && tile.oldestAgeDays !== null ? (
            <Text size="xs" c={tile.oldestAgeDays >= 7 ? 'red.8' : 'dimmed'}>
              {tile.oldestAgeDays === 0 ? t('backoffice.overview.oldestToday') : t('backoffice.overview.oldest', { count: tile.oldestAgeDays })}
            </Text>
          ) : null}
        </Stack>
        {link ? <IconChevronRight size={18} aria-hidden /> : null}
      </Group>
    </Card>
  );
  return link ? (
    <UnstyledButton component={Link} to={link} h="100%" aria-label={`${t(`backoffice.overview.tiles.${tile.key}`, { bookYear })}: ${tile.count}`}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/** /staff: what waits, by area, each number opening its filtered list (DESIGN §8.5). */
export default function OverviewRoute() {
  const { t } = useTranslation();
  const overview = useOverview();
  if (overview.isPending) return <PageSpinner />;
  if (overview.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(overview.error)}
      </Alert>
    );
  const { bookYear, groups } = overview.data;
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('staff.nav.overview')}</PageTitle>
        <Text c="dimmed">{t('backoffice.overview.lead', { bookYear })}</Text>
      </div>
      {groups.map((group) => (
        <section key={group.area} aria-labelledby={`group-${group.area}`}>
          <Title order={2} size="h4" id={`group-${group.area}`} mb="sm">
            {t(`backoffice.overview.groups.${group.area}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {group.tiles.map((tile) => (
              <Tile key={tile.key} tile={tile} bookYear={bookYear} />
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
