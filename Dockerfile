# Production image: the app against an external PostgreSQL (DATABASE_URL).
#   docker build -t yardstick .
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e SESSION_SECRET=… -e APP_URL=https://… yardstick
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
# glibc's allocator settings: see server/malloc-env.mjs
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=4194304
COPY --from=build /app/package.json /app/prisma.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/generated ./generated
COPY --from=build /app/build ./build
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/server ./server
# server/index.ts loads a few app modules directly, and the grass detection workers run app/grass from source (tsx, tsconfig paths)
COPY --from=build /app/app ./app
COPY --from=build /app/tsconfig.json ./
USER node
EXPOSE 3000
# applies pending migrations, then serves
CMD ["node", "--import", "tsx", "server/index.ts"]
