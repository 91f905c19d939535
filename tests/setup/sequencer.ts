// Vitest orders files by the durations it cached on earlier runs, and by file size
// where it has none, as on CI's fresh clone. There the slowest files (they train or
// calibrate a model, or start worker processes) started last and one worker ran on
// alone for half a minute. Those files go first; the rest keep Vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const SLOWEST_FIRST = [
	'app/grass/pool.server.test.ts',
	'scripts/grass.test.ts',
	'app/services/bulk-measure.server.test.ts',
	'scripts/grass-calibrate.test.ts',
	'app/services/bulk-worker-crash.server.test.ts',
	'app/grass/learning.server.test.ts',
]

export class SlowestFirstSequencer extends BaseSequencer {
	override async sort(files: TestSpecification[]) {
		const sorted = await super.sort(files)
		const rank = (file: TestSpecification) => {
			const index = SLOWEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`))
			return index === -1 ? SLOWEST_FIRST.length : index
		}
		// Array.prototype.sort is stable: files of equal rank keep Vitest's order
		return [...sorted].sort((a, b) => rank(a) - rank(b))
	}
}
