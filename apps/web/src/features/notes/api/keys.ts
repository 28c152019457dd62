/** Query keys of this feature: a mutation invalidates only the keys it changes. */
export const notesKeys = {
  all: ['notes'] as const,
  detail: (id: string) => ['notes', 'detail', id] as const,
  lists: ['notes', 'list'] as const,
  list: (filters: object) => ['notes', 'list', filters] as const,
  events: (id: string) => ['notes', 'events', id] as const,
  staffLists: ['staff', 'notes', 'list'] as const,
  staffList: (filters: object) => ['staff', 'notes', 'list', filters] as const,
  staffDetail: (id: string) => ['staff', 'notes', 'detail', id] as const,
};
