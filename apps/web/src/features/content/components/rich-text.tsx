import { Typography } from '@mantine/core';

/**
 * Staff-written rich text. The API sanitised it with an allow-list when it was saved (no script,
 * no event handler, no javascript: URL survives), so it is rendered as it is.
 */
export function RichText({ html, lang }: { html: string; lang?: string }) {
  return (
    <Typography lang={lang} data-testid="rich-text">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
