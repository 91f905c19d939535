// glibc's allocator settings for the production server (scripts/start.mjs, `npm run serve`, the
// Dockerfile, bench:load): read by glibc as the process starts, so they are set by whoever starts it.
// MALLOC_ARENA_MAX: two arenas, not one per thread that allocates (libvips', the detection workers'),
// whose memory glibc rarely returns. MALLOC_MMAP_THRESHOLD_: blocks of 128 KB and more (pixels) are
// always mapped on their own, so freeing one gives it back (glibc otherwise raises that threshold as
// large blocks are freed and keeps them in its heap). Measured by bench:load; docs/decisions.md "Memory".
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }
