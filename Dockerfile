# Meter-photo recognition service. Two stages: the build stage has the dev dependencies (TypeScript) and
# compiles; the runtime stage gets the compiled code and production dependencies only.
#   docker build -t meter-reader .
#   docker run -p 8080:8080 -v meter-data:/data meter-reader            (SQLite under /data)
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://... meter-reader   (one of several nodes)

FROM node:20-slim AS build
WORKDIR /app
# Native modules (better-sqlite3, sharp, onnxruntime-node) install prebuilt binaries; the toolchain is
# only a fallback for a platform without one.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/client/package.json packages/client/package.json
RUN npm ci
COPY tsconfig.json ./
COPY src ./src
# tsconfig also includes test/ and bench/, which are not in this image: only src/ is compiled.
RUN npx tsc -p tsconfig.json && npm prune --omit=dev

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
COPY models ./models
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself (drains in-flight requests, then exits).
CMD ["node", "dist/src/server.js"]
