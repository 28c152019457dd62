/**
 * Where to go after logging in: `next` only when it is a path on this site (one leading `/`, not `//host`
 * nor `/\host`, no scheme), otherwise null and the caller picks the user's home.
 */
export function safeNext(next: string | null | undefined, origin: string): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters (a tab or newline inside "/\t/evil.example") are dropped by URL parsers: refuse them.
  if ([...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return null;
    // "/.//evil.example" resolves to the path "//evil.example", which the router would take for
    // another host: the resolved path must itself start with one slash only.
    if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
