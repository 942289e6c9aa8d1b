// V8 heap settings for the app server: a capped old space and small young generation keep the server's RSS
// well under Fly's smallest machine (256 MB) under load, measured by `npm run bench`. The same values are in
// package.json "start" and the Dockerfile's NODE_OPTIONS; every test or bench spawn uses this list.
export const NODE_FLAGS = ['--max-old-space-size=160', '--max-semi-space-size=4']
