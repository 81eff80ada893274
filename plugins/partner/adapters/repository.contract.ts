import * as assert from 'uvu/assert';
import { repositorySuite, T0, type RepositoryHarness } from '../../../kit/testing.js';
import type { PartnerRecord } from '../domain/partner.js';
import type { TenantRecord } from '../domain/tenant.js';
import type { WhitelabelRecord } from '../domain/whitelabel.js';
import type { PartnerRepository, SdkPackageRepository, TenantRepository, WhitelabelRepository } from '../ports.js';

export interface PartnerRepositories {
  readonly partners: PartnerRepository;
  readonly tenants: TenantRepository;
  readonly whitelabels: WhitelabelRepository;
  readonly sdkPackages: SdkPackageRepository;
}

/**
 * What every store's partner and tenant repositories must do, run on each
 * store by repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function partnerRepositoryContract(title: string, harness: RepositoryHarness<PartnerRepositories>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
  const partner = (overrides: Partial<PartnerRecord> = {}): PartnerRecord => {
    const id = uuid();
    return {
      id,
      teamId: `team-${id}`,
      sandboxTeamId: `sandbox-${id}`,
      organizationName: `Org ${serial}`,
      contactEmail: `org${serial}@example.test`,
      adminUserId: `user-${id}`,
      tier: 'growth',
      modules: ['core-banking', 'webhooks'],
      sdkLanguages: [],
      ipWhitelist: ['10.0.0.0/8'],
      requestsPerMinute: 600,
      burst: 100,
      metadata: { crm: 'A-1', nested: { n: 1 } },
      status: 'active',
      liveKeyHash: `live-${id}`,
      liveKeyPrefix: 'abcdefgh',
      sandboxKeyHash: `sandbox-${id}`,
      sandboxKeyPrefix: 'ijklmnop',
      complianceReview: 'pending',
      sandboxTestedAt: null,
      sdkGeneratedAt: null,
      keysRotatedAt: null,
      createdAt: T0,
      updatedAt: T0,
      ...overrides,
    };
  };
  const tenant = (owner: PartnerRecord, overrides: Partial<TenantRecord> = {}): TenantRecord => {
    const id = uuid();
    return {
      id,
      partnerId: owner.id,
      environment: 'live',
      ownerTeamId: owner.teamId,
      teamId: `tenant-${id}`,
      name: `Tenant ${serial}`,
      plan: 'starter',
      domain: `t${serial}.example`,
      status: 'active',
      createdAt: T0,
      ...overrides,
    };
  };

  it('a partner is found by id and by either of its teams', async ({ partners }) => {
    const one = partner();
    await run((tx) => partners.insert(tx, one));
    assert.equal(await run((tx) => partners.findById(tx, one.id)), one);
    assert.equal(await run((tx) => partners.findByTeam(tx, one.teamId)), one);
    assert.equal(await run((tx) => partners.findByTeam(tx, one.sandboxTeamId)), one);
    assert.is(await run((tx) => partners.findByTeam(tx, 'another-team')), undefined);
    assert.is(await run((tx) => partners.findById(tx, 'not-a-uuid')), undefined);
  });

  it('list pages partners oldest first with the total', async ({ partners }) => {
    const all = [partner(), partner(), partner()];
    for (const one of all) await run((tx) => partners.insert(tx, one));
    const first = await run((tx) => partners.list(tx, { page: 1, perPage: 2 }));
    const second = await run((tx) => partners.list(tx, { page: 2, perPage: 2 }));
    assert.equal([...first.items, ...second.items].map((one) => one.id), all.map((one) => one.id));
    assert.is(first.total, 3);
  });

  it('status, keys and the sandbox mark change in place', async ({ partners }) => {
    const one = partner();
    await run((tx) => partners.insert(tx, one));
    assert.equal(await run((tx) => partners.setStatus(tx, one.id, 'suspended', at(1))), { ...one, status: 'suspended', updatedAt: at(1) });
    const keys = { liveKeyHash: 'new-live', liveKeyPrefix: 'newlive1', sandboxKeyHash: 'new-sandbox', sandboxKeyPrefix: 'newsand1' };
    const rotated = await run((tx) => partners.replaceKeys(tx, one.id, keys, at(2)));
    assert.equal(rotated, { ...one, status: 'suspended', ...keys, keysRotatedAt: at(2), updatedAt: at(2) });
    await run((tx) => partners.markSandboxTested(tx, one.id, at(3)));
    await run((tx) => partners.markSandboxTested(tx, one.id, at(4)));
    assert.equal((await run((tx) => partners.findById(tx, one.id)))!.sandboxTestedAt, at(3));
    assert.is(await run((tx) => partners.setStatus(tx, '00000000-0000-4000-8000-999999999999', 'revoked', at(5))), undefined);
  });

  it('tenants list by owner environment, are found by team and domain, and a domain is taken once', async ({ partners, tenants }) => {
    const owner = partner();
    const other = partner();
    await run(async (tx) => {
      await partners.insert(tx, owner);
      await partners.insert(tx, other);
    });
    const live = [tenant(owner), tenant(owner)];
    const sandbox = tenant(owner, { environment: 'sandbox', ownerTeamId: owner.sandboxTeamId });
    const foreign = tenant(other);
    for (const one of [...live, sandbox, foreign]) await run((tx) => tenants.insert(tx, one));
    const listed = await run((tx) => tenants.listByOwner(tx, owner.teamId, { page: 1, perPage: 10 }));
    assert.equal(listed.items.map((one) => one.id), live.map((one) => one.id));
    assert.is(listed.total, 2);
    assert.is(await run((tx) => tenants.countByOwner(tx, owner.sandboxTeamId)), 1);
    assert.equal(await run((tx) => tenants.findByTeam(tx, foreign.teamId)), foreign);
    assert.equal(await run((tx) => tenants.findByDomain(tx, sandbox.domain)), sandbox);
    const clash = tenant(other, { domain: live[0]!.domain });
    const error = await run((tx) => tenants.insert(tx, clash)).catch((caught: unknown) => caught);
    assert.is((error as { code?: string }).code, 'domain_taken');
    assert.is(await run((tx) => tenants.findByTeam(tx, clash.teamId)), undefined);
  });

  it('white-label versions: each kept, the newest found by default, a version published once', async ({ partners, whitelabels }) => {
    const owner = partner();
    await run((tx) => partners.insert(tx, owner));
    const version = (n: number, features: Record<string, boolean>): WhitelabelRecord => ({
      partnerId: owner.id,
      teamId: owner.teamId,
      version: n,
      logoUrl: `https://cdn.example/logo-${n}.svg`,
      primaryColor: '#112233',
      features,
      publishedAt: at(n),
    });
    assert.is(await run((tx) => whitelabels.find(tx, owner.id)), undefined);
    await run((tx) => whitelabels.insert(tx, version(1, { webhooks: false })));
    await run((tx) => whitelabels.insert(tx, version(2, { webhooks: true })));
    assert.equal(await run((tx) => whitelabels.find(tx, owner.id)), version(2, { webhooks: true }));
    assert.equal(await run((tx) => whitelabels.find(tx, owner.id, 1)), version(1, { webhooks: false }));
    assert.is(await run((tx) => whitelabels.find(tx, owner.id, 3)), undefined);
    assert.is(await run((tx) => whitelabels.find(tx, 'not-a-uuid')), undefined);
    const error = await run((tx) => whitelabels.insert(tx, version(2, {}))).catch((caught: unknown) => caught);
    assert.is((error as { code?: string }).code, 'version_taken');
  });

  it('SDK packages keep their bytes and are found by their partner only; the sdk mark is set once', async ({ partners, sdkPackages }) => {
    const owner = partner();
    const other = partner();
    await run(async (tx) => {
      await partners.insert(tx, owner);
      await partners.insert(tx, other);
    });
    const content = new Uint8Array([0x1f, 0x8b, 0, 255, 10, 13]);
    const record = {
      id: uuid(),
      partnerId: owner.id,
      teamId: owner.teamId,
      generationId: uuid(),
      language: 'python' as const,
      version: '0.1.0',
      packageName: 'acme-sdk',
      fileName: 'acme_sdk-0.1.0.tar.gz',
      mediaType: 'application/gzip',
      content,
      installCommand: 'pip install ./acme_sdk-0.1.0.tar.gz',
      createdAt: T0,
    };
    await run((tx) => sdkPackages.insert(tx, [record]));
    assert.equal(await run((tx) => sdkPackages.find(tx, owner.id, record.id)), record);
    assert.is(await run((tx) => sdkPackages.find(tx, other.id, record.id)), undefined);
    assert.is(await run((tx) => sdkPackages.find(tx, owner.id, 'nope')), undefined);
    await run((tx) => partners.markSdkGenerated(tx, owner.id, at(1)));
    await run((tx) => partners.markSdkGenerated(tx, owner.id, at(2)));
    assert.equal((await run((tx) => partners.findById(tx, owner.id)))!.sdkGeneratedAt, at(1));
  });

  it('a rolled-back unit of work leaves nothing behind', async ({ partners, tenants }) => {
    const lost = partner();
    await run(async (tx) => {
      await partners.insert(tx, lost);
      await tenants.insert(tx, tenant(lost));
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => partners.findByTeam(tx, lost.teamId)), undefined);
    assert.is(await run((tx) => tenants.countByOwner(tx, lost.teamId)), 0);
  });

  return test;
}
