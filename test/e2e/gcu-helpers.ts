import * as assert from 'uvu/assert';
import type { TestKernel, TestUser } from '../fixtures/boot.js';

/** Shared steps of the GCU end-to-end suites. */
export const codes = (body: any): string[] => (body?.errors ?? []).map((error: { code: string }) => error.code);

export async function openAccount(k: TestKernel, user: TestUser, name = 'Main'): Promise<string> {
  const response = await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name, type: 'personal' } });
  assert.is(response.status, 201, JSON.stringify(response.body));
  return response.body.data.uuid;
}

export async function deposit(k: TestKernel, user: TestUser, account: string, amounts: Record<string, string>): Promise<void> {
  for (const [asset_code, amount] of Object.entries(amounts)) {
    const response = await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount, asset_code, reference: 'funding' } });
    assert.is(response.status, 201, JSON.stringify(response.body));
  }
}

/** Enough of every GCU component for a few thousand units at any simulated price. */
export const FUNDING = { USD: '100000.00', EUR: '100000.00', GBP: '100000.00', CHF: '100000.00', JPY: '10000000', XAU: '100.000' };

export async function balances(k: TestKernel, user: TestUser, account: string): Promise<Record<string, string>> {
  const response = await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: user.key });
  assert.is(response.status, 200, JSON.stringify(response.body));
  return Object.fromEntries(response.body.data.balances.map((b: any) => [b.asset_code, b.total_balance]));
}

export async function basketMove(k: TestKernel, user: TestUser, account: string, direction: 'compose' | 'decompose', amount: string) {
  return k.request('POST', `/api/v2/accounts/${account}/baskets/${direction}`, { key: user.key, body: { basket_code: 'GCU', amount } });
}

export async function tick(k: TestKernel): Promise<any> {
  const { RunTick } = await import('../../plugins/gcu/operations.js');
  const { systemContext } = await import('../../kernel/contract/context.js');
  return k.get(RunTick).execute({}, systemContext('', 'test'));
}
