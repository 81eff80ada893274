import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation } from '../../../kernel/public.js';
import type { BridgeFaultInput, BridgeFaultsView } from '../operations.js';
import { BridgeFaultRepository } from '../ports.js';

/**
 * Fault injection (operator only, POST /admin/crosschain/faults and the CLI's
 * `crosschain fault`): the next `count` transfers of a protocol fail at
 * attestation or time out in the relay, so a sandbox user sees a refund.
 * Answers every fault still armed.
 */
@injectable()
export class ArmBridgeFaultOperation implements Operation<BridgeFaultInput, BridgeFaultsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeFaultRepository) private readonly faults: BridgeFaultRepository,
  ) {}

  async execute(input: BridgeFaultInput): Promise<BridgeFaultsView> {
    return this.uow.run(async (tx) => {
      await this.faults.arm(tx, input.protocol, input.fault, input.count);
      return { faults: await this.faults.list(tx) };
    });
  }
}
