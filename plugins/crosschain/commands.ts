import { command, type CommandDeclaration } from '../../kernel/public.js';
import { ArmBridgeFault, BridgeFaultOptions } from './operations.js';

/**
 * npm run bank -- crosschain fault --protocol layerzero --fault fail --count 2
 * (the operator route POST /api/v2/admin/crosschain/faults, from the shell)
 */
export const crosschainCommands: readonly CommandDeclaration[] = [
  command({ name: 'crosschain fault', summary: 'Make the next N transfers of a bridge protocol fail or time out (count 0 disarms)', options: BridgeFaultOptions, operation: ArmBridgeFault, scope: 'operator' }),
];
