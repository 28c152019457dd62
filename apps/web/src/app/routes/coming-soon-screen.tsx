import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { PageTitle } from '../../components/page-title';

/** A screen whose feature lands in a later issue: its title and an honest "coming soon". */
export function ComingSoonScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <ComingSoon />
    </>
  );
}
