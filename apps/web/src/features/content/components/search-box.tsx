import { CONTENT_LIMITS } from '@bansi/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './search-box.module.css';

/**
 * The public site's search: Lao or English words, results on the search page. Plain elements styled like
 * Mantine's TextInput: on the home page, TextInput and ActionIcon were ~2 kB of the first visit's 150 kB.
 */
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
      <div className={classes.box}>
        <input
          className={classes.input}
          type="search"
          name="q"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          placeholder={t('content.search.placeholder')}
          aria-label={t('content.search.label')}
          maxLength={CONTENT_LIMITS.query}
          autoFocus={autoFocus}
          data-testid="search-input"
        />
        <button type="submit" className={classes.submit} aria-label={t('content.search.submit')}>
          <IconSearch size={18} />
        </button>
      </div>
    </form>
  );
}
