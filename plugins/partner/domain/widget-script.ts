/**
 * The embeddable widget script of one published version: self-contained
 * (its document is inside it, so a page pinned to a version never changes
 * under it), no dependency, no network call of its own. It defines
 * `window.OpenBankWidget` ({ config, mount(element) }) and, when its
 * <script> tag carries data-target="<css selector>", mounts itself there:
 * a branded header (logo, primary colour) and the enabled features as
 * data attributes for the partner's own page code.
 */
export function widgetScript(document: { readonly version: number; readonly organization_name: string } & Record<string, unknown>): string {
  // JSON inside a script: '<' escaped so no '</script>' can close the tag early; U+2028/9 are line breaks in older engines.
  const json = JSON.stringify(document).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const title = JSON.stringify(`${document.organization_name} widget, version ${document.version}`).replace(/</g, '\\u003c');
  return `/* ${title.slice(1, -1).replace(/\*\//g, '* /')} (open-bank.widget/1) */
(function () {
  'use strict';
  var config = ${json};
  function mount(target) {
    if (!target) return null;
    var root = target.ownerDocument.createElement('div');
    root.className = 'open-bank-widget';
    root.setAttribute('data-version', String(config.version));
    root.style.setProperty('--open-bank-primary', config.branding.primary_color);
    var header = target.ownerDocument.createElement('div');
    header.style.background = config.branding.primary_color;
    var logo = target.ownerDocument.createElement('img');
    logo.src = config.branding.logo_url;
    logo.alt = config.organization_name;
    header.appendChild(logo);
    root.appendChild(header);
    Object.keys(config.features).forEach(function (name) {
      root.setAttribute('data-feature-' + name, config.features[name] ? 'on' : 'off');
    });
    target.appendChild(root);
    return root;
  }
  var api = { config: config, mount: mount };
  if (typeof window !== 'undefined') window.OpenBankWidget = api;
  var script = typeof document !== 'undefined' ? document.currentScript : null;
  if (script && script.getAttribute('data-target')) mount(document.querySelector(script.getAttribute('data-target')));
})();
`;
}
