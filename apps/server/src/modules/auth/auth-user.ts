import type { FastifyRequest } from 'fastify';
import { PERMISSIONS, type Permission, type Role } from '@solstice/contracts';
import { unauthorized } from '../../http/errors.js';

/** Who is signed in, on `request.user` (null when nobody is). */
export interface AuthUser {
  id: number;
  email: string;
  username: string;
  roles: Role[];
  /** The contact has the subscriber tag (specification §4); admins are not subscribers by this flag. */
  subscriber: boolean;
  /** The language the profile chose (a locale such as `tr-TR`), null when it has not. */
  locale: string | null;
  /** The account has seen (or closed) the first-run tour. */
  tutorialSeen: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const ALL_PERMISSIONS = Object.values(PERMISSIONS) as Permission[];

/** Admins hold every permission; subscribers the premium tools; members nothing extra. */
export function permissionsOf(user: AuthUser): Permission[] {
  if (user.roles.includes('admin')) return ALL_PERMISSIONS;
  return user.subscriber ? [PERMISSIONS.premiumTools] : [];
}

export function hasPermission(user: AuthUser | null, permission: Permission): boolean {
  return user !== null && permissionsOf(user).includes(permission);
}

/** The `subscriber` access kind: the subscriber tag, or an admin. */
export function hasSubscriberAccess(user: AuthUser | null): boolean {
  return user !== null && (user.subscriber || user.roles.includes('admin'));
}

/** The signed-in user of a route that declared SIGNED_IN (or stricter); 401 otherwise. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
