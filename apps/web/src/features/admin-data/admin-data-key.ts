/** The admin data page's query: what a change on the page invalidates. */
export const ADMIN_DATA_QUERY_KEY = ['admin-data'] as const;
