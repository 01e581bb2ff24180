// The command line and environment of the deploy check (see scripts/deploy-check.mjs).
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const args = new Set(process.argv.slice(2));
export const BUILD = !args.has('--no-build');
export const KEEP = args.has('--keep');
export const POSTGRES_URL = process.env.DEPLOY_CHECK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.DEPLOY_CHECK_REDIS_URL ?? 'redis://127.0.0.1:6379';
