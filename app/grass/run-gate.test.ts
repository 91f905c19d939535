import { Worker } from 'node:worker_threads'
import { expect, test } from 'vitest'
import { GateClosedError, RunGate } from './run-gate.ts'

test('a pass goes through an open gate; a closed one refuses it with GateClosedError and counts nothing inside', async () => {
	const gate = new RunGate()
	expect(await RunGate.through([gate], async () => 7)).toBe(7)
	expect(Atomics.load(gate.cells, 1)).toBe(0)
	await expect(RunGate.through([gate], async () => Promise.reject(new Error('pass failed')))).rejects.toThrow('pass failed')
	expect(Atomics.load(gate.cells, 1)).toBe(0)
	await gate.close()
	let ran = false
	await expect(RunGate.through([new RunGate(), gate], async () => (ran = true))).rejects.toBeInstanceOf(GateClosedError)
	expect(ran).toBe(false)
	expect(Atomics.load(gate.cells, 1)).toBe(0)
	gate.open()
	expect(await RunGate.through([gate], async () => 'again')).toBe('again')
})

test('closing waits for the pass inside, in another thread, to leave', async () => {
	const gate = new RunGate()
	// a thread that enters the same gate (its SharedArrayBuffer), holds it 300 ms, then leaves
	const worker = new Worker(
		`const { workerData, parentPort } = require('node:worker_threads')
		const cells = new Int32Array(workerData)
		Atomics.add(cells, 1, 1)
		parentPort.postMessage('inside')
		setTimeout(() => { Atomics.sub(cells, 1, 1); parentPort.postMessage('left') }, 300)`,
		{ eval: true, workerData: gate.buffer },
	)
	const events: string[] = []
	worker.on('message', (m: string) => events.push(m))
	await new Promise((resolve) => worker.once('message', resolve))
	await gate.close()
	events.push('closed')
	expect(events).toEqual(['inside', 'left', 'closed'])
	expect(gate.enter()).toBe(false)
	await worker.terminate()
})
