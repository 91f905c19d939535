// npm run bench:lighthouse — Lighthouse (mobile emulation, its default) with
// Debian's Chromium on the production build: /, /news-updates and a post.
// Prints the four category scores per page; the LAST line is one JSON object.
// Run `npm run build` first.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { freePort } from '../server/embedded-postgres.ts'

const PAGES = ['/', '/news-updates', '/news-updates/welcome-to-yardstick']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-lighthouse-'))
const port = await freePort()
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }
delete env.DATABASE_URL
const server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/index.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
await new Promise<void>((resolve, reject) => {
	const timer = setTimeout(() => reject(new Error('server did not start in 90 s')), 90_000)
	server.stdout!.on('data', (chunk: Buffer) => {
		if (chunk.toString().includes('Yardstick is running')) {
			clearTimeout(timer)
			resolve()
		}
	})
	server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
})

const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
})

const results: Record<string, Record<string, number>> = {}
try {
	for (const page of PAGES) {
		const run = await lighthouse(`http://127.0.0.1:${port}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
		const categories = run!.lhr.categories
		results[page] = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]))
		// what cost points, so a drop can be acted on
		for (const c of CATEGORIES) {
			for (const ref of categories[c]?.auditRefs ?? []) {
				const audit = run!.lhr.audits[ref.id]
				if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
					console.log(`  ${page} ${c}: ${audit.id} (${audit.title}) score ${audit.score}`)
					if (process.env.LIGHTHOUSE_DETAILS) console.log(String(JSON.stringify(audit.details ?? null)).slice(0, 1500))
				}
			}
		}
	}
} finally {
	await chrome.kill()
	server.kill('SIGTERM')
	await new Promise((resolve) => server.on('exit', resolve))
	fs.rmSync(dataDir, { recursive: true, force: true })
}

const width = Math.max(...PAGES.map((p) => p.length))
console.log(`\nLighthouse ${'(mobile emulation)'}: scores out of 100, target ≥ 95 each\n`)
console.log(`${'page'.padEnd(width)}  ${CATEGORIES.map((c) => c.padStart(14)).join('')}`)
for (const page of PAGES) console.log(`${page.padEnd(width)}  ${CATEGORIES.map((c) => String(results[page]![c]).padStart(14)).join('')}`)
const lowest = Math.min(...Object.values(results).flatMap((r) => Object.values(r)))
console.log(JSON.stringify({ bench: 'lighthouse', pages: results, lowest, target: 95, met: lowest >= 95 }))
