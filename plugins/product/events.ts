import { z } from 'zod';
import { decimal, eventType, timestamp } from '../../kernel/public.js';
import { ActivationView, ProductView } from './operations.js';

export const ProductCreated = eventType({
  name: 'product.created',
  version: 1,
  group: 'Products',
  description: 'A team defined a banking product.',
  emittedBy: 'POST /products, createProduct',
  payload: ProductView,
  webhook: true,
});

export const ProductActivated = eventType({
  name: 'product.activated',
  version: 1,
  group: 'Products',
  description: 'A product was activated on an account: interest accrues from the next UTC midnight, fees fall due every 30 days.',
  emittedBy: 'POST /products/{id}/activations, activateProduct',
  payload: ActivationView,
  webhook: true,
});

const moneyPosted = z
  .object({ activation_id: z.uuid(), account_id: z.string(), asset_code: z.string(), amount: decimal, movement_id: z.string(), at: timestamp })
  .strict()
  .meta({ id: 'ProductMoneyPosted' });

export const InterestPosted = eventType({
  name: 'product.interest_posted',
  version: 1,
  group: 'Products',
  description: 'Interest accrued on an account was paid into it from the team’s system:interest.expense account.',
  emittedBy: 'scheduled task product.accrue',
  payload: moneyPosted,
  webhook: true,
});

export const FeeCharged = eventType({
  name: 'product.fee_charged',
  version: 1,
  group: 'Products',
  description: 'A product’s monthly fee was charged to the account (to system:fees).',
  emittedBy: 'scheduled task product.accrue',
  payload: moneyPosted,
  webhook: true,
});

export const productEvents = [ProductCreated, ProductActivated, InterestPosted, FeeCharged];
