import { createTheme } from '@mantine/core';

// Lao tone marks sit above and below the line: the generous line height keeps them from clipping.
const fontFamily = '"Noto Sans Lao", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  lineHeights: { xs: '1.6', sm: '1.65', md: '1.7', lg: '1.7', xl: '1.7' },
  defaultRadius: 'md',
});
