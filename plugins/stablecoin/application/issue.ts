import { inject, injectable } from 'inversify';
import { BusinessRuleError, Clock, Ids, Ledger, parseAmountField, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { issuerAccount, reserveAccount, type IssuanceKind, type IssuanceRecord } from '../domain/reserve.js';
import { StablecoinMinted, StablecoinRedeemed } from '../events.js';
import type { IssueInput, StablecoinIssuanceView } from '../operations.js';
import { IssuanceRepository } from '../ports.js';
import { TokenBook, type Token } from './token-book.js';
import { issuanceView } from './views.js';

/**
 * Mint and redeem: one ledger movement each, at par, in one unit of work
 * with the issuance record and its event.
 * - mint: the account's reference asset goes to the reserve account, the
 *   issuer account issues the tokens to the account;
 * - redeem: the reverse. A team redeems at most what it has outstanding, so
 *   tokens that reached an account another way (a deposit) never draw the
 *   reserve below the supply.
 * The ledger refuses a closed or unknown account (404 for another team's)
 * and insufficient funds; the amount is checked against the token's
 * precision (422 with a pointer) before anything moves.
 */
@injectable()
class Issuance {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IssuanceRepository) private readonly issuances: IssuanceRepository,
    @inject(TokenBook) private readonly book: TokenBook,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  run(kind: IssuanceKind, input: IssueInput, ctx: RequestContext): Promise<StablecoinIssuanceView> {
    const teamId = ctx.actor.teamId;
    const token = this.book.require(input.code);
    const amount = parseAmountField(input.amount, token.asset, '/amount');
    return this.uow.run(async (tx) => {
      const account = await this.ledger.account(tx, teamId, input.account_id);
      if (account.status !== 'active') throw new BusinessRuleError('account_not_active', `The account is ${account.status}.`, { pointer: '/account_id' });
      if (kind === 'redeem') {
        await this.issuances.lockToken(tx, teamId, token.asset.code);
        const { outstandingSupply } = await this.book.figures(tx, teamId, token);
        if (amount > outstandingSupply) {
          throw new BusinessRuleError('exceeds_outstanding_supply', `The team has ${outstandingSupply} minor units of ${token.asset.code} outstanding; it can redeem no more.`, { pointer: '/amount' });
        }
      }
      const id = this.ids.uuid();
      const posted = await this.ledger.post(tx, teamId, { kind: `stablecoin.${kind}`, reference: `stablecoin_issuance:${id}`, legs: legs(kind, token, input.account_id, amount) });
      const record: IssuanceRecord = {
        id,
        teamId,
        kind,
        code: token.asset.code,
        referenceAsset: token.reference.code,
        accountId: input.account_id,
        amount,
        movementId: posted.movementId,
        createdAt: this.clock.now(),
      };
      await this.issuances.insert(tx, record);
      const view = issuanceView(record, token.asset.precision);
      const type = kind === 'mint' ? StablecoinMinted : StablecoinRedeemed;
      await tx.append([{ type: type.name, teamId, aggregateType: 'stablecoin_issuance', aggregateId: id, payload: view }]);
      return view;
    });
  }
}

/** Both assets balance per asset: what the account pays, a system account receives. */
function legs(kind: IssuanceKind, token: Token, accountId: string, amount: bigint) {
  const sign = kind === 'mint' ? 1n : -1n;
  const code = token.asset.code;
  return [
    { accountId, assetCode: token.reference.code, amount: -sign * amount },
    { accountId: reserveAccount(code), assetCode: token.reference.code, amount: sign * amount },
    { accountId: issuerAccount(code), assetCode: code, amount: -sign * amount },
    { accountId, assetCode: code, amount: sign * amount },
  ];
}

/** POST /stablecoins/{code}/mint, mintStablecoin. */
@injectable()
export class MintOperation implements Operation<IssueInput, StablecoinIssuanceView> {
  constructor(@inject(Issuance) private readonly issuance: Issuance) {}
  execute(input: IssueInput, ctx: RequestContext) {
    return this.issuance.run('mint', input, ctx);
  }
}

/** POST /stablecoins/{code}/redeem, redeemStablecoin. */
@injectable()
export class RedeemOperation implements Operation<IssueInput, StablecoinIssuanceView> {
  constructor(@inject(Issuance) private readonly issuance: Issuance) {}
  execute(input: IssueInput, ctx: RequestContext) {
    return this.issuance.run('redeem', input, ctx);
  }
}

export { Issuance };
