// `npm start`: build the app, then run the production server (server/index.ts).
import { spawnSync } from 'node:child_process'

const run = (cmd, args) => {
	const result = spawnSync(cmd, args, { stdio: 'inherit' })
	if (result.status !== 0) process.exit(result.status ?? 1)
}
run('node_modules/.bin/react-router', ['build'])
// node itself with tsx as a loader, not the tsx wrapper: the wrapper SIGKILLs
// its child when a signal is not acknowledged within 60 ms, which a server
// busy with a detection (or the grass warm-up) cannot do, so it would skip
// the clean shutdown of the embedded database
const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit' })
process.exit(server.status ?? 0)
