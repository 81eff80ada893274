import { inject, injectable } from 'inversify';
import { ConflictError, type Actor, type KeyInventory, type KeyInventoryEntry, type RotatedKey, type Tx } from '../../../kernel/public.js';
import { CHAIN_MODELS } from '../domain/chain-model.js';
import { custodyPath } from '../domain/custody-path.js';
import { CustodyRepository, type CustodyAddress } from '../ports.js';

/**
 * The custody seed's derivation paths the team's deposit addresses use, in
 * the key inventory (the KeyInventory port, read by key-management): one
 * entry per account and chain, id `<account id>:<chain>`, with the path,
 * the address (public: the fingerprint of the key at that path) and when it
 * was derived. Nothing here touches the seed. They are not rotated here: a
 * new seed means new addresses for every holding, a migration with on-chain
 * transfers (docs/key-management.md says how it would go).
 */
@injectable()
export class CustodyPathInventory implements KeyInventory {
  readonly kind = 'custody_path' as const;
  readonly module = 'chains';
  readonly maxOverlapSeconds = 0;

  constructor(@inject(CustodyRepository) private readonly custody: CustodyRepository) {}

  async list(tx: Tx, teamId: string): Promise<KeyInventoryEntry[]> {
    return (await this.custody.teamAddresses(tx, teamId)).map((one) => this.#entry(one));
  }

  async find(tx: Tx, teamId: string, id: string): Promise<KeyInventoryEntry | undefined> {
    const [accountId, chain] = splitId(id);
    if (accountId === undefined) return undefined;
    const found = (await this.custody.addresses(tx, teamId, accountId)).find((one) => one.chain === chain);
    return found && this.#entry(found);
  }

  async rotate(tx: Tx, actor: Actor, id: string): Promise<RotatedKey | undefined> {
    if (!(await this.find(tx, actor.teamId, id))) return undefined;
    throw new ConflictError(
      'Custody keys are derived from the service’s seed and are not rotated here: a new seed means new deposit addresses and moving every holding on chain (docs/key-management.md).',
      'rotation_is_a_migration',
    );
  }

  #entry(one: CustodyAddress): KeyInventoryEntry {
    const slot = CHAIN_MODELS.find((model) => model.name === one.chain)!.custodySlot;
    return {
      kind: this.kind,
      id: `${one.accountId}:${one.chain}`,
      label: `${one.chain} ${one.address}`,
      owner: one.accountId,
      status: 'active',
      fingerprint: one.address,
      createdAt: one.createdAt,
      lastRotatedAt: null,
      expiresAt: null,
      overlapEndsAt: null,
      rotatable: false,
      custody: { chain: one.chain, address: one.address, derivationPath: custodyPath(one.accountIndex, slot) },
    };
  }
}

/** `<account id>:<chain>`, split at the last colon (system account ids hold one: `system:fees:base`). */
function splitId(id: string): [string, string] | [undefined, undefined] {
  const at = id.lastIndexOf(':');
  return at > 0 ? [id.slice(0, at), id.slice(at + 1)] : [undefined, undefined];
}
