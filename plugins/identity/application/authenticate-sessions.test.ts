import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Actor } from '../../../kernel/contract/context.js';
import { UnauthorizedError } from '../../../kernel/errors/errors.js';
import { Clock } from '../../../ports/clock.js';
import type { SessionAuthenticator } from '../../../ports/session-authenticator.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { identityKit } from '../adapters/test-kit.js';
import { IdentityConfig } from '../config.js';
import { ApiKeyRepository } from '../ports.js';
import { ApiKeyCache } from './api-key-cache.js';
import { ApiKeyAuthenticator } from './authenticate.js';
import { KeyHasher } from './key-hasher.js';

/** The optional SessionAuthenticator port: bearer values in its scheme go to it, API keys never do. */
test('values in the session scheme go to the SessionAuthenticator; API keys stay with identity', async () => {
  const kit = await identityKit();
  try {
    const ada = await kit.user('Ada');
    const seen: string[] = [];
    const sessionActor: Actor = { kind: 'user', teamId: ada.actor.teamId, userId: ada.actor.userId, apiKeyId: 'session-1', permissions: ['read'] };
    const sessions: SessionAuthenticator = {
      scheme: 'fms_',
      async authenticate(token) {
        seen.push(token);
        if (token !== 'fms_good') throw new UnauthorizedError('The session token is not valid; sign in again.', 'invalid_session');
        return sessionActor;
      },
    };
    const make = (port?: SessionAuthenticator) =>
      new ApiKeyAuthenticator(kit.get(UnitOfWork), kit.get(ApiKeyRepository), kit.get(KeyHasher), kit.get(Clock), kit.get(IdentityConfig), kit.get(ApiKeyCache), port);
    const auth = make(sessions);
    assert.equal(await auth.authenticate('fms_good', '127.0.0.1'), sessionActor);
    await auth.authenticate('fms_bad', '127.0.0.1').then(
      () => assert.unreachable('a bad session token authenticated'),
      (error: UnauthorizedError) => assert.is(error.code, 'invalid_session'),
    );
    assert.is((await auth.authenticate(ada.key, '127.0.0.1')).userId, ada.actor.userId);
    assert.equal(seen, ['fms_good', 'fms_bad']);
    // Without a provider, an fms_ value is just a malformed API key.
    await make(undefined).authenticate('fms_good', '127.0.0.1').then(
      () => assert.unreachable('authenticated without a session provider'),
      (error: UnauthorizedError) => assert.is(error.code, 'invalid_api_key'),
    );
  } finally {
    await kit.close();
  }
});

test.run();
