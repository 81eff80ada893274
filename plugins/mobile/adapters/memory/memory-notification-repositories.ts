import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { appendUndoable, deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import type { DeliveryStatus, DeviceRecord, NotificationRecord, PushMessage } from '../../domain/notification.js';
import type { DeviceRepository, NotificationRepository } from '../../ports.js';
import type { PushRecording, RecordedPush } from '../push-simulator.js';

@injectable()
export class MemoryNotificationRepository implements NotificationRepository {
  readonly #rows = new Map<string, NotificationRecord>();

  async insert(tx: Tx, notification: NotificationRecord): Promise<void> {
    putUndoable(tx, this.#rows, notification.id, notification);
  }

  async claimPending(_tx: Tx, limit: number): Promise<NotificationRecord[]> {
    return [...this.#rows.values()].filter((row) => row.delivery === 'pending').slice(0, limit);
  }

  async markDelivered(tx: Tx, id: string, delivery: DeliveryStatus, deliveredTo: number, at: Date): Promise<void> {
    const found = this.#rows.get(id);
    if (found) putUndoable(tx, this.#rows, id, { ...found, delivery, deliveredTo, deliveredAt: at });
  }

  async list(_tx: Tx, teamId: string, userId: string, page: PageRequest): Promise<Slice<NotificationRecord>> {
    const mine = [...this.#rows.values()].filter((row) => row.teamId === teamId && row.userId === userId).reverse();
    const start = pageOffset(page);
    return { items: mine.slice(start, start + page.perPage), total: mine.length };
  }
}

@injectable()
export class MemoryDeviceRepository implements DeviceRepository {
  readonly #rows = new Map<string, DeviceRecord>();

  async upsert(tx: Tx, device: DeviceRecord): Promise<DeviceRecord> {
    const same = [...this.#rows.values()].find((row) => row.teamId === device.teamId && row.userId === device.userId && row.pushToken === device.pushToken);
    const stored = same ? { ...same, platform: device.platform, name: device.name } : device;
    putUndoable(tx, this.#rows, stored.id, stored);
    return stored;
  }

  async listByUser(_tx: Tx, teamId: string, userId: string): Promise<DeviceRecord[]> {
    return [...this.#rows.values()].filter((row) => row.teamId === teamId && row.userId === userId);
  }

  async delete(tx: Tx, teamId: string, userId: string, id: string): Promise<DeviceRecord | undefined> {
    const found = this.#rows.get(id);
    if (!found || found.teamId !== teamId || found.userId !== userId) return undefined;
    deleteUndoable(tx, this.#rows, id);
    return found;
  }
}

@injectable()
export class MemoryPushRecording implements PushRecording {
  readonly #rows: RecordedPush[] = [];

  async record(tx: Tx, message: PushMessage, id: string, accepted: boolean, at: Date): Promise<void> {
    appendUndoable(tx, this.#rows, [{ id, ...message, accepted, sentAt: at }]);
  }

  async sentTo(_tx: Tx, pushToken: string): Promise<RecordedPush[]> {
    return this.#rows.filter((row) => row.pushToken === pushToken);
  }
}
