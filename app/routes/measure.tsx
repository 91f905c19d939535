import { parseWithZod } from '@conform-to/zod/v4'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { data, Form, redirect, useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router'
import type { Route } from './+types/measure'
import { AddressSearch } from '~/components/measure/address-search.tsx'
import { AiModal, useAiAnalysis, type AiResult } from '~/components/measure/ai-analysis.tsx'
import { ApproximateLocationNotice, type Approximate } from '~/components/measure/approximate-location.tsx'
import { ImageryFailure, ImageryGrid } from '~/components/measure/imagery-failure.tsx'
import { DrawBar } from '~/components/measure/draw-bar.tsx'
import { ImageryDate } from '~/components/measure/imagery-date.tsx'
import { MeasureSheet, useCoveredHeight, usePhone, type SheetState } from '~/components/measure/measure-sheet.tsx'
import { imageryProviderName } from '~/lib/imagery-providers.ts'
import { AiResultPanel, useAiCorrections } from '~/components/measure/ai-corrections.tsx'
import { useToast } from '~/components/toaster.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { getEnv } from '~/env.server.ts'
import { getGeocoder } from '~/integrations/geocoder.server.ts'
import { getSatelliteImagery } from '~/integrations/satellite.server.ts'
import { imageryInfoOrNull } from '~/integrations/imagery-info.server.ts'
import { addressesMatch } from '~/lib/addresses.ts'
import { parsePrecision } from '~/lib/geocode-precision.ts'
import { squareAround } from '~/lib/geodesy.ts'
import { MeasureFormSchema, SaveIntent } from '~/lib/schemas/measure-screen.ts'
import { computeTotals, type ShapeInput } from '~/lib/shapes.ts'
import { approximatePerimeterFeet, DISPLAY_UNITS, displayUnits, formatArea, formatLength, type DisplayUnit } from '~/lib/units.ts'
import type { LayerConfig, LocalShape, MapController, MapType, Tool } from '~/map/measure-map.client.tsx'
import { requireActor } from '~/services/auth.server.ts'
import {
	combineMeasurements,
	createMeasurement,
	deleteMeasurement,
	getMeasurement,
	listMeasurements,
	updateMeasurement,
	type ApiMeasurement,
} from '~/services/measurements.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { incrementSearch } from '~/services/usage.server.ts'
import { listPrices } from '~/services/price-list.server.ts'
import { ExportResults } from '~/components/report-export.tsx'
import { ResultsList } from '~/components/measure/results-list.tsx'
import { cn } from '~/utils/cn.ts'
import { HttpError } from '~/utils/http.server.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'

const MeasureMap = lazy(() => import('~/map/measure-map.client.tsx'))

export const handle: RouteHandle = { footer: 'none' }

export const meta: Route.MetaFunction = () => [{ title: 'Measure | Yardstick' }]

const MAP_TYPES: { value: MapType; label: string }[] = [
	{ value: 'satellite', label: 'Satellite' },
	{ value: 'hybrid', label: 'Hybrid' },
	{ value: 'terrain', label: 'Terrain' },
	{ value: 'roadmap', label: 'Roadmap' },
]

function coordinate(value: string | null, limit: number) {
	if (value === null || value.trim() === '') return null
	const n = Number(value)
	return Number.isFinite(n) && Math.abs(n) <= limit ? n : null
}

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireActor(request)
	const url = new URL(request.url)
	let address = url.searchParams.get('address')?.trim() || null
	const lat = coordinate(url.searchParams.get('lat'), 90)
	const lng = coordinate(url.searchParams.get('lng'), 180)
	const viewingId = url.searchParams.get('id')
	if (viewingId && !address && user.organizationId) {
		// a deep link without its address: take it from the measurement (404s stay quiet)
		address = await getMeasurement(user, viewingId).then((m) => m.address, () => null)
	}
	const measurements: ApiMeasurement[] =
		address && user.organizationId ? (await listMeasurements(user, { address, page: 1, limit: 500 })).measurements : []
	const env = getEnv()
	// the satellite provider and its required credit; its template carries its browser key, if any (satellite.server.ts)
	const satellite = await getSatelliteImagery().resolve({ signal: request.signal })
	const layers: LayerConfig = {
		satellite: satellite.template,
		hybrid: env.HYBRID_TILE_URL,
		terrain: env.TERRAIN_TILE_URL,
		roadmap: env.ROADMAP_TILE_URL,
		attribution: env.TILE_ATTRIBUTION,
		attributions: { satellite: satellite.attribution },
		// Google's logo over its layer (its terms); only when the layer is Google's now (not USGS meanwhile)
		logos: satellite.logo ? { satellite: satellite.logo } : undefined,
		maxZoom: env.TILE_MAX_ZOOM,
		timeoutMs: env.TILE_FETCH_TIMEOUT_MS,
	}
	const providers = Object.fromEntries(
		(['satellite', 'hybrid', 'terrain', 'roadmap'] as const).map((t) => [t, t === 'satellite' ? satellite.name : imageryProviderName(layers[t])]),
	) as Record<MapType, string>
	// a ZIP or city centroid (issue 18 §2): the notice, until a tap sets the property centre
	const precision = parsePrecision(url.searchParams.get('precision'))
	const approximate: Approximate | null =
		lat !== null && lng !== null && precision && precision !== 'address'
			? { precision, near: url.searchParams.get('near')?.slice(0, 200) || address || '', pinned: url.searchParams.get('centre') === 'set' }
			: null
	const org = user.organization
	const initialUnit = (user.preferredUnit ?? org?.defaultUnit ?? 'sqft') as DisplayUnit
	const center = lat !== null && lng !== null ? { lat, lng } : null
	return {
		address,
		center,
		// streamed: the page does not wait for the provider's metadata service
		imageryInfo: imageryInfoOrNull(center, { signal: request.signal }),
		approximate,
		viewingId,
		measurements,
		layers,
		providers,
		initialMapType: (user.preferredMapType ?? org?.defaultMapType ?? 'hybrid') as MapType,
		initialUnit,
		usage: { used: user.usageStats.searches, limit: user.usageStats.searchLimit },
		allowAiTraining: org?.allowAiTraining ?? false,
		tierId: org?.subscriptionTierId ?? null,
		hasAi: org?.features.hasAiMeasurement ?? false,
		hasOrganization: Boolean(user.organizationId),
		priceList: user.organizationId && measurements.length ? await listPrices(user, user.organizationId) : [],
	}
}

type ActionToast = { title: string; description: string; type?: 'destructive' | 'success' }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireActor(request)
	const fail = (error: unknown, title: string, fallback: string) => {
		if (!(error instanceof HttpError)) throw error
		return data({ toast: { title, description: error.message || fallback, type: 'destructive' } as ActionToast, fields: error.fields }, { status: error.status })
	}

	// saving shapes from the map: JSON through the same services as /api/measurements
	if (request.headers.get('content-type')?.includes('application/json')) {
		const json = await request.json().catch(() => null)
		const body = SaveIntent.safeParse(json)
		if (!body.success) {
			const updating = (json as { intent?: string } | null)?.intent === 'update'
			const detail = body.error.issues[0]?.message
			return data(
				{ toast: { title: updating ? 'Update Failed' : 'Save Failed', description: detail ?? (updating ? 'Failed to update measurement' : 'Failed to save measurement'), type: 'destructive' } as ActionToast },
				{ status: 400 },
			)
		}
		if (body.data.intent === 'save') {
			try {
				const saved = await createMeasurement(user, body.data.measurement)
				return { saved, toast: { title: 'Measurement Saved', description: 'Your measurement has been saved successfully.', type: 'success' } as ActionToast }
			} catch (error) {
				return fail(error, 'Save Failed', 'Failed to save measurement')
			}
		}
		try {
			const saved = await updateMeasurement(user, body.data.id, body.data.measurement)
			return { saved, toast: { title: 'Measurement Updated', description: 'Measurement updated successfully.', type: 'success' } as ActionToast }
		} catch (error) {
			return fail(error, 'Update Failed', 'Failed to update measurement')
		}
	}

	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: MeasureFormSchema })
	if (submission.status !== 'success') {
		const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Please check the form'
		return data({ toast: { title: 'Address Required', description: message, type: 'destructive' } as ActionToast }, { status: 400 })
	}
	const form = submission.value
	const back = new URL(request.url)
	switch (form.intent) {
		case 'search': {
			try {
				await incrementSearch(user)
			} catch (error) {
				return fail(error, 'Usage Limit Reached', 'You have reached your search limit for this month.')
			}
			const params = new URLSearchParams({ address: form.address })
			// spec 1 §5: if geocoding fails, only the text is passed on
			const place = await getGeocoder()
				.geocode(form.place_id || form.address, { signal: request.signal })
				.catch((error) => {
					console.warn('Geocoding failed', error instanceof Error ? error.message : error)
					return null
				})
			if (place) {
				params.set('lat', String(place.lat))
				params.set('lng', String(place.lng))
				// only a ZIP or city centroid: the page asks for a tap on the property (issue 18 §2)
				if (place.precision !== 'address') {
					params.set('precision', place.precision)
					params.set('near', place.matched)
				}
			}
			return redirect(`/measure?${params}`)
		}
		case 'rename':
			try {
				await updateMeasurement(user, form.id, { label: form.label })
				return redirectWithToast(back.pathname + back.search, { title: 'Measurement Updated', description: 'Measurement updated successfully.', type: 'success' })
			} catch (error) {
				return fail(error, 'Update Failed', 'Failed to update measurement')
			}
		case 'delete':
			try {
				await deleteMeasurement(user, form.id)
				if (back.searchParams.get('id') === form.id) back.searchParams.delete('id')
				return redirectWithToast(back.pathname + back.search, { title: 'Measurement Deleted', description: 'Measurement deleted successfully.', type: 'success' })
			} catch (error) {
				return fail(error, 'Delete Failed', 'Failed to delete measurement')
			}
		case 'combine': {
			const combined = await combineMeasurements(user, form.address)
			if (!combined) return { toast: null }
			back.searchParams.set('id', combined.id)
			return redirectWithToast(back.pathname + back.search, { title: 'Measurements Combined', description: `${combined.label} now holds ${combined.shape_count} shapes.`, type: 'success' })
		}
	}
}

/** True once React has hydrated: the map island only exists in the browser. */
function useHydrated() {
	return useSyncExternalStore(
		() => () => {},
		() => true,
		() => false,
	)
}

const TOOLS: { tool: Tool; label: string }[] = [
	{ tool: 'polygon', label: 'Draw Polygon' },
	{ tool: 'rectangle', label: 'Draw Rectangle' },
	{ tool: 'circle', label: 'Draw Circle' },
	{ tool: 'polyline', label: 'Measure Distance' },
]
const TOOL_NAMES: Record<Tool, string> = { polygon: 'polygon', rectangle: 'rectangle', circle: 'circle', polyline: 'distance', hole: 'excluded area' }

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
	// phones (issue 21): the panel is a bottom sheet; the map's visible area is the part above it
	const phone = usePhone()
	const [sheet, setSheet] = useState<SheetState>('collapsed')
	const [sketchPoints, setSketchPoints] = useState<number | null>(null)
	const sheetRef = useRef<HTMLElement>(null)
	const mapSectionRef = useRef<HTMLElement>(null)
	const bottomInset = useCoveredHeight(phone, mapSectionRef, sheetRef)
	const units = displayUnits(unit)
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

	// deep link: show the measurement once the map is up
	useEffect(() => {
		if (!hydrated || !loaderData.viewingId) return
		const timer = setTimeout(() => controller.current?.showMeasurement(loaderData.viewingId!, true), 300)
		return () => clearTimeout(timer)
	}, [hydrated, loaderData.viewingId, savedShapes])

	const corrections = useAiCorrections({ controller, toast })
	const onAiResult = useCallback(
		(result: AiResult) => {
			controller.current?.loadLocal(
				result.grassAreas.map((area) => ({
					type: 'polygon' as const,
					coordinates: area.coordinates,
					// trees and beds inside a lawn come back as holes; area_sqft is net of them
					...(area.holes?.length ? { holes: area.holes } : {}),
					measurement_type: 'ai' as const,
					ai_confidence: area.ai_confidence ?? area.confidence,
				})),
			)
			const total = Math.round(result.grassAreas.reduce((s, a) => s + a.area_sqft, 0)).toLocaleString('en-US')
			const excluded = result.excludedFeatures.length > 0 ? ' Excluded hardscapes and non-grass features.' : ''
			toast({ title: 'AI Analysis Complete', description: `Found ${result.grassAreas.length} grass areas totaling ${total} sq ft.${excluded}`, type: 'success' })
			if (center) corrections.start(address, center, result)
		},
		[toast, corrections.start, address, center],
	)
	const onAiFailure = useCallback(
		(message: string) => {
			if (!center) return
			// spec 1 §8: a sample front-yard area of 400 to 999 sq ft near the centre, said to be a sample
			const sqft = 400 + Math.floor(Math.random() * 600)
			controller.current?.loadLocal([
				{ type: 'polygon', coordinates: squareAround(center, sqft / 10.763910416709722, 8), measurement_type: 'ai', label: 'Sample area (AI unavailable)' },
			])
			toast({ title: 'AI Unavailable', description: `${message} A sample front-yard area was added instead; adjust it to the real lawn before saving.`, type: 'destructive' })
		},
		[center, toast],
	)
	const onAiCancel = useCallback(() => toast({ title: 'Analysis Cancelled', description: 'AI measurement process has been stopped.', type: 'destructive' }), [toast])
	const ai = useAiAnalysis({ onResult: onAiResult, onFailure: onAiFailure, onCancel: onAiCancel })

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

	const save = () => {
		if (!local.length) return
		const invalid = local.find((s) => Object.keys(s.problems).length)
		if (invalid) {
			toast({ title: 'Save Failed', description: Object.values(invalid.problems)[0]!, type: 'destructive' })
			return
		}
		const shapes = local.map(({ problems: _p, ...shape }) => shape)
		const totals = computeTotals(shapes)
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

	const pendingTotals = useMemo(() => computeTotals(local), [local])
	const savedTotals = useMemo(
		() => ({ sqft: saved.reduce((s, m) => s + m.total_area_sqft, 0), feet: saved.reduce((s, m) => s + m.total_distance_feet, 0) }),
		[saved],
	)
	const usage = loaderData.usage
	const usagePercent = usage.limit ? Math.min(100, (usage.used / usage.limit) * 100) : 0

	const aiClick = () => {
		if (!requireAddress()) return
		const tier = loaderData.tierId
		if (tier === 'beta-plan') {
			toast({ title: 'Feature Under Development', description: 'Coming soon! This feature is currently under development and being trained to accurately measure turf.' })
		} else if (!tier || tier === 'starter') {
			toast({ title: 'AI Measurement Not Available', description: 'Upgrade to Pro or higher to access AI-powered measurements', type: 'destructive' })
		} else if (!loaderData.hasAi) {
			toast({ title: 'AI Measurement Not Available', description: 'AI measurements are not available on your current plan', type: 'destructive' })
		} else if (!center) {
			toast({ title: 'Location Needed', description: 'Choose the address from the suggestions so the AI knows where the property is.', type: 'destructive' })
		} else {
			setTool(null)
			void ai.start(address, center)
		}
	}

	return (
		<div className="measure-screen flex flex-col lg:h-[calc(100vh-4rem)] lg:flex-row max-md:relative max-md:min-h-0 max-md:flex-1 max-md:overflow-hidden">
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
						/>
					) : null
				}
			>
				{/* phones show the sections in the sheet's order: address and job first (max-md:order-*) */}
				<div className="max-md:order-1">
					<AddressSearch defaultValue={address ?? ''} />
				</div>

				<section aria-labelledby="usage-heading" className="max-md:order-5">
					<div className="flex items-center justify-between text-sm">
						<h2 id="usage-heading" className="font-semibold">
							Free Searches
						</h2>
						<span data-testid="usage-count">{usage.limit === null ? `${usage.used} used · Unlimited` : `${usage.used} / ${usage.limit}`}</span>
					</div>
					<div className="mt-1 h-2 rounded-full bg-gray-200 dark:bg-gray-800" role="progressbar" aria-label="Searches used" aria-valuenow={Math.round(usagePercent)} aria-valuemin={0} aria-valuemax={100}>
						<div className="h-2 rounded-full bg-brand-700" style={{ width: `${usagePercent}%` }} />
					</div>
				</section>

				<section aria-labelledby="tools-heading" className="max-md:order-4" data-sheet-anchor="half">
					<h2 id="tools-heading" className="mb-2 text-sm font-semibold">
						Measurement Tools
					</h2>
					<div className="grid grid-cols-2 gap-2">
						<ToolButton label="AI Auto-Measure Grass" enabled={Boolean(address)} active={false} onClick={aiClick} wide />
						{TOOLS.map((t) => (
							<ToolButton key={t.tool} label={t.label} enabled={Boolean(address)} active={tool === t.tool} onClick={() => chooseTool(t.tool)} />
						))}
						<ToolButton
							label="Exclude Area"
							title="Cut a driveway, pool or bed out of a shape"
							enabled={Boolean(address) && local.some((s) => s.type === 'polygon' || s.type === 'rectangle')}
							active={tool === 'hole'}
							onClick={() => chooseTool('hole')}
						/>
					</div>
					<div className="mt-2 flex gap-2">
						<Button type="button" variant="secondary" className="flex-1 px-2 py-1 max-md:min-h-11" disabled={!history.canUndo} onClick={() => controller.current?.undo()} title="Undo (Ctrl+Z)">
							Undo
						</Button>
						<Button type="button" variant="secondary" className="flex-1 px-2 py-1 max-md:min-h-11" disabled={!history.canRedo} onClick={() => controller.current?.redo()} title="Redo (Ctrl+Shift+Z)">
							Redo
						</Button>
					</div>
				</section>

				<section aria-labelledby="job-heading" className="rounded-lg border border-gray-200 p-3 max-md:order-2 dark:border-gray-700">
					<h2 id="job-heading" className="text-sm font-semibold">
						{editingId ? 'Editing Existing Measurement' : 'Current Measurement Job'}
					</h2>
					<p className="mt-1 text-sm text-gray-600 max-md:hidden dark:text-gray-400">{address ?? 'No address chosen yet'}</p>
					{live ? (
						<p className="mt-2 text-sm font-medium max-md:hidden" aria-live="polite" data-testid="live-figure">
							{live}
						</p>
					) : null}
					<dl className="mt-2 grid grid-cols-2 gap-x-2 text-sm">
						<dt className="text-gray-600 dark:text-gray-400">Pending shapes</dt>
						<dd data-testid="pending-count">{local.length}</dd>
						<dt className="text-gray-600 dark:text-gray-400">Area</dt>
						<dd data-testid="pending-area">{formatArea(pendingTotals.total_area_sqft, units.area)}</dd>
						{pendingTotals.total_distance_feet > 0 ? (
							<>
								<dt className="text-gray-600 dark:text-gray-400">Distance</dt>
								<dd data-testid="pending-distance">{formatLength(pendingTotals.total_distance_feet, units.length)}</dd>
							</>
						) : null}
						<dt className="text-gray-600 dark:text-gray-400">Perimeter (approx.)</dt>
						<dd>{formatLength(approximatePerimeterFeet(pendingTotals.total_area_sqft), units.length)}</dd>
					</dl>
					{local.length > 0 && loaderData.allowAiTraining ? (
						<label className="mt-2 flex items-center gap-2 text-sm">
							<input type="checkbox" checked={training} onChange={(e) => setTraining(e.target.checked)} />
							Help improve AI training
						</label>
					) : null}
					<Button type="button" className="mt-3 w-full max-md:mt-2 max-md:min-h-11" disabled={!local.length || saver.state !== 'idle'} onClick={save}>
						{saver.state !== 'idle' ? 'Saving...' : editingId ? 'Update Combined Measurement' : 'Save Measurement'}
					</Button>
				</section>

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
						setViewingId(id)
						controller.current?.showMeasurement(id)
					}}
					onEdit={edit}
					onRemoveLocal={(id) => controller.current?.removeLocal(id)}
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

				<section aria-labelledby="mapview-heading" className="max-md:order-9">
					<h2 id="mapview-heading" className="mb-2 text-sm font-semibold">
						Map View
					</h2>
					<div className="grid grid-cols-4 gap-1" role="group" aria-label="Map View">
						{MAP_TYPES.map((m) => (
							<button
								key={m.value}
								type="button"
								aria-pressed={mapType === m.value}
								onClick={() => setMapType(m.value)}
								className={cn('rounded-md border px-1 py-1.5 text-xs max-md:min-h-11', mapType === m.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 dark:border-gray-600')}
							>
								{m.label}
							</button>
						))}
					</div>
				</section>

				<fieldset className="max-md:order-10">
					<legend className="mb-2 text-sm font-semibold">Unit of Measure</legend>
					<div className="grid grid-cols-3 gap-1 text-sm">
						{DISPLAY_UNITS.map((u) => (
							<label key={u.value} className="flex items-center gap-1.5 max-md:min-h-11">
								<input type="radio" name="unit" value={u.value} checked={unit === u.value} onChange={() => setUnit(u.value)} />
								{u.label}
							</label>
						))}
					</div>
				</fieldset>

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
				{tool ? (
					phone ? null : (
					<div role="status" className="absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-lg bg-gray-900/90 px-4 py-2 text-center text-sm text-white shadow-lg">
						<p className="font-semibold">Drawing Mode Active</p>
						<p>Click on the map to create your {TOOL_NAMES[tool]} measurement area</p>
						{tool === 'polyline' ? <p className="text-xs opacity-80">Double-click to finish the line</p> : null}
					</div>
					)
				) : corrections.active && corrections.mode ? (
					<div role="status" className="absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-lg bg-gray-900/90 px-4 py-2 text-center text-sm text-white shadow-lg">
						<p className="font-semibold">{corrections.mode === 'lawn' ? 'Lawn here' : 'Not lawn'}</p>
						<p>Tap the map where the AI got it wrong</p>
					</div>
				) : null}
				{loaderData.approximate ? <ApproximateLocationNotice approximate={loaderData.approximate} /> : null}
				{failedImagery.has(mapType) ? null : <ImageryDate info={loaderData.imageryInfo} source={loaderData.providers[mapType]} />}
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
							onToolDone={() => setTool(null)}
							onLocalChange={setLocal}
							onLiveFigure={setLive}
							onSketch={setSketchPoints}
							bottomInset={bottomInset}
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

function MapPlaceholder() {
	return (
		<div className="absolute inset-0 flex items-center justify-center bg-gray-100 text-gray-600 dark:bg-gray-900 dark:text-gray-400">
			Loading satellite imagery...
		</div>
	)
}

function ToolButton({ label, enabled, active, onClick, wide, title }: { label: string; enabled: boolean; active: boolean; onClick: () => void; wide?: boolean; title?: string }) {
	return (
		<button
			type="button"
			aria-disabled={!enabled}
			aria-pressed={active}
			title={title}
			onClick={onClick}
			className={cn(
				'rounded-md border px-2 py-2 text-sm font-medium max-md:min-h-11',
				wide && 'col-span-2',
				active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 dark:border-gray-600',
				!enabled && 'cursor-not-allowed opacity-50',
			)}
		>
			{label}
		</button>
	)
}
