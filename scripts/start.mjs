// `npm start`: build the app, then run the production server (server/index.ts).
import { spawnSync } from 'node:child_process'
import { MALLOC_ENV } from '../server/malloc-env.mjs'

const run = (cmd, args) => {
	const result = spawnSync(cmd, args, { stdio: 'inherit' })
	if (result.status !== 0) process.exit(result.status ?? 1)
}
run('node_modules/.bin/react-router', ['build'])
// node itself with tsx as a loader, not the tsx wrapper: the wrapper SIGKILLs
// its child when a signal is not acknowledged within 60 ms, which a server
// busy with a detection (or the grass warm-up) cannot do, so it would skip
// the clean shutdown of the embedded database
// glibc's allocator, tuned for a server that handles images (docs/decisions.md "Memory"): two malloc
// arenas, not one per thread that allocates (libvips', the detection workers'), and blocks of 4 MB
// and more (mosaics) always mapped on their own, so freeing one returns it to the system
const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit', env: { ...MALLOC_ENV, ...process.env } })
process.exit(server.status ?? 0)
