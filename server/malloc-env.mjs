// glibc's allocator settings for the production server (scripts/start.mjs, `npm run serve`, the
// Dockerfile, bench:load): read by glibc as the process starts, so they are set by whoever starts it.
// MALLOC_ARENA_MAX: two arenas, not one per thread that allocates (libvips', the detection workers'),
// whose memory glibc rarely returns. MALLOC_MMAP_THRESHOLD_: blocks of 4 MB and more (mosaics,
// decoded tiles) are always mapped on their own, so freeing one gives it back (glibc otherwise raises
// that threshold as large blocks are freed and keeps them in its heap); the detector's image-sized
// arrays (~2.4 MB at 768 px) come from the heap and are reused — at 128 KB each was mapped and faulted
// in afresh every detection (+170 ms of CPU). Measured by bench:load and bench:grass real;
// docs/decisions.md "Memory" and "A cancelled detection no longer takes the server down".
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '4194304' }
