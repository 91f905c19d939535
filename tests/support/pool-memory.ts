// Run as a child process by app/grass/pool.server.test.ts (with the production allocator
// settings, which glibc reads at start): two detections in a one-worker pool, then this process's
// resident size right after them and its lowest while the worker sits idle: looked at every 100 ms
// until it has dropped by DROP_MB or IDLE_MS have passed (the worker's idle step runs a second after
// its last detection, later on a machine whose cores are taken: it runs below the server's priority).
// Prints one JSON line.
import fs from 'node:fs'
import { runDetection, stopDetectionPool } from '../../app/grass/pool.server.ts'
import { yardDetectTask } from './detect-task.ts'

const residentMb = () => (Number(fs.readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * 4096) / 1048576
const task = await yardDetectTask()
await runDetection(task)
await runDetection(task)
const busy = residentMb()
const started = Date.now()
let idle = busy
while (busy - idle < Number(process.env.DROP_MB ?? 5) && Date.now() - started < Number(process.env.IDLE_MS ?? 2500)) {
	await new Promise((resolve) => setTimeout(resolve, 100))
	idle = Math.min(idle, residentMb())
}
const waitedMs = Date.now() - started
await stopDetectionPool()
console.log(JSON.stringify({ busy: Math.round(busy), idle: Math.round(idle), waitedMs }))
