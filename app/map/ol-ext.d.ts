// ol-ext ships no types (shared STACK.md); the parts we use, typed loosely.
declare module 'ol-ext/interaction/UndoRedo' {
	import type Interaction from 'ol/interaction/Interaction'
	import type VectorLayer from 'ol/layer/Vector'
	export default class UndoRedo extends Interaction {
		constructor(options?: { maxLength?: number; layers?: VectorLayer[] })
		undo(): void
		redo(): void
		clear(): void
		hasUndo(): number
		hasRedo(): number
		/** a custom undoable action: `push(action, prop)` records one, undo/redo call these with `prop` */
		define<P>(action: string, undo: (prop: P) => unknown, redo: (prop: P) => unknown): void
		push(action: string, prop: unknown, name?: string): boolean
		/** everything recorded between these is one undo step */
		blockStart(name?: string): void
		blockEnd(): void
	}
}
declare module 'ol-ext/interaction/DrawHole' {
	import type Draw from 'ol/interaction/Draw'
	import type VectorLayer from 'ol/layer/Vector'
	import type { StyleLike } from 'ol/style/Style'
	export default class DrawHole extends Draw {
		constructor(options?: { layers?: VectorLayer[] | ((layer: unknown) => boolean); style?: StyleLike })
	}
}
