import type { CarefulClient } from './careful-client.js';
import type { ChaosRandom } from './random.js';

/**
 * Where a module tells the harness what money it moves. A module registers
 * a `ChaosModule` in modules/index.ts: the BANK_MODULES it needs, how a
 * client funds its accounts, its operations (each returns the balance
 * effects the API acknowledged, or a settlement to resolve later), and any
 * checkers of its own. The harness mixes every registered operation at
 * random from many clients, under every fault, and runs every checker
 * after each run; the model of balances the checkers compare with is built
 * from the effects, so a module only says what one acknowledged answer did.
 */

/** One holding: an account, an asset, and the chain a token is held on (null off-chain). */
export interface Holding {
  readonly account: string;
  readonly asset: string;
  readonly chain: string | null;
}

/** What an acknowledged operation did to one holding's available balance, in units (units.ts). */
export interface Effect extends Holding {
  readonly delta: bigint;
}

/** An acknowledged operation that completes later (a transfer): resolved after the faults stop. */
export interface Pending {
  /** `final: false` while it is still under way; the checker waits within its bound. */
  settle(client: CarefulClient): Promise<{ final: boolean; effects: Effect[] }>;
  /** The effects on the receiving side while it is pending (they appear at settlement, never before). */
  readonly incoming: Effect[];
  /** What comes back to the sender if it fails instead (its reservation). */
  readonly refunds?: Effect[];
}

export type OperationResult =
  | { readonly outcome: 'acknowledged'; readonly effects: Effect[]; readonly pending?: Pending; readonly id?: string }
  | { readonly outcome: 'refused'; readonly status: number; readonly code: string };

/** Another client's team, for operations that move money between teams: its user's email and its accounts (the first is its mobile wallet). */
export interface Peer {
  readonly email: string;
  readonly accounts: readonly string[];
}

/**
 * What an operation gets: the worker's client, its team's accounts, the
 * other teams, and a fresh key per logical request. Effects may name
 * another team's accounts; an operation that can touch another team's
 * holdings calls `expect` with what it may do to them before sending (the
 * other team's reads are not ordered after this request; model.ts), and
 * the harness ends the expectation when the operation returns.
 */
export interface OperationContext {
  readonly client: CarefulClient;
  /**
   * The service's own public address (a TCP front door of the harness's that
   * spreads connections over the live processes, as a load balancer does):
   * for a request that names a URL of this service (x402's pay), which must
   * stay valid while processes are killed and replaced.
   */
  readonly serviceUrl: string;
  readonly random: ChaosRandom;
  readonly accounts: readonly string[];
  readonly peers: readonly Peer[];
  expect(effects: readonly Effect[]): void;
  idempotencyKey(): string;
}

export interface ChaosOperation {
  readonly name: string;
  /** Relative frequency among every registered operation. */
  readonly weight: number;
  run(context: OperationContext): Promise<OperationResult>;
}

export interface SetupContext {
  readonly client: CarefulClient;
  /** The operator's client (the admin key), for what only the operator does to a team's setup: approving a merchant, opening cgo's rounds. */
  readonly admin: CarefulClient;
  readonly accounts: readonly string[];
  idempotencyKey(): string;
  /** Records what funding did, for the model. */
  record(effects: Effect[]): void;
}

/** An asset of the catalogue (config/schema.ts) and its static USD price. */
export interface ChaosAsset {
  readonly code: string;
  readonly name: string;
  readonly type: 'fiat' | 'commodity' | 'crypto' | 'basket';
  readonly precision: number;
  readonly usdPrice: string;
}

export interface ChaosModule {
  readonly name: string;
  /** The BANK_MODULES entries it needs (core-banking is always on). */
  readonly modules: readonly string[];
  /** Its `pluginConfig` entries for the services, e.g. `{ x402: {...} }`. */
  readonly pluginConfig?: Readonly<Record<string, unknown>>;
  /** Assets it adds to the default catalogue, each with its USD price (e.g. stablecoin's own e-money token). */
  readonly assets?: readonly ChaosAsset[];
  setup?(context: SetupContext): Promise<void>;
  readonly operations: readonly ChaosOperation[];
  /** Counts of its own since the last call (outcomes the harness's figures cannot tell apart), printed in the scenario's line. */
  figures?(): Record<string, number>;
}

/** A refusal as the operation's result, or a thrown error for an answer no careful client expects (e.g. a 2xx without data). */
export function refusedOrThrow(answer: { status: number; body: any }): OperationResult {
  if (answer.status >= 400 && answer.status < 500) return { outcome: 'refused', status: answer.status, code: errorCode(answer.body) };
  throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
}

/** The first error's code in the envelope ({errors: [{code, …}]}). */
export function errorCode(body: any): string {
  return String(body?.errors?.[0]?.code ?? 'unknown');
}
