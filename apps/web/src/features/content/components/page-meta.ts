import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * The tab title and the description of a public page, in the reader's language (for search engines
 * that run scripts and for link previews taken from the live page).
 */
export function usePageMeta(title: string | undefined, description: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    const full = `${title} · ${t('common.appName')}`;
    document.title = full;
    const text = (description || t('content.meta.defaultDescription')).replace(/\s+/g, ' ').trim().slice(0, 200);
    setMeta('name', 'description', text);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', text);
  }, [title, description, t]);
}
