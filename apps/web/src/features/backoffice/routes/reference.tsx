import { ReferenceList } from '@bansi/shared';
import { Alert, Select, Stack, Tabs, Text } from '@mantine/core';
import { useMedia } from '../../../lib/use-media';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { Suspense, type ReactNode } from 'react';
import { useUrlFilters } from '../../../components/data-table';
import { ReferenceListPanel } from '../components/reference-list-panel';
import { lazyPart } from '../../../lib/lazy';

const SmeGrid = lazyPart(() => import('../components/sme-grid').then((m) => m.SmeGrid));

const OWN_TABS = [...ReferenceList.options, 'sme'] as const;

/** A list another feature owns (the fee schedule, holidays), composed in by the app's route. */
export interface ExtraReferenceList {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * /staff/reference: every list of DESIGN §4, the SME thresholds, and the lists other features own
 * (`extra`); staff admins edit, reviewers read.
 */
export function StaffReferenceScreen({ isAdmin, extra = [] }: { isAdmin: boolean; extra?: ExtraReferenceList[] }) {
  const { t } = useTranslation();
  const { params, setFilter } = useUrlFilters();
  const narrow = useMedia('(max-width: 48em)');
  const tabs: string[] = [...OWN_TABS, ...extra.map((e) => e.key)];
  const requested = params.get('list');
  const tab = requested && tabs.includes(requested) ? requested : 'categories';
  const choose = (value: string | null) => setFilter('list', value);
  const label = (key: string) => extra.find((e) => e.key === key)?.label ?? t(`backoffice.reference.lists.${key}`);
  const panel =
    tab === 'sme' ? (
      <SmeGrid isAdmin={isAdmin} />
    ) : (ReferenceList.options as readonly string[]).includes(tab) ? (
      <ReferenceListPanel key={tab} list={tab as ReferenceList} isAdmin={isAdmin} />
    ) : (
      extra.find((e) => e.key === tab)?.panel
    );
  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('backoffice.reference.title')}</PageTitle>
        <Text c="dimmed">{t('backoffice.reference.lead')}</Text>
      </div>
      {!isAdmin ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {t('backoffice.reference.adminOnly')}
        </Alert>
      ) : null}
      {narrow ? (
        <>
          <Select
            aria-label={t('backoffice.reference.title')}
            data={tabs.map((key) => ({ value: key, label: label(key) }))}
            value={tab}
            onChange={choose}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="reference-list-select"
          />
          <Suspense fallback={<PageSpinner />}>{panel}</Suspense>
        </>
      ) : (
        <Tabs value={tab} onChange={choose} keepMounted={false}>
          <Tabs.List>
            {tabs.map((key) => (
              <Tabs.Tab key={key} value={key} data-testid={`reference-tab-${key}`}>
                {label(key)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            <Suspense fallback={<PageSpinner />}>{panel}</Suspense>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
