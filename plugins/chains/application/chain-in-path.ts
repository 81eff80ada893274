import { NotFoundError, type ChainCatalog, type ChainInfo } from '../../../kernel/public.js';

/** The chain a path names (by name or CAIP-2 id): an unknown one is a missing resource, 404. */
export function chainInPath(catalog: ChainCatalog, ref: string): ChainInfo {
  const chain = catalog.find(ref);
  if (!chain) throw new NotFoundError('Chain', ref, { parameter: 'chain' });
  return chain;
}
