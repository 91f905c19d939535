// One closing line for the whole `npm test` run: "N passed, N failed".
import fs from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null)

const vitest = read('tmp/vitest.json')
if (vitest) {
	passed += vitest.numPassedTests
	failed += vitest.numFailedTests
	skipped += vitest.numPendingTests + vitest.numTodoTests
} else failed += 1

const playwright = read('tmp/playwright.json')
if (playwright) {
	passed += playwright.stats.expected
	failed += playwright.stats.unexpected + playwright.stats.flaky
	skipped += playwright.stats.skipped
} else failed += 1

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
