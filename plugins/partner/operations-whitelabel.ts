import { z } from 'zod';
import { timestamp, token, type FileAnswer, type Operation } from '../../kernel/public.js';
import type { EmptyInput } from './operations.js';

/** White-label configuration and the embeddable widget it publishes (docs/partner.md#white-label). */
export const putWhitelabelInput = z
  .object({
    logo_url: z.string().max(2048).describe('An https URL.'),
    primary_color: z.string().max(16).describe('A hex colour, #rgb or #rrggbb.'),
    features: z
      .record(z.string().max(64), z.boolean())
      .default({})
      .describe('Feature name to enabled. Feature names are the partner’s modules (core-banking, webhooks, crosschain, …); a tenant gets 403 feature_disabled on the routes of a disabled one. A module left out stays enabled.'),
  })
  .strict()
  .meta({ id: 'PartnerWhitelabelInput', example: { logo_url: 'https://cdn.acme.example/logo.svg', primary_color: '#1a73e8', features: { 'core-banking': true, crosschain: false } } });
export type PutWhitelabelInput = z.infer<typeof putWhitelabelInput>;

export const whitelabelView = z
  .object({
    partner_id: z.uuid(),
    version: z.number().int().describe('1 for the first publish, one more for each later one.'),
    logo_url: z.string(),
    primary_color: z.string(),
    features: z.record(z.string(), z.boolean()).describe('Every module of the partner with whether its tenants may use it.'),
    widget_url: z.string().describe('The published widget configuration of this version (public JSON).'),
    published_at: timestamp,
  })
  .strict()
  .meta({
    id: 'PartnerWhitelabel',
    example: {
      partner_id: '00000000-0000-4000-8000-0000000000a1',
      version: 2,
      logo_url: 'https://cdn.acme.example/logo.svg',
      primary_color: '#1a73e8',
      features: { 'core-banking': true, crosschain: false },
      widget_url: 'https://bank.example/api/v1/partner/widgets/00000000-0000-4000-8000-0000000000a1?version=2',
      published_at: '2026-11-25T10:00:00.000Z',
    },
  });
export type WhitelabelView = z.infer<typeof whitelabelView>;

export const widgetView = z
  .object({
    schema: z.literal('open-bank.widget/1').describe('The widget document format; a breaking change gets a new one.'),
    partner_id: z.uuid(),
    version: z.number().int(),
    organization_name: z.string(),
    branding: z.object({ logo_url: z.string(), primary_color: z.string() }).strict(),
    features: z.record(z.string(), z.boolean()),
    api_base_url: z.string(),
    published_at: timestamp,
  })
  .strict()
  .meta({
    id: 'PartnerWidget',
    example: {
      schema: 'open-bank.widget/1',
      partner_id: '00000000-0000-4000-8000-0000000000a1',
      version: 2,
      organization_name: 'Acme Fintech',
      branding: { logo_url: 'https://cdn.acme.example/logo.svg', primary_color: '#1a73e8' },
      features: { 'core-banking': true, crosschain: false },
      api_base_url: 'https://bank.example/api/v2',
      published_at: '2026-11-25T10:00:00.000Z',
    },
  });
export type WidgetView = z.infer<typeof widgetView>;

export const getWidgetInput = z.object({
  partner_id: z.string().min(1).max(64),
  version: z.coerce.number().int().min(1).max(1_000_000).optional().describe('A published version; the newest when left out.'),
});
export type GetWidgetInput = z.infer<typeof getWidgetInput>;

export const PutWhitelabel = token<Operation<PutWhitelabelInput, WhitelabelView>>('partner.put-whitelabel');
export const GetWhitelabel = token<Operation<EmptyInput, WhitelabelView>>('partner.get-whitelabel');
export const GetWidget = token<Operation<GetWidgetInput, WidgetView>>('partner.get-widget');
export const GetWidgetScript = token<Operation<GetWidgetInput, FileAnswer>>('partner.get-widget-script');
