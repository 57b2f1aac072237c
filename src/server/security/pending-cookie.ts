import { z } from 'zod';
import { zString } from '#shared/schemas/string.ts';

// What an OAuth flow keeps in a short-lived, httpOnly cookie between sending the browser to the
// provider and the provider's callback: the state it must send back and the PKCE verifier, plus
// what the flow adds (sign-in: the nonce; a connection: provider and business). JSON in
// base64url; anything else the browser brings back (missing, too long, not this shape) reads as
// no pending flow, and the callback refuses it.

/** How long a started flow may take at the provider before it must start again. */
export const PENDING_TTL_SECONDS = 600;

/** A longer cookie is not one we wrote. */
const MAX_LENGTH = 1024;

/** The fields every flow keeps; a flow extends it with its own. */
export const ZPendingFlow = z.object({
  state: zString().min(1),
  verifier: zString().min(43).max(128),
});

export interface PendingCodec<T> {
  encode(value: T): string;
  decode(value: string | undefined): T | undefined;
}

export function pendingCodec<T>(schema: z.ZodType<T>): PendingCodec<T> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value)).toString('base64url'),
    decode(value) {
      if (!value || value.length > MAX_LENGTH) return undefined;
      try {
        return schema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
      } catch {
        return undefined;
      }
    },
  };
}
