/**
 * A notification to one user about something that concerns them, recorded
 * in the unit of work of that change and pushed to their devices afterwards
 * by the dispatcher (delivery: pending → delivered | no_devices | failed).
 */
export type NotificationKind =
  | 'p2p_received'
  | 'payment_intent_completed'
  | 'payment_intent_failed'
  | 'payment_intent_expired'
  | 'security_passkey_registered'
  | 'security_passkey_flagged';

export type DeliveryStatus = 'pending' | 'delivered' | 'no_devices' | 'failed';

export interface NotificationRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  readonly resourceType: string;
  readonly resourceId: string;
  readonly delivery: DeliveryStatus;
  /** Devices that accepted the push. */
  readonly deliveredTo: number;
  readonly createdAt: Date;
  readonly deliveredAt: Date | null;
}

export type DevicePlatform = 'ios' | 'android' | 'web';

export interface DeviceRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  readonly platform: DevicePlatform;
  /** The APNs / FCM / Web Push token; unique per user. */
  readonly pushToken: string;
  readonly name: string;
  readonly createdAt: Date;
}

/** One push as the push service receives it. */
export interface PushMessage {
  readonly teamId: string;
  readonly platform: DevicePlatform;
  readonly pushToken: string;
  readonly title: string;
  readonly body: string;
  readonly data: Readonly<Record<string, string>>;
}
