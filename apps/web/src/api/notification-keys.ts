/**
 * The query keys of the company's notifications: the content feature reads them (bell, lists), and a
 * change that makes the portal notify the company (a submission sent: decision 096) refreshes them.
 */
export const UNREAD_KEY = ['content', 'unread-count'] as const;
/** Everything under this key depends on who is logged in and what they have read. */
export const NOTIFICATIONS_KEY = ['content', 'notifications'] as const;
