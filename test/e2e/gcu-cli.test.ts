import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * The GCU's operator commands as an operator runs them: the compiled CLI in a
 * child process on an embedded PGlite data directory, state kept between
 * invocations. The CLI runs on the system clock, so windows are set relative
 * to now and no test asserts a time.
 */
const cli = fileURLToPath(new URL('../../adapters/main/cli.js', import.meta.url));
const run = promisify(execFile);
const test = suite('bank CLI: gcu');
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-gcu-cli-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function bank(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, BANK_STORE: 'pglite', BANK_DATA_DIR: dataDir, BANK_MODULES: 'core-banking,gcu' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--enable-source-maps', cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const DAY_MS = 86_400_000;
/** Whole hours from now, as the operator would type them. */
const fromNow = (days: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * DAY_MS).toISOString();
const COMPOSITION = '{"USD":"0.35","EUR":"0.30","GBP":"0.15","CHF":"0.10","JPY":"0.05","XAU":"0.05"}';

test('gcu rebalance rebalances now, whatever the calendar says, every time it is run', async () => {
  const first = await bank('gcu', 'rebalance');
  assert.is(first.code, 0, first.stderr);
  assert.is(JSON.parse(first.stdout).data.rebalanced_to_version, 2);
  const second = await bank('gcu', 'rebalance');
  assert.is(JSON.parse(second.stdout).data.rebalanced_to_version, 3);
});

test('gcu tick runs the scheduler once and reports what it did', async () => {
  const ticked = await bank('gcu', 'tick');
  assert.is(ticked.code, 0, ticked.stderr);
  const report = JSON.parse(ticked.stdout).data;
  assert.equal(Object.keys(report).sort(), ['at', 'prices_recorded', 'proposal_created', 'rebalanced_to_version', 'reserves_synced']);
  assert.type(report.prices_recorded, 'number');
  assert.is(report.reserves_synced, 0, 'no team holds GCU');
});

test('gcu proposals create --help lists its flags, also behind the options transform', async () => {
  const help = await bank('gcu', 'proposals', 'create', '--help');
  assert.is(help.code, 0);
  for (const flag of ['--title', '--proposed-composition', '--parameter-name', '--voting-starts-at', '--voting-ends-at']) assert.ok(help.stdout.includes(flag), flag);
});

test('gcu proposals create tables composition and parameter proposals', async () => {
  const created = await bank('gcu', 'proposals', 'create', '--title', 'More yen and gold', '--proposed-composition', COMPOSITION, '--voting-starts-at', fromNow(2), '--voting-ends-at', fromNow(9));
  assert.is(created.code, 0, created.stderr);
  const proposal = JSON.parse(created.stdout).data;
  assert.equal([proposal.kind, proposal.status, proposal.title, proposal.proposed_composition.JPY, proposal.outcome], ['composition', 'upcoming', 'More yen and gold', '0.05', 'pending']);
  assert.match(proposal.created_by, /^operator:/);

  const parameter = await bank('gcu', 'proposals', 'create', '--title', 'Higher quorum', '--kind', 'parameter', '--parameter-name', 'quorum', '--parameter-value', '0.15', '--voting-starts-at', fromNow(2), '--voting-ends-at', fromNow(9));
  assert.is(parameter.code, 0, parameter.stderr);
  assert.equal(JSON.parse(parameter.stdout).data.parameter, { name: 'quorum', value: '0.15' });
});

test('gcu proposals create refuses an endless window, bad JSON and a composition that does not sum to 1', async () => {
  const endless = await bank('gcu', 'proposals', 'create', '--title', 'Forever', '--proposed-composition', COMPOSITION, '--voting-starts-at', fromNow(2), '--voting-ends-at', '9999-12-31T00:00:00Z');
  assert.is(endless.code, 2);
  assert.match(endless.stderr, 'invalid_window: the voting window may last at most 31 days');
  const json = await bank('gcu', 'proposals', 'create', '--title', 'Broken', '--proposed-composition', '{USD:', '--voting-starts-at', fromNow(2), '--voting-ends-at', fromNow(9));
  assert.is(json.code, 2);
  assert.match(json.stderr, 'must be JSON');
  const sum = await bank('gcu', 'proposals', 'create', '--title', 'Short', '--proposed-composition', '{"USD":"0.5","EUR":"0.4"}', '--voting-starts-at', fromNow(2), '--voting-ends-at', fromNow(9));
  assert.is(sum.code, 2);
  assert.match(sum.stderr, 'weights_do_not_sum_to_one');
});

test.run();
