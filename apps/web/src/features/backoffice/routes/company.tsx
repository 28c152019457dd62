import { localized } from '@bansi/shared';
import { vientianeDate } from '@bansi/shared/domain/booking-slots';
import type { StaffCompanyDetail } from '@bansi/shared';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProvinces } from '../../../api/get-provinces';
import { useReferenceList } from '../../../api/get-reference-list';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useCompany } from '../api/get-company';

/** One line per item of a company's list: its facts on the left, a link or figure on the right; a sentence when empty. */
function Rows<T extends { id: string }>({
  items,
  empty,
  testId,
  facts,
  end,
}: {
  items: T[];
  empty: string;
  testId: string;
  facts: (item: T) => ReactNode;
  end: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="wrap" gap="xs" data-testid={testId}>
          <Group gap="xs" wrap="wrap">
            {facts(item)}
          </Group>
          {end(item)}
        </Group>
      ))}
    </Stack>
  );
}

function OpenLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} size="sm">
      {t('backoffice.company.openSubmission')}
    </Anchor>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

function Profile({ detail }: { detail: StaffCompanyDetail }) {
  const { t } = useTranslation();
  const lng = useLang();
  const c = detail.company;
  const provinces = useProvinces();
  const lists = {
    category: useReferenceList('categories'),
    type: useReferenceList('enterprise-types'),
    size: useReferenceList('sizes'),
  };
  const item = (list: keyof typeof lists, id: string) => {
    const found = lists[list].data?.items.find((i) => i.id === id);
    return found ? localized(found.nameLo, found.nameEn, lng) : '—';
  };
  const province = provinces.data?.items.find((p) => p.code === c.provinceCode);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      <Fact label={t('backoffice.company.fields.tin')}>{c.tin}</Fact>
      <Fact label={t('backoffice.company.fields.registrationNo')}>{c.registrationNo}</Fact>
      <Fact label={t('backoffice.company.fields.category')}>{item('category', c.categoryId)}</Fact>
      <Fact label={t('backoffice.company.fields.enterpriseType')}>{item('type', c.enterpriseTypeId)}</Fact>
      <Fact label={t('backoffice.company.fields.size')}>{item('size', c.sizeId)}</Fact>
      <Fact label={t('backoffice.company.fields.province')}>{province ? localized(province.nameLo, province.nameEn, lng) : c.provinceCode}</Fact>
      <Fact label={t('backoffice.company.fields.address')}>{[c.address, c.villageName].filter(Boolean).join(', ')}</Fact>
      <Fact label={t('backoffice.company.fields.phone')}>{c.phone}</Fact>
      <Fact label={t('backoffice.company.fields.email')}>{c.email}</Fact>
      <Fact label={t('backoffice.company.fields.since')}>{formatDate(c.createdAt, lng)}</Fact>
    </SimpleGrid>
  );
}

/**
 * /staff/companies/:id: one company on one screen — profile, people, users, submissions, audit trail; `admin`
 * (composed by app/) shows what only staff admins do, given the company's id.
 */
export function CompanyScreen({ admin }: { admin?: (companyId: string) => ReactNode }) {
  const { t } = useTranslation();
  const lng = useLang();
  const { id = '' } = useParams();
  const company = useCompany(id);
  const back = (
    <Button component={Link} to={paths.staff.companies} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} w="fit-content">
      {t('backoffice.company.back')}
    </Button>
  );
  if (company.isPending) return <PageSpinner />;
  if (company.isError)
    return (
      <Stack>
        {back}
        <Alert
          color={company.error instanceof ApiError && company.error.status === 404 ? 'yellow' : 'red'}
          icon={<IconAlertCircle size={18} />}
          role="alert"
        >
          {errorText(company.error)}
        </Alert>
      </Stack>
    );
  const detail = company.data;
  const c = detail.company;
  return (
    <Stack gap="md">
      {back}
      <div>
        <PageTitle>{localized(c.nameLo, c.nameEn, lng)}</PageTitle>
        <Text c="dimmed" mt={-12}>
          {lng === 'en' ? c.nameLo : c.nameEn}
        </Text>
      </div>
      <Section id="company-profile" title={t('backoffice.company.profile')}>
        <Profile detail={detail} />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="company-people" title={t('backoffice.company.people')}>
          <Stack gap="xs">
            {c.people.map((p) => (
              <div key={p.role}>
                <Text size="xs" c="dimmed">
                  {t(`backoffice.company.roles.${p.role}`)}
                </Text>
                <Text>{[p.name, p.position, p.phone, p.email, p.licenceNo, p.firmName].filter(Boolean).join(' · ')}</Text>
              </div>
            ))}
          </Stack>
        </Section>
        <Section id="company-members" title={t('backoffice.company.members')}>
          <Stack gap="xs">
            {detail.members.map((m) => (
              <Group key={m.id} gap="xs" wrap="wrap">
                <Text fw={600}>{m.name}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {m.email}
                </Text>
                <Badge size="xs" variant="light">
                  {t(`account.roles.${m.role}`)}
                </Badge>
                {m.pending ? (
                  <Badge size="xs" color="yellow" variant="light">
                    {t('backoffice.company.pending')}
                  </Badge>
                ) : null}
                {m.disabled ? (
                  <Badge size="xs" color="gray">
                    {t('backoffice.company.disabled')}
                  </Badge>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Section>
      </SimpleGrid>
      <Section id="company-submissions" title={t('backoffice.company.submissions')}>
        <Rows
          items={detail.submissions}
          empty={t('backoffice.company.noSubmissions')}
          testId="company-submission"
          facts={(s) => (
            <>
              <Text fw={600}>{t('backoffice.company.bookYear', { year: s.bookYear })}</Text>
              <Badge variant="light">{t(`backoffice.states.${s.status}`)}</Badge>
              <Text size="xs" c="dimmed">
                {[
                  s.submittedAt ? t('backoffice.company.submittedAt', { date: formatDate(s.submittedAt, lng) }) : null,
                  s.acceptedAt ? t('backoffice.company.acceptedAt', { date: formatDate(s.acceptedAt, lng) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </>
          )}
          end={(s) => (s.status !== 'draft' ? <OpenLink to={paths.staff.submission(s.id)} /> : null)}
        />
      </Section>
      <Section id="company-notes" title={t('backoffice.company.notes')}>
        <Rows
          items={detail.notes}
          empty={t('backoffice.company.noNotes')}
          testId="company-notes"
          facts={(n) => (
            <>
              <Text fw={600}>{t('backoffice.company.bookYear', { year: n.bookYear })}</Text>
              <Badge variant="light">{t(`backoffice.states.${n.status}`)}</Badge>
            </>
          )}
          end={(n) => (n.status !== 'draft' ? <OpenLink to={paths.staff.notesOne(n.id)} /> : null)}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="company-bookings" title={t('backoffice.company.bookings')}>
          <Rows
            items={detail.bookings}
            empty={t('backoffice.company.noBookings')}
            testId="company-booking"
            facts={(b) => (
              <>
                <Text size="sm">{formatDateTime(b.slotStart, lng)}</Text>
                <Badge variant="light" color={b.status === 'received' ? 'teal' : b.status === 'cancelled' ? 'gray' : 'blue'}>
                  {t(`bookings.status.${b.status}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('backoffice.company.documents', { count: b.receivedCount ?? b.documentCount })}
                </Text>
              </>
            )}
            end={(b) => (
              <Anchor component={Link} to={`${paths.staff.bookings}?date=${vientianeDate(b.slotStart)}`} size="sm">
                {t('backoffice.company.openDay')}
              </Anchor>
            )}
          />
        </Section>
        <Section id="company-invoices" title={t('backoffice.company.invoices')}>
          <Rows
            items={detail.invoices}
            empty={t('backoffice.company.noInvoices')}
            testId="company-invoice"
            facts={(i) => (
              <>
                <Text ff="monospace" size="sm">
                  {i.number}
                </Text>
                <Badge variant="light" color={i.status === 'paid' ? 'teal' : i.status === 'void' ? 'gray' : 'orange'}>
                  {t(`payments.status.${i.status}`)}
                </Badge>
              </>
            )}
            end={(i) => (
              <Text ff="monospace" size="sm">
                {formatLak(i.total, lng)}
              </Text>
            )}
          />
          {detail.invoices.length > 0 ? (
            <Anchor component={Link} to={`${paths.staff.invoices}?company=${c.id}`} size="sm" mt="xs" display="block">
              {t('backoffice.company.allInvoices')}
            </Anchor>
          ) : null}
        </Section>
      </SimpleGrid>
      {admin ? admin(c.id) : null}
      <Section id="company-audit" title={t('backoffice.company.audit')}>
        {detail.audit.length === 0 ? (
          <Text c="dimmed">{t('backoffice.company.noAudit')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {detail.audit.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.occurredAt, lng)}</Table.Td>
                    <Table.Td>
                      <code>{a.action}</code>
                    </Table.Td>
                    <Table.Td>{a.actorName ?? a.actorRole}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
