/**
 * Layer rules, checked on the compiled output (dist/) so the checker needs no
 * TypeScript compiler API (we build with the native TypeScript 7 compiler).
 * Type-only imports vanish in compilation; these rules are about run-time imports.
 */
// Matched against the resolved file ("node_modules/pg/lib/index.js"), not the specifier.
const frameworks = '(^|/)node_modules/(express|pg|kysely|ws|@electric-sql/pglite|graphql-ws)/';
const nodeIo = '^(node:)?(fs|net|http|https|dns|child_process|fs/promises)$';

module.exports = {
  forbidden: [
    {
      name: 'frameworks-only-in-adapters',
      comment: 'Only files under an adapters/ folder may import express, pg, kysely, ws, PGlite or graphql-ws.',
      severity: 'error',
      from: { path: '^dist/', pathNot: '(^|/)adapters/|^dist/kit/(sql|testing)\\.js$|^dist/test/|^dist/bench/' },
      to: { path: frameworks, dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'node-io-only-in-adapters',
      comment: 'Node I/O (fs, net, http, dns, child_process) belongs in adapters; config/load.ts reads the config file.',
      severity: 'error',
      from: { path: '^dist/', pathNot: '(^|/)adapters/|^dist/config/load\\.js$|^dist/test/|^dist/bench/' },
      to: { path: nodeIo, dependencyTypes: ['core'] },
    },
    {
      name: 'no-cross-plugin',
      comment: 'A plugin may import only its own files; use top-level ports/ to reach another plugin.',
      severity: 'error',
      from: { path: '^dist/plugins/([^/]+)/' },
      to: { path: '^dist/plugins/', pathNot: '^dist/plugins/$1/' },
    },
    {
      name: 'plugins-use-the-public-surface',
      comment:
        'A plugin imports the plugin API (kernel/public.js, kit/*) and its own files, nothing else of the service: ' +
        'the surface a partner has is the one the built-ins use. Tests (*.test.js) are not cruised.',
      severity: 'error',
      from: { path: '^dist/plugins/[^/]+/' },
      to: { path: '^dist/(kernel|ports|adapters|config|test|bench)/', pathNot: '^dist/kernel/public\\.js$' },
    },
    {
      name: 'store-and-test-kits-in-plugin-adapters',
      comment: "kit/sql, kit/memory and kit/testing serve a plugin's adapters/ folder (repositories, migrations, contract suites) only.",
      severity: 'error',
      from: { path: '^dist/plugins/[^/]+/', pathNot: '^dist/plugins/[^/]+/adapters/' },
      to: { path: '^dist/kit/(sql|memory|testing)\\.js$' },
    },
    {
      name: 'graphql-kit-in-plugin-graphql',
      comment: "kit/graphql serves a plugin's GraphQL domain files (graphql.js or graphql/) only.",
      severity: 'error',
      from: { path: '^dist/plugins/[^/]+/', pathNot: '^dist/plugins/[^/]+/graphql(\\.js$|/)' },
      to: { path: '^dist/kit/graphql\\.js$' },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only its own domain and the kernel\'s pure modules: errors, money, contract, net (addresses), or the plugin API that re-exports them; and viem/utils, pure EVM address and hash functions.',
      severity: 'error',
      from: { path: '^dist/plugins/([^/]+)/domain/' },
      to: { pathNot: '^dist/plugins/$1/domain/|^dist/kernel/(errors|money|contract|net)/|^dist/kernel/public\\.js$|^node_modules/viem/' },
    },
    {
      name: 'rest-and-graphql-share-only-the-edge',
      comment: 'REST (adapters/http) and GraphQL (adapters/graphql) never import each other: what they share lives in adapters/edge.',
      severity: 'error',
      from: { path: '^dist/adapters/(http|graphql)/' },
      to: { path: '^dist/adapters/(http|graphql)/', pathNot: '^dist/adapters/$1/' },
    },
    {
      name: 'edge-knows-no-driving-adapter',
      comment: 'adapters/edge serves every driving adapter, so it imports none of them (nor the composition root).',
      severity: 'error',
      from: { path: '^dist/adapters/edge/' },
      to: { path: '^dist/adapters/(http|graphql|cli|main)/' },
    },
    {
      name: 'kernel-knows-no-plugins-or-adapters',
      severity: 'error',
      from: { path: '^dist/kernel/' },
      to: { path: '^dist/(plugins|adapters)/' },
    },
    {
      name: 'ports-are-leaves',
      severity: 'error',
      from: { path: '^dist/ports/' },
      to: { path: '^dist/', pathNot: '^dist/(ports|kernel/(contract|errors|money))/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.js$|\\.map$|\\.d\\.ts$' },
    moduleSystems: ['es6'],
  },
};
