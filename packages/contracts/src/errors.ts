import { z } from 'zod';

/** Every failure of the API has this shape. */
export const errorCodeSchema = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'subscription_required',
  'not_found',
  'method_not_allowed',
  'misdirected_request',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  /** Well-formed, but what it names cannot be done (an unknown symbol to add). */
  'unprocessable',
  'rate_limited',
  'service_unavailable',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldIssueSchema = z.object({
  /** Where the problem is, e.g. "body.email" or "query.from". */
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * What `error.details` may hold. `issues`: the fields a 400 `validation_failed` or a 409
 * `conflict` names. `path`, `position`, `expected`: where a scan expression went wrong.
 * Other keys are an endpoint's own (the readiness checks of a 503 from /api/ready).
 */
export const errorDetailsSchema = z.looseObject({
  issues: z.array(fieldIssueSchema).optional(),
  path: z.string().optional(),
  position: z.number().int().optional(),
  expected: z.string().optional(),
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: errorDetailsSchema.optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
