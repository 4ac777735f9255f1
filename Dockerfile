# syntax=docker/dockerfile:1
# The portal in containers (docs/operations.md, "Containers"). Built with the commands CI runs:
# `npm run build`, then `node api/dist/main.js` (what `npm run serve` starts).
#   docker build -t cpq-portal .                        # the API image (target runtime, the default)
#   docker build --target proxy -t cpq-portal-proxy .   # nginx with the remotes' builds (compose.yaml)

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# better-sqlite3 is compiled by node-gyp when no prebuilt binary fits the platform.
FROM base AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

# The lock and every workspace's package.json, nothing else: the installs below stay cached until one
# of them changes, not on every source change.
FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && cp --parents package.json package-lock.json */package.json packages/*/package.json org-plugins/*/package.json /manifests/

# Every dependency, then the build: the browser apps (shell, mfe-*, org-plugins/*) and api/dist.
FROM toolchain AS build
COPY --from=manifests /manifests/ ./
RUN npm ci
COPY . .
RUN npm run build \
 # What the server reads at run time besides node_modules: the compiled server, the browser builds,
 # the package.json files (ES modules, plugin discovery, npm run serve/migrate) and serve.mjs.
 && mkdir /runtime \
 && cp -r --parents api/dist shell/dist mfe-*/dist org-plugins/*/dist scripts/serve.mjs /runtime/ \
 # The remotes' own site for the proxy: /remotes/<mfe>/ and /plugins/<folder>/, the paths of /remotes.json.
 && mkdir -p /remotes-site/remotes /remotes-site/plugins \
 && for d in mfe-*; do cp -r "$d/dist" "/remotes-site/remotes/$d"; done \
 && for d in org-plugins/*; do if [ -d "$d/dist" ]; then cp -r "$d/dist" "/remotes-site/plugins/${d#org-plugins/}"; fi; done

# The production dependencies alone: api/dist keeps every npm package as an import of node_modules.
FROM toolchain AS deps
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev

# nginx with the remotes' and plugins' builds, served from their own origin (deploy/nginx/portal.conf).
# Copied into the image rather than a named volume: a volume keeps its first content across upgrades.
FROM ${NGINX_IMAGE} AS proxy
COPY --from=build /remotes-site/ /usr/share/nginx/remotes/

# The API: compiled server, browser builds, production node_modules, Debian's Chromium for the PDFs.
FROM base AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    PDF_CHROMIUM_PATH=/usr/bin/chromium
COPY --from=deps /app/node_modules ./node_modules
COPY --from=manifests /manifests/ ./
COPY --from=build /runtime/ ./
# The code stays root's and read-only to the server; data/ (media folder, mail outbox) is its own.
RUN mkdir -p data/media && chown -R node:node data
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server stops gracefully on SIGTERM within SHUTDOWN_TIMEOUT_MS (25 s): give it 30 s (compose.yaml).
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/main.js"]
