import type { QrCheckResult } from '@bansi/shared';
import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useQrCheck } from '../api/check-qr-code';
import { BookingView } from '../components/booking-view';

/** One label/value line of a code's view. */
function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The frame of a genuine code's answer: a check mark, what it is, then its facts (orange: genuine, but no longer in force). */
function GenuineCard({
  title,
  lead,
  children,
  color = 'teal',
}: {
  title: string;
  lead: string;
  children: React.ReactNode;
  color?: 'teal' | 'orange';
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="qr-genuine">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" color={color} variant="light" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <div>
            <Text fw={700} size="lg" c={`${color}.8`}>
              {title}
            </Text>
            <Text size="sm">{lead}</Text>
          </div>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** The company's name in the reader's language, the other one below it. */
function CompanyFact({ nameLo, nameEn }: { nameLo: string; nameEn: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [name, other] = lang === 'en' ? [nameEn, nameLo] : [nameLo, nameEn];
  return (
    <Fact label={t('qr.fields.company')} testId="qr-company">
      {name}
      {other && other !== name ? (
        <Text span display="block" size="sm" c="dimmed" fw={400}>
          {other}
        </Text>
      ) : null}
    </Fact>
  );
}

/** A genuine acknowledgement receipt: company, book year, acceptance date, file count — nothing more. */
function ReceiptView({ view }: { view: Extract<QrCheckResult, { kind: 'receipt' }> }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <GenuineCard title={t('qr.receipt.genuine')} lead={t('qr.receipt.lead')}>
      <CompanyFact nameLo={view.companyNameLo} nameEn={view.companyNameEn} />
      <Fact label={t('qr.fields.bookYear')} testId="qr-book-year">
        {view.bookYear}
      </Fact>
      {view.reference ? (
        <Fact label={t('filing.reference.label')} testId="qr-reference">
          {view.reference}
        </Fact>
      ) : null}
      <Fact label={t('qr.fields.acceptedAt')} testId="qr-accepted-at">
        {formatDate(view.acceptedAt, lang)}
      </Fact>
      <Fact label={t('qr.fields.fileCount')} testId="qr-file-count">
        {view.fileCount}
      </Fact>
    </GenuineCard>
  );
}

/** A genuine invoice (its payment receipt carries this code): number, company, total and whether it is paid. */
function InvoiceView({ view }: { view: Extract<QrCheckResult, { kind: 'invoice' }> }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <GenuineCard
      title={t('qr.invoice.genuine')}
      lead={t(view.cancelledAt ? 'qr.invoice.leadCancelled' : view.paidAt ? 'qr.invoice.leadPaid' : 'qr.invoice.leadOpen')}
      color={view.cancelledAt ? 'orange' : 'teal'}
    >
      {view.cancelledAt ? (
        <Alert color="red" icon={<IconAlertTriangle />} data-testid="qr-invoice-cancelled">
          {t('qr.invoice.cancelled', { date: formatDateTime(view.cancelledAt, lang), reason: view.cancelReason ?? '' })}
        </Alert>
      ) : null}
      <Fact label={t('qr.fields.invoiceNumber')} testId="qr-invoice-number">
        {view.number}
      </Fact>
      <CompanyFact nameLo={view.companyNameLo} nameEn={view.companyNameEn} />
      <Fact label={t('qr.fields.total')} testId="qr-invoice-total">
        {formatLak(view.total, lang)}
      </Fact>
      {view.paidAt ? (
        <Fact label={t('qr.fields.paidAt')} testId="qr-invoice-paid-at">
          {formatDate(view.paidAt, lang)}
        </Fact>
      ) : null}
    </GenuineCard>
  );
}

/** Each kind of code renders its own view; bookings, invoices and notes add theirs here. */
function KindView({ view, onChanged }: { view: QrCheckResult; onChanged: () => void }) {
  switch (view.kind) {
    case 'receipt':
      return <ReceiptView view={view} />;
    case 'booking':
      return <BookingView view={view} onChanged={onChanged} />;
    case 'invoice':
      return <InvoiceView view={view} />;
  }
}

/** /qr/scan/:comId/:code — what a scanned QR code opens (DESIGN §2): is the document genuine? */
export default function QrScanRoute() {
  const { t } = useTranslation();
  const { comId = '', code = '' } = useParams();
  const check = useQrCheck(comId, code);
  // 404 (unknown, altered, another company's) and 400 (malformed) both mean: not a code we issued.
  const notGenuine = check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400);

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <PageTitle>{t('qr.title')}</PageTitle>
      {check.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('qr.checking')}</Text>
        </Group>
      ) : check.data ? (
        <KindView view={check.data} onChanged={() => void check.refetch()} />
      ) : notGenuine ? (
        <Alert color="red" radius="md" variant="light" icon={<IconShieldX size={28} />} title={t('qr.notGenuine.title')} data-testid="qr-not-genuine">
          {t('qr.notGenuine.lead')}
        </Alert>
      ) : (
        <Alert color="orange" radius="md" variant="light" icon={<IconAlertTriangle size={28} />} title={t('qr.failed.title')} data-testid="qr-failed">
          <Button mt="sm" variant="light" color="orange" onClick={() => void check.refetch()}>
            {t('qr.failed.retry')}
          </Button>
        </Alert>
      )}
      <Button component={Link} to={paths.home} variant="subtle" style={{ alignSelf: 'flex-start' }}>
        {t('qr.home')}
      </Button>
    </Stack>
  );
}
