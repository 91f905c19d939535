// Imported first by server/index.ts: React and React Router pick their build
// (development or production) when they are first imported.
process.env.NODE_ENV ??= 'production'
