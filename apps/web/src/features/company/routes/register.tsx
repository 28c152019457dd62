import { isLanguage } from '@bansi/shared';
import { Alert, Anchor, Box, Button, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/form-fields';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { tinCheckQueryOptions } from '../api/check-tin';
import { useRegisterCompany } from '../api/register-company';
import { CompanyProfileFields } from '../components/company-profile-fields';
import { RegisterFormSchema } from '../components/form-schemas';
import { emptyCompany, emptyPeople, emptyUser, type RegisterForm } from '../components/form-values';
import { PeopleFields } from '../components/people-fields';
import { RegisterReview } from '../components/register-review';

/** The steps in order; each of the first three validates one part of the shared RegisterRequest. */
const STEPS = ['company', 'people', 'user', 'review'] as const;
type Part = 'company' | 'people' | 'user';
const stepOf = (path: string) => Math.max(0, STEPS.indexOf(path.split('.')[0] as Part));

function firstErrorPath(errors: FieldErrors, prefix = ''): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') return path;
    const inner = firstErrorPath(value as FieldErrors, path);
    if (inner) return inner;
  }
  return null;
}

/**
 * /register: the company, its signatories and the first user in four steps, checked with the shared
 * schemas; the tax ID is checked for uniqueness before leaving the first step. Server field errors
 * land on their fields, and the wizard opens the step that holds the first one.
 */
export default function RegisterRoute() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'lo';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registerCompany = useRegisterCompany();
  const [active, setActive] = useState(0);
  const [checkingTin, setCheckingTin] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: zodFormResolver(RegisterFormSchema),
    defaultValues: { company: emptyCompany(), people: emptyPeople(), user: emptyUser(language) } satisfies RegisterForm,
    mode: 'onTouched',
  });
  // The password meter refuses, like the server, a password built on the user's own words.
  const personal = useWatch({ control: form.control, name: ['user.name', 'user.email', 'company.nameLo', 'company.nameEn', 'company.tin'] });

  const goTo = (step: number, focus?: string) => {
    setActive(step);
    setStepError(null);
    top.current?.scrollIntoView({ block: 'start' });
    // The step's fields mount on the next render; then the first wrong one gets the focus.
    if (focus) setTimeout(() => form.setFocus(focus as never), 50);
  };

  /** The tax ID must still be free: asked now, so the user learns it on the first step, not at the end. */
  const tinIsFree = async (): Promise<boolean> => {
    const tin = form.getValues('company.tin').trim();
    setCheckingTin(true);
    try {
      const { available } = await queryClient.fetchQuery(tinCheckQueryOptions(tin));
      if (!available) form.setError('company.tin', { type: 'tin_taken', message: t('account.register.tinTaken') }, { shouldFocus: true });
      return available;
    } catch (error) {
      setStepError(errorText(error));
      return false;
    } finally {
      setCheckingTin(false);
    }
  };

  const next = async () => {
    const part = STEPS[active] as Part;
    setStepError(null);
    if (!(await form.trigger(part, { shouldFocus: true }))) return;
    if (part === 'company' && !(await tinIsFree())) return;
    goTo(active + 1);
  };

  const onValid = (values: z.output<typeof RegisterFormSchema>) =>
    registerCompany.mutate(
      { ...values, user: { ...values.user, language } },
      {
        onSuccess: () => void navigate(paths.thanks),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const [first] = applyProblem(error.problem, form.setError);
          if (first) goTo(stepOf(first), first);
        },
      },
    );

  const onInvalid = (errors: FieldErrors) => {
    const first = firstErrorPath(errors);
    if (first) goTo(stepOf(first), first);
  };

  /** Enter or the main button: the next step, or on the last one the registration itself. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (active === STEPS.length - 1) return void form.handleSubmit(onValid, onInvalid)(event);
    event.preventDefault();
    void next();
  };

  const stepLabel = (step: (typeof STEPS)[number]) => t(`account.register.steps.${step}`);
  const failure = stepError ?? (registerCompany.isError ? errorText(registerCompany.error) : null);

  return (
    <FormProvider {...form}>
      <Stack gap="md" ref={top} style={{ scrollMarginTop: 16 }}>
        <div>
          <PageTitle>{t('nav.register')}</PageTitle>
          <Text c="dimmed">{t('account.register.lead')}</Text>
        </div>
        <Stepper
          active={active}
          onStepClick={(step) => step < active && goTo(step)}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={32}
          aria-label={t('account.register.progress')}
          // Four labels in the narrow stand-alone page: each on one line, the separators give way (decision 099).
          styles={{ stepLabel: { whiteSpace: 'nowrap' }, stepBody: { marginInlineStart: 8 }, separator: { marginInline: 8, minWidth: 8 } }}
        >
          {STEPS.map((step) => (
            // A phone shows the numbers only: hidden by the stylesheet, not by script, so the prerendered page (decision
            // 290) is already right at every width and nothing moves when the app takes over.
            <Stepper.Step
              key={step}
              label={
                <Box component="span" visibleFrom="xs">
                  {stepLabel(step)}
                </Box>
              }
              aria-label={stepLabel(step)}
            />
          ))}
        </Stepper>
        <Text fw={700} data-testid="register-step">
          {t('account.register.stepOf', { step: active + 1, total: STEPS.length, label: stepLabel(STEPS[active]!) })}
        </Text>
        <form onSubmit={onSubmit} noValidate aria-label={t('nav.register')}>
          <Stack gap="lg">
            {failure ? (
              <Alert color="red" icon={<IconAlertCircle />} role="alert" data-testid="register-error">
                {failure}
              </Alert>
            ) : null}
            {active === 0 ? (
              <CompanyProfileFields
                tinSlot={
                  <TextField
                    control={form.control}
                    name="company.tin"
                    label={t('account.company.tin')}
                    description={t('account.company.tinHint')}
                    inputMode="numeric"
                    autoComplete="off"
                    rightSection={checkingTin ? <Loader size="xs" aria-label={t('account.register.tinChecking')} /> : undefined}
                    withAsterisk
                  />
                }
              />
            ) : null}
            {active === 1 ? <PeopleFields /> : null}
            {active === 2 ? (
              <Stack gap="md" component="section" aria-label={stepLabel('user')}>
                <Text size="sm" c="dimmed">
                  {t('account.user.lead')}
                </Text>
                <TextField control={form.control} name="user.name" label={t('account.user.name')} autoComplete="name" withAsterisk />
                <TextField
                  control={form.control}
                  name="user.email"
                  type="email"
                  label={t('account.user.email')}
                  description={t('account.user.emailHint')}
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  withAsterisk
                />
                <TextField
                  control={form.control}
                  name="user.phone"
                  type="tel"
                  label={t('account.user.phone')}
                  description={t('account.user.phoneHint')}
                  autoComplete="tel"
                />
                <PasswordField
                  control={form.control}
                  name="user.password"
                  label={t('account.user.password')}
                  autoComplete="new-password"
                  isNew
                  personal={personal}
                  withAsterisk
                />
              </Stack>
            ) : null}
            {active === 3 ? <RegisterReview onEdit={(step) => goTo(step)} /> : null}
            <Group justify="space-between" gap="sm">
              {active > 0 ? (
                <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => goTo(active - 1)}>
                  {t('account.register.back')}
                </Button>
              ) : (
                <span />
              )}
              {active < STEPS.length - 1 ? (
                <Button type="submit" rightSection={<IconArrowRight size={18} />} loading={checkingTin}>
                  {t('account.register.next')}
                </Button>
              ) : (
                <Button type="submit" leftSection={<IconCheck size={18} />} loading={registerCompany.isPending} data-testid="register-submit">
                  {t('account.register.submit')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
        <Text ta="center" size="sm">
          {t('account.register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login}>
            {t('nav.login')}
          </Anchor>
        </Text>
      </Stack>
    </FormProvider>
  );
}
