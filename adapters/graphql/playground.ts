import { installedAssetRoutes, ownPage, type InstalledAsset } from '../edge/installed-assets.js';
import type { MountedRoute } from '../edge/http-extension.js';

/** Installed files served to the page: nothing comes from a CDN. */
const ASSETS: Record<string, InstalledAsset> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  'react-dom.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript' },
  'graphiql.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
  'graphql-ws.js': { pkg: 'graphql-ws', file: 'umd/graphql-ws.min.js', type: 'text/javascript' },
};

export const PLAYGROUND_PATH = '/api/graphql-playground';

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Bank GraphQL playground</title>
<link rel="stylesheet" href="${PLAYGROUND_PATH}/assets/graphiql.css">
<style>html, body, #playground { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="playground">Loading the playground…</div>
<script src="${PLAYGROUND_PATH}/assets/react.js"></script>
<script src="${PLAYGROUND_PATH}/assets/react-dom.js"></script>
<script src="${PLAYGROUND_PATH}/assets/graphiql.js"></script>
<script src="${PLAYGROUND_PATH}/assets/graphql-ws.js"></script>
<script src="${PLAYGROUND_PATH}/assets/playground.js"></script>
</body>
</html>
`;

/**
 * The page's own script: GraphiQL with a fetcher that posts queries and
 * mutations to /api/graphql with the headers typed in the headers pane
 * (Authorization: Bearer <key>), and runs subscriptions over graphql-ws on
 * the same path, the key sent as the connection's Authorization parameter
 * (one socket per key; a changed key opens a new one). GraphiQL shows each
 * message of a subscription as it arrives.
 */
const SCRIPT = `(function () {
  var endpoint = '/api/graphql';
  var socket = null;
  var socketKey = null;
  function authorization(headers) {
    return (headers && (headers.Authorization || headers.authorization)) || '';
  }
  function operationKind(params) {
    var text = String(params.query || '').replace(/#[^\\n]*/g, '');
    var named = /\\b(query|mutation|subscription)\\s+([_A-Za-z][_0-9A-Za-z]*)/g;
    var match;
    while (params.operationName && (match = named.exec(text))) if (match[2] === params.operationName) return match[1];
    match = /^\\s*(query|mutation|subscription)\\b/.exec(text);
    return match ? match[1] : 'query';
  }
  function subscriptionSocket(headers) {
    var key = authorization(headers);
    if (!socket || socketKey !== key) {
      if (socket) socket.dispose();
      socketKey = key;
      socket = graphqlWs.createClient({
        url: (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + endpoint,
        connectionParams: key ? { Authorization: key } : {},
        lazy: true,
        retryAttempts: 0
      });
    }
    return socket;
  }
  function fetcher(params, options) {
    var headers = Object.assign({ 'content-type': 'application/json' }, (options && options.headers) || {});
    if (operationKind(params) === 'subscription') {
      return subscriptionSocket(headers).iterate({ query: params.query, variables: params.variables, operationName: params.operationName });
    }
    return fetch(endpoint, { method: 'POST', headers: headers, body: JSON.stringify(params) }).then(function (r) { return r.json(); });
  }
  window.playgroundFetcher = fetcher;
  var root = ReactDOM.createRoot(document.getElementById('playground'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    defaultQuery: '# Put {"Authorization": "Bearer fak_…"} in the Headers pane below.\\n{\\n  accounts(first: 10) {\\n    data { id name balance currency status created_at }\\n    paginatorInfo { total currentPage lastPage }\\n  }\\n}\\n',
    isHeadersEditorEnabled: true,
    shouldPersistHeaders: false
  }));
})();
`;

const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** GET /api/graphql-playground and its assets (read once, on first request). */
export function playgroundRoutes(): MountedRoute[] {
  return [
    { method: 'GET', path: PLAYGROUND_PATH, owner: 'graphql', handler: ownPage('text/html; charset=utf-8', HTML, CSP) },
    { method: 'GET', path: `${PLAYGROUND_PATH}/assets/playground.js`, owner: 'graphql', handler: ownPage('text/javascript; charset=utf-8', SCRIPT, CSP) },
    ...installedAssetRoutes(`${PLAYGROUND_PATH}/assets`, 'graphql', ASSETS),
  ];
}
