import type { Language } from '@bansi/shared';
import type { Translate } from '../../lib/i18n';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A var holding one of the app's own URLs (built by the service, never typed by a user). */
export const isLinkVar = (key: string) => key === 'link' || key.endsWith('Link');

const SCHEME = /\b([a-z][a-z0-9+.-]{1,20}):\/\//gi;
// A dot between a letter or digit and a label of letters is a host name's dot: "evil.example" —
// except before the extension of a file kind the portal keeps ("cash-flow.pdf" stays as typed:
// no mail program links ".pdf", and the filer must recognise the name).
const FILE_EXTENSION = '(?:pdf|csv|xlsx?|docx?|png|jpe?g|webp|txt)(?![\\p{L}\\p{N}.])';
const HOST_DOT = new RegExp(`(?<=[\\p{L}\\p{N}_-])\\.(?!${FILE_EXTENSION})(?=\\p{L}{2,})`, 'giu');

/**
 * User text as plain text that no mail program turns into a link: the scheme is broken
 * ("https[:]//") and a host name's dots become one-dot leaders ("evil․example"), which read the
 * same but are no domain. Applied to every var that is not one of the app's own links.
 */
export function defang(text: string): string {
  return text.replace(SCHEME, '$1[:]//').replace(HOST_DOT, '\u2024');
}

// Private-use characters mark where a link goes until the HTML part is built.
const mark = (i: number) => `\uE000${i}\uE001`;
const MARK = /\uE000(\d+)\uE001/g;

/**
 * Renders a mail from the catalog (`mail.<template>.*`): the text part, and an HTML part whose only
 * links are the app's own (`link`, `…Link` vars); user text stays plain text in both.
 */
export function renderMail(t: Translate, lang: Language, template: string, vars: Record<string, string | number>) {
  const links: string[] = [];
  const safe: Record<string, string | number> = {};
  const marked: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(vars)) {
    if (isLinkVar(key)) {
      safe[key] = String(value);
      marked[key] = mark(links.push(String(value)) - 1);
    } else {
      safe[key] = marked[key] = typeof value === 'string' ? defang(value) : value;
    }
  }
  const subject = t(lang, `mail.${template}.subject`, safe);
  // A var left empty (e.g. no file comments) leaves no empty paragraph behind.
  const markedText = `${t(lang, `mail.${template}.body`, marked).replace(/\n{3,}/g, '\n\n')}\n\n${t(lang, 'mail.signature', marked)}`;
  const textBody = markedText.replace(MARK, (_m, i: string) => links[Number(i)]!);
  const htmlBody = `<!doctype html><html lang="${lang}"><body style="font-family:'Noto Sans Lao',sans-serif;line-height:1.7">${markedText
    .split('\n\n')
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\n/g, '<br>')
          .replace(MARK, (_m, i: string) => {
            const url = escapeHtml(links[Number(i)]!);
            return `<a href="${url}">${url}</a>`;
          })}</p>`,
    )
    .join('')}</body></html>`;
  return { subject, textBody, htmlBody };
}
