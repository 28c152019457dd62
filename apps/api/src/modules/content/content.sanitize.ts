import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML staff-written content may contain (docs/decisions/015). Everything else is dropped:
 * scripts and styles with their content, event-handler and style attributes, and any URL that is not
 * http(s), mailto, tel or relative. Links to other sites open in a new tab without an opener.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    // The page title is the only h1; headings written as h1 become h2.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    div: 'p',
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const external = /^https?:\/\//i.test(href);
      const out: Record<string, string> = {};
      if (href) out.href = href;
      if (attribs.title) out.title = attribs.title;
      if (external) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Staff rich text made safe to render as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|tr|td|th|caption|ul|ol|table)>|<br\s*\/?>|<hr\s*\/?>/gi;

/** The readable text of sanitised HTML: for search terms, snippets and excerpts. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_END, ' $&'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first words of a text, cut at a space near `max` characters. */
export function excerpt(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > max * 0.6 ? cut : max).trimEnd()}…`;
}
