import { createTheme, type CSSVariablesResolver, type SelectProps } from '@mantine/core';

// Lao tone marks sit above and below the line: the generous line height keeps them from clipping.
const fontFamily = '"Noto Sans Lao", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA (4.5:1, axe in the browser tests): white on blue-6 and blue-6 text on white fall short; blue-8 passes.
  primaryShade: { light: 8, dark: 8 },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  lineHeights: { xs: '1.6', sm: '1.65', md: '1.7', lg: '1.7', xl: '1.7' },
  defaultRadius: 'md',
  components: {
    // Picking the chosen option again must not empty the field (Mantine's default deselects it, which
    // silently cleared required fields); an optional field says so with `clearable` (decision 099).
    // A plain object, not `Select.extend(…)`: that is the same object at run time but imports Select — and with
    // it Combobox, Popover, ScrollArea and floating-ui — into the home page's first visit (+30 kB brotli).
    Select: { defaultProps: { allowDeselect: false } satisfies Partial<SelectProps> },
  },
});

/** Mantine's dimmed text (gray-6) is 3.3:1 on white, under WCAG AA; gray-7 reads as secondary and passes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
