import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC } from '../../http/access.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Billing } from './billing.js';
import { parseStripeEvent, type StripeWebhookEvent } from './stripe-events.js';

/**
 * POST /api/v1/stripe/webhook. The signature covers the exact bytes Stripe sent, so this
 * plugin (its own encapsulated context) keeps JSON bodies as raw Buffers.
 */
export function stripeWebhookRoutes({ billing }: { billing: Billing }): FastifyPluginAsync {
  return async (app) => {
    const { stripe } = billing.payments;
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const WEBHOOK = {
      summary: "Stripe's events, signed (Stripe-Signature); a 404 when Stripe is not configured",
    };
    // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
    app.post('/api/v1/stripe/webhook', { config: PUBLIC, schema: WEBHOOK }, async (request) => {
      if (!stripe) throw notFound('Stripe is not configured.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw badRequest('Expected a signed Stripe event (Stripe-Signature header and a JSON body).');
      }
      const verified = await stripe.verifyEvent(request.body, signature);
      if (verified.refused === 'signature') {
        request.log.warn('stripe webhook: signature verification failed');
        throw badRequest('The Stripe signature does not match this body.');
      }
      if (verified.refused === 'not-json') {
        // Signed, but not a JSON event: Stripe never sends that; retrying the same bytes cannot help.
        request.log.warn({ err: verified.error }, 'stripe webhook: a signed body that is not a JSON event');
        throw badRequest('This Stripe event is not a JSON event object.');
      }
      const raw: unknown = verified.event;
      let event: StripeWebhookEvent;
      try {
        event = parseStripeEvent(raw);
      } catch (error) {
        if (error instanceof AppError) {
          const envelope = raw as { id?: unknown; type?: unknown } | null;
          request.log.warn(
            {
              eventId: typeof envelope?.id === 'string' ? envelope.id : undefined,
              type: typeof envelope?.type === 'string' ? envelope.type : undefined,
              problems: error.details,
            },
            'stripe webhook: a signed event is malformed; answered 400',
          );
        }
        throw error;
      }
      const outcome = await billing.paymentEvents.handleStripeEvent(event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    });
  };
}
