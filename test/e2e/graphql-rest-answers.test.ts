import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';
import { e2eStores } from '../fixtures/stores.js';

/**
 * GraphQL answers what REST answers (issue 19), for a sample of the fields
 * added with the webhook domain and the core-banking and gcu parity fields:
 * the same operation behind both, so the same data, errors and access. One
 * service per store (memory, PGlite, PostgreSQL when DATABASE_URL is set);
 * webhooks point at 127.0.0.1 and stay inactive or are only queued (nothing
 * is sent anywhere else).
 */
for (const store of e2eStores()) {
  const test = suite(`GraphQL answers what REST answers: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;

  const SECRET = 'ada-signing-secret-0123456789';
  const WEBHOOK_FIELDS = 'id url events description active status disabled_reason failing_since created_at updated_at';

  test.before(async () => {
    g = await bootGraphql({ store, rateLimits: false, config: { pluginConfig: { webhooks: { allow_private: true }, gcu: { tick_interval_ms: 0 } } } as any });
    ada = await g.createUser('Ada Answers');
  });

  test.after(async () => {
    await g?.close();
  });

  const rest = async (method: string, path: string, key = ada.key, body?: unknown) => {
    const answer = await g.request(method, path.startsWith('/api/') ? path : `/api/v2${path}`, { key, body });
    assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };

  test('webhook domain: the same webhook, list, event types and outbox as REST, and never a secret', async () => {
    const created = (await data(g, `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${WEBHOOK_FIELDS} } }`, { input: { url: 'http://127.0.0.1:9/answers', events: ['transfer.completed'], description: 'answers', secret: SECRET } }, ada.key)).createWebhook;
    assert.equal(created, await rest('GET', `/webhooks/${created.id}`));
    assert.not.ok(JSON.stringify(created).includes(SECRET));

    const listed = (await data(g, `{ webhooks(first: 10) { data { ${WEBHOOK_FIELDS} } paginatorInfo { total currentPage perPage } } }`, undefined, ada.key)).webhooks;
    assert.equal(listed.data, await rest('GET', '/webhooks?per_page=10'));
    assert.equal(listed.paginatorInfo, { total: 1, currentPage: 1, perPage: 10 });

    const groups = (await data(g, '{ webhookEventTypes { group events { name description available } } }', undefined, ada.key)).webhookEventTypes;
    assert.equal(groups, await rest('GET', '/webhooks/events'));

    const queued = (await data(g, 'mutation($id: ID!) { testWebhook(id: $id) { delivery_id event_id event_type status } }', { id: created.id }, ada.key)).testWebhook;
    assert.is(queued.event_type, 'test.webhook');
    const OUTBOX = 'query($id: ID!) { webhookOutbox(webhook_id: $id, status: "pending") { data { id event_id event_type status attempts next_attempt_at last_status_code last_error created_at updated_at delivered_at } } }';
    const outbox = (await data(g, OUTBOX, { id: created.id }, ada.key)).webhookOutbox.data;
    assert.equal(outbox, await rest('GET', `/webhooks/${created.id}/outbox?status=pending`));
    assert.ok(outbox.some((row: { event_id: string }) => row.event_id === queued.event_id));
    const deliveries = (await data(g, 'query($id: ID!) { webhookDeliveries(webhook_id: $id) { data { id attempt state } } }', { id: created.id }, ada.key)).webhookDeliveries.data;
    assert.equal(deliveries, (await rest('GET', `/webhooks/${created.id}/deliveries`)).map(({ id, attempt, state }: Record<string, unknown>) => ({ id, attempt, state })));

    // A new secret is the caller's: the answer does not carry it (the type has no such field), the webhook changed as REST shows.
    const updated = (await data(g, `mutation($id: ID!) { updateWebhook(id: $id, input: {active: false, secret: "another-secret-0123456789", description: null}) { ${WEBHOOK_FIELDS} } }`, { id: created.id }, ada.key)).updateWebhook;
    assert.is(updated.active, false);
    assert.is(updated.description, null);
    assert.equal(updated, await rest('GET', `/webhooks/${created.id}`));
    const type = (await data(g, '{ __type(name: "Webhook") { fields { name } } }', undefined, ada.key)).__type.fields.map((field: { name: string }) => field.name);
    assert.not.ok(type.includes('secret'), 'Webhook has no secret field');

    const deleted = (await data(g, 'mutation($id: ID!) { deleteWebhook(id: $id) { id deleted } }', { id: created.id }, ada.key)).deleteWebhook;
    assert.equal(deleted, { id: created.id, deleted: true });
    assert.is((await g.request('GET', `/api/v2/webhooks/${created.id}`, { key: ada.key })).status, 404);
  });

  test('webhook domain: the same refusals as REST (event names, a missing secret, the delete permission)', async () => {
    const bad = { url: 'http://127.0.0.1:9/answers', events: ['no.such_event'], secret: SECRET };
    const viaRest = await g.request('POST', '/api/v2/webhooks', { key: ada.key, body: bad });
    const viaGraphql = await gql(g, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { id } }', { input: bad }, ada.key);
    assert.is(viaRest.status, 422);
    assert.is(viaGraphql.body.errors?.[0]?.extensions?.code, viaRest.body.errors[0].code, JSON.stringify(viaGraphql.body));
    assert.is(viaGraphql.body.errors[0].extensions.status, 422);

    // REST would generate a secret and show it; GraphQL wants the caller's own.
    const noSecret = await gql(g, 'mutation { createWebhook(input: {url: "http://127.0.0.1:9/answers", events: ["*"]}) { id } }', undefined, ada.key);
    assert.is(noSecret.status, 400);
    assert.is(noSecret.body.errors[0].extensions.code, 'validation_failed');
    assert.equal(await rest('GET', '/webhooks'), [], 'nothing was created');
    const badStatus = await gql(g, 'query($id: ID!) { webhookOutbox(webhook_id: $id, status: "lost") { data { id } } }', { id: 'any' }, ada.key);
    assert.is(badStatus.body.errors?.[0]?.extensions?.status, 422, JSON.stringify(badStatus.body));

    // An Idempotency-Key makes a retried createWebhook one webhook, as a retried POST /webhooks.
    const keyed = { query: 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { id } }', variables: { input: { url: 'http://127.0.0.1:9/kept', events: ['*'], active: false, secret: SECRET } } };
    const first = await g.request('POST', '/api/graphql', { key: ada.key, body: keyed, headers: { 'idempotency-key': 'webhook-once' } });
    const retried = await g.request('POST', '/api/graphql', { key: ada.key, body: keyed, headers: { 'idempotency-key': 'webhook-once' } });
    assert.is(retried.headers.get('idempotent-replayed'), 'true');
    assert.equal(retried.body, first.body);
    const made = first.body.data.createWebhook;
    assert.equal((await rest('GET', '/webhooks')).map((webhook: { id: string }) => webhook.id), [made.id]);
    const readWrite = (await rest('POST', '/api-keys', ada.key, { name: 'no-delete', permissions: ['read', 'write'] })).key as string;
    const refused = await gql(g, 'mutation($id: ID!) { deleteWebhook(id: $id) { id } }', { id: made.id }, readWrite);
    const refusedOverRest = await g.request('DELETE', `/api/v2/webhooks/${made.id}`, { key: readWrite });
    assert.is(refusedOverRest.status, 403);
    assert.is(refused.body.errors?.[0]?.extensions?.code, refusedOverRest.body.errors[0].code, JSON.stringify(refused.body));
    assert.is((await rest('GET', `/webhooks/${made.id}`)).id, made.id, 'still there');
  });

  test('core-banking: teamTransactions is GET /transactions; freeze, unfreeze and close as REST', async () => {
    const account = (await rest('POST', '/accounts', ada.key, { name: 'Ada answers', type: 'personal' })).uuid as string;
    await rest('POST', `/accounts/${account}/deposit`, ada.key, { amount: '25.00', asset_code: 'USD' });
    await rest('POST', `/accounts/${account}/withdraw`, ada.key, { amount: '5.00', asset_code: 'USD' });
    const FIELDS = 'uuid account_uuid type amount asset_code chain status reference balance_after';
    const page = (await data(g, `{ teamTransactions(first: 50, asset_code: "USD") { data { ${FIELDS} } paginatorInfo { total } } }`, undefined, ada.key)).teamTransactions;
    const restRows = (await rest('GET', '/transactions?per_page=50&asset_code=USD')) as Record<string, unknown>[];
    assert.equal(page.data, restRows.map((row) => Object.fromEntries(FIELDS.split(' ').map((key) => [key, row[key]]))));
    assert.is(page.paginatorInfo.total, 2);
    const badStatus = await gql(g, '{ teamTransactions(status: "lost") { data { uuid } } }', undefined, ada.key);
    assert.is(badStatus.body.errors?.[0]?.extensions?.status, 422, JSON.stringify(badStatus.body));
    assert.is((await g.request('GET', '/api/v2/transactions?status=lost', { key: ada.key })).status, 422);

    const frozen = (await data(g, 'mutation($id: ID!) { freezeAccount(id: $id, reason: "card lost") { id status balance currency } }', { id: account }, ada.key)).freezeAccount;
    assert.equal(frozen, { id: account, status: 'frozen', balance: '20.00', currency: 'USD' });
    assert.is((await rest('GET', `/accounts/${account}`)).status, 'frozen');
    const again = await gql(g, 'mutation($id: ID!) { freezeAccount(id: $id) { id } }', { id: account }, ada.key);
    assert.is(again.body.errors?.[0]?.extensions?.code, 'account_already_frozen', JSON.stringify(again.body));
    assert.is((await data(g, 'mutation($id: ID!) { unfreezeAccount(id: $id) { status } }', { id: account }, ada.key)).unfreezeAccount.status, 'active');

    const notEmpty = await gql(g, 'mutation($id: ID!) { closeAccount(id: $id) { id } }', { id: account }, ada.key);
    assert.is(notEmpty.body.errors?.[0]?.extensions?.code, 'account_not_empty', JSON.stringify(notEmpty.body));
    await rest('POST', `/accounts/${account}/withdraw`, ada.key, { amount: '20.00', asset_code: 'USD' });
    assert.is((await data(g, 'mutation($id: ID!) { closeAccount(id: $id) { status } }', { id: account }, ada.key)).closeAccount.status, 'closed');
    assert.is((await rest('GET', `/accounts/${account}`)).status, 'closed');
  });

  test('operator fields refuse a team key, and answer the operator what REST answers', async () => {
    for (const query of ['{ ledgerAudit { ok } }', 'mutation { rebalanceGcu { at } }', 'mutation { createGcuProposal(input: {title: "t", kind: "parameter", parameter: {name: "quorum", value: "0.2"}, voting_starts_at: "2026-01-02T00:00:00Z", voting_ends_at: "2026-01-03T00:00:00Z"}) { id } }']) {
      const refused = await gql(g, query, undefined, ada.key);
      assert.ok(refused.body.errors?.length > 0, `${query}: ${JSON.stringify(refused.body)}`);
      assert.is(refused.body.data?.[Object.keys(refused.body.data ?? {})[0] ?? ''] ?? null, null);
      assert.is(refused.body.errors[0].extensions.status, 403, JSON.stringify(refused.body));
    }
    assert.equal((await rest('GET', '/gcu/voting/proposals', ada.key)).length, 0, 'the refused proposal was not made');

    const audit = (await data(g, '{ ledgerAudit { ok problems checked_at totals { team_id asset_code chain customer_balances deposits_minus_withdrawals system_accounts { account amount } } reconciliation { checked } } }', undefined, g.k.operatorKey)).ledgerAudit;
    const viaRest = await rest('GET', '/admin/ledger/audit', g.k.operatorKey);
    assert.is(audit.ok, true);
    assert.equal(
      { ...audit, totals: audit.totals.map((row: any) => ({ ...row, system_accounts: Object.fromEntries(row.system_accounts.map((entry: any) => [entry.account, entry.amount])) })) },
      { ...viaRest, reconciliation: viaRest.reconciliation && { checked: viaRest.reconciliation.checked } },
    );

    const PROPOSE = 'mutation($input: CreateGcuProposalInput!) { createGcuProposal(input: $input) { id kind title proposed_composition { asset_code weight } } }';
    const twice = await gql(g, PROPOSE, { input: { title: 'Twice', proposed_composition: [{ asset_code: 'USD', weight: '0.5' }, { asset_code: 'USD', weight: '0.5' }], voting_starts_at: '2026-01-02T00:00:00Z', voting_ends_at: '2026-01-05T00:00:00Z' } }, g.k.operatorKey);
    assert.is(twice.body.errors?.[0]?.extensions?.source?.pointer, '/proposed_composition/1/asset_code', JSON.stringify(twice.body));
    const badKind = await gql(g, PROPOSE, { input: { title: 'Kind', kind: 'other', voting_starts_at: '2026-01-02T00:00:00Z', voting_ends_at: '2026-01-05T00:00:00Z' } }, g.k.operatorKey);
    assert.is(badKind.body.errors?.[0]?.extensions?.source?.pointer, '/kind', JSON.stringify(badKind.body));
    const made = (await data(g, PROPOSE, { input: { title: 'Quorum', kind: 'parameter', parameter: { name: 'quorum', value: '0.2' }, voting_starts_at: '2026-01-02T00:00:00Z', voting_ends_at: '2026-01-05T00:00:00Z' } }, g.k.operatorKey)).createGcuProposal;
    const listed = (await rest('GET', `/gcu/voting/proposals/${made.id}`, ada.key)) as { id: string; title: string; kind: string };
    assert.equal({ id: listed.id, title: listed.title, kind: listed.kind }, { id: made.id, title: 'Quorum', kind: 'parameter' });
    const tick = (await data(g, 'mutation { rebalanceGcu { at prices_recorded rebalanced_to_version } }', undefined, g.k.operatorKey)).rebalanceGcu;
    assert.is(typeof tick.prices_recorded, 'number');
  });

  test('dashboard: the same figures as /v1/live-dashboard, the same refusals, and the re-drive for the operator only', async () => {
    const HEALTH = '{ dashboardDomainHealth(window_seconds: 120) { scope generated_at window_seconds store { connected } domains { domain status store_connected events_total projector_status recent_errors parked_events } projectors { group status pending_events } } }';
    const health = (await data(g, HEALTH, undefined, ada.key)).dashboardDomainHealth;
    const viaRest = await rest('GET', '/api/v1/live-dashboard/domain-health?window_seconds=120');
    assert.is(health.scope, 'team');
    assert.equal(health, { ...viaRest, store: { connected: viaRest.store.connected } });

    const metrics = (await data(g, '{ dashboardMetrics { scope events { total by_domain { name count } by_type { name count } } } }', undefined, ada.key)).dashboardMetrics;
    const restMetrics = await rest('GET', '/api/v1/live-dashboard/metrics');
    assert.is(metrics.events.total, restMetrics.events.total);
    assert.equal(Object.fromEntries(metrics.events.by_type.map((row: { name: string; count: number }) => [row.name, row.count])), restMetrics.events.by_type);
    assert.equal(Object.fromEntries(metrics.events.by_domain.map((row: { name: string; count: number }) => [row.name, row.count])), restMetrics.events.by_domain);
    assert.ok(metrics.events.total > 0, 'Ada’s events are counted');

    const lag = (await data(g, '{ dashboardProjectorLag { scope head_position projectors { group pending_events lag_positions status } } }', undefined, ada.key)).dashboardProjectorLag;
    const restLag = await rest('GET', '/api/v1/live-dashboard/projector-lag');
    assert.equal(lag, { scope: restLag.scope, head_position: restLag.head_position, projectors: restLag.projectors.map(({ group, pending_events, lag_positions, status }: Record<string, unknown>) => ({ group, pending_events, lag_positions, status })) });

    // The window is checked as REST's query is (1 … the maximum), with the same code and status.
    const zero = await gql(g, '{ dashboardEventThroughput(window_seconds: 0) { scope } }', undefined, ada.key);
    const zeroOverRest = await g.request('GET', '/api/v1/live-dashboard/event-throughput?window_seconds=0', { key: ada.key });
    assert.is(zeroOverRest.status, 422);
    assert.is(zero.body.errors?.[0]?.extensions?.code, zeroOverRest.body.errors[0].code, JSON.stringify(zero.body));
    assert.is(zero.body.errors[0].extensions.status, 422);

    const refused = await gql(g, 'mutation { redriveParkedEvents(group: "webhooks.fanout") { handled } }', undefined, ada.key);
    assert.is(refused.body.errors?.[0]?.extensions?.status, 403, JSON.stringify(refused.body));
    const badPosition = await gql(g, 'mutation { redriveParkedEvents(group: "webhooks.fanout", position: "0") { handled } }', undefined, g.k.operatorKey);
    assert.is(badPosition.body.errors?.[0]?.extensions?.status, 422, JSON.stringify(badPosition.body));
    const unknown = await gql(g, 'mutation { redriveParkedEvents(group: "no.such-group") { handled } }', undefined, g.k.operatorKey);
    const unknownOverRest = await g.request('POST', '/api/v2/admin/consumer-groups/no.such-group/redrive', { key: g.k.operatorKey, body: {} });
    assert.is(unknownOverRest.status, 404);
    assert.is(unknown.body.errors?.[0]?.extensions?.code, unknownOverRest.body.errors[0].code, JSON.stringify(unknown.body));
    const group = 'dashboard.event-tally';
    const none = (await data(g, 'mutation($group: String!) { redriveParkedEvents(group: $group) { group handled failed results { position } } }', { group }, g.k.operatorKey)).redriveParkedEvents;
    assert.equal(none, { group, handled: 0, failed: 0, results: [] }, 'nothing parked, nothing re-driven');
    assert.equal(none, await rest('POST', `/admin/consumer-groups/${group}/redrive`, g.k.operatorKey, {}));
  });

  test.run();
}
