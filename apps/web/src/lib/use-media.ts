import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a media query matches, right from the first render. Mantine's `useMediaQuery` answers its initial value
 * (false) first and the real one in an effect — made for server rendering — so a phone drew the wide layout once
 * and then jumped to its own (the filing wizard's stepper: a layout shift of 0.165 in Lighthouse). The app renders
 * in the browser only (the prerendered home uses no media query in script), so it may ask the browser at once.
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
