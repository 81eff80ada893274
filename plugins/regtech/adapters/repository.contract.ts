import * as assert from 'uvu/assert';
import { rejection, repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { ListVersion, SanctionsEntry } from '../domain/sanctions-list.js';
import type {
  MonitoringRepository,
  MicaCheckRepository,
  MicaRegistryRepository,
  AuthorityInboxRecord,
  AuthorityInboxRepository,
  MifirReportRecord,
  MifirReportRepository,
  SanctionsListRepository,
  ScreeningRecord,
  ScreeningRepository,
  TravelRuleCheckRecord,
  TravelRuleCheckRepository,
  TravelRuleSubmissionRecord,
  TravelRuleSubmissionRepository,
} from '../ports.js';
import type { TravelRuleCheckView } from '../travel-rule-schemas.js';

export interface RegtechRepositories {
  readonly lists: SanctionsListRepository;
  readonly screenings: ScreeningRepository;
  readonly checks: TravelRuleCheckRepository;
  readonly submissions: TravelRuleSubmissionRepository;
  readonly reports: MifirReportRepository;
  readonly inbox: AuthorityInboxRepository;
  readonly registry: MicaRegistryRepository;
  readonly micaChecks: MicaCheckRepository;
  readonly monitoring: MonitoringRepository;
}

/**
 * What every store's regtech repositories must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function regtechRepositoryContract(title: string, harness: RepositoryHarness<RegtechRepositories>) {
  const { test, it, run, waitsFor } = repositorySuite(title, harness);
  const entry = (entryId: string, overrides: Partial<SanctionsEntry> = {}): SanctionsEntry => ({
    entryId,
    type: 'individual',
    names: [`Name ${entryId}`, `Alias ${entryId}, "quoted"`],
    datesOfBirth: ['1962-03-12', '1963'],
    countries: ['IR'],
    programs: ['SDGT'],
    ...overrides,
  });
  const version = (source: ListVersion['source'], hash: string, entries: number, minutes = 0): ListVersion => ({
    source,
    version: `sha256:${hash.repeat(64).slice(0, 64)}`,
    publishedAt: source === 'ofac_sdn' ? null : '2026-11-02T17:50:34.219+01:00',
    loadedAt: new Date(T0.getTime() + minutes * 60_000),
    entries,
  });

  it('a replaced list is read back whole, in list order, with its version', async ({ lists }) => {
    const wallet = { addresses: [{ currency: 'ETH', address: '0x7E57000000000000000000000000000000C0FFEE' }] };
    const entries = [entry('9', wallet), entry('10', { type: 'vessel', datesOfBirth: [], countries: [], names: ['Ship'] }), entry('2')];
    await run((tx) => lists.replace(tx, version('ofac_sdn', 'a', 3), entries));
    assert.equal(await run((tx) => lists.entries(tx, 'ofac_sdn')), entries);
    assert.equal(await run((tx) => lists.versions(tx)), [version('ofac_sdn', 'a', 3)]);
    assert.equal(await run((tx) => lists.entries(tx, 'un_sc')), []);
  });

  it("replacing a source's list drops its old entries and leaves the other sources alone", async ({ lists }) => {
    await run(async (tx) => {
      await lists.replace(tx, version('un_sc', 'b', 2), [entry('1'), entry('2')]);
      await lists.replace(tx, version('eu_fsf', 'c', 1), [entry('E1')]);
    });
    await run((tx) => lists.replace(tx, version('un_sc', 'd', 1, 5), [entry('3')]));
    assert.equal((await run((tx) => lists.entries(tx, 'un_sc'))).map((one) => one.entryId), ['3']);
    assert.equal((await run((tx) => lists.entries(tx, 'eu_fsf'))).map((one) => one.entryId), ['E1']);
    assert.equal(await run((tx) => lists.versions(tx)), [version('eu_fsf', 'c', 1), version('un_sc', 'd', 1, 5)]);
  });

  it('a replacement whose unit of work fails leaves the old list and version', async ({ lists }) => {
    await run((tx) => lists.replace(tx, version('ofac_sdn', 'a', 1), [entry('1')]));
    const failed = await rejection(
      run(async (tx) => {
        await lists.replace(tx, version('ofac_sdn', 'e', 2, 1), [entry('7'), entry('8')]);
        throw new Error('the load failed after the write');
      }),
    );
    assert.match(String(failed), /the load failed/);
    assert.equal((await run((tx) => lists.entries(tx, 'ofac_sdn'))).map((one) => one.entryId), ['1']);
    assert.equal(await run((tx) => lists.versions(tx)), [version('ofac_sdn', 'a', 1)]);
  });

  it('a second replacement of the same source waits for the first and wins, even for a source never loaded', async ({ lists }) => {
    await waitsFor(
      (tx) => lists.replace(tx, version('un_sc', 'g', 1), [entry('1')]),
      (tx) => lists.replace(tx, version('un_sc', 'h', 2, 1), [entry('2'), entry('3')]),
    );
    assert.equal((await run((tx) => lists.entries(tx, 'un_sc'))).map((one) => one.entryId), ['2', '3']);
    assert.equal(await run((tx) => lists.versions(tx)), [version('un_sc', 'h', 2, 1)]);
  });

  it('a list of thousands of entries is stored and read back', async ({ lists }) => {
    const many = Array.from({ length: 12_000 }, (_, index) => entry(String(index + 1)));
    await run((tx) => lists.replace(tx, version('ofac_sdn', 'f', many.length), many));
    const back = await run((tx) => lists.entries(tx, 'ofac_sdn'));
    assert.is(back.length, 12_000);
    assert.equal(back[11_999], many[11_999]);
  });

  const screening = (teamId: string): ScreeningRecord => ({
    id: '00000000-0000-4000-8000-000000000001',
    teamId,
    party: { name: 'Darius Qorvani', date_of_birth: '1962-03-12', country: 'IR', type: 'individual' },
    purpose: 'onboarding 42',
    matches: [{ source: 'ofac_sdn', entry_id: '9001', entry_name: 'QORVANI, Darius Feyzollah', name_matched: 'QORVANI, Darius Feyzollah', score: 0.97, reasons: ['name similarity 0.97 (Jaro–Winkler)'] }],
    listVersions: [version('ofac_sdn', 'a', 7), version('un_sc', 'b', 3)],
    threshold: 0.92,
    screenedAt: T0,
  });

  it('a screening is found by its team only, as recorded', async ({ screenings }) => {
    const mine = screening(TEAM_A);
    await run((tx) => screenings.insert(tx, mine));
    assert.equal(await run((tx) => screenings.find(tx, TEAM_A, mine.id)), mine);
    assert.is(await run((tx) => screenings.find(tx, TEAM_B, mine.id)), undefined);
    assert.is(await run((tx) => screenings.find(tx, TEAM_A, '00000000-0000-4000-8000-000000000002')), undefined);
  });

  const CHECK_ID = '00000000-0000-4000-8000-0000000000c1';
  const checkView: TravelRuleCheckView = {
    check_id: CHECK_ID,
    transfer_id: 'tr-1',
    is_compliant: false,
    risk_level: 'medium',
    risk_score: 30,
    risk_factors: ['incomplete_party'],
    applicable_jurisdiction: 'EU',
    applicable_regulations: ['FATF Recommendation 16'],
    originator_verified: false,
    beneficiary_verified: true,
    threshold_analysis: {
      amount_usd: '1080.00',
      exceeds_threshold: true,
      threshold_amount: '1080.00',
      full_identification_required: true,
      threshold_local_amount: '1000.00',
      threshold_currency: 'EUR',
      amount_in_threshold_currency: '1000.00',
      legal_source: 'Regulation (EU) 2023/1113',
    },
    sanctions_screening: {
      originator_cleared: true,
      beneficiary_cleared: true,
      screening_provider: 'regtech sanctions screening (un_sc sha256:bbbbbbbbbbbb)',
      screened_at: T0.toISOString(),
      originator_screening_id: '00000000-0000-4000-8000-0000000000a1',
      beneficiary_screening_id: '00000000-0000-4000-8000-0000000000a2',
      list_versions: [{ source: 'un_sc', version: 'sha256:' + 'b'.repeat(64) }],
    },
    compliance_issues: [{ code: 'originator_data_incomplete', description: 'lacks an address' }],
    recommendations: ["Obtain the originator's address."],
    checked_at: T0.toISOString(),
    valid_until: new Date(T0.getTime() + 1_800_000).toISOString(),
  };
  const check: TravelRuleCheckRecord = { id: CHECK_ID, teamId: TEAM_A, transferId: 'tr-1', jurisdiction: 'EU', view: checkView, checkedAt: T0 };

  it('a travel-rule check is found by its team only, its answer whole', async ({ checks }) => {
    await run((tx) => checks.insert(tx, check));
    assert.equal(await run((tx) => checks.find(tx, TEAM_A, CHECK_ID)), check);
    assert.is(await run((tx) => checks.find(tx, TEAM_B, CHECK_ID)), undefined);
    assert.is(await run((tx) => checks.find(tx, TEAM_A, 'not-a-uuid')), undefined);
  });

  it('one travel-rule submission per team and transfer: a second is refused and writes nothing; reads are by team', async ({ checks, submissions }) => {
    const submission = (id: string, teamId = TEAM_A): TravelRuleSubmissionRecord => ({
      id,
      teamId,
      transferId: 'tr-1',
      checkId: CHECK_ID,
      jurisdiction: 'EU',
      ivms101: { originator: { originatorPerson: [{ naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Lovelace' }] } } }] }, payloadMetadata: { payloadVersion: '101.2023' } },
      submittedAt: T0,
    });
    await run((tx) => checks.insert(tx, check));
    const first = submission('00000000-0000-4000-8000-0000000000d1');
    assert.is(await run((tx) => submissions.insert(tx, first)), true);
    assert.is(await run((tx) => submissions.insert(tx, submission('00000000-0000-4000-8000-0000000000d2'))), false);
    assert.is(await run((tx) => submissions.insert(tx, submission('00000000-0000-4000-8000-0000000000d3', TEAM_B))), true, 'another team may use the same transfer id');
    assert.equal(await run((tx) => submissions.find(tx, TEAM_A, first.id)), first);
    assert.equal(await run((tx) => submissions.findByTransfer(tx, TEAM_A, 'tr-1')), first);
    assert.is(await run((tx) => submissions.find(tx, TEAM_B, first.id)), undefined);
    assert.is(await run((tx) => submissions.find(tx, TEAM_A, '00000000-0000-4000-8000-0000000000d2')), undefined);
    assert.is(await run((tx) => submissions.findByTransfer(tx, TEAM_A, 'tr-2')), undefined);
  });

  const report = (id: string, overrides: Partial<MifirReportRecord> = {}): MifirReportRecord => ({
    id,
    teamId: TEAM_A,
    transactionId: 'tx-1',
    reportType: 'transaction',
    jurisdiction: 'DE',
    fields: {
      report_status: 'NEWT',
      transaction_reference_number: 'TX1',
      executing_entity_id: '5493001KJTIIGC8Y1R12',
      investment_firm_covered: true,
      submitting_entity_id: '5493001KJTIIGC8Y1R12',
      buyer_id: 'DE19800101JOHN#DOE##',
      seller_id: '5493001KJTIIGC8Y1R12',
      trading_date_time: '2026-01-01T00:00:00.000000Z',
      trading_capacity: 'DEAL',
      quantity: '1.000',
      quantity_currency: null,
      price: 'NOAP',
      price_currency: null,
      venue: 'XOFF',
      instrument_id: 'XS00000XAU05',
      instrument_full_name: 'Gold',
      instrument_classification: null,
    },
    status: 'submitted',
    authorityReference: `DE-${id}`,
    feedbackDueAt: new Date(T0.getTime() + 3_600_000),
    decidedAt: null,
    reasons: [],
    cancelsReportId: null,
    submittedAt: T0,
    ...overrides,
  });

  it('MiFIR reports: found by team, listed per transaction oldest first, due ones earliest first, decided', async ({ reports }) => {
    const first = report('00000000-0000-4000-8000-0000000000e1');
    const second = report('00000000-0000-4000-8000-0000000000e2', { feedbackDueAt: new Date(T0.getTime() + 1_800_000), submittedAt: new Date(T0.getTime() + 1000) });
    const other = report('00000000-0000-4000-8000-0000000000e3', { teamId: TEAM_B, transactionId: 'tx-1' });
    await run(async (tx) => {
      for (const one of [first, second, other]) await reports.insert(tx, one);
    });
    assert.equal(await run((tx) => reports.find(tx, TEAM_A, first.id)), first);
    assert.is(await run((tx) => reports.find(tx, TEAM_B, first.id)), undefined);
    assert.equal((await run((tx) => reports.forTransaction(tx, TEAM_A, 'tx-1'))).map((r) => r.id), [first.id, second.id]);
    assert.equal(await run((tx) => reports.dueForFeedback(tx, T0, 10)), []);
    const due = await run((tx) => reports.dueForFeedback(tx, new Date(T0.getTime() + 3_600_000), 10));
    assert.equal(due.map((r) => r.id), [second.id, first.id, other.id], 'every team, earliest due first');
    const reasons = [{ code: 'SIM-LATE', description: 'late' }];
    await run((tx) => reports.decide(tx, TEAM_A, second.id, 'rejected', reasons, new Date(T0.getTime() + 3_600_000)));
    await run((tx) => reports.decide(tx, TEAM_B, first.id, 'accepted', [], T0));
    assert.equal(await run((tx) => reports.find(tx, TEAM_A, second.id)), { ...second, status: 'rejected', reasons, decidedAt: new Date(T0.getTime() + 3_600_000) });
    assert.equal(await run((tx) => reports.find(tx, TEAM_A, first.id)), first, "another team's decide changes nothing");
    assert.equal((await run((tx) => reports.dueForFeedback(tx, new Date(T0.getTime() + 3_600_000), 1))).map((r) => r.id), [first.id]);
  });

  it("the authority's inbox: found by team, decided ones of a reference in decision order", async ({ inbox }) => {
    const received = (reference: string, overrides: Partial<AuthorityInboxRecord> = {}): AuthorityInboxRecord => ({
      reference,
      teamId: TEAM_A,
      jurisdiction: 'DE',
      transactionReference: 'TX1',
      reportStatus: 'NEWT',
      tradingAt: T0,
      receivedAt: T0,
      dueAt: new Date(T0.getTime() + 3_600_000),
      outcome: null,
      reasons: [],
      decidedAt: null,
      ...overrides,
    });
    await run(async (tx) => {
      await inbox.insert(tx, received('DE-1'));
      await inbox.insert(tx, received('DE-2', { reportStatus: 'CANC' }));
      await inbox.insert(tx, received('DE-3', { teamId: TEAM_B }));
      await inbox.insert(tx, received('FR-4', { jurisdiction: 'FR' }));
    });
    assert.equal(await run((tx) => inbox.find(tx, TEAM_A, 'DE-1')), received('DE-1'));
    assert.is(await run((tx) => inbox.find(tx, TEAM_B, 'DE-1')), undefined);
    assert.equal(await run((tx) => inbox.decided(tx, TEAM_A, 'DE', 'TX1')), []);
    await run(async (tx) => {
      await inbox.record(tx, TEAM_A, 'DE-2', 'rejected', [{ code: 'CON-024', description: 'nothing' }], new Date(T0.getTime() + 1000));
      await inbox.record(tx, TEAM_A, 'DE-1', 'accepted', [], new Date(T0.getTime() + 2000));
      await inbox.record(tx, TEAM_A, 'FR-4', 'accepted', [], T0);
    });
    const decided = await run((tx) => inbox.decided(tx, TEAM_A, 'DE', 'TX1'));
    assert.equal(decided.map((one) => [one.reference, one.outcome]), [['DE-2', 'rejected'], ['DE-1', 'accepted']]);
    assert.equal(decided[0]!.reasons, [{ code: 'CON-024', description: 'nothing' }]);
  });

  it('the MiCA registry: issuers replaced by id, white papers unique per issuer and hash, found by type', async ({ registry }) => {
    const issuer = { issuerId: 'EMI', name: 'Euro EMI SA', homeMemberState: 'LU', licences: ['e_money_institution' as const], withdrawn: false };
    await run((tx) => registry.putIssuer(tx, issuer, T0));
    await run((tx) => registry.putIssuer(tx, { ...issuer, licences: ['e_money_institution', 'credit_institution'], withdrawn: true }, new Date(T0.getTime() + 1000)));
    await run((tx) => registry.putIssuer(tx, { ...issuer, issuerId: 'A-1', name: 'A' }, T0));
    assert.equal(await run((tx) => registry.issuer(tx, 'EMI')), { ...issuer, licences: ['e_money_institution', 'credit_institution'], withdrawn: true, updatedAt: new Date(T0.getTime() + 1000) });
    assert.equal((await run((tx) => registry.issuers(tx))).map((one) => one.issuerId), ['A-1', 'EMI']);
    const paper = { id: '00000000-0000-4000-8000-0000000000f1', issuerId: 'EMI', assetType: 'emt' as const, tokenName: 'EURX', hash: `sha256:${'a'.repeat(64)}`, notifiedOn: '2026-09-01', publishedOn: null, approvedOn: null };
    assert.is(await run((tx) => registry.fileWhitePaper(tx, paper, T0)), true);
    assert.is(await run((tx) => registry.fileWhitePaper(tx, { ...paper, id: '00000000-0000-4000-8000-0000000000f2' }, T0)), false);
    assert.equal(await run((tx) => registry.whitePaper(tx, 'EMI', 'emt', paper.hash)), paper);
    assert.is(await run((tx) => registry.whitePaper(tx, 'EMI', 'art', paper.hash)), undefined, 'filed for another asset type');
    assert.is(await run((tx) => registry.whitePaper(tx, 'A-1', 'emt', paper.hash)), undefined);
    assert.equal(await run((tx) => registry.whitePapersOf(tx, 'EMI')), [{ ...paper, filedAt: T0 }]);
  });

  it('monitoring: a transfer is remembered once; counts by account, window and band; flags by team, pending oldest first', async ({ monitoring }) => {
    const seen = (transferId: string, amountCents: bigint, minutes: number, fromAccount = 'acc-1', teamId = TEAM_A) =>
      run((tx) => monitoring.recordTransfer(tx, { teamId, transferId, fromAccount, amountCents, at: new Date(T0.getTime() + minutes * 60_000) }));
    assert.is(await seen('t1', 950_000n, 0), true);
    assert.is(await seen('t1', 950_000n, 0), false, 'a re-driven event writes nothing');
    await seen('t2', 800_000n, 30);
    await seen('t3', 990_000n, 90);
    await seen('t4', 950_000n, 90, 'acc-2');
    await seen('t5', 950_000n, 90, 'acc-1', TEAM_B);
    assert.is(await run((tx) => monitoring.countFrom(tx, TEAM_A, 'acc-1', T0)), 3);
    assert.is(await run((tx) => monitoring.countFrom(tx, TEAM_A, 'acc-1', new Date(T0.getTime() + 30 * 60_000))), 2);
    assert.is(await run((tx) => monitoring.countFrom(tx, TEAM_A, 'acc-1', T0, { minCents: 900_000n, maxCents: 1_000_000n })), 2);
    const record = (id: string, transactionId: string, minutes: number, reviewStatus: 'clear' | 'pending_review' = 'pending_review', teamId = TEAM_A) => ({
      id,
      teamId,
      transactionId,
      flags: ['structuring' as const],
      riskScore: 60,
      reviewStatus,
      details: ['three just under'],
      flaggedAt: new Date(T0.getTime() + minutes * 60_000),
      reviewedAt: null,
      reviewNote: null,
    });
    await run(async (tx) => {
      await monitoring.put(tx, record('00000000-0000-4000-8000-0000000000b1', 't3', 90));
      await monitoring.put(tx, record('00000000-0000-4000-8000-0000000000b2', 't1', 10));
      await monitoring.put(tx, record('00000000-0000-4000-8000-0000000000b3', 't2', 5, 'clear'));
      await monitoring.put(tx, record('00000000-0000-4000-8000-0000000000b4', 't1', 1, 'pending_review', TEAM_B));
    });
    const decided = { ...record('00000000-0000-4000-8000-0000000000b2', 't1', 10), reviewStatus: 'cleared' as const, reviewedAt: T0, reviewNote: 'ok' };
    await run((tx) => monitoring.put(tx, decided));
    assert.equal(await run((tx) => monitoring.find(tx, TEAM_A, 't1')), decided);
    assert.equal(await run((tx) => monitoring.findById(tx, decided.id)), decided);
    assert.equal((await run((tx) => monitoring.many(tx, TEAM_A, ['t1', 't2', 'missing']))).map((r) => r.transactionId).sort(), ['t1', 't2']);
    assert.equal((await run((tx) => monitoring.pending(tx, 10))).map((r) => r.id), ['00000000-0000-4000-8000-0000000000b4', '00000000-0000-4000-8000-0000000000b1']);
    assert.equal(await run((tx) => monitoring.counts(tx, TEAM_A)), { clear: 1, pending_review: 1, cleared: 1, rejected: 0 });
  });

  return test;
}
