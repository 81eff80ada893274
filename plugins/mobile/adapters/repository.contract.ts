import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { ChallengeRecord } from '../domain/challenge.js';
import type { PaymentIntentRecord } from '../domain/payment-intent.js';
import type { PasskeyRecord } from '../domain/passkey.js';
import type { SessionRecord } from '../domain/session.js';
import type { PushRecording } from './push-simulator.js';
import type {
  ActivityRepository,
  BalanceMarkRepository,
  ChallengeRepository,
  DeviceRepository,
  NotificationRepository,
  P2pTransferRepository,
  PasskeyRepository,
  PaymentIntentRepository,
  SessionRepository,
  WalletRepository,
} from '../ports.js';

export interface MobileRepositories {
  readonly challenges: ChallengeRepository;
  readonly passkeys: PasskeyRepository;
  readonly sessions: SessionRepository;
  readonly wallets: WalletRepository;
  readonly intents: PaymentIntentRepository;
  readonly p2p: P2pTransferRepository;
  readonly activity: ActivityRepository;
  readonly notifications: NotificationRepository;
  readonly devices: DeviceRepository;
  readonly pushes: PushRecording;
  readonly marks: BalanceMarkRepository;
}

/** What every store's mobile repositories must do (memory, PGlite, PostgreSQL when DATABASE_URL is set). */
export function mobileRepositoryContract(title: string, harness: RepositoryHarness<MobileRepositories>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const next = () => (serial += 1);
  const challenge = (overrides: Partial<ChallengeRecord> = {}): ChallengeRecord => ({
    challenge: `challenge-${next()}`,
    purpose: 'authentication',
    teamId: TEAM_A,
    userId: 'user-a',
    expiresAt: at(5),
    consumedAt: null,
    createdAt: T0,
    ...overrides,
  });
  const passkey = (overrides: Partial<PasskeyRecord> = {}): PasskeyRecord => ({
    id: `cred-${next()}`,
    teamId: TEAM_A,
    userId: 'user-a',
    userHandle: 'dXNlci1h',
    publicKey: 'pQECAyYgASFYIA',
    counter: 0,
    transports: ['internal', 'hybrid'],
    attestationFormat: 'none',
    aaguid: '00000000-0000-0000-0000-000000000000',
    deviceType: 'singleDevice',
    backedUp: false,
    flaggedAt: null,
    flagReason: null,
    lastUsedAt: null,
    createdAt: at(next()),
    ...overrides,
  });
  const session = (overrides: Partial<SessionRecord> = {}): SessionRecord => {
    const n = next();
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      teamId: TEAM_A,
      userId: 'user-a',
      credentialId: 'cred-x',
      prefix: 'abcdefgh',
      hash: `hash-${n}`,
      permissions: ['read', 'write'],
      expiresAt: at(60),
      revokedAt: null,
      createdAt: at(n),
      ...overrides,
    };
  };

  it('a challenge is consumed exactly once, and comes back as issued', async ({ challenges }) => {
    const issued = challenge({ teamId: null, userId: null });
    await run((tx) => challenges.insert(tx, issued));
    assert.equal(await run((tx) => challenges.consume(tx, issued.challenge, at(1))), issued);
    assert.is(await run((tx) => challenges.consume(tx, issued.challenge, at(2))), undefined);
    assert.is(await run((tx) => challenges.consume(tx, 'never-issued', at(2))), undefined);
  });

  it('answers racing for one challenge: exactly one gets it', async ({ challenges }) => {
    const issued = challenge();
    await run((tx) => challenges.insert(tx, issued));
    const answers = await Promise.all([1, 2, 3, 4].map(() => run((tx) => challenges.consume(tx, issued.challenge, at(1)))));
    assert.is(answers.filter((one) => one !== undefined).length, 1);
  });

  it('deleteStale removes used and expired challenges only', async ({ challenges }) => {
    const used = challenge();
    const expired = challenge({ expiresAt: at(1) });
    const live = challenge({ expiresAt: at(60) });
    await run(async (tx) => {
      for (const one of [used, expired, live]) await challenges.insert(tx, one);
    });
    await run((tx) => challenges.consume(tx, used.challenge, at(1)));
    assert.is(await run((tx) => challenges.deleteStale(tx, at(10), 100)), 2);
    assert.equal(await run((tx) => challenges.consume(tx, live.challenge, at(11))), live);
  });

  it('a passkey is found by id, listed for its user only, and registered once', async ({ passkeys }) => {
    const mine = passkey();
    const other = passkey({ teamId: TEAM_B, userId: 'user-b' });
    await run(async (tx) => {
      await passkeys.insert(tx, mine);
      await passkeys.insert(tx, other);
    });
    assert.equal(await run((tx) => passkeys.findById(tx, mine.id)), mine);
    assert.equal(await run((tx) => passkeys.listByUser(tx, TEAM_A, 'user-a')), [mine]);
    assert.equal(await run((tx) => passkeys.listByUser(tx, TEAM_B, 'user-a')), []);
    try {
      await run((tx) => passkeys.insert(tx, { ...mine, userId: 'user-c' }));
      assert.unreachable('a second insert of the credential id succeeded');
    } catch (error) {
      assert.is((error as { code?: string }).code, 'passkey_exists');
    }
  });

  it('recordUse stores the counter; flag flags once; delete only by its owner', async ({ passkeys }) => {
    const key = passkey();
    await run((tx) => passkeys.insert(tx, key));
    await run((tx) => passkeys.recordUse(tx, key.id, 7, at(30)));
    const used = await run((tx) => passkeys.findById(tx, key.id));
    assert.equal([used!.counter, used!.lastUsedAt], [7, at(30)]);
    const flagged = await run((tx) => passkeys.flag(tx, key.id, 'counter', at(31)));
    assert.equal([flagged!.flaggedAt, flagged!.flagReason], [at(31), 'counter']);
    const again = await run((tx) => passkeys.flag(tx, key.id, 'other', at(32)));
    assert.equal([again!.flaggedAt, again!.flagReason], [at(31), 'counter']);
    assert.is(await run((tx) => passkeys.delete(tx, TEAM_B, 'user-a', key.id)), undefined);
    assert.is(await run((tx) => passkeys.delete(tx, TEAM_A, 'user-b', key.id)), undefined);
    assert.is((await run((tx) => passkeys.delete(tx, TEAM_A, 'user-a', key.id)))!.id, key.id);
    assert.is(await run((tx) => passkeys.findById(tx, key.id)), undefined);
  });

  it('sessions: found by hash, listed live newest first, revoked by owner or by credential', async ({ sessions }) => {
    const first = session({ credentialId: 'cred-1' });
    const second = session({ credentialId: 'cred-2' });
    const expired = session({ expiresAt: at(0) });
    const theirs = session({ teamId: TEAM_B });
    await run(async (tx) => {
      for (const one of [first, second, expired, theirs]) await sessions.insert(tx, one);
    });
    assert.equal(await run((tx) => sessions.findByHash(tx, first.hash)), first);
    assert.equal((await run((tx) => sessions.listActive(tx, TEAM_A, 'user-a', at(1)))).map((one) => one.id), [second.id, first.id]);
    assert.is(await run((tx) => sessions.revoke(tx, TEAM_B, 'user-a', first.id, at(2))), undefined);
    assert.is(await run((tx) => sessions.revoke(tx, TEAM_A, 'user-a', 'not-a-uuid', at(2))), undefined);
    assert.equal((await run((tx) => sessions.revoke(tx, TEAM_A, 'user-a', first.id, at(2))))!.revokedAt, at(2));
    assert.equal((await run((tx) => sessions.revoke(tx, TEAM_A, 'user-a', first.id, at(3))))!.revokedAt, at(2));
    assert.equal((await run((tx) => sessions.revokeByCredential(tx, 'cred-2', at(4)))).map((one) => one.id), [second.id]);
    assert.equal(await run((tx) => sessions.listActive(tx, TEAM_A, 'user-a', at(5))), []);
  });

  const paymentIntent = (overrides: Partial<PaymentIntentRecord> = {}): PaymentIntentRecord => {
    const n = next();
    return {
      id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
      teamId: TEAM_A,
      userId: 'user-a',
      accountId: 'acc-a',
      amount: 123_456_789_012_345_678_901n,
      currency: 'USD',
      recipient: 'bob@example.test',
      recipientKind: 'user',
      recipientTeamId: TEAM_B,
      recipientUserId: 'user-b',
      recipientAccountId: 'acc-b',
      description: 'Dinner',
      status: 'requires_confirmation',
      holdId: `hold-${n}`,
      failureReason: null,
      expiresAt: at(15),
      completedAt: null,
      createdAt: T0,
      updatedAt: T0,
      ...overrides,
    };
  };

  it('a wallet is set, replaced and found by its own team and user only', async ({ wallets }) => {
    await run((tx) => wallets.put(tx, { teamId: TEAM_A, userId: 'user-a', accountId: 'acc-1', updatedAt: T0 }));
    await run((tx) => wallets.put(tx, { teamId: TEAM_A, userId: 'user-a', accountId: 'acc-2', updatedAt: at(1) }));
    assert.equal(await run((tx) => wallets.find(tx, TEAM_A, 'user-a')), { teamId: TEAM_A, userId: 'user-a', accountId: 'acc-2', updatedAt: at(1) });
    assert.is(await run((tx) => wallets.find(tx, TEAM_B, 'user-a')), undefined);
    await run((tx) => wallets.put(tx, { teamId: TEAM_A, userId: 'user-b', accountId: 'acc-2', updatedAt: at(2) }));
    assert.equal((await run((tx) => wallets.findByAccount(tx, TEAM_A, 'acc-2'))).map((one) => one.userId), ['user-a', 'user-b']);
    assert.equal(await run((tx) => wallets.findByAccount(tx, TEAM_B, 'acc-2')), []);
  });

  it('a balance mark answers the total before (0 at first) per team, account and asset', async ({ marks }) => {
    assert.is(await run((tx) => marks.swap(tx, TEAM_A, 'acc-1', 'USD', 4000n)), 0n);
    assert.is(await run((tx) => marks.swap(tx, TEAM_A, 'acc-1', 'USD', 3500n)), 4000n);
    assert.is(await run((tx) => marks.swap(tx, TEAM_A, 'acc-1', 'EUR', 10n)), 0n);
    assert.is(await run((tx) => marks.swap(tx, TEAM_B, 'acc-1', 'USD', 1n)), 0n);
    await run(async (tx) => {
      await marks.swap(tx, TEAM_A, 'acc-1', 'USD', 1n);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => marks.swap(tx, TEAM_A, 'acc-1', 'USD', 3000n)), 3500n);
  });

  it('an intent keeps a large amount exactly and is found by its team only', async ({ intents }) => {
    const mine = paymentIntent();
    await run((tx) => intents.insert(tx, mine));
    assert.equal(await run((tx) => intents.find(tx, TEAM_A, mine.id)), mine);
    assert.is(await run((tx) => intents.find(tx, TEAM_B, mine.id)), undefined);
    assert.is(await run((tx) => intents.find(tx, TEAM_A, 'not-a-uuid')), undefined);
  });

  it('transition moves only from the named states, once; racing transitions: one wins', async ({ intents }) => {
    const one = paymentIntent();
    await run((tx) => intents.insert(tx, one));
    assert.is(await run((tx) => intents.transition(tx, TEAM_B, one.id, ['requires_confirmation'], { status: 'processing', at: at(1) })), undefined);
    assert.is(await run((tx) => intents.transition(tx, TEAM_A, one.id, ['processing'], { status: 'succeeded', at: at(1) })), undefined);
    const results = await Promise.all(
      (['processing', 'cancelled', 'processing'] as const).map((status) => run((tx) => intents.transition(tx, TEAM_A, one.id, ['requires_confirmation'], { status, at: at(1) }))),
    );
    assert.is(results.filter((result) => result !== undefined).length, 1);
    const failed = paymentIntent({ status: 'processing' });
    await run((tx) => intents.insert(tx, failed));
    const moved = await run((tx) => intents.transition(tx, TEAM_A, failed.id, ['processing'], { status: 'failed', failureReason: 'account_not_active', at: at(2) }));
    assert.equal([moved!.status, moved!.failureReason, moved!.completedAt, moved!.updatedAt], ['failed', 'account_not_active', null, at(2)]);
  });

  it('expireDue expires intents awaiting confirmation past expiry, earliest first, across teams, each once', async ({ intents }) => {
    const late = paymentIntent({ expiresAt: at(3) });
    const early = paymentIntent({ teamId: TEAM_B, expiresAt: at(1) });
    const future = paymentIntent({ expiresAt: at(60) });
    const processing = paymentIntent({ status: 'processing', expiresAt: at(1) });
    await run(async (tx) => {
      for (const one of [late, early, future, processing]) await intents.insert(tx, one);
    });
    assert.equal((await run((tx) => intents.expireDue(tx, at(10), 1))).map((one) => [one.id, one.status]), [[early.id, 'expired']]);
    const passes = await Promise.all([1, 2].map(() => run((tx) => intents.expireDue(tx, at(10), 10))));
    assert.equal(passes.flat().map((one) => one.id), [late.id]);
    assert.is((await run((tx) => intents.find(tx, TEAM_A, processing.id)))!.status, 'processing');
  });

  it('a p2p transfer is seen by the sender’s and the recipient’s team only', async ({ p2p }) => {
    const transfer = {
      id: '00000000-0000-4000-a000-000000000001',
      fromTeamId: TEAM_A,
      fromUserId: 'user-a',
      fromAccountId: 'acc-a',
      toTeamId: TEAM_B,
      toUserId: 'user-b',
      toAccountId: 'acc-b',
      amount: 1250n,
      currency: 'USD',
      note: 'Lunch',
      createdAt: T0,
    };
    await run((tx) => p2p.insert(tx, transfer));
    assert.equal(await run((tx) => p2p.find(tx, TEAM_A, transfer.id)), transfer);
    assert.equal(await run((tx) => p2p.find(tx, TEAM_B, transfer.id)), transfer);
    assert.is(await run((tx) => p2p.find(tx, 'team-c', transfer.id)), undefined);
  });

  it('activity: newest first per user, an item updated in place keeps its position', async ({ activity }) => {
    const item = (n: number, overrides: Record<string, unknown> = {}) => ({
      id: `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`,
      teamId: TEAM_A,
      userId: 'user-a',
      type: 'payment_intent' as const,
      resourceType: 'payment_intent' as const,
      resourceId: `intent-${n}`,
      amount: -500n,
      currency: 'USD',
      title: `item ${n}`,
      status: 'requires_confirmation',
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    });
    await run(async (tx) => {
      await activity.upsert(tx, item(1));
      await activity.upsert(tx, item(2));
      await activity.upsert(tx, item(3, { userId: 'user-b' }));
      await activity.upsert(tx, item(4, { id: '00000000-0000-4000-b000-000000000099', resourceId: 'intent-1', status: 'succeeded', createdAt: at(9), updatedAt: at(9) }));
    });
    const page = await run((tx) => activity.list(tx, TEAM_A, 'user-a', { page: 1, perPage: 10 }));
    assert.equal(page.items.map((one) => [one.resourceId, one.status]), [['intent-2', 'requires_confirmation'], ['intent-1', 'succeeded']]);
    assert.equal([page.total, page.items[1]!.createdAt, page.items[1]!.updatedAt, page.items[1]!.amount], [2, at(1), at(9), -500n]);
    assert.is((await run((tx) => activity.list(tx, TEAM_B, 'user-a', { page: 1, perPage: 10 }))).total, 0);
  });

  it('notifications: pending claimed, delivery recorded, listed newest first for their user', async ({ notifications }) => {
    const note = (n: number) => ({
      id: `00000000-0000-4000-c000-${String(n).padStart(12, '0')}`,
      teamId: TEAM_A,
      userId: 'user-a',
      kind: 'p2p_received' as const,
      title: `t${n}`,
      body: 'b',
      resourceType: 'p2p_transfer',
      resourceId: `p${n}`,
      delivery: 'pending' as const,
      deliveredTo: 0,
      createdAt: at(n),
      deliveredAt: null,
    });
    await run(async (tx) => {
      await notifications.insert(tx, note(1));
      await notifications.insert(tx, note(2));
    });
    const claimed = await run((tx) => notifications.claimPending(tx, 10));
    assert.equal(claimed.map((one) => one.title), ['t1', 't2']);
    await run((tx) => notifications.markDelivered(tx, note(1).id, 'delivered', 2, at(5)));
    assert.equal((await run((tx) => notifications.claimPending(tx, 10))).map((one) => one.title), ['t2']);
    const listed = await run((tx) => notifications.list(tx, TEAM_A, 'user-a', { page: 1, perPage: 10 }));
    assert.equal(listed.items.map((one) => [one.title, one.delivery, one.deliveredTo]), [['t2', 'pending', 0], ['t1', 'delivered', 2]]);
  });

  it('devices: one per token and user, deleted by their owner only; the push recording keeps what was sent', async ({ devices, pushes }) => {
    const device = { id: '00000000-0000-4000-d000-000000000001', teamId: TEAM_A, userId: 'user-a', platform: 'ios' as const, pushToken: 'token-1', name: 'Phone', createdAt: T0 };
    await run((tx) => devices.upsert(tx, device));
    const again = await run((tx) => devices.upsert(tx, { ...device, id: '00000000-0000-4000-d000-000000000002', platform: 'android', name: 'Renamed' }));
    assert.equal([again.id, again.platform, again.name], [device.id, 'android', 'Renamed']);
    assert.is((await run((tx) => devices.listByUser(tx, TEAM_A, 'user-a'))).length, 1);
    assert.is(await run((tx) => devices.delete(tx, TEAM_B, 'user-a', device.id)), undefined);
    assert.is((await run((tx) => devices.delete(tx, TEAM_A, 'user-a', device.id)))!.id, device.id);
    const message = { teamId: TEAM_A, platform: 'ios' as const, pushToken: 'token-1', title: 'Hi', body: 'There', data: { kind: 'p2p_received' } };
    await run((tx) => pushes.record(tx, message, '00000000-0000-4000-e000-000000000001', true, at(1)));
    assert.equal(await run((tx) => pushes.sentTo(tx, 'token-1')), [{ id: '00000000-0000-4000-e000-000000000001', ...message, accepted: true, sentAt: at(1) }]);
  });

  it('a rolled-back unit of work leaves nothing behind', async ({ challenges, passkeys }) => {
    const issued = challenge();
    const key = passkey();
    await run(async (tx) => {
      await challenges.insert(tx, issued);
      await passkeys.insert(tx, key);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => challenges.consume(tx, issued.challenge, at(1))), undefined);
    assert.is(await run((tx) => passkeys.findById(tx, key.id)), undefined);
  });

  return test;
}
