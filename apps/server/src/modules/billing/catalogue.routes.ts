import type { FastifyPluginAsync } from 'fastify';
import {
  ENDPOINTS,
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
import { routeDeclarer } from '../../http/declare-route.js';
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
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const { db } = database;
    const PRODUCTS = needs(PERMISSIONS.adminProducts);

    const PUBLIC_LIST = {
      summary: 'The products on sale and their active prices',
      response: { 200: productsResponseSchema },
    };
    route(ENDPOINTS.products, PUBLIC, PUBLIC_LIST, async (): Promise<Product[]> => listProducts(db));

    const ADMIN_LIST = {
      summary: 'Every product with every price, retired ones too',
      response: { 200: z.array(adminProductSchema) },
    };
    route(ENDPOINTS.adminProducts, PRODUCTS, ADMIN_LIST, async () => listAdminProducts(db));

    const CREATE = {
      summary: 'Creates a product',
      body: adminProductCreateSchema,
      response: { 201: adminProductSchema },
    };
    route(ENDPOINTS.adminProductCreate, PRODUCTS, CREATE, async (request, reply) => {
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
    route(ENDPOINTS.adminProductUpdate, PRODUCTS, UPDATE, async (request) => {
      const { id } = request.params;
      const input = request.body;
      return updateProduct(db, id, input);
    });

    const DELETE = { summary: 'Deletes a product nobody has bought, else retires it', params: idParamsSchema };
    route(ENDPOINTS.adminProductDelete, PRODUCTS, DELETE, async (request) => {
      const { id } = request.params;
      return deleteProduct(db, id);
    });

    const ADD_PRICE = {
      summary: 'Adds a price to a product',
      params: idParamsSchema,
      body: adminPriceInputSchema,
      response: { 201: adminProductSchema },
    };
    route(ENDPOINTS.adminPriceAdd, PRODUCTS, ADD_PRICE, async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      const product = await addPrice(db, id, input);
      reply.code(201);
      return product;
    });

    const RETIRE = { summary: 'Retires a price (it stays on the subscriptions that use it)', params: idParamsSchema };
    route(ENDPOINTS.adminPriceRetire, PRODUCTS, RETIRE, async (request) => {
      const { id } = request.params;
      return retirePrice(db, id);
    });
  };
}
