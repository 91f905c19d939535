// The pool's worker entry (app/grass/pool.server.ts): plain JavaScript, so a
// worker thread can load it without a loader; it registers tsx in this thread,
// then loads the TypeScript worker module.
import { register } from 'tsx/esm/api'

register()
const { default: detectInWorker } = await import('./detect-worker.ts')
export default detectInWorker
