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
	// what the other thread did, written by that thread before it leaves the gate: a message would
	// arrive after the fact (in the main thread's next turn), so it cannot tell which came first
	const left = new Int32Array(new SharedArrayBuffer(4))
	// a thread that enters the same gate (its SharedArrayBuffer), holds it 300 ms, then leaves
	const worker = new Worker(
		`const { workerData, parentPort } = require('node:worker_threads')
		const cells = new Int32Array(workerData.gate)
		const left = new Int32Array(workerData.left)
		Atomics.add(cells, 1, 1)
		parentPort.postMessage('inside')
		setTimeout(() => { Atomics.store(left, 0, 1); Atomics.sub(cells, 1, 1) }, 300)`,
		{ eval: true, workerData: { gate: gate.buffer, left: left.buffer } },
	)
	await new Promise((resolve) => worker.once('message', resolve))
	expect(Atomics.load(left, 0)).toBe(0)
	await gate.close()
	// had close() not waited, it would have resolved while the thread still held the gate (left 0)
	expect(Atomics.load(left, 0)).toBe(1)
	expect(Atomics.load(gate.cells, 1)).toBe(0)
	expect(gate.enter()).toBe(false)
	await worker.terminate()
})
