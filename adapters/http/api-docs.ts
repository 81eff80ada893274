import type { MountedRoute } from '../edge/http-extension.js';
import { installedAssetRoutes, ownPage, type InstalledAsset } from '../edge/installed-assets.js';
import { API_ROOT } from './routes.js';

/** The API reference page: swagger-ui (swagger-ui-dist, installed, no CDN) rendering GET /api/openapi.json. */
export const API_DOCS_PATH = `${API_ROOT}/docs`;
const ASSETS_PATH = `${API_DOCS_PATH}/assets`;

const ASSETS: Record<string, InstalledAsset> = {
  'swagger-ui.js': { pkg: 'swagger-ui-dist', file: 'swagger-ui-bundle.js', type: 'text/javascript' },
  'swagger-ui.css': { pkg: 'swagger-ui-dist', file: 'swagger-ui.css', type: 'text/css' },
  'favicon.png': { pkg: 'swagger-ui-dist', file: 'favicon-32x32.png', type: 'image/png' },
};

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Bank API reference</title>
<link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon.png">
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
<style>body { margin: 0; }</style>
</head>
<body>
<div id="api-docs"><noscript>The reference needs JavaScript; the document itself is at ${API_ROOT}/openapi.json.</noscript></div>
<script src="${ASSETS_PATH}/swagger-ui.js"></script>
<script src="${ASSETS_PATH}/api-docs.js"></script>
</body>
</html>
`;

/**
 * The page's own script. validatorUrl null: swagger-ui would otherwise send
 * the document to validator.swagger.io for a badge. "Try it out" calls this
 * same origin with the key typed under Authorize, kept only for the page's
 * lifetime.
 */
const SCRIPT = `(function () {
  window.apiDocs = SwaggerUIBundle({
    url: '${API_ROOT}/openapi.json',
    dom_id: '#api-docs',
    deepLinking: true,
    validatorUrl: null,
    // Tags start collapsed: swagger-ui stops rendering when some 150 operations are listed expanded at once.
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
})();
`;

/**
 * Scripts only from this origin (no inline script, no eval); swagger-ui sets
 * inline styles and draws its icons as data: images; requests ("Try it out",
 * the document) go to this origin only.
 */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** GET /api/docs, its script and the installed swagger-ui files. */
export function apiDocsRoutes(): MountedRoute[] {
  return [
    { method: 'GET', path: API_DOCS_PATH, owner: 'http', handler: ownPage('text/html; charset=utf-8', HTML, CSP) },
    { method: 'GET', path: `${ASSETS_PATH}/api-docs.js`, owner: 'http', handler: ownPage('text/javascript; charset=utf-8', SCRIPT, CSP) },
    ...installedAssetRoutes(ASSETS_PATH, 'http', ASSETS),
  ];
}
