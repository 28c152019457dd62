import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/page-spinner';
import { RecordsExportPanel } from '../../components/records-export-panel';
import { useSession } from '../../features/auth/api/get-session';
import { CompanyScreen } from '../../features/backoffice/routes/company';

/** /staff/companies/:id: the back office's company screen; staff admins also make the export of all its records. */
export default function StaffCompanyRoute() {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  const admin =
    session?.user.role === 'staff_admin'
      ? (companyId: string) => (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-export" data-testid="company-export">
            <Title order={2} size="h4" id="company-export" mb="sm">
              {t('companyExport.staffTitle')}
            </Title>
            <RecordsExportPanel companyId={companyId} staff />
          </Paper>
        )
      : undefined;
  return <CompanyScreen {...(admin ? { admin } : {})} />;
}
