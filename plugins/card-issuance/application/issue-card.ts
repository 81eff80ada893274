import { inject, injectable } from 'inversify';
import { AssetCatalog, BusinessRuleError, Clock, Ids, Ledger, NotFoundError, Random, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { CardIssuanceConfig } from '../config.js';
import { expiryFrom, type CardRecord } from '../domain/card.js';
import { makePan } from '../domain/pan.js';
import { CardIssued } from '../events.js';
import type { CreateCardInput, IssuedCardView } from '../operations.js';
import { CardRepository } from '../ports.js';
import { controlsFrom, NO_CONTROLS } from './card-controls.js';
import { PanVault } from './pan-vault.js';
import { cardView } from './views.js';

/**
 * POST /cards, createCard: issues a virtual card for one of the team's
 * cardholders on one of its active accounts (404 for another team's; 422
 * account_not_active). The PAN is answered this once, and stored only
 * encrypted; the event carries the last four digits.
 */
@injectable()
export class IssueCardOperation implements Operation<CreateCardInput, IssuedCardView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(PanVault) private readonly vault: PanVault,
    @inject(CardIssuanceConfig) private readonly config: CardIssuanceConfig,
    @inject(Random) private readonly random: Random,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateCardInput, ctx: RequestContext): Promise<IssuedCardView> {
    const teamId = ctx.actor.teamId;
    const asset = this.assets.require(input.currency, '/currency');
    const controls = controlsFrom(input, asset, NO_CONTROLS);
    const pan = makePan(this.config.bin, (length) => this.random.bytes(length));
    const panCiphertext = await this.vault.seal(pan);
    return this.uow.run(async (tx) => {
      if (!(await this.cards.findCardholder(tx, teamId, input.cardholder_id))) throw new NotFoundError('cardholder', input.cardholder_id, { pointer: '/cardholder_id' });
      const account = await this.ledger.account(tx, teamId, input.account_id);
      if (account.status !== 'active') throw new BusinessRuleError('account_not_active', `The account is ${account.status}; a card needs an active one.`, { pointer: '/account_id' });
      const now = this.clock.now();
      const card: CardRecord = {
        id: this.ids.uuid(),
        teamId,
        cardholderId: input.cardholder_id,
        accountId: input.account_id,
        currency: asset.code,
        panCiphertext,
        last4: pan.slice(-4),
        ...expiryFrom(now, this.config.validity_months),
        status: 'active',
        ...controls,
        createdAt: now,
        updatedAt: now,
      };
      await this.cards.insertCard(tx, card);
      const view = cardView(card, this.assets);
      await tx.append([{ type: CardIssued.name, teamId, aggregateType: 'card', aggregateId: card.id, payload: view }]);
      return { ...view, pan };
    });
  }
}
