import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The card-issuance operations: one token each, shared by REST and
 * GraphQL, and the zod schema of every input and view (the one source of
 * the TS types, the OpenAPI components and the GraphQL types).
 */
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const mcc = z.string().regex(/^\d{4}$/, 'a merchant category code has 4 digits (ISO 18245)');

export const cardholderView = z
  .object({ id: z.uuid(), name: z.string(), email: z.string().nullable(), created_at: timestamp })
  .strict()
  .meta({ id: 'Cardholder', example: { id: EXAMPLE_ID, name: 'Ada Lovelace', email: 'ada@example.com', created_at: '2026-11-25T09:30:00Z' } });
export type CardholderView = z.infer<typeof cardholderView>;

export const createCardholderInput = z
  .object({ name: z.string().trim().min(1).max(200), email: z.email().max(320).optional() })
  .meta({ id: 'CreateCardholderInput', example: { name: 'Ada Lovelace', email: 'ada@example.com' } });
export type CreateCardholderInput = z.infer<typeof createCardholderInput>;

const controls = {
  per_transaction_limit: decimal.nullable().describe('The largest single authorization, in the card’s currency; null: no limit.'),
  daily_limit: decimal.nullable().describe('What the card may hold or spend per UTC day; null: no limit.'),
  allowed_categories: z.array(mcc).max(100).nullable().describe('Merchant category codes (ISO 18245) the card may pay; null: every category.'),
};

const cardFields = {
  id: z.uuid(),
  cardholder_id: z.uuid(),
  account_id: z.uuid(),
  currency: z.string(),
  last4: z.string().describe('The last four digits of the PAN: all of it that is shown after issuance.'),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  status: z.enum(['active', 'frozen', 'cancelled']),
  ...controls,
  created_at: timestamp,
  updated_at: timestamp,
};
const cardExample = {
  id: EXAMPLE_ID,
  cardholder_id: '0b4e7d5c-1f2a-4c3b-8d9e-6a7b8c9d0e1f',
  account_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
  currency: 'USD',
  last4: '4242',
  exp_month: 11,
  exp_year: 2029,
  status: 'active',
  per_transaction_limit: '500.00',
  daily_limit: '1000.00',
  allowed_categories: null,
  created_at: '2026-11-25T09:30:00Z',
  updated_at: '2026-11-25T09:30:00Z',
};
export const cardView = z.object(cardFields).strict().meta({ id: 'Card', example: cardExample });
export type CardView = z.infer<typeof cardView>;

/** The answer of POST /cards only: the card with its whole PAN, shown this once. */
export const issuedCardView = z
  .object({ ...cardFields, pan: z.string().describe('The whole card number, shown once: it is stored encrypted and never returned again.') })
  .strict()
  .meta({ id: 'IssuedCard', example: { ...cardExample, pan: '4000100012344242' } });
export type IssuedCardView = z.infer<typeof issuedCardView>;

export const createCardInput = z
  .object({
    cardholder_id: z.uuid(),
    account_id: z.uuid().describe('The team’s account the card spends from.'),
    currency: z.string().min(1).max(12).describe('The asset the card spends; the account holds it.'),
    per_transaction_limit: controls.per_transaction_limit.optional(),
    daily_limit: controls.daily_limit.optional(),
    allowed_categories: controls.allowed_categories.optional(),
  })
  .meta({ id: 'CreateCardInput', example: { cardholder_id: '0b4e7d5c-1f2a-4c3b-8d9e-6a7b8c9d0e1f', account_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d', currency: 'USD', per_transaction_limit: '500.00', daily_limit: '1000.00' } });
export type CreateCardInput = z.infer<typeof createCardInput>;

export const idInput = z.object({ id: z.uuid() });
export type IdInput = z.infer<typeof idInput>;

export const updateControlsBody = z
  .object({ per_transaction_limit: controls.per_transaction_limit.optional(), daily_limit: controls.daily_limit.optional(), allowed_categories: controls.allowed_categories.optional() })
  .meta({ id: 'CardControlsInput', description: 'Each control given replaces the card’s; null removes it; one left out stays.', example: { daily_limit: '250.00', allowed_categories: ['5411', '5812'] } });
export type UpdateControlsInput = z.infer<typeof idInput> & z.infer<typeof updateControlsBody>;

export const authorizationView = z
  .object({
    id: z.uuid(),
    card_id: z.uuid(),
    amount: decimal,
    currency: z.string(),
    merchant_name: z.string(),
    merchant_category: z.string(),
    status: z.enum(['approved', 'partially_captured', 'captured', 'reversed', 'declined']),
    decline_reason: z
      .enum(['card_frozen', 'card_cancelled', 'card_expired', 'category_not_allowed', 'over_transaction_limit', 'over_daily_limit', 'account_not_active', 'insufficient_funds'])
      .nullable(),
    captured_amount: decimal,
    released_amount: decimal,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict()
  .meta({
    id: 'CardAuthorization',
    example: { id: EXAMPLE_ID, card_id: '0b4e7d5c-1f2a-4c3b-8d9e-6a7b8c9d0e1f', amount: '42.50', currency: 'USD', merchant_name: 'Corner Grocery', merchant_category: '5411', status: 'approved', decline_reason: null, captured_amount: '0.00', released_amount: '0.00', created_at: '2026-11-25T09:30:00Z', updated_at: '2026-11-25T09:30:00Z' },
  });
export type AuthorizationView = z.infer<typeof authorizationView>;

export const authorizeBody = z
  .object({ amount: z.string().describe('A decimal string in the card’s currency.'), merchant_name: z.string().trim().min(1).max(200), merchant_category: mcc })
  .meta({ id: 'CardAuthorizationInput', example: { amount: '42.50', merchant_name: 'Corner Grocery', merchant_category: '5411' } });
export type AuthorizeInput = z.infer<typeof idInput> & z.infer<typeof authorizeBody>;

export const captureBody = z
  .object({ amount: z.string().optional().describe('What to capture; all that remains when left out.') })
  .meta({ id: 'CardCaptureInput', example: { amount: '40.00' } });
export type CaptureInput = z.infer<typeof idInput> & z.infer<typeof captureBody>;

export const listInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListInput = z.infer<typeof listInput>;
export const listAuthorizationsInput = idInput.extend(listInput.shape);
export type ListAuthorizationsInput = z.infer<typeof listAuthorizationsInput>;

export const CreateCardholder = token<Operation<CreateCardholderInput, CardholderView>>('card-issuance.create-cardholder');
export const GetCardholder = token<Operation<IdInput, CardholderView>>('card-issuance.get-cardholder');
export const ListCardholders = token<Operation<ListInput, Page<CardholderView>>>('card-issuance.list-cardholders');
export const IssueCard = token<Operation<CreateCardInput, IssuedCardView>>('card-issuance.issue-card');
export const GetCard = token<Operation<IdInput, CardView>>('card-issuance.get-card');
export const ListCards = token<Operation<ListInput, Page<CardView>>>('card-issuance.list-cards');
export const UpdateControls = token<Operation<UpdateControlsInput, CardView>>('card-issuance.update-controls');
export const FreezeCard = token<Operation<IdInput, CardView>>('card-issuance.freeze-card');
export const UnfreezeCard = token<Operation<IdInput, CardView>>('card-issuance.unfreeze-card');
export const CancelCard = token<Operation<IdInput, CardView>>('card-issuance.cancel-card');
export const Authorize = token<Operation<AuthorizeInput, AuthorizationView>>('card-issuance.authorize');
export const ListAuthorizations = token<Operation<ListAuthorizationsInput, Page<AuthorizationView>>>('card-issuance.list-authorizations');
export const Capture = token<Operation<CaptureInput, AuthorizationView>>('card-issuance.capture');
export const Reverse = token<Operation<IdInput, AuthorizationView>>('card-issuance.reverse');
