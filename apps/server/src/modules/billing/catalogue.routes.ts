import type { FastifyPluginAsync } from 'fastify';
import {
  PERMISSIONS,
  adminPriceInputSchema,
  adminProductCreateSchema,
  adminProductUpdateSchema,
  adminProductSchema,
  idParamsSchema,
  productsResponseSchema,
  type Product,
} from '@solstice/contracts';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.js';
import { PUBLIC, needs } from '../../http/access.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
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
  const ONE = { 200: adminProductSchema };
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = database;
    const PRODUCTS = needs(PERMISSIONS.adminProducts);

    const PUBLIC_LIST = {
      summary: 'The products on sale and their active prices',
      response: { 200: productsResponseSchema },
    };
    app.get('/api/v1/products', { config: PUBLIC, schema: PUBLIC_LIST }, async (): Promise<Product[]> =>
      listProducts(db),
    );

    const ADMIN_LIST = {
      summary: 'Every product with every price, retired ones too',
      response: { 200: z.array(adminProductSchema) },
    };
    app.get('/api/v1/admin/products', { config: PRODUCTS, schema: ADMIN_LIST }, async () => listAdminProducts(db));

    const CREATE = {
      summary: 'Creates a product',
      body: adminProductCreateSchema,
      response: { 201: adminProductSchema },
    };
    app.post('/api/v1/admin/products', { config: PRODUCTS, schema: CREATE }, async (request, reply) => {
      const input = request.body;
      const product = await createProduct(db, input);
      reply.code(201);
      return product;
    });

    const UPDATE = {
      summary: 'Changes a product',
      params: idParamsSchema,
      body: adminProductUpdateSchema,
      response: ONE,
    };
    app.patch('/api/v1/admin/products/:id', { config: PRODUCTS, schema: UPDATE }, async (request) => {
      const { id } = request.params;
      const input = request.body;
      return updateProduct(db, id, input);
    });

    const DELETE = { summary: 'Deletes a product nobody has bought, else retires it', params: idParamsSchema };
    app.delete('/api/v1/admin/products/:id', { config: PRODUCTS, schema: DELETE }, async (request) => {
      const { id } = request.params;
      return deleteProduct(db, id);
    });

    const ADD_PRICE = {
      summary: 'Adds a price to a product',
      params: idParamsSchema,
      body: adminPriceInputSchema,
      response: { 201: adminProductSchema },
    };
    app.post('/api/v1/admin/products/:id/prices', { config: PRODUCTS, schema: ADD_PRICE }, async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      const product = await addPrice(db, id, input);
      reply.code(201);
      return product;
    });

    const RETIRE = { summary: 'Retires a price (it stays on the subscriptions that use it)', params: idParamsSchema };
    app.delete('/api/v1/admin/prices/:id', { config: PRODUCTS, schema: RETIRE }, async (request) => {
      const { id } = request.params;
      return retirePrice(db, id);
    });
  };
}
