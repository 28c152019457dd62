/**
 * Alert titles in the text colour: Mantine colours an alert's title with the alert's colour, which on its
 * own light background falls under WCAG AA (4.5:1) for yellow, orange and red.
 */
export const READABLE_TITLE = {
  title: { color: 'var(--mantine-color-text)' },
} as const;
