# One container on Fly.io (README "Deploying to Fly.io"). Build and run on the same Node 20 Debian base so the
# better-sqlite3 addon compiled in the build stage runs unchanged.
FROM node:20-bookworm-slim AS base
WORKDIR /app

FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run -s build && npm prune --omit=dev

FROM base AS run
# Debian's ffmpeg (ffmpeg and ffprobe) transcodes lecture videos (app/models/video/transcode.server.ts).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV APP_ENV=production \
    NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/app.db \
    SKIP_BUILD=1 \
    NODE_OPTIONS="--max-old-space-size=160 --max-semi-space-size=4"
# tsx stays (a runtime dependency) so `npm run user` and `npm run db:backup` work in `fly ssh console`.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.js /app/litestream.yml /app/tsconfig.json ./
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/app ./app
COPY --from=build /app/db ./db
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/docker-entrypoint.sh ./docker-entrypoint.sh
# The litestream binary comes from its npm package (@flydotio/litestream-linux-x64, the platform package of
# @flydotio/litestream).
RUN ln -s /app/node_modules/@flydotio/litestream-linux-x64/litestream /usr/local/bin/litestream \
 && mkdir -p /data && chown -R node:node /data /app
USER node
EXPOSE 3000
ENTRYPOINT ["/app/docker-entrypoint.sh"]
