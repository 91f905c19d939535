// What the demo organization shows on a first start (issue 31): a price list,
// three saved measurements at real US addresses (house museums, so no private
// home is on show), a shared estimate the customer has opened, an accepted
// estimate with its lead, two quote-widget leads and the widget on for
// localhost. Rows are stored the way the services store them; every figure is
// computed by the app's own pure code (exact geodesic areas, estimates, quoted
// prices), never typed in. Seeded once, with the organization (prisma/seed.ts).
import { createHash, randomBytes } from 'node:crypto'
import type { FeatureCollection } from 'geojson'
import { computeEstimate, lawnOnly, type PriceItem } from '../app/lib/estimate.ts'
import { geometry } from '../app/lib/geojson.ts'
import { quotedPrice } from '../app/lib/quote-widget.ts'
import { computeShape, computeTotals, computeTotalsBySurface, shapeProblems, type Shape, type ShapeInput, type TotalsBySurface } from '../app/lib/shapes.ts'
import { AI_SURFACE, ALL_SURFACES, type Surface } from '../app/lib/surfaces.ts'
import type { LatLng } from '../app/lib/geodesy.ts'
import type { Prisma } from '../generated/prisma/client.ts'

const DAY_MS = 86_400_000

/** The price list (spec units: per sq ft, per ft, flat). Prices as the API writes them. */
export const DEMO_PRICES = [
	{ key: 'mowing', name: 'Lawn Mowing', unit: 'sqft', unitPrice: '0.0125', minimumCharge: '45.00', surface: 'lawn' },
	{ key: 'fertilizer', name: 'Fertilizer Application', unit: 'sqft', unitPrice: '0.0085', minimumCharge: '0.00', surface: 'lawn' },
	{ key: 'edging', name: 'Edging', unit: 'ft', unitPrice: '0.35', minimumCharge: '0.00', surface: 'edging' },
	{ key: 'cleanup', name: 'Spring Clean-Up', unit: 'flat', unitPrice: '175.00', minimumCharge: '0.00', surface: null },
] as const
type PriceKey = (typeof DEMO_PRICES)[number]['key']

/** A lawn outline as drawn: metres east (x) and north (y) of the property centre. */
type Outline = readonly (readonly [number, number])[]

/** A point `x` m east and `y` m north of `origin` (local tangent plane; a few tens of metres). */
function offset(origin: LatLng, [x, y]: readonly [number, number]): LatLng {
	const phi = (origin.lat * Math.PI) / 180
	const metresPerDegreeLat = 111_132.954 - 559.822 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi)
	const metresPerDegreeLng = 111_412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi)
	const round7 = (v: number) => Math.round(v * 1e7) / 1e7
	return { lat: round7(origin.lat + y / metresPerDegreeLat), lng: round7(origin.lng + x / metresPerDegreeLng) }
}

/**
 * An outline as grass detection traces it: the drawn corners with points every
 * metre or so, nudged a little off the straight line as a pixel trace is.
 */
function traced(outline: Outline, wobble = 0.35): Outline {
	const out: [number, number][] = []
	outline.forEach(([x0, y0], i) => {
		const [x1, y1] = outline[(i + 1) % outline.length]!
		const steps = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) / 1.2))
		for (let s = 0; s < steps; s++) {
			const t = s / steps
			const k = out.length
			out.push([x0 + (x1 - x0) * t + wobble * Math.sin(k * 1.7), y0 + (y1 - y0) * t + wobble * Math.cos(k * 2.3)])
		}
	})
	return out
}

type DemoShape = { label: string; type: 'polygon' | 'polyline'; surface?: Surface; outline: Outline; holes?: Outline[]; ai_confidence?: number }

/** Validates and computes a shape exactly as POST /api/measurements does (a bad outline is a seed bug: it throws). */
function shapeAt(center: LatLng, s: DemoShape, ai: boolean): Shape {
	const input: ShapeInput = {
		type: s.type,
		label: s.label,
		// issue 32: the AI's areas are lawn; a drawn shape says what it is
		surface: ai ? AI_SURFACE : s.surface,
		coordinates: s.outline.map((p) => offset(center, p)),
		...(s.holes ? { holes: s.holes.map((h) => h.map((p) => offset(center, p))) } : {}),
		...(ai ? { measurement_type: 'ai' as const, ai_confidence: s.ai_confidence, user_verified: 'false' as const } : {}),
	}
	const problems = shapeProblems(input)
	if (Object.keys(problems).length) throw new Error(`Demo shape "${s.label}": ${JSON.stringify(problems)}`)
	return computeShape(input)
}

type DemoMeasurement = {
	key: 'truman' | 'lincoln' | 'hemingway'
	label: string
	address: string
	center: LatLng
	type: 'manual' | 'ai'
	yard: 'front_yard' | 'back_yard'
	daysAgo: number
	by: 'owner' | 'member'
	shapes: DemoShape[]
}

export const DEMO_MEASUREMENTS: DemoMeasurement[] = [
	{
		// the Truman Home faces west onto N Delaware St; Truman Rd runs along the south of the lot
		key: 'truman',
		label: 'Front and side lawns',
		address: '219 N Delaware St, Independence, MO 64050',
		center: { lat: 39.09493, lng: -94.42129 },
		type: 'manual',
		yard: 'front_yard',
		daysAgo: 18,
		by: 'owner',
		shapes: [
			// the front walk (2 m) splits the front lawn in two
			{ label: 'Front lawn, north', type: 'polygon', surface: 'lawn', outline: [[-23, 1], [-11, 1], [-11, 12], [-23, 12]] },
			{ label: 'Front lawn, south', type: 'polygon', surface: 'lawn', outline: [[-23, -23], [-11, -23], [-11, -1], [-23, -1]] },
			{ label: 'South side lawn', type: 'polygon', surface: 'lawn', outline: [[-11, -23], [13, -23], [13, -13], [-11, -13]] },
			{ label: 'Sidewalk edge', type: 'polyline', surface: 'edging', outline: [[-23.5, -23], [-23.5, 12]] },
		],
	},
	{
		// the Lincoln Home faces west onto S 8th St; the back lawn lies east of the house, a flower bed in it
		key: 'lincoln',
		label: 'Back lawn',
		address: '413 S 8th St, Springfield, IL 62701',
		center: { lat: 39.79728, lng: -89.64535 },
		type: 'manual',
		yard: 'back_yard',
		daysAgo: 12,
		by: 'member',
		shapes: [
			{
				label: 'Back lawn',
				type: 'polygon',
				surface: 'lawn',
				outline: [[8, -10], [25, -10], [25, 9], [14, 9], [14, 6], [8, 6]],
				holes: [[[15, -3], [19, -3], [20, 0], [19, 3], [15, 3], [14, 0]]],
			},
		],
	},
	{
		// the Hemingway Birthplace faces west onto N Oak Park Ave: front lawn and the north side lawn, traced by AI
		key: 'hemingway',
		label: 'Whole lot (AI)',
		address: '339 N Oak Park Ave, Oak Park, IL 60302',
		center: { lat: 41.89255, lng: -87.79454 },
		type: 'ai',
		yard: 'front_yard',
		daysAgo: 3,
		by: 'owner',
		shapes: [
			{ label: 'Area 1', type: 'polygon', ai_confidence: 0.88, outline: traced([[-21, -9], [-10, -9], [-10, 10], [-21, 10]]) },
			{ label: 'Area 2', type: 'polygon', ai_confidence: 0.79, outline: traced([[-8, 10.5], [14, 10.5], [14, 16], [-8, 16]]) },
		],
	},
]

/** Widget leads: where the homeowner asked, the lawn the widget detected and the range it showed. */
const DEMO_WIDGET_LEADS = [
	{
		status: 'new',
		address: '951 Chicago Ave, Oak Park, IL 60302',
		center: { lat: 41.89404, lng: -87.79948 },
		lawn: traced([[-16, -12], [-4, -12], [-4, 12], [-16, 12]]),
		name: 'Priya Raman',
		email: 'priya.raman@example.com',
		phone: '(708) 555-0147',
		message: 'Weekly mowing from May, please. Do you also do leaf removal in the fall?',
		daysAgo: 1,
	},
	{
		status: 'contacted',
		address: '351 Farmington Ave, Hartford, CT 06105',
		center: { lat: 41.7669, lng: -72.70126 },
		lawn: traced([[-30, -25], [5, -25], [5, -12], [-30, -12]]),
		name: 'Marcus Bell',
		email: 'marcus.bell@example.com',
		phone: '(860) 555-0192',
		message: null,
		daysAgo: 5,
	},
] as const

/** Ids of what the seed made, for the tests. */
export type DemoContent = { measurementIds: Record<DemoMeasurement['key'], string>; priceIds: Record<PriceKey, string> }

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A measurement's polygons as the leads list stores them (leads.server.ts shapesToGeoJson). */
function areasGeoJson(shapes: readonly Shape[]): FeatureCollection | null {
	const areas = shapes.filter((s) => s.type !== 'polyline')
	if (!areas.length) return null
	return {
		type: 'FeatureCollection',
		features: areas.map((shape, i) => ({ type: 'Feature', geometry: geometry(shape), properties: { number: i + 1, label: shape.label ?? null, area_sqft: shape.area_sqft } })),
	}
}

/** Seeds the demo organization's content; call once, in the transaction that creates the organization. */
export async function seedDemoContent(
	tx: Prisma.TransactionClient,
	{ organizationId, ownerId, memberId, ownerName, now = new Date() }: { organizationId: string; ownerId: string; memberId: string; ownerName: string; now?: Date },
): Promise<DemoContent> {
	const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)

	const priceIds = {} as Record<PriceKey, string>
	const priceItems = {} as Record<PriceKey, PriceItem>
	for (const { key, ...price } of DEMO_PRICES) {
		const row = await tx.servicePrice.create({ data: { organizationId, ...price, createdAt: ago(30) } })
		priceIds[key] = row.id
		// as the API lists it (price-list.server.ts toApiPrice): no surface is "all"
		priceItems[key] = { id: row.id, name: price.name, unit: price.unit, unitPrice: price.unitPrice, minimumCharge: price.minimumCharge, surface: price.surface ?? ALL_SURFACES }
	}

	const measurementIds = {} as Record<DemoMeasurement['key'], string>
	const saved = {} as Record<DemoMeasurement['key'], { id: string; shapes: Shape[]; totals: ReturnType<typeof computeTotals>; totalsBySurface: TotalsBySurface; m: DemoMeasurement }>
	for (const m of DEMO_MEASUREMENTS) {
		const shapes = m.shapes.map((s) => shapeAt(m.center, s, m.type === 'ai'))
		const totals = computeTotals(shapes)
		const totalsBySurface = computeTotalsBySurface(shapes)
		const confidences = shapes.map((s) => s.ai_confidence).filter((v): v is number => typeof v === 'number')
		const row = await tx.measurement.create({
			data: {
				organizationId,
				createdByUserId: m.by === 'owner' ? ownerId : memberId,
				label: m.label,
				address: m.address,
				shapes: shapes as unknown as Prisma.InputJsonValue,
				...totals,
				totals_by_surface: totalsBySurface as Prisma.InputJsonValue,
				measurement_type: m.type,
				map_type: 'satellite',
				property_center: m.center,
				yard_type: m.yard,
				is_training_data: 'false',
				user_verified: 'false',
				ai_confidence: confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null,
				created_at: ago(m.daysAgo),
				updated_at: ago(m.daysAgo),
			},
		})
		measurementIds[m.key] = row.id
		saved[m.key] = { id: row.id, shapes, totals, totalsBySurface, m }
	}

	// a shared estimate the customer has opened three times (share.server.ts createShare, then viewShare)
	const truman = saved.truman
	await tx.measurementShare.create({
		data: {
			measurementId: truman.id,
			organizationId,
			createdByUserId: ownerId,
			tokenHash: hashToken(randomBytes(32).toString('base64url')),
			priceItems: [priceItems.mowing, priceItems.edging],
			notes: 'Weekly mowing from April through October; price per visit. Clippings mulched.',
			contactName: ownerName,
			contactPhone: '(816) 555-0110',
			contactEmail: 'owner@demo-landscaping.local',
			expiresAt: new Date(ago(6).getTime() + 30 * DAY_MS),
			viewCount: 3,
			firstViewedAt: ago(5),
			lastViewedAt: ago(1),
			createdAt: ago(6),
		},
	})

	// an estimate the customer accepted, and the lead the acceptance made (share.server.ts acceptShare)
	const lincoln = saved.lincoln
	const acceptedItems = [priceItems.mowing, priceItems.fertilizer, priceItems.cleanup]
	const taxRate = '7.25'
	// the quantities the shared page prices (reports.server.ts assembleReport): lines, else the perimeters
	const lengthFeet = lincoln.totals.total_distance_feet > 0 ? lincoln.totals.total_distance_feet : lincoln.shapes.reduce((sum, s) => sum + (s.type === 'polyline' ? 0 : s.perimeter_m / 0.3048), 0)
	const estimate = computeEstimate(acceptedItems, { areaSqft: lincoln.totals.total_area_sqft, lengthFeet, bySurface: lincoln.totalsBySurface }, taxRate)
	const acceptedAt = ago(9)
	const customer = { name: 'Dana Whitfield', email: 'dana.whitfield@example.com', phone: '(217) 555-0134', message: 'Please start the first week of May.' }
	const share = await tx.measurementShare.create({
		data: {
			measurementId: lincoln.id,
			organizationId,
			createdByUserId: memberId,
			tokenHash: hashToken(randomBytes(32).toString('base64url')),
			priceItems: acceptedItems,
			taxRate,
			notes: 'Season package: mowing per visit, one fertilizer application and a spring clean-up.',
			contactName: ownerName,
			contactPhone: '(217) 555-0100',
			contactEmail: 'owner@demo-landscaping.local',
			expiresAt: new Date(ago(11).getTime() + 30 * DAY_MS),
			viewCount: 2,
			firstViewedAt: ago(10),
			lastViewedAt: acceptedAt,
			acceptedAt,
			acceptedName: customer.name,
			acceptedEmail: customer.email,
			acceptedPhone: customer.phone,
			acceptedMessage: customer.message,
			acceptedTotalCents: estimate.totalCents,
			createdAt: ago(11),
		},
	})
	await tx.lead.create({
		data: {
			organizationId,
			source: 'share',
			status: 'won',
			address: lincoln.m.address,
			lat: lincoln.m.center.lat,
			lng: lincoln.m.center.lng,
			areaSqft: lincoln.totals.total_area_sqft,
			shapes: areasGeoJson(lincoln.shapes) as unknown as Prisma.InputJsonValue,
			priceLowCents: estimate.totalCents,
			priceHighCents: estimate.totalCents,
			...customer,
			measurementShareId: share.id,
			createdAt: acceptedAt,
		},
	})

	// the quote widget, on for localhost: mowing and fertilizer, shown as a range
	const widget = { services: [priceItems.mowing, priceItems.fertilizer], priceDisplay: 'range' as const, rangePercent: 10 }
	await tx.quoteWidget.create({
		data: {
			organizationId,
			enabled: true,
			publicKey: randomBytes(16).toString('base64url'),
			serviceIds: widget.services.map((s) => s.id),
			priceDisplay: widget.priceDisplay,
			rangePercent: widget.rangePercent,
			allowedDomains: ['localhost'],
			createdAt: ago(20),
		},
	})

	// two homeowners who asked through the widget (quote-widget.server.ts quoteFor, then requestQuote)
	for (const lead of DEMO_WIDGET_LEADS) {
		const lawn = shapeAt(lead.center, { label: 'Area 1', type: 'polygon', outline: lead.lawn, ai_confidence: 0.84 }, true)
		const areaSqft = Math.round(lawn.area_sqft)
		const price = quotedPrice(computeEstimate(widget.services, lawnOnly(areaSqft)).totalCents, widget.priceDisplay, widget.rangePercent)
		const ring = lawn.coordinates.map((p) => [p.lng, p.lat])
		await tx.lead.create({
			data: {
				organizationId,
				source: 'widget',
				status: lead.status,
				address: lead.address,
				lat: lead.center.lat,
				lng: lead.center.lng,
				areaSqft,
				shapes: {
					type: 'FeatureCollection',
					features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] }, properties: { number: 1, area_sqft: lawn.area_sqft, ai_confidence: lawn.ai_confidence } }],
				},
				priceLowCents: price.lowCents,
				priceHighCents: price.highCents,
				name: lead.name,
				email: lead.email,
				phone: lead.phone,
				message: lead.message,
				createdAt: ago(lead.daysAgo),
			},
		})
	}
	return { measurementIds, priceIds }
}
