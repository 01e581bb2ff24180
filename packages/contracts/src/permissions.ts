/** Named permissions; every API route declares the one it needs (see apps/server/src/http/access.ts). */
export const PERMISSIONS = {
  /** Seasonality tools and the stock scanner. */
  premiumTools: 'premium:tools',
  marketImport: 'market:import',
  adminUsers: 'admin:users',
  adminProducts: 'admin:products',
  adminOutbox: 'admin:outbox',
  /** The durable job queue: list jobs, run due ones now. */
  adminJobs: 'admin:jobs',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The subscriber tag of the contact record (specification §4). */
export const SUBSCRIBER_TAG_ID = 2582;

/** Specification §4: a subscriber's contact record has an id and the subscriber tag. */
export function isSubscriberContact(
  contact: { id?: number | string | null; tag_ids?: readonly number[] | null } | null | undefined,
): boolean {
  return Boolean(
    contact &&
    contact.id !== undefined &&
    contact.id !== null &&
    contact.id !== '' &&
    contact.tag_ids?.includes(SUBSCRIBER_TAG_ID),
  );
}
