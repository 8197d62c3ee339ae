import { z } from 'zod';
import { fieldRefusalCodes } from './athletics/field/check.ts';

/**
 * The stable name of every refusal. Each error response carries one as `code` beside its
 * words (`error`): clients (the browser, the timing room agent) decide by the name, so the
 * words can change. README "Operations" lists them.
 */
export const ErrorCode = z.enum([
  // The request itself, whatever the route.
  'invalid_request', // fails the route's schema, or is not well-formed HTTP or JSON
  'bad_url', // an address that cannot be decoded
  'unauthorized', // not logged in, or a wrong password or token
  'forbidden', // logged in, but not allowed
  'cross_site', // a state-changing call from another site's page
  'not_found',
  'request_timeout', // the body was not received in time
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'too_many_requests', // a rate limit: wait for Retry-After
  'unavailable', // the database is away or the node is shutting down: try again (Retry-After)
  'internal', // a fault of ours, logged with the request id
  // A rule of the product refused it.
  'invalid', // the words say which rule
  'conflict', // it clashes with what is stored
  // Registration (shared/schemas/registration.ts RegistrationErrorCode).
  'link_invalid',
  'already_registered',
  'url_name_taken',
  'entries_closed',
  'plan_coming_soon',
  'registration_rate_limited',
  // Alerts: the browser's push service is not one the server may post to.
  'push_endpoint_refused',
  // Alerts: this address already has as many devices subscribed as one may (429)...
  'push_address_full',
  // ...or the server as many as it takes (503).
  'push_capacity_full',
  // Tokens: a valid token of the other role (a field card's on an upload, an agent's on the card).
  'wrong_token',
  // The field card (server/field/): the rules' refusals (shared/athletics/field/check.ts)...
  ...fieldRefusalCodes,
  // ...another card entered this trial first (the answer carries it as `existing`)...
  'trial_taken',
  // ...an id the card already used for a different trial...
  'attempt_id_reused',
  // ...the event is not a field event, or its card is closed (results complete).
  'not_a_field_event',
  'card_closed',
  // Rounds: a qualification rule on a round that leads to no other (a final, a field event).
  'round_leads_nowhere',
  // ...or an edit of a line-up Rith did not draw (the timing room's start list).
  'line_up_not_drawn',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
