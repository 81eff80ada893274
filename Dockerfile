# syntax=docker/dockerfile:1
# Open Bank: the API server on PostgreSQL (DATABASE_URL) or on embedded PGlite in the /data volume.
# docs/deploy.md explains the settings, the operator key, backups and upgrades.

# Build: the same release tarball as `npm pack` (README, "Production install"): dist/ without tests or benches.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp \
 && mkdir /app \
 && tar -xzf /tmp/open-bank-*.tgz -C /app --strip-components=1 \
 && cp package-lock.json /app/

# Runtime: the tarball's files and the locked production dependencies only; no compiler, no npm scripts.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    BANK_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /data \
 && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# No curl in the image: node's own fetch asks the readiness probe (503 while starting, lagging or draining).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/adapters/main/server.js"]
