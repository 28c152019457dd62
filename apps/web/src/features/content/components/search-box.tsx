import { CONTENT_LIMITS } from '@bansi/shared';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** The public site's search: Lao or English words, results on the search page. */
export function SearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) void navigate(`${paths.search}?q=${encodeURIComponent(query)}`);
  };
  return (
    <form role="search" onSubmit={submit} aria-label={t('content.search.label')}>
      <TextInput
        type="search"
        name="q"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        placeholder={t('content.search.placeholder')}
        aria-label={t('content.search.label')}
        maxLength={CONTENT_LIMITS.query}
        autoFocus={autoFocus}
        data-testid="search-input"
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('content.search.submit')}>
            <IconSearch size={18} />
          </ActionIcon>
        }
      />
    </form>
  );
}
