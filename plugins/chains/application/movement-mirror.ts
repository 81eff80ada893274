import { inject, injectable, optional } from 'inversify';
import { Chain, ChainFaucet, ConflictError, ValidationError, WORLD_ACCOUNT, type ChainReceipt, type LedgerMovement, type MirroredTransaction, type Tx } from '../../../kernel/public.js';
import { checksummedAddress } from '../domain/address.js';
import { payoutAddress } from '../domain/chain-model.js';
import { ChainRegistry } from './chain-registry.js';
import { CustodyRepository } from '../ports.js';
import { DepositAddresses } from './deposit-addresses.js';
import { HoldingCatalog } from './holding-catalog.js';

interface Side {
  readonly accountId: string;
  remaining: bigint;
}

/**
 * Keeps the chains in step with the ledger (OnChainHoldings.mirror): every
 * account holds its tokens on a chain at its custody address there, so a
 * ledger movement of an on-chain holding is also a token movement between
 * those addresses, in the same transaction. Per holding, the legs are
 * netted per account and the debited accounts pay the credited ones in
 * account-id order (deterministic, and fewest transfers for the usual two or
 * three legs). system:world is outside: it trades through the holding's
 * counterparty when the movement names one (a pool, a lending market, a
 * withdrawal's destination); otherwise paying from it is a deposit (minted
 * on a simulated chain) and paying to it a payout to the chain's payout
 * address.
 *
 * On a real chain each of these would be a transaction with gas and a
 * delay; a node adapter would keep customers' tokens in an omnibus wallet
 * and mirror only deposits and withdrawals (docs/decisions.md).
 */
@injectable()
export class MovementMirror {
  constructor(
    @inject(HoldingCatalog) private readonly holdings: HoldingCatalog,
    @inject(ChainRegistry) private readonly registry: ChainRegistry,
    @inject(DepositAddresses) private readonly addresses: DepositAddresses,
    @inject(Chain) private readonly chain: Chain,
    @inject(CustodyRepository) private readonly custody: CustodyRepository,
    @inject(ChainFaucet) @optional() private readonly faucet: ChainFaucet | undefined,
  ) {}

  async mirror(tx: Tx, teamId: string, movement: LedgerMovement): Promise<MirroredTransaction[]> {
    const nets = new Map<string, Map<string, bigint>>();
    for (const leg of movement.legs) {
      if (this.holdings.describe(leg.assetCode)?.chain == null) continue;
      const perAccount = nets.get(leg.assetCode) ?? new Map<string, bigint>();
      perAccount.set(leg.accountId, (perAccount.get(leg.accountId) ?? 0n) + leg.amount);
      nets.set(leg.assetCode, perAccount);
    }
    const sent: MirroredTransaction[] = [];
    for (const [code, perAccount] of nets) sent.push(...(await this.#mirrorHolding(tx, teamId, code, perAccount, movement.counterparties?.[code])));
    return sent;
  }

  /** OnChainHoldings.mirrorAcross: one transfer from one team's account's custody address to another team's. */
  async across(tx: Tx, transfer: { code: string; amount: bigint; from: { teamId: string; accountId: string }; to: { teamId: string; accountId: string } }): Promise<MirroredTransaction> {
    const holding = this.holdings.describe(transfer.code);
    if (holding?.chain == null) throw new Error(`${transfer.code} is not a holding on a chain: a cross-team transfer of it has no chain side`);
    const from = await this.addresses.on(tx, transfer.from.teamId, transfer.from.accountId, holding.chain);
    const to = await this.addresses.on(tx, transfer.to.teamId, transfer.to.accountId, holding.chain);
    const receipt = await this.chain.transfer(tx, { chain: holding.chain, from, to, assetCode: holding.asset.code, amount: transfer.amount });
    return { chain: receipt.chain, hash: receipt.hash, from: receipt.from, to: receipt.to, assetCode: receipt.assetCode, amount: receipt.amount };
  }

  async #mirrorHolding(tx: Tx, teamId: string, code: string, perAccount: ReadonlyMap<string, bigint>, counterparty: string | undefined): Promise<MirroredTransaction[]> {
    const { asset, chain } = this.holdings.describe(code)!;
    const ordered = [...perAccount].filter(([, amount]) => amount !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const payers: Side[] = ordered.filter(([, amount]) => amount < 0n).map(([accountId, amount]) => ({ accountId, remaining: -amount }));
    const payees: Side[] = ordered.filter(([, amount]) => amount > 0n).map(([accountId, amount]) => ({ accountId, remaining: amount }));
    const sent: MirroredTransaction[] = [];
    for (const payer of payers) {
      for (const payee of payees) {
        const amount = payer.remaining < payee.remaining ? payer.remaining : payee.remaining;
        if (amount === 0n) continue;
        const receipt = await this.#move(tx, teamId, chain!, asset.code, payer.accountId, payee.accountId, amount, counterparty);
        sent.push({ chain: receipt.chain, hash: receipt.hash, from: receipt.from, to: receipt.to, assetCode: receipt.assetCode, amount: receipt.amount });
        payer.remaining -= amount;
        payee.remaining -= amount;
      }
    }
    return sent;
  }

  async #move(tx: Tx, teamId: string, chain: string, assetCode: string, from: string, to: string, amount: bigint, counterparty: string | undefined): Promise<ChainReceipt> {
    if (from === WORLD_ACCOUNT && counterparty === undefined) {
      if (!this.faucet) {
        throw new ConflictError(`Deposits of ${assetCode} on ${chain} arrive on chain: nobody can mint on a real chain.`, 'onchain_deposit_unavailable');
      }
      return this.faucet.mint(tx, chain, await this.addresses.on(tx, teamId, to, chain), assetCode, amount);
    }
    const sender = from === WORLD_ACCOUNT ? await this.#outside(tx, chain, counterparty) : await this.addresses.on(tx, teamId, from, chain);
    const recipient = to === WORLD_ACCOUNT ? await this.#outside(tx, chain, counterparty) : await this.addresses.on(tx, teamId, to, chain);
    return this.chain.transfer(tx, { chain, from: sender, to: recipient, assetCode, amount });
  }

  /** The outside party of system:world's legs: the counterparty, or the chain's payout address. */
  async #outside(tx: Tx, chain: string, counterparty: string | undefined): Promise<string> {
    if (counterparty === undefined) return payoutAddress(this.registry.model(chain).chainId);
    const address = checksummedAddress(counterparty);
    if (!address) throw ValidationError.field('/address', 'Not an EVM address: 0x and 40 hex digits, EIP-55 checksummed when mixed case.', 'invalid_address');
    // Paying out to one of our own custody addresses would put tokens there that no ledger balance holds.
    if (await this.custody.owner(tx, chain, address)) {
      throw ValidationError.field('/address', 'That is a deposit address of this service: move funds between accounts with a transfer.', 'custody_address');
    }
    return address;
  }
}
