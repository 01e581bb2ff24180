import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { PUBLIC } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';

/**
 * POST /api/v1/stripe/webhook. The signature covers the exact bytes Stripe sent, so this
 * plugin (its own encapsulated context) keeps JSON bodies as raw Buffers.
 */
export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/api/v1/stripe/webhook', { config: PUBLIC }, async (request) => {
      const stripe = ctx.billing.stripe;
      if (!stripe) throw notFound('Stripe is not configured.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw badRequest('Expected a signed Stripe event (Stripe-Signature header and a JSON body).');
      }
      let event;
      try {
        event = stripe.constructEvent(request.body, signature);
      } catch {
        request.log.warn('stripe webhook: signature verification failed');
        throw badRequest('The Stripe signature does not match this body.');
      }
      const outcome = await ctx.billing.handleStripeEvent(event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    });
  };
}
