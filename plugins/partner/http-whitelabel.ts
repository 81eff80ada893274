import { route, type RouteDeclaration } from '../../kernel/public.js';
import { GetWhitelabel, GetWidget, GetWidgetScript, getWidgetInput, PutWhitelabel, putWhitelabelInput, whitelabelView, widgetView } from './operations-whitelabel.js';

export function whitelabelRoutes(tags: string[]): RouteDeclaration[] {
  return [
    route({
      method: 'PUT',
      path: '/partner/config/whitelabel',
      prefixes: ['v2'],
      access: 'write',
      body: putWhitelabelInput,
      response: whitelabelView,
      operation: PutWhitelabel,
      summary: 'Publish the white-label configuration',
      description:
        'Publishes the next version of the partner’s widget document (widget.deployed). Feature names are the partner’s modules; a tenant gets 403 feature_disabled on the routes of a module switched off. 422 for a logo_url that is not https, a primary_color that is not a hex colour, or an unknown feature, all at once.',
      tags,
    }),
    route({
      method: 'GET',
      path: '/partner/config/whitelabel',
      prefixes: ['v2'],
      access: 'read',
      response: whitelabelView,
      operation: GetWhitelabel,
      summary: 'The white-label configuration in force',
      description: 'The newest published version; 404 before the first PUT.',
      tags,
    }),
    route({
      method: 'GET',
      path: '/partner/widgets/:partner_id',
      prefixes: ['v1'],
      access: 'public',
      params: getWidgetInput.pick({ partner_id: true }),
      query: getWidgetInput.pick({ version: true }),
      response: widgetView,
      operation: GetWidget,
      summary: 'A partner’s widget document (public)',
      description: 'What an embedded widget loads: branding, feature switches and the API base URL, newest or a pinned ?version=. No key needed; nothing secret. 404 for an unknown partner or version, or a partner that is not active.',
      tags,
    }),
    route({
      method: 'GET',
      path: '/partner/widgets/:partner_id/widget.js',
      prefixes: ['v1'],
      access: 'public',
      params: getWidgetInput.pick({ partner_id: true }),
      query: getWidgetInput.pick({ version: true }),
      produces: ['text/javascript'],
      operation: GetWidgetScript,
      summary: 'A partner’s widget script (public)',
      description:
        'The embeddable script of the widget document (newest or ?version=), self-contained. Loaded by a page with a data-target attribute naming a CSS selector, it mounts a branded container there; it defines window.OpenBankWidget {config, mount}. 404 as for the document.',
      tags,
    }),
  ];
}
