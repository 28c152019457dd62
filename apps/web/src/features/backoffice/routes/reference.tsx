import { ReferenceList } from '@bansi/shared';
import { Alert, Select, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useUrlFilters } from '../components/filters';
import { ReferenceListPanel } from '../components/reference-list-panel';
import { SmeGrid } from '../components/sme-grid';

const TABS = [...ReferenceList.options, 'sme'] as const;
type Tab = (typeof TABS)[number];

/** /staff/reference: every list of DESIGN §4 and the SME thresholds; staff admins edit, reviewers read. */
export function StaffReferenceScreen({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { params, setFilter } = useUrlFilters();
  const narrow = useMediaQuery('(max-width: 48em)');
  const requested = params.get('list') as Tab | null;
  const tab: Tab = requested && (TABS as readonly string[]).includes(requested) ? requested : 'categories';
  const choose = (value: string | null) => setFilter('list', value);
  const label = (key: Tab) => t(`backoffice.reference.lists.${key}`);
  const panel = tab === 'sme' ? <SmeGrid isAdmin={isAdmin} /> : <ReferenceListPanel key={tab} list={tab} isAdmin={isAdmin} />;
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
            data={TABS.map((key) => ({ value: key, label: label(key) }))}
            value={tab}
            onChange={choose}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="reference-list-select"
          />
          {panel}
        </>
      ) : (
        <Tabs value={tab} onChange={choose} keepMounted={false}>
          <Tabs.List>
            {TABS.map((key) => (
              <Tabs.Tab key={key} value={key} data-testid={`reference-tab-${key}`}>
                {label(key)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            {panel}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
