# One image for the API nodes and the worker (docker-compose.yml picks the command): the
# compiled server and client (npm run build), production dependencies only, no sources and
# no tests, run with plain node by the unprivileged `node` user. Node 26 is the Active LTS
# line (since 2026-10-28).
FROM node:26-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lockfile links msgpackr-extract to its stand-in there (see package.json "overrides").
COPY scripts/stubs ./scripts/stubs
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:26-trixie-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/stubs ./scripts/stubs
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:26-trixie-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json ./
COPY scripts/stubs ./scripts/stubs
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
COPY agent/rith.lss ./agent/rith.lss
# The one writable place: the embedded database when DATABASE_URL is not set.
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
