// A detection task on a generated yard (the pool's tests and tests/support/pool-memory.ts): the
// scene at zoom 20 around `center`, the property window in its middle, no learned model or taps.
import { generateScene } from '../../bench/grass/scene.ts'
import { propertyRoi } from '../../app/grass/detect.ts'
import type { DetectTask } from '../../app/grass/detect-worker.ts'
import { groundPixelAreaM2, project } from '../../app/lib/web-mercator.ts'

export async function yardDetectTask(seed = 4242, center = { lat: 39.7392, lng: -104.9903 }): Promise<Omit<DetectTask, 'progress'>> {
	const scene = await generateScene({ seed, zoom: 20, center })
	const c = project(center, 20)
	return {
		image: scene.image,
		mpp: scene.mpp,
		pixelAreaM2: groundPixelAreaM2(center.lat, 20),
		georef: { left: Math.round(c.x - scene.image.width / 2), top: Math.round(c.y - scene.image.height / 2), zoom: 20 },
		roi: propertyRoi(scene.image.width, scene.image.height, scene.mpp),
		learned: null,
		seeds: null,
	}
}
