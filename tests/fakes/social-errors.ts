// The social fake's refusals, in each network's documented error shape (tests/contracts/ holds
// the descriptions they are checked against).
import type { FakeFailure, FakeNetwork } from './social-server.ts';

type Refusal = Exclude<FakeFailure, 'server_error_after_create'>;

/** A Graph error as Meta documents it (developers.facebook.com/docs/graph-api/guides/error-handling). */
export const graphError = (message: string, code: number, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'AFakeTrace0001' },
});
/** Instagram's answer to a media_publish over the account's 50 posts in 24 hours (its error codes page). */
export const INSTAGRAM_PUBLISH_LIMIT = graphError(
  'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
  9,
  { error_subcode: 2207042, is_transient: false },
);
export const INVALID_REQUEST = 'https://api.twitter.com/2/problems/invalid-request';
/** An X problem (RFC 7807, sent as application/problem+json). */
export const xProblem = (status: number, title: string, detail: string, type = 'about:blank') => ({
  title,
  detail,
  type,
  status,
});

/**
 * Each network's documented answer to a refusal: Meta's Graph errors (190 expired token, 10/200
 * permission, 4 app rate limit, 368 policy block, 100 invalid parameter), X's problems with its
 * x-rate-limit-* headers (no Retry-After), LinkedIn's {status, serviceErrorCode, code, message}.
 */
export function failureResponse(network: FakeNetwork, failure: Refusal, retryAfter: number, path = '') {
  const headers: Record<string, string> = {};
  if (network === 'x') headers['content-type'] = 'application/problem+json';
  if (failure === 'rate_limited' && network === 'x')
    Object.assign(headers, {
      'x-rate-limit-limit': '100',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + retryAfter),
    });
  else if (failure === 'rate_limited') headers['retry-after'] = String(retryAfter);
  const bodies: Record<FakeNetwork, Record<Refusal, [number, unknown]>> = {
    meta: {
      expired: [401, graphError('Error validating access token: Session has expired', 190, { error_subcode: 463 })],
      // A Page post without pages_manage_posts is a 200; Instagram publishing without
      // instagram_content_publish is a 10.
      missing_permission: /\/media(_publish)?$/.test(path)
        ? [403, graphError('(#10) Application does not have permission for this action', 10)]
        : [403, graphError("(#200) The user hasn't authorized the application to perform this action", 200)],
      blocked: [
        400,
        graphError('(#368) The action attempted has been deemed abusive or is otherwise disallowed', 368, {
          error_user_msg: 'This content goes against our Community Standards.',
        }),
      ],
      rate_limited: [429, graphError('(#4) Application request limit reached', 4, { is_transient: true })],
      rejected: [400, graphError('(#100) Invalid parameter', 100, { error_user_msg: 'The message is too long' })],
      server_error: [500, graphError('An unknown error has occurred.', 1, { is_transient: true })],
    },
    x: {
      expired: [401, xProblem(401, 'Unauthorized', 'Unauthorized')],
      missing_permission: [403, xProblem(403, 'Forbidden', 'You are not permitted to perform this action.')],
      blocked: [
        403,
        xProblem(
          403,
          'Forbidden',
          'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
          'https://api.twitter.com/2/problems/oauth1-permissions',
        ),
      ],
      rate_limited: [429, xProblem(429, 'Too Many Requests', 'Too Many Requests')],
      rejected: [403, xProblem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.')],
      server_error: [503, xProblem(503, 'Service Unavailable', 'Service Unavailable')],
    },
    linkedin: {
      expired: [
        401,
        {
          status: 401,
          serviceErrorCode: 65601,
          code: 'EXPIRED_ACCESS_TOKEN',
          message: 'The token used in the request has expired',
        },
      ],
      missing_permission: [
        403,
        {
          status: 403,
          serviceErrorCode: 100,
          code: 'ACCESS_DENIED',
          message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20260101',
        },
      ],
      blocked: [403, { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Member is restricted' }],
      rate_limited: [429, { status: 429, message: 'Resource level throttle limit reached' }],
      rejected: [
        422,
        {
          status: 422,
          message: 'Content is a duplicate of urn:li:share:714',
          errorDetailType: 'com.linkedin.common.error.BadRequest',
          errorDetails: {
            inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }],
          },
        },
      ],
      server_error: [500, { status: 500, message: 'Internal Server Error' }],
    },
  };
  const [status, body] = bodies[network][failure];
  return { status, body, headers };
}
