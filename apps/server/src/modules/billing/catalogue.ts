import type { Kysely } from 'kysely';
import type { AdminProduct, Price, Product } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import type { PlanInterval } from './billing.tables.js';

type Db = Kysely<Database>;

export interface PlanRow {
  priceId: number;
  productId: number;
  productName: string;
  productDescription: string;
  amount: number;
  currency: string;
  interval: PlanInterval;
  active: boolean;
  stripePriceId: string | null;
}

/** Active products with their active prices (the public catalogue). */
export async function listProducts(db: Db): Promise<Product[]> {
  const all = await listAdminProducts(db);
  return all
    .filter((p) => p.active)
    .map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      prices: p.prices
        .filter((x) => x.active)
        .map(({ id, amount, currency, interval }) => ({ id, amount, currency, interval })),
    }));
}

export async function listAdminProducts(db: Db): Promise<AdminProduct[]> {
  const products = await db.selectFrom('products').selectAll().orderBy('id').execute();
  const prices = await db.selectFrom('prices').selectAll().orderBy('amount').orderBy('id').execute();
  return products.map((p) => ({
    id: Number(p.id),
    name: p.name,
    description: p.description,
    active: p.active === 1,
    prices: prices
      .filter((x) => Number(x.product_id) === Number(p.id))
      .map((x) => ({
        id: Number(x.id),
        amount: Number(x.amount),
        currency: x.currency,
        interval: x.interval,
        active: x.active === 1,
      })),
  }));
}

export async function getPlan(db: Db, priceId: number): Promise<PlanRow | null> {
  const row = await db
    .selectFrom('prices')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .select([
      'prices.id as priceId',
      'products.id as productId',
      'products.name as productName',
      'products.description as productDescription',
      'prices.amount as amount',
      'prices.currency as currency',
      'prices.interval as interval',
      'prices.active as priceActive',
      'products.active as productActive',
      'prices.stripe_price_id as stripePriceId',
    ])
    .where('prices.id', '=', priceId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    priceId: Number(row.priceId),
    productId: Number(row.productId),
    productName: row.productName,
    productDescription: row.productDescription,
    amount: Number(row.amount),
    currency: row.currency,
    interval: row.interval,
    active: row.priceActive === 1 && row.productActive === 1,
    stripePriceId: row.stripePriceId,
  };
}

export function planPrice(plan: PlanRow): Price {
  return { id: plan.priceId, amount: plan.amount, currency: plan.currency, interval: plan.interval };
}

export function planProduct(plan: PlanRow): Omit<Product, 'prices'> {
  return { id: plan.productId, name: plan.productName, description: plan.productDescription };
}
