// `npm start`: build the app, then run the production server (server/index.ts).
import { spawnSync } from 'node:child_process'

const run = (cmd, args) => {
	const result = spawnSync(cmd, args, { stdio: 'inherit' })
	if (result.status !== 0) process.exit(result.status ?? 1)
}
run('node_modules/.bin/react-router', ['build'])
const server = spawnSync('node_modules/.bin/tsx', ['server/index.ts'], { stdio: 'inherit' })
process.exit(server.status ?? 0)
