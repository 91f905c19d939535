// A gate around the lawn CNN's work in onnxruntime-node (cnn.ts: the session's
// creation and each forward pass, each one synchronous native call on the calling
// thread). A worker thread terminated while one runs (a cancelled detection, the
// pool stopped, the process exiting) aborts the whole process: the call returns
// into a thread that is being torn down and throws a C++ exception nobody catches
// ("terminate called after throwing an instance of 'Napi::Error'", exit 134;
// tests/support/stop-during-cnn.ts). So a pass enters a gate first, and
// whoever is about to terminate closes the gate and waits until no pass is in it:
// from then on no pass starts (cnnLogOdds throws GateClosedError), and the
// thread can go. The gate's two counters live in a SharedArrayBuffer, so one gate
// can be seen by the pool's threads and the thread that stops them.
import { workerData } from 'node:worker_threads'

const CLOSED = 0
const INSIDE = 1

export class GateClosedError extends Error {
	constructor() {
		super('The detection was stopped.')
		this.name = 'GateClosedError'
	}
}

export class RunGate {
	readonly cells: Int32Array
	constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
		this.cells = new Int32Array(buffer)
	}

	get buffer(): SharedArrayBuffer {
		return this.cells.buffer as SharedArrayBuffer
	}

	/** Goes in unless the gate is closed (false then). Sequentially consistent: a `close()` either sees this pass inside or this sees it closed. */
	enter(): boolean {
		Atomics.add(this.cells, INSIDE, 1)
		if (Atomics.load(this.cells, CLOSED) === 0) return true
		Atomics.sub(this.cells, INSIDE, 1)
		return false
	}

	leave(): void {
		Atomics.sub(this.cells, INSIDE, 1)
	}

	/**
	 * Closes the gate and resolves once no pass is inside (a pass is ~50 ms for a map window; a worker
	 * starved of a core gets its priority back, pool.server.ts). There is no time limit: a pass is
	 * finite work, and giving up on it would terminate its thread mid-pass, which aborts the whole
	 * process. (It gave up after 10 s once; with 12 busy processes on 2 cores a cancelled pass took
	 * longer, and the process aborted: tests/support/stop-during-cnn.ts, exit 134.)
	 */
	async close(): Promise<void> {
		Atomics.store(this.cells, CLOSED, 1)
		while (Atomics.load(this.cells, INSIDE) > 0) await new Promise((resolve) => setTimeout(resolve, 5))
	}

	open(): void {
		Atomics.store(this.cells, CLOSED, 0)
	}

	/** Runs `pass` inside every gate given (all or none), or throws GateClosedError when one is closed. */
	static async through<T>(gates: RunGate[], pass: () => Promise<T>): Promise<T> {
		const entered: RunGate[] = []
		try {
			for (const gate of gates) {
				if (!gate.enter()) throw new GateClosedError()
				entered.push(gate)
			}
			return await pass()
		} finally {
			for (const gate of entered) gate.leave()
		}
	}
}

const shared = globalThis as typeof globalThis & { yardstickCnnGate?: RunGate }

/**
 * The process's gate: made by the main thread, handed to the detection pool's workers in their
 * `workerData` (pool.server.ts), so stopping the pool can wait for every pass in every thread.
 */
export function processCnnGate(): RunGate {
	const given = (workerData as { cnnGate?: unknown } | null)?.cnnGate
	return (shared.yardstickCnnGate ??= new RunGate(given instanceof SharedArrayBuffer ? given : undefined))
}
