import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The product plugin's operations and the zod schema of every input and
 * view: the one source of the TS types, the OpenAPI components and the
 * GraphQL types (test/e2e/graphql-views.test.ts pairs them).
 */
export const ProductView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    account_type: z.string().describe('The account type the product is (savings, checking …).'),
    asset_code: z.string().describe('The asset its interest and fees are in.'),
    interest_rate: z.string().describe('Yearly rate in percent, ACT/365 (e.g. "2.50").'),
    monthly_fee: decimal.describe('Charged every 30 days after activation ("0.00": none).'),
    created_at: timestamp,
  })
  .strict()
  .meta({
    id: 'Product',
    example: { id: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34', name: 'Easy Saver', account_type: 'savings', asset_code: 'USD', interest_rate: '2.50', monthly_fee: '1.00', created_at: '2026-01-15T10:00:00.000Z' },
  });
export type ProductView = z.infer<typeof ProductView>;

export const CreateProductInput = z
  .object({
    name: z.string().trim().min(1).max(100),
    account_type: z.string().trim().min(1).max(50),
    asset_code: z.string().min(1).max(20),
    interest_rate_bps: z.number().int().min(0).max(100_000).describe('Yearly interest rate in basis points (250 = 2.50 %).'),
    monthly_fee: z.string().optional().describe('Decimal string at the asset’s precision; none when left out.'),
  })
  .strict()
  .meta({ id: 'CreateProductInput', example: { name: 'Easy Saver', account_type: 'savings', asset_code: 'USD', interest_rate_bps: 250, monthly_fee: '1.00' } });
export type CreateProductInput = z.infer<typeof CreateProductInput>;

export const ActivationView = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    account_id: z.string(),
    activated_at: timestamp,
    accrued_through: timestamp.describe('Interest has accrued for every day before this UTC midnight.'),
    interest_paid: decimal.describe('Σ interest paid into the account.'),
    interest_accrued_unpaid: z.string().describe('Accrued below one minor unit, carried to the next payment (exact decimal, more places than the asset).'),
    fees_charged: decimal,
    next_fee_at: timestamp.nullable(),
  })
  .strict()
  .meta({
    id: 'ProductActivation',
    example: {
      id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90',
      product_id: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34',
      account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35',
      activated_at: '2026-01-15T10:00:00.000Z',
      accrued_through: '2026-02-14T00:00:00.000Z',
      interest_paid: '2.05',
      interest_accrued_unpaid: '0.0068493150',
      fees_charged: '1.00',
      next_fee_at: '2026-03-16T10:00:00.000Z',
    },
  });
export type ActivationView = z.infer<typeof ActivationView>;

export const ActivateProductInput = z.object({ id: z.string().min(1).max(100), account_id: z.string().min(1).max(100) });
export type ActivateProductInput = z.infer<typeof ActivateProductInput>;
export const ProductParams = z.object({ id: z.string().min(1).max(100) });
export const ActivateProductBody = z.object({ account_id: z.string().min(1).max(100).describe('The team’s account the product applies to (one product per account).') }).strict().meta({ id: 'ActivateProductInput', example: { account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35' } });

export const PageQuery = z.object({
  page: pageNumber().optional().describe('Page number, default 1'),
  per_page: pageSize().optional().describe('Page size, default 20, at most 100'),
});
export type PageInput = z.infer<typeof PageQuery>;

export const CreateProduct = token<Operation<CreateProductInput, ProductView>>('product.create-product');
export const ListProducts = token<Operation<PageInput, Page<ProductView>>>('product.list-products');
export const ActivateProduct = token<Operation<ActivateProductInput, ActivationView>>('product.activate-product');
export const ListActivations = token<Operation<PageInput, Page<ActivationView>>>('product.list-product-activations');
