// `npm run dev`: the database as `npm start` prepares it, then the Vite dev server.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { demoWanted, seedIfEmpty } from '../prisma/seed.ts'
import { prepareDatabase } from './database.ts'

const db = await prepareDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? 'data') })
const seeded = await seedIfEmpty({ demo: demoWanted({ embedded: db.embedded, seedDemo: process.env.SEED_DEMO }) })
if (seeded) console.log(seeded)
const child = spawn(path.resolve('node_modules/.bin/react-router'), ['dev', '--port', process.env.PORT ?? '3000'], {
	stdio: 'inherit',
	env: { ...process.env, NODE_ENV: 'development' },
})
// bulk measure (issue 34): the queue worker beside the dev server (BULK_WORKER=off: none)
const worker =
	process.env.BULK_WORKER === 'off'
		? null
		: spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } })
const stop = async () => {
	child.kill('SIGTERM')
	worker?.kill('SIGTERM')
	await db.stop()
	process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
child.on('exit', () => void stop())
