import { Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Show more" under a cursor-paginated list. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <Center mt="lg">
      <Button variant="default" loading={loading} onClick={onMore} data-testid="load-more">
        {t('content.showMore')}
      </Button>
    </Center>
  );
}
