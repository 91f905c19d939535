// /measure (spec 1 §2): the panel (a bottom sheet on phones, issue 21) and the
// lazily loaded OpenLayers island. The loader and action are in
// measure.server.ts; each panel is a file in app/components/measure.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Form, useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router'
import type { Route } from './+types/measure'
import type { action } from './measure.server.ts'
import { AddressSearch } from '~/components/measure/address-search.tsx'
import { AiModal } from '~/components/measure/ai-analysis.tsx'
import { AiResultPanel } from '~/components/measure/ai-corrections.tsx'
import { ApproximateLocationNotice } from '~/components/measure/approximate-location.tsx'
import { DrawBar } from '~/components/measure/draw-bar.tsx'
import { ImageryDate } from '~/components/measure/imagery-date.tsx'
import { ImageryFailure, ImageryGrid } from '~/components/measure/imagery-failure.tsx'
import { JobCard } from '~/components/measure/job-card.tsx'
import { LocateControl } from '~/components/measure/locate.tsx'
import { MapCredit } from '~/components/measure/map-credit.tsx'
import { MapPlaceholder, MapStatus } from '~/components/measure/map-status.tsx'
import { useMeasureAi } from '~/components/measure/measure-ai.ts'
import { loadShapes, usePendingTotals } from '~/components/measure/pending-totals.ts'
import { MeasureSheet, useCoveredHeight, usePhone, type SheetState } from '~/components/measure/measure-sheet.tsx'
import { ResultsList } from '~/components/measure/results-list.tsx'
import { ToolsPanel, TOOL_NAMES } from '~/components/measure/tools-panel.tsx'
import { UsageMeter } from '~/components/measure/usage-meter.tsx'
import { MapViewPicker, UnitPicker } from '~/components/measure/view-options.tsx'
import { ExportResults } from '~/components/report-export.tsx'
import { useToast } from '~/components/toaster.tsx'
import { Button } from '~/components/ui/button.tsx'
import { addressesMatch } from '~/lib/addresses.ts'
import type { ShapeInput } from '~/lib/shapes.ts'
import type { AreaSurface, LineSurface, Surface } from '~/lib/surfaces.ts'
import { displayUnits, type DisplayUnit } from '~/lib/units.ts'
import type { LocalShape, MapController, MapType, Tool } from '~/map/measure-map.client.tsx'
import type { ApiMeasurement } from '~/services/measurements.server.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'

export { action, loader } from './measure.server.ts'

const MeasureMap = lazy(() => import('~/map/measure-map.client.tsx'))

export const handle: RouteHandle = { footer: 'none' }

export const meta: Route.MetaFunction = () => [{ title: 'Measure | Yardstick' }]

export default function MeasureScreen({ loaderData, actionData }: Route.ComponentProps) {
	const { address, center, measurements, layers } = loaderData
	const toast = useToast()
	const hydrated = useHydrated()
	const controller = useRef<MapController>(null)
	const saver = useFetcher<typeof action>()
	const revalidator = useRevalidator()
	const [tool, setTool] = useState<Tool | null>(null)
	const [local, setLocal] = useState<LocalShape[]>([])
	const [live, setLive] = useState<string | null>(null)
	const [history, setHistory] = useState({ canUndo: false, canRedo: false })
	const [mapType, setMapType] = useState<MapType>(loaderData.initialMapType)
	const [unit, setUnit] = useState<DisplayUnit>(loaderData.initialUnit)
	const [viewingId, setViewingId] = useState<string | null>(loaderData.viewingId)
	const [editingId, setEditingId] = useState<string | null>(null)
	const [training, setTraining] = useState(false)
	// issue 32: what the next area and the next line are; lawn measuring is the common case
	const [surface, setSurface] = useState<{ area: AreaSurface; line: LineSurface }>({ area: 'lawn', line: 'edging' })
	const chooseSurface = (kind: 'area' | 'line', next: Surface) => setSurface((current) => ({ ...current, [kind]: next }))
	// phones (issue 21): the panel is a bottom sheet; the map's visible area is the part above it
	const phone = usePhone()
	const [sheet, setSheet] = useState<SheetState>('collapsed')
	const [sketchPoints, setSketchPoints] = useState<number | null>(null)
	const sheetRef = useRef<HTMLElement>(null)
	const mapSectionRef = useRef<HTMLElement>(null)
	const { covered: bottomInset, read: readBottomInset } = useCoveredHeight(phone, mapSectionRef, sheetRef)
	const units = displayUnits(unit)
	const { ai, corrections, run: runAi } = useMeasureAi({ controller, toast, address, center, tierId: loaderData.tierId, hasAi: loaderData.hasAi })
	const [failedImagery, setFailedImagery] = useState<ReadonlySet<MapType>>(new Set())
	const onImageryFailure = useCallback((type: MapType, failed: boolean) => {
		setFailedImagery((current) => {
			if (current.has(type) === failed) return current
			const next = new Set(current)
			if (failed) next.add(type)
			else next.delete(type)
			return next
		})
	}, [])
	const navigate = useNavigate()
	const location = useLocation()
	// the tapped point becomes the property centre: in the URL, so the AI, the save and the report use it
	const pickCentre = useCallback(
		(p: { lat: number; lng: number }) => {
			const params = new URLSearchParams(location.search)
			params.set('lat', p.lat.toFixed(7))
			params.set('lng', p.lng.toFixed(7))
			params.set('centre', 'set')
			void navigate(`${location.pathname}?${params}`, { replace: true, preventScrollReset: true })
		},
		[location.pathname, location.search, navigate],
	)

	const saved = useMemo(() => measurements.filter((m) => !address || addressesMatch(m.address, address)), [measurements, address])
	const savedShapes = useMemo(() => saved.map((m, i) => ({ id: m.id, label: m.label || `Area #${i + 1}`, shapes: m.shapes as ShapeInput[] })), [saved])

	// a new address clears local shapes, the highlight and overlays (spec 1 §4)
	const lastAddress = useRef(address)
	useEffect(() => {
		if (lastAddress.current === address) return
		lastAddress.current = address
		controller.current?.clearLocal()
		setViewingId(loaderData.viewingId)
		setEditingId(null)
		setTool(null)
	}, [address, loaderData.viewingId])

	// the measurement being edited was deleted (here or by a teammate): stop editing it
	useEffect(() => {
		if (editingId && !saved.some((m) => m.id === editingId)) setEditingId(null)
	}, [saved, editingId])

	// toasts from the form posts
	useEffect(() => {
		const t = actionData && 'toast' in actionData ? actionData.toast : null
		if (t) toast(t)
	}, [actionData, toast])

	// after a save: clear the pending shapes, keep editing what was saved, refresh
	useEffect(() => {
		const result = saver.data
		if (!result || saver.state !== 'idle') return
		if ('toast' in result && result.toast) toast(result.toast)
		if ('saved' in result && result.saved) {
			controller.current?.clearLocal()
			corrections.reset()
			setEditingId(result.saved.id)
			setViewingId(result.saved.id)
			revalidator.revalidate()
		}
	}, [saver.data, saver.state])

	// deep link: show the measurement once the map is up, once — never again after a revalidation,
	// and not at all once the user has chosen another one (a click in the first moments used to be undone)
	const deepLinkDone = useRef<string | null>(null)
	useEffect(() => {
		const id = loaderData.viewingId
		if (!hydrated || !id || deepLinkDone.current === id) return
		const timer = setTimeout(() => {
			if (deepLinkDone.current !== id && controller.current?.showMeasurement(id, true)) deepLinkDone.current = id
		}, 300)
		return () => clearTimeout(timer)
	}, [hydrated, loaderData.viewingId, savedShapes])

	const requireAddress = () => {
		if (address) return true
		toast({ title: 'Address Required', description: 'Please enter a property address first.', type: 'destructive' })
		return false
	}

	const chooseTool = (next: Tool) => {
		if (!requireAddress()) return
		corrections.setMode(null)
		if (next === 'polyline') setUnit((u) => (['feet', 'yards', 'meters'].includes(u) ? u : 'feet'))
		setTool((current) => (current === next ? null : next))
		// on a phone the sheet gets out of the way of the drawing
		setSheet('collapsed')
	}

	const save = async () => {
		if (!local.length) return
		const invalid = local.find((s) => Object.keys(s.problems).length)
		if (invalid) {
			toast({ title: 'Save Failed', description: Object.values(invalid.problems)[0]!, type: 'destructive' })
			return
		}
		const shapes = local.map(({ problems: _p, ...shape }) => shape)
		const totals = (await loadShapes()).computeTotals(shapes)
		const measurement = {
			shapes,
			total_area_sqft: totals.total_area_sqft,
			total_area_acres: totals.total_area_acres,
			total_area_sqm: totals.total_area_sqm,
			shape_count: totals.shape_count,
			measurement_type: shapes.some((s) => s.measurement_type === 'ai') ? 'ai' : 'manual',
			// verified when the user edited an AI shape (spec 1 §2); manual shapes are the user's own
			user_verified: shapes.some((s) => s.measurement_type === 'ai' && s.user_verified === 'true') ? 'true' : 'false',
			is_training_data: loaderData.allowAiTraining && training ? 'true' : 'false',
			map_type: mapType,
		}
		if (editingId) {
			const existing = saved.find((m) => m.id === editingId)
			saver.submit(
				{ intent: 'update', id: editingId, measurement: { ...measurement, label: existing?.label ?? 'Updated Measurement' } },
				{ method: 'post', encType: 'application/json' },
			)
		} else {
			saver.submit(
				{
					intent: 'save',
					measurement: { ...measurement, address, property_center: center, yard_type: totals.total_area_sqft > 1500 ? 'back_yard' : 'front_yard' },
				},
				{ method: 'post', encType: 'application/json' },
			)
		}
	}

	const edit = (m: ApiMeasurement) => {
		controller.current?.clearLocal()
		controller.current?.loadLocal(m.shapes as ShapeInput[])
		setEditingId(m.id)
		setViewingId(null)
	}

	const pendingTotals = usePendingTotals(local)
	const savedTotals = useMemo(
		() => ({ sqft: saved.reduce((s, m) => s + m.total_area_sqft, 0), feet: saved.reduce((s, m) => s + m.total_distance_feet, 0) }),
		[saved],
	)

	const aiClick = () => {
		if (requireAddress() && runAi()) setTool(null)
	}

	return (
		<div className="measure-screen flex flex-col lg:h-[calc(100vh-4rem)] lg:flex-row max-md:relative max-md:min-h-0 max-md:flex-1 max-md:overflow-clip">
			<MeasureSheet
				state={sheet}
				onStateChange={setSheet}
				sheetRef={sheetRef}
				anchorKey={corrections.summary ? 'ai-result' : 'tools'}
				drawBar={
					phone && tool ? (
						<DrawBar
							tool={tool}
							toolName={TOOL_NAMES[tool]}
							points={sketchPoints ?? 0}
							live={live}
							onUndo={() => controller.current?.removeLastPoint()}
							onCancel={() => {
								controller.current?.abortDrawing()
								setTool(null)
							}}
							onDone={() => controller.current?.finishDrawing()}
							surface={tool === 'polyline' ? surface.line : surface.area}
							onSurface={(next) => chooseSurface(tool === 'polyline' ? 'line' : 'area', next)}
						/>
					) : null
				}
			>
				{/* phones show the sections in the sheet's order: address and job first (max-md:order-*); with
				    JavaScript the address is a search bar floating over the top of the map, beside the location button */}
				<div className="max-md:order-1 phone-js:absolute phone-js:top-3 phone-js:right-[4.25rem] phone-js:left-3">
					<AddressSearch defaultValue={address ?? ''} />
				</div>

				<UsageMeter className="max-md:order-5" used={loaderData.usage.used} limit={loaderData.usage.limit} />

				<ToolsPanel
					className="max-md:order-4"
					hasAddress={Boolean(address)}
					canExclude={local.some((s) => s.type === 'polygon' || s.type === 'rectangle')}
					tool={tool}
					history={history}
					onAi={aiClick}
					onTool={chooseTool}
					onUndo={() => controller.current?.undo()}
					onRedo={() => controller.current?.redo()}
					surface={surface}
					onSurface={chooseSurface}
				/>

				<JobCard
					className="rounded-lg border border-gray-200 p-3 max-md:order-2 peek:border-0 peek:p-0 dark:border-gray-700"
					address={address}
					editing={Boolean(editingId)}
					live={live}
					pendingCount={local.length}
					totals={pendingTotals}
					units={units}
					trainingOffered={loaderData.allowAiTraining}
					training={training}
					onTraining={setTraining}
					saving={saver.state !== 'idle'}
					onSave={save}
				/>

				<AiResultPanel
					className="max-md:order-3"
					corrections={corrections}
					onPick={() => {
						setTool(null)
						// the next tap goes on the map: the sheet gets out of its way
						setSheet('collapsed')
					}}
				/>

				<ResultsList
					className="max-md:order-6"
					saved={saved}
					local={local}
					units={units}
					viewingId={viewingId}
					allowAiTraining={loaderData.allowAiTraining}
					onView={(id) => {
						deepLinkDone.current = loaderData.viewingId
						setViewingId(id)
						controller.current?.showMeasurement(id)
					}}
					onEdit={edit}
					onRemoveLocal={(id) => controller.current?.removeLocal(id)}
					onLocalSurface={(id, next) => controller.current?.setLocalSurface(id, next)}
					savedTotals={savedTotals}
				/>

				{address && saved.length > 1 ? (
					<Form method="post" className="max-md:order-7">
						<input type="hidden" name="intent" value="combine" />
						<input type="hidden" name="address" value={address} />
						<Button type="submit" variant="secondary" className="w-full">
							Combine Measurements
						</Button>
					</Form>
				) : null}

				<Button
					type="button"
					variant="secondary"
					className="w-full max-md:order-8 max-md:min-h-11"
					onClick={() => {
						controller.current?.clearLocal()
						corrections.reset()
						setViewingId(null)
						setEditingId(null)
						setTool(null)
					}}
				>
					Clear All Measurements
				</Button>

				<MapViewPicker className="max-md:order-9" mapType={mapType} onChange={setMapType} />

				<UnitPicker className="max-md:order-10" unit={unit} onChange={setUnit} />

				{saved.length > 0 && address ? (
					<div className="max-md:order-11">
						<ExportResults target={{ address }} priceList={loaderData.priceList} />
					</div>
				) : null}
			</MeasureSheet>

			{ai.open ? <AiModal step={ai.step} onCancel={ai.cancel} /> : null}
			{/* on phones the map fills the screen down to the collapsed sheet; taller sheets pad the map's view */}
			<section
				ref={mapSectionRef}
				className="relative h-[70vh] flex-none lg:h-auto lg:flex-1 max-md:absolute max-md:inset-x-0 max-md:top-0 max-md:bottom-(--sheet-peek) max-md:h-auto"
				aria-label="Map"
			>
				<MapStatus tool={tool} phone={phone} correction={corrections.active ? corrections.mode : null} />
				{hydrated ? <LocateControl key={address ?? ''} onCentre={(at) => controller.current?.centreOn(at)} /> : null}
				<MapCredit layers={layers} mapType={mapType} bottomInset={bottomInset} />
				{loaderData.approximate ? <ApproximateLocationNotice approximate={loaderData.approximate} /> : null}
				{failedImagery.has(mapType) ? null : <ImageryDate info={loaderData.imageryInfo} source={loaderData.providers[mapType]} bottomInset={bottomInset} />}
				{failedImagery.has(mapType) ? (
					<>
						<ImageryGrid />
						<ImageryFailure
							provider={loaderData.providers[mapType]}
							current={mapType}
							failed={failedImagery}
							onRetry={() => controller.current?.retryImagery(mapType)}
							onSwitch={setMapType}
						/>
					</>
				) : null}
				{hydrated ? (
					<Suspense fallback={<MapPlaceholder />}>
						<MeasureMap
							layers={layers}
							mapType={mapType}
							center={center}
							saved={savedShapes}
							viewingId={viewingId}
							areaUnit={units.area}
							lengthUnit={units.length}
							tool={tool}
							surface={surface}
							onToolDone={() => setTool(null)}
							onLocalChange={setLocal}
							onLiveFigure={setLive}
							onSketch={setSketchPoints}
							bottomInset={bottomInset}
							readBottomInset={readBottomInset}
							onHistory={setHistory}
							onSelectSaved={setViewingId}
							seedMode={corrections.active && !tool ? corrections.mode : null}
							onSeedTap={corrections.tap}
							onSeedsChange={corrections.setSeeds}
							controllerRef={controller}
							onPickCentre={loaderData.approximate ? pickCentre : null}
							pin={loaderData.approximate ? center : null}
							onImageryFailure={onImageryFailure}
						/>
					</Suspense>
				) : (
					<MapPlaceholder />
				)}
			</section>
		</div>
	)
}
