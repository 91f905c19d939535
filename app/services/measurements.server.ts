// Saved measurements belong to the organization: every member can list, rename,
// edit and delete them (decisions page, Team Collaboration). Other
// organizations' ids answer 404. Totals are always computed here.
import { hotQuery, hotTransaction, newRowId, prisma, Prisma, type HotQuery } from '~/db.server.ts'
import { addressesMatch, firstAddressPart, nextDefaultLabel } from '~/lib/addresses.ts'
import type { MeasurementCreate, MeasurementUpdate } from '~/lib/schemas/measurement.ts'
import { DASHBOARD_PAGE_SIZE, type DashboardQuery, type MeasurementSort } from '~/lib/schemas/account.ts'
import { computeTotals, computeTotalsBySurface, validateShapes, type Shape, type ShapeInput, type TotalsBySurface } from '~/lib/shapes.ts'
import { surfaceOf, surfaceProblem, type Surface } from '~/lib/surfaces.ts'
import { recordVerifiedSample } from '~/grass/learning.server.ts'
import { badRequest, notFound } from '~/utils/http.server.ts'
import { organizationScope, requireOrganizationId } from './auth.server.ts'
import type { ClientUser } from './users.server.ts'

export const NOT_FOUND = 'Measurement not found'
/** above this area a new measurement is a back yard, else a front yard */
export const YARD_SPLIT_SQFT = 1500
/** first key of the advisory lock that serializes default labels (the second: the organization) */
const DEFAULT_LABEL_LOCK = 1001

/** Validates every shape and computes its figures; 400 names the shape and field at fault. */
export function prepareShapes(inputs: readonly ShapeInput[]): Shape[] {
	const checked = validateShapes(inputs)
	if ('fields' in checked) throw badRequest(INVALID_SHAPES, checked.fields)
	return checked.shapes
}

export const INVALID_SHAPES = 'Invalid shapes'

type Row = Prisma.MeasurementGetPayload<object>

export type MeasuredTotals = ReturnType<typeof measuredTotals>

/** The totals of a set of shapes as stored: the spec's totals and, beside them, per surface. */
export function measuredTotals(shapes: readonly Shape[]) {
	return { ...computeTotals(shapes), totals_by_surface: computeTotalsBySurface(shapes) }
}

/**
 * A row written without per-surface totals (by code that predates them) has
 * only "other" shapes: its totals are all "other". The migration wrote the
 * same, and MEASUREMENT_PAGE_JSON_SQL says the same in SQL.
 */
function totalsBySurfaceOf(row: Row): TotalsBySurface {
	if (row.totals_by_surface) return row.totals_by_surface as TotalsBySurface
	const count = Array.isArray(row.shapes) ? row.shapes.length : 0
	if (!count) return {}
	return {
		other: {
			area_sqft: row.total_area_sqft,
			area_acres: row.total_area_acres,
			area_sqm: row.total_area_sqm,
			distance_feet: row.total_distance_feet,
			distance_yards: row.total_distance_yards,
			distance_meters: row.total_distance_meters,
			shape_count: count,
		},
	}
}

/** The JSON shape of a saved measurement (spec 1 §3 field names). */
export function toApi(row: Row) {
	return {
		id: row.id,
		organizationId: row.organizationId,
		createdByUserId: row.createdByUserId,
		projectId: row.projectId,
		label: row.label,
		address: row.address,
		// shapes saved before surfaces read as "other"
		shapes: (row.shapes as Shape[]).map((shape) => (shape.surface ? shape : { ...shape, surface: surfaceOf(shape) })),
		total_area_sqft: row.total_area_sqft,
		total_area_acres: row.total_area_acres,
		total_area_sqm: row.total_area_sqm,
		total_distance_feet: row.total_distance_feet,
		total_distance_yards: row.total_distance_yards,
		total_distance_meters: row.total_distance_meters,
		is_linear_measurement: row.is_linear_measurement,
		shape_count: row.shape_count,
		totals_by_surface: totalsBySurfaceOf(row),
		measurement_type: row.measurement_type,
		map_type: row.map_type,
		property_center: row.property_center as { lat: number; lng: number } | null,
		yard_type: row.yard_type,
		is_training_data: row.is_training_data,
		ai_confidence: row.ai_confidence,
		user_verified: row.user_verified,
		created_at: row.created_at.toISOString(),
		updated_at: row.updated_at.toISOString(),
	}
}
export type ApiMeasurement = ReturnType<typeof toApi>

/**
 * A saved AI measurement the user verified (edited) teaches the grass detector
 * about this area (issue 4, learning). It runs after the save and re-fetches
 * imagery, so it never delays or fails the save; failures are logged.
 */
export function learnFromVerified(row: Row): Promise<void> | null {
	const center = row.property_center as { lat: number; lng: number } | null
	if (row.measurement_type !== 'ai' || row.user_verified !== 'true' || !center) return null
	const areas = (row.shapes as unknown as Shape[]).filter((s) => s.type === 'polygon' || s.type === 'rectangle')
	if (!areas.length) return null
	return recordVerifiedSample({ center, polygons: areas.map((s) => s.coordinates), holes: areas.flatMap((s) => s.holes ?? []) }).then(
		() => {},
		(error) => console.warn('Learning from a verified measurement failed', error instanceof Error ? error.message : error),
	)
}

export async function listMeasurements(user: ClientUser, query: { address?: string; page: number; limit: number }) {
	const where = organizationScope(user)
	if (query.address) {
		// spec 1 §5: normalized equality or containment either way
		const candidates = await prisma.measurement.findMany({ where, select: { id: true, address: true } })
		const ids = candidates.filter((c) => addressesMatch(c.address, query.address)).map((c) => c.id)
		const rows = await prisma.measurement.findMany({ where: { id: { in: ids } }, orderBy: { created_at: 'desc' } })
		return { measurements: rows.map(toApi), total: rows.length }
	}
	return JSON.parse(await measurementPageJson(user, query)) as { measurements: ApiMeasurement[]; total: number }
}

/**
 * GET /api/measurements, the busiest list, as the response body itself:
 * PostgreSQL writes the JSON (toApi's fields, names and order) in one prepared
 * statement, so the app neither parses the rows' JSON columns nor serializes
 * them again — it passes the text on (db.server.ts hotQuery; docs/decisions.md
 * "Load"). Same rows and order as
 * prisma.measurement.findMany({ where, orderBy: { created_at: 'desc' }, skip, take }).map(toApi)
 * (hot-queries.server.test.ts holds them equal).
 */
export async function measurementPageJson(user: ClientUser, query: { page: number; limit: number }): Promise<string> {
	const { organizationId } = organizationScope(user)
	const [row] = await hotQuery<{ body: string }>('measurement_page_json', MEASUREMENT_PAGE_JSON_SQL, [organizationId, (query.page - 1) * query.limit, query.limit])
	return row!.body
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`
const MEASUREMENT_PAGE_JSON_SQL = `
SELECT '{"measurements":' || coalesce(json_agg(json_build_object(
	'id', id, 'organizationId', "organizationId", 'createdByUserId', "createdByUserId", 'projectId', "projectId",
	'label', label, 'address', address,
	-- shapes saved without a surface read as "other", as toApi reads them
	'shapes', CASE WHEN jsonb_typeof(shapes) = 'array' AND jsonb_path_exists(shapes, '$[*] ? (!exists(@.surface))')
		THEN (SELECT jsonb_agg(CASE WHEN s ? 'surface' THEN s ELSE s || '{"surface":"other"}'::jsonb END ORDER BY n) FROM jsonb_array_elements(shapes) WITH ORDINALITY AS x(s, n))
		ELSE shapes END,
	'total_area_sqft', total_area_sqft, 'total_area_acres', total_area_acres, 'total_area_sqm', total_area_sqm,
	'total_distance_feet', total_distance_feet, 'total_distance_yards', total_distance_yards, 'total_distance_meters', total_distance_meters,
	'is_linear_measurement', is_linear_measurement, 'shape_count', shape_count,
	'totals_by_surface', coalesce(totals_by_surface, CASE WHEN jsonb_typeof(shapes) <> 'array' OR jsonb_array_length(shapes) = 0 THEN '{}'::jsonb ELSE jsonb_build_object('other', jsonb_build_object(
		'area_sqft', total_area_sqft, 'area_acres', total_area_acres, 'area_sqm', total_area_sqm, 'distance_feet', total_distance_feet,
		'distance_yards', total_distance_yards, 'distance_meters', total_distance_meters, 'shape_count', jsonb_array_length(shapes))) END),
	'measurement_type', measurement_type, 'map_type', map_type,
	'property_center', property_center, 'yard_type', yard_type, 'is_training_data', is_training_data, 'ai_confidence', ai_confidence,
	'user_verified', user_verified, 'created_at', to_char(created_at, ${ISO}), 'updated_at', to_char(updated_at, ${ISO})
) ORDER BY n)::text, '[]')
	|| ',"total":' || (SELECT count(*) FROM measurements WHERE "organizationId" = $1) || '}' AS body
FROM (SELECT *, row_number() OVER () AS n FROM (
	SELECT * FROM measurements WHERE "organizationId" = $1 ORDER BY created_at DESC OFFSET $2 LIMIT $3
) page) m`

async function findOwn(user: ClientUser, id: string) {
	const row = await prisma.measurement.findFirst({ where: { id, ...organizationScope(user) } })
	if (!row) throw notFound(NOT_FOUND)
	return row
}

export async function getMeasurement(user: ClientUser, id: string) {
	return toApi(await findOwn(user, id))
}

async function allowsTraining(organizationId: string) {
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { allowAiTraining: true } })
	return Boolean(org?.allowAiTraining)
}

export async function createMeasurement(user: ClientUser, input: MeasurementCreate) {
	const organizationId = requireOrganizationId(user)
	const shapes = prepareShapes(input.shapes)
	const totals = measuredTotals(shapes)
	const training = input.is_training_data === 'true' && (await allowsTraining(organizationId))
	const address = input.address || null
	// one transaction of prepared statements (db.server.ts hotTransaction): the
	// busiest write; tests hold the row equal to what Prisma reads back
	const row = await hotTransaction(async (query) => {
		let label = input.label
		if (!label) {
			// only labels of the form "<first address part> #n" count: read just those
			const base = `${firstAddressPart(address) || 'Unknown Location'} #`
			// the next free "#n" at this address: one create at a time per organization and
			// label stem picks it, or parallel creates would read the same labels and share
			// one (addresses match loosely, so the lock is the stem's, not the address's;
			// creates under different stems can never pick the same label)
			await query('label_lock', 'SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [DEFAULT_LABEL_LOCK, `${organizationId}\n${base}`])
			const atAddress = await query<{ address: string | null; label: string | null }>('labels_at_stem', LABELS_AT_STEM_SQL, [organizationId, `${base.replace(/[\\%_]/g, '\\$&')}%`])
			label = nextDefaultLabel(address, atAddress.filter((m) => !address || addressesMatch(m.address, address)).map((m) => m.label))
		}
		return insertMeasurement(query, {
			organizationId,
			createdByUserId: user.id,
			label,
			address,
			shapesJson: JSON.stringify(shapes),
			totals,
			measurement_type: input.measurement_type,
			map_type: input.map_type ?? 'satellite',
			property_center: input.property_center ?? null,
			yard_type: input.yard_type ?? (totals.total_area_sqft > YARD_SPLIT_SQFT ? 'back_yard' : 'front_yard'),
			is_training_data: training ? 'true' : 'false',
			user_verified: input.user_verified ?? 'false',
			ai_confidence: averageConfidence(shapes),
		})
	})
	void learnFromVerified(row)
	return toApi(row)
}

const LABELS_AT_STEM_SQL = 'SELECT address, label FROM measurements WHERE "organizationId" = $1 AND label LIKE $2'

type MeasurementInsert = Pick<Row, 'organizationId' | 'createdByUserId' | 'label' | 'address' | 'measurement_type' | 'map_type' | 'yard_type' | 'is_training_data' | 'user_verified' | 'ai_confidence'> & {
	/** the shapes as stored, already JSON */
	shapesJson: string
	totals: MeasuredTotals
	property_center: { lat: number; lng: number } | null
}

/**
 * Writes one measurement inside a hot transaction (db.server.ts hotTransaction): a
 * prepared statement, so Prisma's query compiler never sees the shapes (it spent ~50 ms
 * of the event loop on an AI measurement's, profiled during a bulk batch).
 */
export async function insertMeasurement(query: HotQuery, m: MeasurementInsert): Promise<Row> {
	const now = new Date().toISOString().slice(0, -1) // timestamp(3) holds UTC without a zone
	const [created] = await query<Row>('measurement_insert', MEASUREMENT_INSERT_SQL, [
		newRowId(),
		m.organizationId,
		m.createdByUserId,
		m.label,
		m.address,
		m.shapesJson,
		m.totals.total_area_sqft,
		m.totals.total_area_acres,
		m.totals.total_area_sqm,
		m.totals.total_distance_feet,
		m.totals.total_distance_yards,
		m.totals.total_distance_meters,
		m.totals.is_linear_measurement,
		m.totals.shape_count,
		m.measurement_type,
		m.map_type,
		JSON.stringify(m.property_center),
		m.yard_type,
		m.is_training_data,
		m.user_verified,
		m.ai_confidence,
		now,
		JSON.stringify(m.totals.totals_by_surface),
	])
	return created!
}

const MEASUREMENT_INSERT_SQL = `INSERT INTO measurements (id, "organizationId", "createdByUserId", label, address, shapes,
	total_area_sqft, total_area_acres, total_area_sqm, total_distance_feet, total_distance_yards, total_distance_meters,
	is_linear_measurement, shape_count, measurement_type, map_type, property_center, yard_type, is_training_data, user_verified,
	ai_confidence, created_at, updated_at, totals_by_surface)
VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18, $19, $20, $21, $22, $22, $23::jsonb)
RETURNING *`

function averageConfidence(shapes: readonly Shape[]): number | null {
	const values = shapes.map((s) => s.ai_confidence).filter((v): v is number => typeof v === 'number')
	return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null
}

/**
 * Last writer wins, field by field: each PATCH is ONE scoped UPDATE of the fields
 * it names (shapes always with their totals), written from the request alone —
 * nothing read before is written back — so parallel edits of one measurement
 * leave one request's version of every field, never a mix of shapes and totals.
 */
export async function updateMeasurement(user: ClientUser, id: string, input: MeasurementUpdate) {
	const organizationId = requireOrganizationId(user)
	const data: Prisma.MeasurementUpdateInput = {}
	if (input.label !== undefined) data.label = input.label
	if (input.yard_type !== undefined) data.yard_type = input.yard_type
	if (input.user_verified !== undefined) data.user_verified = input.user_verified
	if (input.map_type !== undefined) data.map_type = input.map_type
	if (input.measurement_type !== undefined) data.measurement_type = input.measurement_type
	if (input.is_training_data !== undefined) {
		data.is_training_data = input.is_training_data === 'true' && (await allowsTraining(organizationId)) ? 'true' : 'false'
	}
	if (input.shapes) {
		const shapes = prepareShapes(input.shapes)
		Object.assign(data, measuredTotals(shapes), { shapes: shapes as unknown as Prisma.InputJsonValue, ai_confidence: averageConfidence(shapes) })
	}
	// the organization is part of the WHERE: the ownership check and the write are
	// one statement, and a measurement deleted meanwhile is a 404, not an error
	let row: Row
	try {
		row = await prisma.measurement.update({ where: { id, organizationId }, data })
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw notFound(NOT_FOUND)
		throw error
	}
	if (input.shapes || input.user_verified) void learnFromVerified(row)
	return toApi(row)
}

/**
 * One saved shape becomes another surface (issue 32): the shapes and every
 * total are written again in one transaction, the row locked meanwhile so a
 * parallel edit is not lost. A surface of the wrong kind (a line as lawn) is a
 * 400 naming `shapes.N.surface`; nothing is written.
 */
export async function setShapeSurface(user: ClientUser, id: string, index: number, surface: Surface) {
	const organizationId = requireOrganizationId(user)
	const row = await prisma.$transaction(async (tx) => {
		const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM measurements WHERE id = ${id} AND "organizationId" = ${organizationId} FOR UPDATE`
		if (!locked) throw notFound(NOT_FOUND)
		const current = (await tx.measurement.findUniqueOrThrow({ where: { id } })).shapes as unknown as Shape[]
		if (!current[index]) throw badRequest('No such shape in this measurement', { shape: 'No such shape in this measurement' })
		const problem = surfaceProblem(current[index].type, surface)
		if (problem) throw badRequest(problem, { [`shapes.${index}.surface`]: problem })
		const shapes = prepareShapes(current.map((shape, i) => ({ ...shape, surface: i === index ? surface : surfaceOf(shape) }) as ShapeInput))
		return tx.measurement.update({ where: { id }, data: { ...measuredTotals(shapes), shapes: shapes as unknown as Prisma.InputJsonValue } })
	})
	return toApi(row)
}

export async function deleteMeasurement(user: ClientUser, id: string) {
	const existing = await findOwn(user, id)
	const deleted = await prisma.measurement.deleteMany({ where: { id: existing.id, organizationId: existing.organizationId } })
	if (deleted.count === 0) throw notFound(NOT_FOUND)
	return { message: 'Measurement deleted successfully.' }
}

/**
 * Combine (spec 1 §4): with more than one saved measurement at the address, one
 * measurement labelled '{first address part} Combined' replaces them, in one
 * transaction. Returns null when there is nothing to combine.
 */
export async function combineMeasurements(user: ClientUser, address: string) {
	const organizationId = requireOrganizationId(user)
	return prisma.$transaction(async (tx) => {
		const all = await tx.measurement.findMany({ where: { organizationId }, orderBy: { created_at: 'asc' } })
		const originals = all.filter((m) => addressesMatch(m.address, address))
		if (originals.length < 2) return null
		// each shape keeps its surface (saved before surfaces: other)
		const shapes = originals.flatMap((m) => m.shapes as unknown as Shape[]).map((shape) => ({ ...shape, surface: surfaceOf(shape) }))
		const totals = measuredTotals(shapes)
		const first = originals[0]!
		const combined = await tx.measurement.create({
			data: {
				organizationId,
				createdByUserId: user.id,
				label: `${firstAddressPart(first.address) || 'Unknown Location'} Combined`,
				address: first.address,
				shapes: shapes as unknown as Prisma.InputJsonValue,
				...totals,
				measurement_type: originals.some((m) => m.measurement_type === 'ai') ? 'ai' : 'manual',
				map_type: first.map_type,
				property_center: first.property_center ?? Prisma.JsonNull,
				yard_type: first.yard_type,
				is_training_data: originals.every((m) => m.is_training_data === 'true') ? 'true' : 'false',
				user_verified: originals.every((m) => m.user_verified === 'true') ? 'true' : 'false',
				ai_confidence: averageConfidence(shapes),
			},
		})
		await tx.measurement.deleteMany({ where: { id: { in: originals.map((m) => m.id) }, organizationId } })
		return toApi(combined)
	})
}

const SORT_ORDER: Record<MeasurementSort, Prisma.MeasurementOrderByWithRelationInput[]> = {
	newest: [{ created_at: 'desc' }, { id: 'asc' }],
	oldest: [{ created_at: 'asc' }, { id: 'asc' }],
	largest: [{ total_area_sqft: 'desc' }, { created_at: 'desc' }, { id: 'asc' }],
	smallest: [{ total_area_sqft: 'asc' }, { created_at: 'desc' }, { id: 'asc' }],
	name: [{ label: { sort: 'asc', nulls: 'last' } }, { created_at: 'desc' }, { id: 'asc' }],
}

/**
 * The dashboard's Recent Measurements (spec 2 §2): search on label or address
 * (case-insensitive), sort and page, all in SQL. A page past the end falls
 * back to the last page. `matching` is the filtered count, `total` the
 * organization's.
 */
export async function searchMeasurements(user: ClientUser, query: DashboardQuery, pageSize = DASHBOARD_PAGE_SIZE) {
	const scope = organizationScope(user)
	// LIKE wildcards in the search box are plain characters (Prisma doesn't escape them)
	const needle = query.q.replace(/[\\%_]/g, (c) => `\\${c}`)
	const where: Prisma.MeasurementWhereInput = query.q
		? {
				...scope,
				OR: [
					{ label: { contains: needle, mode: 'insensitive' } },
					{ address: { contains: needle, mode: 'insensitive' } },
				],
			}
		: scope
	const [matching, total] = await Promise.all([prisma.measurement.count({ where }), prisma.measurement.count({ where: scope })])
	const pageCount = Math.max(1, Math.ceil(matching / pageSize))
	const page = Math.min(query.page, pageCount)
	const rows = await prisma.measurement.findMany({ where, orderBy: SORT_ORDER[query.sort], skip: (page - 1) * pageSize, take: pageSize })
	return { measurements: rows.map(toApi), matching, total, page, pageCount, pageSize }
}
