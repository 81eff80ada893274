import { inject, injectable } from 'inversify';
import { BusinessRuleError, Ledger, NotFoundError, UserDirectory, ValidationError, type Tx } from '../../../kernel/public.js';
import type { RecipientKind } from '../domain/payment-intent.js';
import { parseRecipient } from '../domain/payment-intent.js';
import { WalletRepository } from '../ports.js';

export interface Payer {
  readonly teamId: string;
  readonly userId: string;
  readonly accountId: string;
}

export interface ResolvedRecipient {
  readonly kind: RecipientKind;
  readonly teamId: string;
  readonly userId: string | null;
  readonly accountId: string;
}

/**
 * Who pays and who is paid, checked before any money moves: the paying
 * account (named, or the caller's wallet), and the recipient (a user by
 * email in any team, paid into their wallet account, or an account of the
 * payer's team). Every refusal is a 422 with a pointer, so nothing moves.
 */
@injectable()
export class Recipients {
  constructor(
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(WalletRepository) private readonly wallets: WalletRepository,
    @inject(Ledger) private readonly ledger: Ledger,
  ) {}

  /** The paying account: `named` (an account of the team), else the user's wallet. */
  async payer(tx: Tx, teamId: string, userId: string, named: string | undefined, pointer: string): Promise<Payer> {
    const accountId = named ?? (await this.wallets.find(tx, teamId, userId))?.accountId;
    if (!accountId) {
      throw ValidationError.field(pointer, 'name the paying account, or set your wallet account first (PUT /mobile/wallet)', 'no_wallet');
    }
    await this.#active(tx, teamId, accountId, pointer, 'account_not_active');
    return { teamId, userId, accountId };
  }

  async userByEmail(tx: Tx, payer: Payer, email: string, pointer: string): Promise<ResolvedRecipient> {
    const user = await this.directory.findByEmail(tx, email);
    if (!user) throw ValidationError.field(pointer, 'no user has this email', 'unknown_recipient');
    if (user.id === payer.userId && user.teamId === payer.teamId) throw ValidationError.field(pointer, 'you cannot pay yourself', 'self_transfer');
    const wallet = await this.wallets.find(tx, user.teamId, user.id);
    if (!wallet) throw new BusinessRuleError('recipient_has_no_wallet', 'The recipient has not set a wallet account to receive into yet.', { pointer });
    await this.#active(tx, user.teamId, wallet.accountId, pointer, 'recipient_account_not_active');
    return { kind: 'user', teamId: user.teamId, userId: user.id, accountId: wallet.accountId };
  }

  /** A recipient as the payment intent's `recipient` field writes it. */
  async resolve(tx: Tx, payer: Payer, text: string, pointer: string): Promise<ResolvedRecipient> {
    const parsed = parseRecipient(text, pointer);
    if (parsed.kind === 'user') return this.userByEmail(tx, payer, parsed.email, pointer);
    if (parsed.accountId === payer.accountId) throw ValidationError.field(pointer, 'the recipient is the paying account', 'self_transfer');
    try {
      await this.#active(tx, payer.teamId, parsed.accountId, pointer, 'recipient_account_not_active');
    } catch (error) {
      if (error instanceof NotFoundError) throw ValidationError.field(pointer, 'no account of your team has this id', 'unknown_recipient');
      throw error;
    }
    return { kind: 'account', teamId: payer.teamId, userId: null, accountId: parsed.accountId };
  }

  async #active(tx: Tx, teamId: string, accountId: string, pointer: string, code: string): Promise<void> {
    const account = await this.ledger.account(tx, teamId, accountId);
    if (account.status !== 'active') throw new BusinessRuleError(code, `Account ${accountId} is ${account.status}; it can neither send nor receive funds.`, { pointer });
  }
}
