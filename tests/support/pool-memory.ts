// Run as a child process by app/grass/pool.server.test.ts (with the production allocator
// settings, which glibc reads at start): two detections in a one-worker pool, then this process's
// resident size right after them and after the worker has been idle a moment. Prints one JSON line.
import fs from 'node:fs'
import { runDetection, stopDetectionPool } from '../../app/grass/pool.server.ts'
import { yardDetectTask } from './detect-task.ts'

const residentMb = () => (Number(fs.readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * 4096) / 1048576
const task = await yardDetectTask()
await runDetection(task)
await runDetection(task)
const busy = residentMb()
await new Promise((resolve) => setTimeout(resolve, Number(process.env.IDLE_MS ?? 2500)))
const idle = residentMb()
await stopDetectionPool()
console.log(JSON.stringify({ busy: Math.round(busy), idle: Math.round(idle) }))
