import { inject, injectable } from 'inversify';
import { Clock, Ids, NotFoundError, UnitOfWork, UserDirectory, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { DeviceRecord } from '../domain/notification.js';
import type { DeviceIdInput, DeviceInput, DeviceView, NoInput } from '../operations.js';
import { DeviceRepository } from '../ports.js';
import { currentUser } from './current-user.js';

const deviceView = (d: DeviceRecord): DeviceView => ({ id: d.id, platform: d.platform, push_token: d.pushToken, name: d.name, created_at: d.createdAt.toISOString() });

/** POST /mobile/devices: registers a device for push; the same token again updates it. */
@injectable()
export class RegisterDeviceOperation implements Operation<DeviceInput, DeviceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(DeviceRepository) private readonly devices: DeviceRepository,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: DeviceInput, ctx: RequestContext): Promise<DeviceView> {
    return this.uow.run(async (tx) => {
      const user = await currentUser(this.directory, tx, ctx);
      const stored = await this.devices.upsert(tx, {
        id: this.ids.uuid(),
        teamId: user.teamId,
        userId: user.id,
        platform: input.platform,
        pushToken: input.push_token,
        name: input.name,
        createdAt: this.clock.now(),
      });
      return deviceView(stored);
    });
  }
}

/** GET /mobile/devices. */
@injectable()
export class ListDevicesOperation implements Operation<NoInput, DeviceView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(DeviceRepository) private readonly devices: DeviceRepository,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<DeviceView[]> {
    return this.uow.readOnly(async (tx) => (await this.devices.listByUser(tx, ctx.actor.teamId, ctx.actor.userId)).map(deviceView));
  }
}

/** DELETE /mobile/devices/{id}: another user's device is 404. */
@injectable()
export class DeleteDeviceOperation implements Operation<DeviceIdInput, DeviceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(DeviceRepository) private readonly devices: DeviceRepository,
  ) {}

  execute(input: DeviceIdInput, ctx: RequestContext): Promise<DeviceView> {
    return this.uow.run(async (tx) => {
      const deleted = await this.devices.delete(tx, ctx.actor.teamId, ctx.actor.userId, input.id);
      if (!deleted) throw new NotFoundError('device', input.id, { parameter: 'id' });
      return deviceView(deleted);
    });
  }
}
