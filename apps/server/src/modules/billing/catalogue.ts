import type { Kysely } from 'kysely';
import type { AdminProduct, Price, Product } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { PlanInterval } from './billing.tables.js';

/** The catalogue: products and their prices (plans), what the public sees and what admins change. */

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

export interface PriceInput {
  amount: number;
  interval: PlanInterval;
  currency: string;
}

export async function adminProduct(db: Db, id: number): Promise<AdminProduct> {
  const found = (await listAdminProducts(db)).find((p) => p.id === id);
  if (!found) throw notFound(`There is no product ${id}.`);
  return found;
}

export async function createProduct(
  db: Db,
  input: { name: string; description: string; prices: PriceInput[] },
  now = Date.now(),
): Promise<AdminProduct> {
  const id = await db.transaction().execute(async (trx) => {
    const product = await trx
      .insertInto('products')
      .values({ name: input.name, description: input.description, active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const price of input.prices) {
      await trx
        .insertInto('prices')
        .values({ product_id: product.id, ...price, active: 1, stripe_price_id: null, created_at: now })
        .execute();
    }
    return Number(product.id);
  });
  return adminProduct(db, id);
}

export async function updateProduct(
  db: Db,
  id: number,
  input: { name?: string; description?: string; active?: boolean },
  now = Date.now(),
): Promise<AdminProduct> {
  await adminProduct(db, id);
  await db
    .updateTable('products')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  return adminProduct(db, id);
}

/** A product with subscriptions is only archived (subscriptions keep their plan); others are deleted. */
export async function deleteProduct(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ deleted: boolean; archived: boolean }> {
  await adminProduct(db, id);
  const used = await db
    .selectFrom('subscriptions')
    .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
    .select('subscriptions.id')
    .where('prices.product_id', '=', id)
    .executeTakeFirst();
  if (used) {
    await db.updateTable('products').set({ active: 0, updated_at: now }).where('id', '=', id).execute();
    return { deleted: false, archived: true };
  }
  await db.deleteFrom('prices').where('product_id', '=', id).execute();
  await db.deleteFrom('products').where('id', '=', id).execute();
  return { deleted: true, archived: false };
}

export async function addPrice(db: Db, productId: number, input: PriceInput, now = Date.now()): Promise<AdminProduct> {
  await adminProduct(db, productId);
  await db
    .insertInto('prices')
    .values({ product_id: productId, ...input, active: 1, stripe_price_id: null, created_at: now })
    .execute();
  return adminProduct(db, productId);
}

/** Prices are never edited (a paid amount must stay what it was); they are retired. */
export async function retirePrice(db: Db, id: number): Promise<AdminProduct> {
  const price = await db.selectFrom('prices').select(['id', 'product_id']).where('id', '=', id).executeTakeFirst();
  if (!price) throw notFound(`There is no price ${id}.`);
  await db.updateTable('prices').set({ active: 0 }).where('id', '=', id).execute();
  return adminProduct(db, Number(price.product_id));
}
