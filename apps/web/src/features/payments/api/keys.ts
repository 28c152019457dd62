/** Query keys of this feature: a mutation invalidates only the keys it changes. */
export const paymentKeys = {
  all: ['payments'] as const,
  lists: ['payments', 'invoices'] as const,
  list: (filters: object) => ['payments', 'invoices', filters] as const,
  qr: (id: string) => ['payments', 'qr', id] as const,
  staffLists: ['staff', 'invoices'] as const,
  staffList: (filters: object) => ['staff', 'invoices', filters] as const,
  /** under staffLists: a staff action's invalidation refreshes the review screen too */
  staffOne: (id: string) => ['staff', 'invoices', 'one', id] as const,
  unmatched: ['staff', 'payment-notifications'] as const,
  fees: ['staff', 'fees'] as const,
  webhookSecret: ['staff', 'payment-webhook-secret'] as const,
  currentFees: ['payments', 'current-fees'] as const,
};
