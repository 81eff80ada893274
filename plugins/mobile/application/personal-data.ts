import { inject, injectable } from 'inversify';
import type { PersonalData, Tx } from '../../../kernel/public.js';
import { DeviceRepository } from '../ports.js';

/**
 * Mobile's share of a data-subject request (docs/privacy.md): the user's
 * registered devices (name, platform, push token). An erasure removes them
 * rather than renaming them: a push token identifies the person's phone
 * whatever the device is called, and an erased user gets no more pushes.
 */
@injectable()
export class MobilePersonalData implements PersonalData {
  readonly module = 'mobile';

  constructor(@inject(DeviceRepository) private readonly devices: DeviceRepository) {}

  async export(tx: Tx, teamId: string, userId: string): Promise<Record<string, unknown> | null> {
    const devices = await this.devices.listByUser(tx, teamId, userId);
    if (devices.length === 0) return null;
    return { devices: devices.map((device) => ({ id: device.id, platform: device.platform, name: device.name, push_token: device.pushToken, created_at: device.createdAt.toISOString() })) };
  }

  async pseudonymise(tx: Tx, teamId: string, userId: string, _alias: string): Promise<number> {
    let removed = 0;
    for (const device of await this.devices.listByUser(tx, teamId, userId)) if (await this.devices.delete(tx, teamId, userId, device.id)) removed += 1;
    return removed;
  }
}
