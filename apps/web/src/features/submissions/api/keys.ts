/** Query keys of this feature: a mutation invalidates only the keys it changes. */
export const submissionKeys = {
  all: ['submissions'] as const,
  detail: (id: string) => ['submissions', 'detail', id] as const,
  open: (bookYear: number) => ['submissions', 'open', bookYear] as const,
  check: (bookYear: number) => ['submissions', 'check', bookYear] as const,
  lists: ['submissions', 'list'] as const,
  list: (filters: object) => ['submissions', 'list', filters] as const,
  events: (id: string) => ['submissions', 'events', id] as const,
  documents: (filters: object) => ['documents', filters] as const,
  staffLists: ['staff', 'submissions', 'list'] as const,
  staffList: (filters: object) => ['staff', 'submissions', 'list', filters] as const,
  staffDetail: (id: string) => ['staff', 'submissions', 'detail', id] as const,
};
