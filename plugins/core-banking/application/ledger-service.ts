import { inject, injectable, optional } from 'inversify';
import {
  attempt,
  Clock,
  ConflictError,
  formatMinor,
  Ids,
  NotFoundError,
  OnChainHoldings,
  unwrap,
  type BalanceAfter,
  type CaptureRequest,
  type CrossTeamTransfer,
  type HoldRequest,
  type Ledger,
  type LedgerAccount,
  type LedgerLeg,
  type LedgerMovement,
  type MirroredTransaction,
  type NewEvent,
  type Outcome,
  type PostedCrossTeamTransfer,
  type PostedMovement,
  type TeamHoldRequest,
  type Tx,
  WORLD_ACCOUNT,
} from '../../../kernel/public.js';
import { requireActive, type AccountStatus } from '../domain/account.js';
import {
  BalanceBook,
  customerDeltas,
  isSystemAccount,
  LedgerRuleError,
  refOf,
  sortedKeys,
  sortedRefs,
  teamKey,
  validateLegs,
  type AccountRef,
  type BalanceDelta,
  type BalanceKey,
  type BalanceRow,
} from '../domain/ledger-rules.js';
import { AccountRepository, BalanceRowLocking, LedgerRepository, type HoldRecord, type MovementRecord } from '../ports.js';
import { Holdings } from './holdings.js';

interface Cause {
  readonly kind: string;
  readonly movementId: string | null;
  readonly reference: string | null;
}

/**
 * The Ledger port. Every call follows one lock order so concurrent calls
 * never deadlock: hold rows → customer accounts (FOR KEY SHARE, id order) →
 * balance rows (FOR UPDATE, sorted (account, asset)). It checks in code and
 * writes the computed values back (read-modify-write); the database CHECK
 * (available >= 0 AND reserved >= 0) is the last line of defence. System
 * accounts have no balance row: their balance is the sum of their entries.
 * Every change of a customer balance appends account.balance_updated,
 * except a quiet hold's (TeamHoldRequest.quiet): its capture or release
 * announces the holder's balances after both changes.
 *
 * holdMany and captureMany serve a batch with the same three statements a
 * single call needs (lock accounts, lock rows, write); the single calls are
 * batches of one, so there is one code path.
 *
 * A movement of a token's holding on a chain also moves the tokens between
 * the custody addresses there, in the same transaction (OnChainHoldings,
 * when the chains module is on); holds and releases move nothing on chain.
 */
@injectable()
export class LedgerService implements Ledger {
  constructor(
    @inject(LedgerRepository) private readonly repo: LedgerRepository,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(Holdings) private readonly holdings: Holdings,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(BalanceRowLocking) private readonly rowLocking: BalanceRowLocking,
    @inject(OnChainHoldings) @optional() private readonly onChain: OnChainHoldings | undefined,
  ) {}

  post(tx: Tx, teamId: string, movement: LedgerMovement): Promise<PostedMovement> {
    return this.#post(tx, teamId, movement, true);
  }

  async postAcross(tx: Tx, transfer: CrossTeamTransfer): Promise<PostedCrossTeamTransfer> {
    if (transfer.amount <= 0n) throw new LedgerRuleError('a cross-team transfer moves a positive amount');
    const base = { kind: transfer.kind, ...(transfer.reference === undefined ? {} : { reference: transfer.reference }) };
    const paying = { ...base, legs: [{ accountId: transfer.from.accountId, assetCode: transfer.assetCode, amount: -transfer.amount }, { accountId: WORLD_ACCOUNT, assetCode: transfer.assetCode, amount: transfer.amount }] };
    const paid = { ...base, legs: [{ accountId: WORLD_ACCOUNT, assetCode: transfer.assetCode, amount: -transfer.amount }, { accountId: transfer.to.accountId, assetCode: transfer.assetCode, amount: transfer.amount }] };
    // Each team's movement locks its own rows; the two go in account-id order so opposite transfers between the same accounts cannot deadlock.
    const payerFirst = transfer.from.accountId <= transfer.to.accountId;
    const first = payerFirst ? await this.#post(tx, transfer.from.teamId, paying, false) : await this.#post(tx, transfer.to.teamId, paid, false);
    const second = payerFirst ? await this.#post(tx, transfer.to.teamId, paid, false) : await this.#post(tx, transfer.from.teamId, paying, false);
    const [payer, payee] = payerFirst ? [first, second] : [second, first];
    const chainTransaction = await this.onChain?.mirrorAcross(tx, { code: transfer.assetCode, amount: transfer.amount, from: transfer.from, to: transfer.to });
    const mirrored = chainTransaction ? [chainTransaction] : [];
    return { payer: { ...payer, chainTransactions: mirrored }, payee: { ...payee, chainTransactions: mirrored }, chainTransaction };
  }

  /** One movement of one team; `mirror` false when the caller mirrors it on chain itself (postAcross). */
  async #post(tx: Tx, teamId: string, movement: LedgerMovement, mirror: boolean): Promise<PostedMovement> {
    validateLegs(movement.legs);
    this.#requireAssets(movement.legs);
    const deltas = customerDeltas(teamId, movement.legs);
    const credited = deltas.filter((delta) => delta.available > 0n);
    const { statuses, book } = await this.#lock(tx, deltas, credited, deltas);
    for (const delta of deltas) requireActiveRef(statuses, delta);
    const after = book.apply(deltas);
    const at = this.clock.now();
    const record: MovementRecord = {
      teamId,
      id: this.ids.timeOrdered(),
      kind: movement.kind,
      reference: movement.reference ?? null,
      createdAt: at,
      legs: movement.legs,
    };
    await this.repo.write(tx, { balances: book.changed(), movements: [record], insertHolds: [], updateHolds: [], at });
    const chainTransactions = (mirror ? await this.onChain?.mirror(tx, teamId, movement) : undefined) ?? [];
    await this.#emit(tx, balanceEvents(this.holdings, after, { kind: record.kind, movementId: record.id, reference: record.reference }));
    return { movementId: record.id, balances: after.map(toBalanceAfter), chainTransactions };
  }

  async hold(tx: Tx, teamId: string, request: HoldRequest): Promise<string> {
    const [outcome] = await this.holdMany(tx, [{ ...request, teamId }]);
    return unwrap(outcome!);
  }

  async holdMany(tx: Tx, requests: readonly TeamHoldRequest[]): Promise<Outcome<string>[]> {
    for (const request of requests) {
      if (request.amount <= 0n) throw new LedgerRuleError('a hold needs a positive amount');
      if (isSystemAccount(request.accountId)) throw new LedgerRuleError('system accounts cannot hold funds');
    }
    this.#requireAssets(requests);
    const deltas: BalanceDelta[] = requests.map((request) => ({
      teamId: request.teamId,
      accountId: request.accountId,
      assetCode: request.assetCode,
      available: -request.amount,
      reserved: request.amount,
    }));
    const beneficiaries = requests.flatMap((request) => (request.beneficiary === undefined ? [] : [{ teamId: request.teamId, accountId: request.beneficiary }]));
    const { statuses, book } = await this.#lock(tx, [...deltas, ...beneficiaries], [], deltas);
    const at = this.clock.now();
    const holds: HoldRecord[] = [];
    const events: NewEvent[] = [];
    const outcomes = requests.map((request, index) =>
      attempt(() => {
        const delta = deltas[index]!;
        requireActiveRef(statuses, delta, request.pointers?.account);
        if (request.beneficiary !== undefined) {
          requireActiveRef(statuses, { teamId: request.teamId, accountId: request.beneficiary }, request.pointers?.beneficiary);
        }
        const after = book.apply([delta]);
        const id = this.ids.timeOrdered();
        const reference = request.reference ?? null;
        holds.push({
          id,
          teamId: request.teamId,
          accountId: request.accountId,
          assetCode: request.assetCode,
          amount: request.amount,
          remaining: request.amount,
          status: 'active',
          reference,
          createdAt: at,
          updatedAt: at,
        });
        if (!request.quiet) events.push(...balanceEvents(this.holdings, after, { kind: 'hold', movementId: null, reference }));
        return id;
      }),
    );
    if (holds.length > 0) {
      await this.repo.write(tx, { balances: book.changed(), movements: [], insertHolds: holds, updateHolds: [], at });
      await this.#emit(tx, events);
    }
    return outcomes;
  }

  async capture(
    tx: Tx,
    teamId: string,
    holdId: string,
    amount: bigint,
    credits: readonly LedgerLeg[],
    kind: string,
  ): Promise<PostedMovement> {
    const [outcome] = await this.captureMany(tx, [{ teamId, holdId, amount, credits, kind }]);
    return unwrap(outcome!);
  }

  async captureMany(tx: Tx, requests: readonly CaptureRequest[]): Promise<Outcome<PostedMovement>[]> {
    const holdRefs = sortedHoldRefs(requests.map((request) => ({ teamId: request.teamId, id: request.holdId })));
    const holds = new Map((await this.repo.lockHolds(tx, holdRefs)).map((hold) => [teamKey(hold.teamId, hold.id), hold]));
    // Lock every row any capture may touch, once, before applying them in order.
    const refs: AccountRef[] = [];
    const credited: BalanceKey[] = [];
    for (const request of requests) {
      const hold = holds.get(teamKey(request.teamId, request.holdId));
      if (!hold) continue;
      const credits = customerDeltas(request.teamId, request.credits);
      refs.push({ teamId: hold.teamId, accountId: hold.accountId }, ...credits);
      credited.push(...credits);
    }
    const holderKeys = [...holds.values()].map((hold) => ({ teamId: hold.teamId, accountId: hold.accountId, assetCode: hold.assetCode }));
    const { statuses, book } = await this.#lock(tx, refs, credited, [...holderKeys, ...credited]);
    const at = this.clock.now();
    const movements: MovementRecord[] = [];
    const changedHolds = new Map<string, HoldRecord>();
    const events: NewEvent[] = [];
    const outcomes = requests.map((request) =>
      attempt(() => {
        const key = teamKey(request.teamId, request.holdId);
        const hold = holds.get(key);
        if (!hold) throw new NotFoundError('Hold', request.holdId);
        if (hold.status !== 'active') throw new ConflictError(`Hold ${hold.id} is ${hold.status}.`, 'hold_not_active');
        const legs = captureLegs(hold, request);
        const deltas: BalanceDelta[] = [
          { teamId: hold.teamId, accountId: hold.accountId, assetCode: hold.assetCode, available: 0n, reserved: -request.amount },
          ...customerDeltas(request.teamId, request.credits),
        ];
        for (const delta of deltas) requireActiveRef(statuses, delta);
        const after = book.apply(deltas);
        const movement: MovementRecord = { teamId: hold.teamId, id: this.ids.timeOrdered(), kind: request.kind, reference: hold.reference, createdAt: at, legs };
        movements.push(movement);
        const remaining = hold.remaining - request.amount;
        const updated: HoldRecord = { ...hold, remaining, status: remaining === 0n ? 'captured' : 'active', updatedAt: at };
        holds.set(key, updated);
        changedHolds.set(key, updated);
        events.push(...balanceEvents(this.holdings, after, { kind: request.kind, movementId: movement.id, reference: hold.reference }));
        return { movementId: movement.id, balances: after.map(toBalanceAfter), chainTransactions: [] as MirroredTransaction[] };
      }),
    );
    if (movements.length === 0) return outcomes;
    await this.repo.write(tx, { balances: book.changed(), movements, insertHolds: [], updateHolds: [...changedHolds.values()], at });
    const mirrored = new Map<string, MirroredTransaction[]>();
    if (this.onChain) for (const movement of movements) mirrored.set(movement.id, await this.onChain.mirror(tx, movement.teamId, { kind: movement.kind, legs: movement.legs }));
    await this.#emit(tx, events);
    return outcomes.map((outcome) => (outcome.ok ? { ok: true, value: { ...outcome.value, chainTransactions: mirrored.get(outcome.value.movementId) ?? [] } } : outcome));
  }

  async release(tx: Tx, teamId: string, holdId: string): Promise<BalanceAfter> {
    const [hold] = await this.repo.lockHolds(tx, [{ teamId, id: holdId }]);
    if (!hold) throw new NotFoundError('Hold', holdId);
    // Releasing twice is a no-op, so a retried compensation is harmless.
    if (hold.status !== 'active' || hold.remaining === 0n) return this.balance(tx, teamId, hold.accountId, hold.assetCode);
    const delta: BalanceDelta = { teamId, accountId: hold.accountId, assetCode: hold.assetCode, available: hold.remaining, reserved: -hold.remaining };
    // Any status will do: giving reserved funds back is not a debit or a credit.
    const { statuses, book } = await this.#lock(tx, [delta], [], [delta]);
    if (!statuses.has(refOf(delta))) throw new NotFoundError('Account', hold.accountId);
    const after = book.apply([delta]);
    const at = this.clock.now();
    await this.repo.write(tx, {
      balances: book.changed(),
      movements: [],
      insertHolds: [],
      updateHolds: [{ teamId, id: hold.id, remaining: 0n, status: 'released', updatedAt: at }],
      at,
    });
    await this.#emit(tx, balanceEvents(this.holdings, after, { kind: 'release', movementId: null, reference: hold.reference }));
    return toBalanceAfter(after[0]!);
  }

  async balance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<BalanceAfter> {
    if (isSystemAccount(accountId)) {
      return { accountId, assetCode, available: await this.repo.systemBalance(tx, teamId, accountId, assetCode), reserved: 0n };
    }
    const [row] = await this.repo.readBalances(tx, [{ teamId, accountId, assetCode }]);
    return row ? toBalanceAfter(row) : { accountId, assetCode, available: 0n, reserved: 0n };
  }

  async balances(tx: Tx, teamId: string, accountId: string): Promise<BalanceAfter[]> {
    return (await this.repo.accountBalances(tx, teamId, accountId)).map(toBalanceAfter);
  }

  async account(tx: Tx, teamId: string, accountId: string): Promise<LedgerAccount> {
    const account = await this.accounts.find(tx, teamId, accountId);
    if (!account) throw new NotFoundError('Account', accountId);
    return { id: account.id, status: account.status };
  }

  async defaultAccount(tx: Tx, teamId: string): Promise<LedgerAccount | undefined> {
    for (let page = 1; ; page++) {
      const slice = await this.accounts.list(tx, teamId, { page, perPage: 100 });
      const active = slice.items.find((account) => account.status === 'active');
      if (active) return { id: active.id, status: active.status };
      if (slice.items.length < 100) return undefined;
    }
  }

  /** Locks accounts, creates the balance rows credits need, locks the rows touched: the running book of one call. */
  async #lock(
    tx: Tx,
    accounts: readonly AccountRef[],
    ensure: readonly BalanceKey[],
    balances: readonly BalanceKey[],
  ): Promise<{ statuses: ReadonlyMap<string, AccountStatus>; book: BalanceBook }> {
    const locked = await this.repo.lock(tx, {
      accounts: sortedRefs(accounts),
      ensure: sortedKeys(ensure),
      balances: sortedKeys(balances),
      lockRows: this.rowLocking.enabled,
    });
    return { statuses: locked.statuses, book: new BalanceBook(locked.rows) };
  }

  #requireAssets(items: readonly { assetCode: string }[]): void {
    for (const item of items) {
      if (!this.holdings.find(item.assetCode)) throw new LedgerRuleError(`unknown asset '${item.assetCode}'`);
    }
  }

  async #emit(tx: Tx, events: readonly NewEvent[]): Promise<void> {
    if (events.length > 0) await tx.append(events);
  }
}

function requireActiveRef(statuses: ReadonlyMap<string, AccountStatus>, ref: AccountRef, pointer?: string): void {
  const status = statuses.get(refOf(ref));
  if (!status) throw new NotFoundError('Account', ref.accountId, pointer === undefined ? undefined : { pointer });
  requireActive(ref.accountId, status, pointer);
}

function sortedHoldRefs(refs: readonly { teamId: string; id: string }[]): { teamId: string; id: string }[] {
  const unique = new Map(refs.map((ref) => [teamKey(ref.teamId, ref.id), ref]));
  return [...unique.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0));
}

/** The legs of capturing `request` from `hold`; a malformed capture is the caller's bug. */
function captureLegs(hold: HoldRecord, request: CaptureRequest): LedgerLeg[] {
  if (request.amount <= 0n || request.amount > hold.remaining) {
    throw new LedgerRuleError(`cannot capture ${request.amount} of a hold with ${hold.remaining} left`);
  }
  let credited = 0n;
  for (const credit of request.credits) {
    if (credit.amount <= 0n || credit.assetCode !== hold.assetCode) throw new LedgerRuleError('captures credit positive amounts in the hold asset');
    credited += credit.amount;
  }
  if (credited !== request.amount) throw new LedgerRuleError(`credits sum to ${credited}, not ${request.amount}`);
  const legs: LedgerLeg[] = [{ accountId: hold.accountId, assetCode: hold.assetCode, amount: -request.amount }, ...request.credits];
  validateLegs(legs);
  return legs;
}

function balanceEvents(holdings: Holdings, rows: readonly BalanceRow[], cause: Cause): NewEvent[] {
  return rows.map((row) => {
    const { assetCode, chain, precision } = holdings.describe(row.assetCode);
    return {
      type: 'account.balance_updated',
      teamId: row.teamId,
      aggregateType: 'account',
      aggregateId: row.accountId,
      payload: {
        account_uuid: row.accountId,
        asset_code: assetCode,
        chain,
        available_balance: formatMinor(row.available, precision),
        reserved_balance: formatMinor(row.reserved, precision),
        total_balance: formatMinor(row.available + row.reserved, precision),
        movement_kind: cause.kind,
        movement_uuid: cause.movementId,
        reference: cause.reference,
      },
    };
  });
}

function toBalanceAfter(row: BalanceRow): BalanceAfter {
  return { accountId: row.accountId, assetCode: row.assetCode, available: row.available, reserved: row.reserved };
}
