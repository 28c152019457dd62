import { Alert, Button, Fieldset, Group, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBuilding, IconDeviceFloppy, IconFileZip, IconLock, IconUsers } from '@tabler/icons-react';
import { FormProvider, useForm } from 'react-hook-form';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { applyProblem } from '../../../lib/apply-problem';
import { lazyFormResolver } from '../../../lib/lazy-resolver';
import { errorText } from '../../../lib/error-text';
import { useMyCompany } from '../../../api/get-my-company';
import { useUpdateMyCompany } from '../api/update-my-company';
import { CompanyProfileFields } from '../components/company-profile-fields';
import { profileFormValues, type ProfileForm } from '../components/form-values';
import { PeopleFields } from '../components/people-fields';
import type { Company } from '@bansi/shared';
import { lazyPart } from '../../../lib/lazy';

const MembersPanel = lazyPart(() => import('../components/members-panel').then((m) => m.MembersPanel));
const RecordsExportPanel = lazyPart(() => import('../../../components/records-export-panel').then((m) => m.RecordsExportPanel));

/**
 * /dashboard/settings: the company's profile and signatories (editable by company admins, read-only
 * for other users) and its colleagues. `canEdit` and `currentUserId` come from the session (app/ composes).
 */
export function CompanySettings({ canEdit, currentUserId }: { canEdit: boolean; currentUserId: string }) {
  const { t } = useTranslation();
  const company = useMyCompany();
  const { hash } = useLocation();
  // Held here, not in the editor: a save remounts the editor (keyed by the stored version), and a
  // mutation's per-call callbacks only run while the component that called it is still mounted.
  const update = useUpdateMyCompany();
  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('dashboard.nav.settings')}</PageTitle>
        <Text c="dimmed">{t('account.settings.lead')}</Text>
      </div>
      {/* The export's mail links to #records. */}
      <Tabs defaultValue={canEdit && hash === '#records' ? 'records' : 'profile'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile" leftSection={<IconBuilding size={16} />}>
            {t('account.settings.profileTab')}
          </Tabs.Tab>
          <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
            {t('account.settings.membersTab')}
          </Tabs.Tab>
          {canEdit ? (
            <Tabs.Tab value="records" leftSection={<IconFileZip size={16} />}>
              {t('companyExport.title')}
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          {company.isPending ? (
            <PageSpinner />
          ) : company.isError ? (
            <Alert color="red" role="alert">
              {errorText(company.error)}
            </Alert>
          ) : (
            // Keyed by the stored version: after a save the form starts again from what was stored.
            <ProfileEditor key={company.data.updatedAt} company={company.data} canEdit={canEdit} update={update} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <Suspense fallback={<PageSpinner />}>
            <MembersPanel canManage={canEdit} currentUserId={currentUserId} />
          </Suspense>
        </Tabs.Panel>
        {canEdit ? (
          <Tabs.Panel value="records" pt="md">
            <Suspense fallback={<PageSpinner />}>
              <RecordsExportPanel />
            </Suspense>
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}

function ProfileEditor({ company, canEdit, update }: { company: Company; canEdit: boolean; update: ReturnType<typeof useUpdateMyCompany> }) {
  const { t } = useTranslation();
  const form = useForm({
    // The schema (and zod) load with the first validation, not with the screen (decision 280).
    resolver: lazyFormResolver(() => import('../components/form-schemas').then((m) => m.ProfileFormSchema)),
    defaultValues: profileFormValues(company) satisfies ProfileForm,
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('account.settings.saved') }),
      onError: (error) => {
        if (error instanceof ApiError) applyProblem(error.problem, form.setError);
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={t('account.settings.profileTab')}>
        <Stack gap="lg">
          {!canEdit ? (
            <Alert color="blue" icon={<IconLock />} data-testid="settings-read-only">
              {t('account.settings.readOnly')}
            </Alert>
          ) : null}
          {update.isError ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorText(update.error)}
            </Alert>
          ) : null}
          <Fieldset variant="unstyled" disabled={!canEdit} p={0} m={0}>
            <Stack gap="xl">
              <CompanyProfileFields tinValue={company.tin} />
              <Stack gap="sm">
                <Text fw={700} size="lg" component="h2" m={0}>
                  {t('account.register.steps.people')}
                </Text>
                <PeopleFields />
              </Stack>
            </Stack>
          </Fieldset>
          {canEdit ? (
            // Sticky, so a long form can be saved from anywhere in it.
            <Group
              justify="flex-end"
              wrap="nowrap"
              gap="sm"
              py="sm"
              bg="var(--mantine-color-body)"
              style={{ position: 'sticky', bottom: 0, borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
            >
              <Button type="button" variant="subtle" disabled={!form.formState.isDirty || update.isPending} onClick={() => form.reset()}>
                {t('account.settings.discard')}
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={update.isPending} disabled={!form.formState.isDirty}>
                {t('account.settings.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </FormProvider>
  );
}
