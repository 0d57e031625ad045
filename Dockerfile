# Production image on Node 24 LTS (docs/decisions/060). Build: docker build -t agency-site .
# Run:   docker run -p 3000:3000 -v agency-data:/data -e SITE_URL=https://www.example.com agency-site
# tests/system/production-install.test.ts copies what the last stage copies, prunes the same way
# and starts it with the same command, so keep the three in step.
# The build stage is pinned to 24.18.1: better-sqlite3 12 compiled against Node 24.19's headers
# or later aborts the process when an idle garbage collection frees a statement (nodejs/node#65446);
# compiled against 24.18.1's it runs on every Node 24, and the runtime below takes the newest 24.
FROM node:24.18.1-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx react-router build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_ARENA_MAX=2
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.js ./
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Alive, not ready: /healthz answers from the moment the process listens, also while it waits for
# its database or the database is away (when /readyz says 503), so an orchestrator that replaces
# unhealthy containers does not kill one that is rightly waiting. Route traffic on /readyz.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
