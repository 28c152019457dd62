import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';

const NEXT_STEPS = ['mail', 'login', 'submit', 'colleagues'] as const;

/** After registering: what happens next, and the way in. */
export default function ThanksRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={560} mx="auto">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={36} />
      </ThemeIcon>
      <div>
        <PageTitle>{t('auth.thanks.title')}</PageTitle>
        <Text c="dimmed">{t('account.thanks.lead')}</Text>
      </div>
      <Text fw={700}>{t('account.thanks.nextTitle')}</Text>
      <List type="ordered" spacing="sm">
        {NEXT_STEPS.map((step) => (
          <List.Item key={step}>{t(`account.thanks.next.${step}`)}</List.Item>
        ))}
      </List>
      <Button component={Link} to={paths.login} size="md" data-testid="thanks-login">
        {t('account.thanks.login')}
      </Button>
    </Stack>
  );
}
