/**
 * What an API key may read (issue 32). A route a key may call declares one of these (`config.scope`);
 * a key calls only routes whose scope it holds, and never a write route.
 */
export const API_KEY_SCOPES = ['filings:read', 'payments:read', 'companies:read', 'bookings:read'] as const;
