import type { FastifyPluginAsync } from 'fastify';
import {
  PERMISSIONS,
  adminPriceInputSchema,
  adminProductCreateSchema,
  adminProductUpdateSchema,
  idParamsSchema,
  type Product,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { PUBLIC, needs } from '../../http/access.js';
import { parseInput } from '../../http/validation.js';
import {
  addPrice,
  createProduct,
  deleteProduct,
  listAdminProducts,
  listProducts,
  retirePrice,
  updateProduct,
} from './catalogue.js';

/** The public catalogue, and products and prices for admins. */
export function catalogueRoutes({ database }: { database: DatabaseHandle }): FastifyPluginAsync {
  return async (app) => {
    const { db } = database;
    const PRODUCTS = needs(PERMISSIONS.adminProducts);

    app.get('/api/v1/products', { config: PUBLIC }, async (): Promise<Product[]> => listProducts(db));

    app.get('/api/v1/admin/products', { config: PRODUCTS }, async () => listAdminProducts(db));

    app.post('/api/v1/admin/products', { config: PRODUCTS }, async (request, reply) => {
      const input = parseInput(adminProductCreateSchema, request.body, 'body');
      const product = await createProduct(db, input);
      reply.code(201);
      return product;
    });

    app.patch('/api/v1/admin/products/:id', { config: PRODUCTS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const input = parseInput(adminProductUpdateSchema, request.body, 'body');
      return updateProduct(db, id, input);
    });

    app.delete('/api/v1/admin/products/:id', { config: PRODUCTS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      return deleteProduct(db, id);
    });

    app.post('/api/v1/admin/products/:id/prices', { config: PRODUCTS }, async (request, reply) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const input = parseInput(adminPriceInputSchema, request.body, 'body');
      const product = await addPrice(db, id, input);
      reply.code(201);
      return product;
    });

    app.delete('/api/v1/admin/prices/:id', { config: PRODUCTS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      return retirePrice(db, id);
    });
  };
}
