import { z } from 'zod';

/** A calendar date of the exchange, YYYY-MM-DD, that exists. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'expected a real calendar date');

/** A ticker symbol: letters, digits, '.', '-', '^' and '=' (indices like ^GSPC). */
export const symbolSchema = z
  .string()
  .trim()
  .min(1, 'expected a symbol')
  .max(20, 'a symbol has at most 20 characters')
  .regex(/^[A-Za-z0-9.^=-]+$/, 'a symbol has only letters, digits, ".", "-", "^" or "="')
  .transform((v) => v.toUpperCase());
