import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS, type Product } from '@solstice/contracts';
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
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const { db } = database;
    const PRODUCTS = needs(PERMISSIONS.adminProducts);

    route('products', PUBLIC, async (): Promise<Product[]> => listProducts(db));

    route('adminProducts', PRODUCTS, async () => listAdminProducts(db));

    route('adminProductCreate', PRODUCTS, async (request, reply) => {
      const input = request.body;
      const product = await createProduct(db, input);
      reply.code(201);
      return product;
    });

    route('adminProductUpdate', PRODUCTS, async (request) => {
      const { id } = request.params;
      const input = request.body;
      return updateProduct(db, id, input);
    });

    route('adminProductDelete', PRODUCTS, async (request) => {
      const { id } = request.params;
      return deleteProduct(db, id);
    });

    route('adminPriceAdd', PRODUCTS, async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      const product = await addPrice(db, id, input);
      reply.code(201);
      return product;
    });

    route('adminPriceRetire', PRODUCTS, async (request) => {
      const { id } = request.params;
      return retirePrice(db, id);
    });
  };
}
