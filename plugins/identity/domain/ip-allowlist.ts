/**
 * API keys' IP allow-lists. The CIDR rules live in the kernel
 * (kernel/net/cidr.ts) because partner allow-lists use the same ones.
 */
export { checkAllowlist, cidrContains, cidrWithin, invalidAllowlistEntries, ipAllowed, MAX_ALLOWLIST_ENTRIES, parseCidr, type Cidr } from '../../../kernel/public.js';
