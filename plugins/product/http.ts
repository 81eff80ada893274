import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { ActivateProduct, ActivateProductBody, ActivationView, CreateProduct, CreateProductInput, ListActivations, ListProducts, PageQuery, ProductParams, ProductView } from './operations.js';

export const productRouteTags: readonly RouteTag[] = [
  { name: 'Products', description: 'Banking products (account types with an interest rate and a fee schedule), activated on accounts; interest and fees posted through the ledger.' },
];
const tags = productRouteTags.map(({ name }) => name);

export const productRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/products',
    prefixes: ['v2'],
    access: 'write',
    body: CreateProductInput,
    response: ProductView,
    status: 201,
    operation: CreateProduct,
    summary: 'Define a banking product',
    description: 'An account type with a yearly interest rate (basis points, ACT/365) and a monthly fee in one asset. 422 with a pointer for an unknown asset or a fee that is no decimal at its precision.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/products',
    prefixes: ['v2'],
    access: 'read',
    query: PageQuery,
    response: z.array(ProductView),
    operation: ListProducts,
    summary: 'The team’s products, oldest first',
    description: 'Paginated by page and per_page.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/products/activations',
    prefixes: ['v2'],
    access: 'read',
    query: PageQuery,
    response: z.array(ActivationView),
    operation: ListActivations,
    summary: 'The team’s product activations, with interest paid and fees charged',
    description: 'Oldest first, paginated by page and per_page.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/products/:id/activations',
    prefixes: ['v2'],
    access: 'write',
    params: ProductParams,
    body: ActivateProductBody,
    response: ActivationView,
    status: 201,
    operation: ActivateProduct,
    summary: 'Activate a product on an account',
    description:
      'Interest accrues from the next UTC midnight and is paid by the accrual task from system:interest.expense; the fee falls due every 30 days. 404 for another team’s product or account, 409 product_already_active (one per account) or account_not_active.',
    tags,
  }),
];
