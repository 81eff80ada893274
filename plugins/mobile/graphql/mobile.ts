import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { numberedPage } from '../../../kernel/public.js';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  DeleteDevice,
  DeletePasskey,
  GetWallet,
  ListDevices,
  ListNotifications,
  ListPasskeys,
  ListSessions,
  RegisterDevice,
  RevokeSession,
  SetWallet,
  SignOut,
  type DeviceView,
  type NotificationView,
  type PasskeyView,
  type SessionView,
  type WalletView,
} from '../operations.js';
import { MobilePaymentResolver, ResourceLinkType } from './mobile-payment.js';

/**
 * The mobile domain: the caller's sessions, devices and notifications;
 * and what mobile adds to identity's `user` domain: passkeys and the wallet
 * account. Passkey ceremonies and sign-in stay on REST (a session token shown
 * once does not belong in GraphQL responses; WebAuthn's registration options
 * and response are open JSON dictionaries GraphQL's closed types would trim,
 * docs/graphql.md says so); signing out is here.
 */
@ObjectType('Passkey')
export class PasskeyType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  user_id!: string;
  @Field(() => String)
  attestation_format!: string;
  @Field(() => String)
  aaguid!: string;
  @Field(() => [String])
  transports!: string[];
  @Field(() => String)
  device_type!: string;
  @Field(() => Boolean)
  backed_up!: boolean;
  @Field(() => Int)
  counter!: number;
  @Field(() => Boolean)
  flagged!: boolean;
  @Field(() => String, { nullable: true })
  flag_reason!: string | null;
  @Field(() => DateTimeScalar, { nullable: true })
  last_used_at!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('MobileSession', { description: 'A passkey session (never its token).' })
export class SessionType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  user_id!: string;
  @Field(() => String)
  credential_id!: string;
  @Field(() => String)
  prefix!: string;
  @Field(() => [String])
  permissions!: string[];
  @Field(() => DateTimeScalar)
  expires_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  revoked_at!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('MobileDevice')
export class DeviceType {
  @Field(() => ID)
  id!: string;
  @Field(() => String, { description: 'ios, android or web.' })
  platform!: string;
  @Field(() => String)
  push_token!: string;
  @Field(() => String)
  name!: string;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('MobileNotification')
export class NotificationType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  kind!: string;
  @Field(() => String)
  title!: string;
  @Field(() => String)
  body!: string;
  @Field(() => ResourceLinkType)
  resource!: ResourceLinkType;
  @Field(() => String, { description: 'pending, delivered, no_devices or failed.' })
  delivery!: string;
  @Field(() => Int)
  delivered_to!: number;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  delivered_at!: string | null;
}

@ObjectType('MobileNotificationPage')
export class NotificationPage {
  @Field(() => [NotificationType])
  data!: NotificationView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType('MobileWallet')
export class WalletType {
  @Field(() => ID)
  user_id!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@InputType('MobileDeviceInput')
export class DeviceInputType {
  @Field(() => String)
  push_token!: string;
  @Field(() => String, { description: 'ios, android or web.' })
  platform!: 'ios' | 'android' | 'web';
  @Field(() => String, { nullable: true })
  name?: string;
}

@Resolver()
export class MobileResolver {
  @Query(() => [SessionType], { description: 'The caller’s live sessions.' })
  mobileSessions(@Ctx() ctx: GraphqlContext): Promise<SessionView[]> {
    return ctx.run(ListSessions, {});
  }

  @Query(() => [DeviceType], { description: 'The caller’s devices.' })
  mobileDevices(@Ctx() ctx: GraphqlContext): Promise<DeviceView[]> {
    return ctx.run(ListDevices, {});
  }

  @Query(() => NotificationPage, { description: 'The caller’s notifications, newest first.' })
  async mobileNotifications(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<NotificationPage> {
    const result = numberedPage(await ctx.run(ListNotifications, pageArgs(first, page)));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => DeviceType, { description: 'As POST /mobile/devices.' })
  registerMobileDevice(@Arg('input', () => DeviceInputType) input: DeviceInputType, @Ctx() ctx: GraphqlContext): Promise<DeviceView> {
    return ctx.run(RegisterDevice, { push_token: input.push_token, platform: input.platform, name: input.name ?? '' });
  }

  @Mutation(() => DeviceType, { description: 'As DELETE /mobile/devices/{id}.' })
  deleteMobileDevice(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<DeviceView> {
    return ctx.run(DeleteDevice, { id });
  }

  @Mutation(() => SessionType, { description: 'As DELETE /mobile/sessions/{id}.' })
  revokeMobileSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<SessionView> {
    return ctx.run(RevokeSession, { id });
  }

  @Mutation(() => SessionType, { description: 'Ends the passkey session whose token made the call (POST /mobile/auth/sign-out); with an API key, not_a_session.' })
  signOutMobileSession(@Ctx() ctx: GraphqlContext): Promise<SessionView> {
    return ctx.run(SignOut, {});
  }
}

/** What mobile adds to identity's `user` domain: the user's passkeys and wallet account. */
@Resolver()
export class MobileUserResolver {
  @Query(() => [PasskeyType], { description: 'The caller’s passkeys.' })
  passkeys(@Ctx() ctx: GraphqlContext): Promise<PasskeyView[]> {
    return ctx.run(ListPasskeys, {});
  }

  @Query(() => WalletType, { description: 'The caller’s wallet account (not_found until set).' })
  mobileWallet(@Ctx() ctx: GraphqlContext): Promise<WalletView> {
    return ctx.run(GetWallet, {});
  }

  @Mutation(() => WalletType, { description: 'As PUT /mobile/wallet.' })
  setMobileWallet(@Arg('account_id', () => ID) accountId: string, @Ctx() ctx: GraphqlContext): Promise<WalletView> {
    return ctx.run(SetWallet, { account_id: accountId });
  }

  @Mutation(() => PasskeyType, { description: 'As DELETE /mobile/passkeys/{id}.' })
  deletePasskey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PasskeyView> {
    return ctx.run(DeletePasskey, { id });
  }
}

export const mobileGraphql: readonly GraphqlContribution[] = [
  { domain: 'mobile', resolvers: [MobileResolver] },
  { domain: 'user', extends: true, resolvers: [MobileUserResolver] },
  { domain: 'mobile-payment', resolvers: [MobilePaymentResolver] },
];
