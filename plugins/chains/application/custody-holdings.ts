import { inject, injectable } from 'inversify';
import type { Asset, CustodyTypedData, Holding, HoldingBalance, LedgerMovement, MirroredTransaction, OnChainHoldings, Reconciliation, Tx } from '../../../kernel/public.js';
import { checksummedAddress } from '../domain/address.js';
import { CHAIN_MODELS } from '../domain/chain-model.js';
import { CustodyKeys, CustodyRepository } from '../ports.js';
import { DepositAddresses } from './deposit-addresses.js';
import { HoldingCatalog } from './holding-catalog.js';
import { MovementMirror } from './movement-mirror.js';
import { Reconciler } from './reconciler.js';

/** The OnChainHoldings port: holding names, the movement mirror and reconciliation, each in its own class. */
@injectable()
export class CustodyHoldings implements OnChainHoldings {
  constructor(
    @inject(HoldingCatalog) private readonly catalog: HoldingCatalog,
    @inject(MovementMirror) private readonly mirrorer: MovementMirror,
    @inject(Reconciler) private readonly reconciler: Reconciler,
    @inject(CustodyRepository) private readonly custody: CustodyRepository,
    @inject(DepositAddresses) private readonly deposits: DepositAddresses,
    @inject(CustodyKeys) private readonly keys: CustodyKeys,
  ) {}

  resolve(asset: Asset, chain: unknown, chainPointer: string): Holding {
    return this.catalog.resolve(asset, chain, chainPointer);
  }

  describe(code: string): Holding | undefined {
    return this.catalog.describe(code);
  }

  mirror(tx: Tx, teamId: string, movement: LedgerMovement): Promise<MirroredTransaction[]> {
    return this.mirrorer.mirror(tx, teamId, movement);
  }

  mirrorAcross(tx: Tx, transfer: { code: string; amount: bigint; from: { teamId: string; accountId: string }; to: { teamId: string; accountId: string } }): Promise<MirroredTransaction> {
    return this.mirrorer.across(tx, transfer);
  }

  async signTypedData(tx: Tx, teamId: string, accountId: string, chain: string, typedData: CustodyTypedData): Promise<{ signature: `0x${string}`; address: `0x${string}` }> {
    const custody = (await this.deposits.forAccount(tx, teamId, accountId)).find((one) => one.chain === chain);
    const model = CHAIN_MODELS.find((one) => one.name === chain);
    if (!custody || !model) throw new Error(`account ${accountId} has no custody address on ${chain}`);
    return { signature: await this.keys.signTypedData(custody.accountIndex, model.custodySlot, typedData), address: custody.address as `0x${string}` };
  }

  async custodyOwner(tx: Tx, chain: string, address: string): Promise<{ readonly teamId: string; readonly accountId: string } | undefined> {
    const checksummed = checksummedAddress(address);
    const owner = checksummed && (await this.custody.owner(tx, chain, checksummed));
    return owner ? { teamId: owner.teamId, accountId: owner.accountId } : undefined;
  }

  custodyAddress(tx: Tx, teamId: string, accountId: string, chain: string): Promise<string> {
    return this.deposits.on(tx, teamId, accountId, chain);
  }

  onChainCodes(): readonly string[] {
    return this.catalog.onChainCodes();
  }

  reconcile(tx: Tx, ledger: readonly HoldingBalance[]): Promise<Reconciliation> {
    return this.reconciler.reconcile(tx, ledger);
  }
}
