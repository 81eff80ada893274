import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Authenticator } from '../../ports/authenticator.js';
import { authenticate, authorizationHeader, authorize, bearerKey } from '../edge/auth.js';

/**
 * A scrape presents the metrics scrape token or the operator key as a bearer:
 * 401 without a valid key, 403 for any other key (a team's key sees nothing).
 */
export async function authorizeScrape(req: Request, authenticator: Authenticator, scrapeToken: string | undefined): Promise<void> {
  const header = authorizationHeader(req.headersDistinct['authorization']);
  if (scrapeToken !== undefined && sameSecret(bearerKey(header), scrapeToken)) return;
  authorize(await authenticate(authenticator, header, req.ip ?? req.socket.remoteAddress ?? ''), 'operator');
}

/** Compares digests, so neither the length nor the first differing byte shows in the time taken. */
function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
