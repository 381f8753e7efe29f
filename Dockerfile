# syntax=docker/dockerfile:1
# Shro's production image (docs/deploy.md). Three stages: the production dependencies, the build
# (web app and server bundle), and the runtime, which holds only those two and runs as `node`.

# The project's pinned Node 24 LTS line (package.json devDependencies.node, decision 162); the
# image's own Node replaces that npm package, a development dependency never installed here.
ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# No install script is needed: sharp, argon2 and PGlite ship prebuilt binaries and WebAssembly as packages.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# Without scripts the `node` package fetches no second Node; its dangling link goes so that npm
# scripts run on the image's Node.
RUN npm ci --ignore-scripts --no-audit --no-fund && rm -f node_modules/.bin/node
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# The link-preview image is drawn with these system fonts, found through fontconfig (decision 125):
# Latin and Arabic, emoji, Japanese and Devanagari, so that every language's image is drawn in it
# (decision 170).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-color-emoji fonts-ipafont-gothic fonts-lohit-deva \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
# dist/server holds server.mjs, the SQL migrations it applies at start and the server's catalogs
# (scripts/build-server.ts);
# dist/web is the web app it serves.
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/web ./dist/web
# DATA_DIR (./data) is the one place the app writes: the embedded database without DATABASE_URL.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --start-interval=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# package.json's `serve` script, run without npm so that SIGTERM reaches the server itself.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "dist/server/server.mjs"]
