// One closing line for the whole `npm test` run: "N passed, N failed", and above it each failed
// test with the first lines of its error — CI keeps only the end of a long log, so a failure far
// up in the Vitest part must be named here again.
import fs from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const failures = []
const firstLines = (text = '') =>
	text
		.replace(/\u001b\[[0-9;]*m/g, '')
		.split('\n')
		.filter((line) => line.trim())
		.slice(0, 4)
		.map((line) => `    ${line.trim().slice(0, 240)}`)
		.join('\n')
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null)

const vitest = read('tmp/vitest.json')
if (vitest) {
	passed += vitest.numPassedTests
	failed += vitest.numFailedTests
	skipped += vitest.numPendingTests + vitest.numTodoTests
	for (const file of vitest.testResults) {
		const name = file.name.replace(`${process.cwd()}/`, '')
		const failedTests = file.assertionResults.filter((t) => t.status === 'failed')
		for (const test of failedTests) failures.push(`vitest ${name} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`)
		// a file that failed with no failed test (it did not load, a hook threw) counts as one failure
		if (file.status === 'failed' && failedTests.length === 0) {
			failed += 1
			failures.push(`vitest ${name}\n${firstLines(file.message)}`)
		}
	}
} else failed += 1

const playwright = read('tmp/playwright.json')
if (playwright) {
	passed += playwright.stats.expected
	failed += playwright.stats.unexpected + playwright.stats.flaky
	skipped += playwright.stats.skipped
	const walk = (suite) => {
		for (const spec of suite.specs ?? [])
			for (const test of spec.tests.filter((t) => t.status === 'unexpected' || t.status === 'flaky'))
				failures.push(
					`playwright [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}${test.status === 'flaky' ? ' (flaky: failed, then passed on retry)' : ''}\n${firstLines(test.results.find((r) => r.error)?.error?.message)}`,
				)
		for (const child of suite.suites ?? []) walk(child)
	}
	for (const suite of playwright.suites ?? []) walk(suite)
} else failed += 1

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
