import { inject, injectable } from 'inversify';
import { Clock, Ids, token, type Tx } from '../../../kernel/public.js';
import type { PushMessage } from '../domain/notification.js';
import type { PushService } from '../ports.js';

export interface RecordedPush extends PushMessage {
  readonly id: string;
  readonly accepted: boolean;
  readonly sentAt: Date;
}

/** Where the simulator keeps what it was sent (memory or the plugin's SQL table). */
export interface PushRecording {
  record(tx: Tx, message: PushMessage, id: string, accepted: boolean, at: Date): Promise<void>;
  /** Every push sent to this token, oldest first. */
  sentTo(tx: Tx, pushToken: string): Promise<RecordedPush[]>;
}
export const PushRecording = token<PushRecording>('mobile.push-recording');

/** Tokens the simulated APNs/FCM treat as unregistered (BadDeviceToken / UNREGISTERED): a test registers one to see the device removed. */
const UNREGISTERED = /^unregistered[-_:]/i;

/**
 * The default PushService: a recording simulator. It accepts every message
 * for a registered-looking token and records it in the store, with the
 * sending transaction (so a rolled-back delivery leaves no record), and
 * refuses tokens starting with `unregistered-`, as APNs and FCM refuse a
 * token whose app was uninstalled. Nothing leaves the process. A real
 * adapter (APNs HTTP/2, FCM HTTP v1) replaces it behind the same port.
 */
@injectable()
export class RecordingPushService implements PushService {
  constructor(
    @inject(PushRecording) readonly recording: PushRecording,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async send(tx: Tx, message: PushMessage): Promise<{ accepted: boolean; messageId: string | null }> {
    const accepted = !UNREGISTERED.test(message.pushToken);
    const id = this.ids.uuid();
    await this.recording.record(tx, message, id, accepted, this.clock.now());
    return { accepted, messageId: accepted ? id : null };
  }
}
