// Run as a child process by app/grass/pool-memory.server.test.ts (with the production allocator
// settings, which glibc reads at start): two detections in a one-worker pool, then this process's
// resident size right after them and after the worker has been idle a moment. Prints one JSON line.
import fs from 'node:fs'
import { generateScene } from '../../bench/grass/scene.ts'
import { propertyRoi } from '../../app/grass/detect.ts'
import { groundPixelAreaM2, project } from '../../app/grass/mercator.ts'
import { runDetection, stopDetectionPool } from '../../app/grass/pool.server.ts'

const residentMb = () => (Number(fs.readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * 4096) / 1048576
const center = { lat: 39.7392, lng: -104.9903 }
const scene = await generateScene({ seed: 4242, zoom: 20, center })
const c = project(center, 20)
const task = {
	image: scene.image,
	mpp: scene.mpp,
	pixelAreaM2: groundPixelAreaM2(center.lat, 20),
	georef: { left: Math.round(c.x - scene.image.width / 2), top: Math.round(c.y - scene.image.height / 2), zoom: 20 },
	roi: propertyRoi(scene.image.width, scene.image.height, scene.mpp),
	learned: null,
	seeds: null,
}
await runDetection(task)
await runDetection(task)
const busy = residentMb()
await new Promise((resolve) => setTimeout(resolve, Number(process.env.IDLE_MS ?? 2500)))
const idle = residentMb()
await stopDetectionPool()
console.log(JSON.stringify({ busy: Math.round(busy), idle: Math.round(idle) }))
