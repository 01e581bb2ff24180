import { z } from 'zod';
import { INT32_MAX, idSchema, visibleText } from './validators.js';

export const planIntervalSchema = z.enum(['month', 'year']);
export type PlanInterval = z.infer<typeof planIntervalSchema>;

export const priceSchema = z.object({
  id: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  interval: planIntervalSchema,
});
export type Price = z.infer<typeof priceSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponseSchema = z.array(productSchema);

export const idParamsSchema = z.strictObject({ id: idSchema() });

export const checkoutRequestSchema = z.strictObject({
  priceId: idSchema('expected a price id (a number)'),
});
export const checkoutResponseSchema = z.object({
  sessionId: z.string(),
  url: z.string(),
  provider: z.enum(['test', 'stripe']),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutSessionParamsSchema = z.strictObject({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'expected a checkout session id'),
});

/** Luhn checksum over the digits of a card number. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const cardNumberSchema = z
  .string({ message: 'expected a card number' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d+$/.test(v), 'a card number has only digits (spaces and dashes are ignored)')
  .refine((v) => v.length >= 12 && v.length <= 19, 'a card number has 12 to 19 digits')
  .refine((v) => luhnValid(v), 'this card number is not valid (check digit mismatch)');

export const expirySchema = z
  .string({ message: 'expected an expiry date as MM/YY' })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'expected an expiry date as MM/YY');

export const payRequestSchema = z.strictObject({
  cardNumber: cardNumberSchema,
  expiry: expirySchema,
  cvc: z.string({ message: 'expected a security code' }).regex(/^\d{3,4}$/, 'the security code has 3 or 4 digits'),
});
export type PayRequest = z.input<typeof payRequestSchema>;

export const payResponseSchema = z.object({
  status: z.enum(['paid', 'declined']),
  message: z.string(),
});
export type PayResponse = z.infer<typeof payResponseSchema>;

export const checkoutSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'paid', 'expired']),
  provider: z.enum(['test', 'stripe']),
  providerLabel: z.string(),
  product: productSchema.omit({ prices: true }),
  price: priceSchema,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const subscriptionStatusSchema = z.enum(['none', 'active', 'past_due', 'ended']);

export const subscriptionResponseSchema = z.object({
  status: subscriptionStatusSchema,
  product: productSchema.omit({ prices: true }).nullable(),
  price: priceSchema.nullable(),
  /** ISO instant. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  subscriber: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const paymentsConfigSchema = z.object({
  /** "none": this server takes no payments (production without a provider); checkout answers 503. */
  provider: z.enum(['test', 'stripe', 'none']),
  /** "Test mode" for the built-in checkout; shown on the subscribe page. */
  label: z.string(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** The specification's compatibility call (§7). */
export const seasonalityActionSchema = z.enum(['getProducts', 'getSubscriptionsByUserID', 'getUserByEmail']);
export const SEASONALITY_ACTIONS = seasonalityActionSchema.options;
export const seasonalityCompatRequestSchema = z.strictObject({
  action: z.string({ message: `expected an action: one of ${SEASONALITY_ACTIONS.join(', ')}` }),
  contact_id: idSchema('expected a contact id (a number)').optional(),
  email: z.string().trim().max(320).optional(),
});

export const compatSubscriptionSchema = z.object({
  id: z.number().int(),
  contact_id: z.number().int().nullable(),
  status: z.string(),
  product: z.string(),
  price_id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  interval: planIntervalSchema,
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
});
export type CompatSubscription = z.infer<typeof compatSubscriptionSchema>;

const money = z
  .number()
  .int('expected whole cents')
  .positive('expected a positive amount in cents')
  // The amount column is a 32-bit INTEGER.
  .max(INT32_MAX, `expected at most ${INT32_MAX} cents`);
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'expected a 3-letter currency code')
  .transform((v) => v.toLowerCase());

export const adminPriceInputSchema = z.strictObject({
  amount: money,
  currency: currency.default('usd'),
  interval: planIntervalSchema,
});

export const adminProductCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'a product needs a name')
    .max(120)
    .refine(...visibleText('A product name')),
  description: z.string().trim().max(2000).default(''),
  prices: z.array(adminPriceInputSchema).max(10).default([]),
});
export const adminProductUpdateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'a product needs a name')
    .max(120)
    .refine(...visibleText('A product name'))
    .optional(),
  description: z.string().trim().max(2000).optional(),
  active: z.boolean().optional(),
});

export const adminProductSchema = productSchema.extend({
  active: z.boolean(),
  prices: z.array(priceSchema.extend({ active: z.boolean() })),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
