/** Query keys of class mode. */
export const classKeys = {
  list: () => ['teach', 'classes'] as const,
  page: (id: string) => ['teach', 'class', id] as const,
};

/** The address of a class under /api/teach. */
export const classPath = (id: string) => `/api/teach/classes/${encodeURIComponent(id)}`;
