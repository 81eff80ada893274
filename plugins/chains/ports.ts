import { token, type ChainTxKind, type CustodyTypedData, type Tx } from '../../kernel/public.js';

/** A transaction as the simulator stores it; its status follows from the block clock. */
export interface SimulatedTransaction {
  readonly hash: string;
  readonly chain: string;
  readonly kind: ChainTxKind;
  readonly from: string;
  readonly to: string;
  readonly assetCode: string;
  readonly amount: bigint;
  readonly nonce: bigint;
  readonly blockNumber: bigint;
  readonly gasUsed: bigint;
  readonly gasPriceWei: bigint;
  readonly submittedAt: Date;
}

/**
 * The simulated chains' state (tables chains_* on SQL): token balances per
 * (chain, address, asset), the next nonce per sender and every transaction.
 * Works inside the transaction it is given, so chain state commits or rolls
 * back with the ledger movement it mirrors. Addresses are EIP-55 checksummed.
 */
export interface SimulatorStateRepository {
  credit(tx: Tx, chain: string, address: string, assetCode: string, amount: bigint): Promise<void>;
  /** Takes `amount` off the balance; false (and nothing changes) when the balance is smaller. */
  debit(tx: Tx, chain: string, address: string, assetCode: string, amount: bigint): Promise<boolean>;
  balance(tx: Tx, chain: string, address: string, assetCode: string): Promise<bigint>;
  /** Non-zero balances of an address, by asset code. */
  balances(tx: Tx, chain: string, address: string): Promise<Map<string, bigint>>;
  /** The sender's next nonce (0 for a new sender), taken for the caller: no other transaction gets it. */
  takeNonce(tx: Tx, chain: string, address: string): Promise<bigint>;
  insertTransaction(tx: Tx, transaction: SimulatedTransaction): Promise<void>;
  findTransaction(tx: Tx, chain: string, hash: string): Promise<SimulatedTransaction | undefined>;
  /** What every address holds of a token in total, and what was ever minted of it: equal, on a chain that conserves. */
  supply(tx: Tx, chain: string, assetCode: string): Promise<{ held: bigint; minted: bigint }>;
}
export const SimulatorStateRepository = token<SimulatorStateRepository>('chains.simulator-state-repository');

/** An account's deposit address on one chain. */
export interface CustodyAddress {
  readonly chain: string;
  readonly address: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly accountIndex: number;
  /** When it was derived; null for addresses derived before this was recorded. */
  readonly createdAt: Date | null;
}

/**
 * Which account owns which deposit address (tables chains_custody_* on SQL).
 * Each account gets one index in the HD tree, once; its addresses are
 * derived from that index and stored, so an address maps back to its owner.
 */
export interface CustodyRepository {
  /** Records `fingerprint` as the seed's if none is recorded; returns the recorded one. */
  recordSeedFingerprint(tx: Tx, fingerprint: string): Promise<string>;
  /** The team's account's index (customer or system account), allocated (the next free one) on the first call. */
  accountIndex(tx: Tx, teamId: string, accountId: string): Promise<number>;
  /** Stores addresses derived for an account; ones already stored are left as they are. */
  saveAddresses(tx: Tx, addresses: readonly CustodyAddress[]): Promise<void>;
  /** The team's account's addresses, in no particular order (none when unknown or another team's). */
  addresses(tx: Tx, teamId: string, accountId: string): Promise<CustodyAddress[]>;
  /** The team's addresses (every account's), by account index then chain. */
  teamAddresses(tx: Tx, teamId: string): Promise<CustodyAddress[]>;
  /** Every custody address, by chain and address. */
  list(tx: Tx): Promise<CustodyAddress[]>;
  /** Who owns an address on a chain (checksummed), across teams. */
  owner(tx: Tx, chain: string, address: string): Promise<CustodyAddress | undefined>;
}
export const CustodyRepository = token<CustodyRepository>('chains.custody-repository');

/**
 * The custody keys: addresses derived from the service's master seed. The
 * seed is loaded once at start and never leaves this port; nothing here
 * returns a private key.
 */
export interface CustodyKeys {
  /** Identifies the seed without revealing it: recorded in the store so a process with another seed refuses to start. */
  fingerprint(): string;
  /** The EIP-55 address at custodyPath(accountIndex, slot), for each slot asked. */
  addresses(accountIndex: number, slots: readonly number[]): ReadonlyMap<number, string>;
  /** EIP-712 typed data signed with the key at custodyPath(accountIndex, slot): the 65-byte signature (low s, as viem signs). */
  signTypedData(accountIndex: number, slot: number, typedData: CustodyTypedData): Promise<`0x${string}`>;
}
export const CustodyKeys = token<CustodyKeys>('chains.custody-keys');
