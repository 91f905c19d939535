// Bulk measure, the work itself (issue 34): what one queue job does with one
// row (geocode, detect, save exactly one AI measurement), how rows reach the
// queue fairly, and how a batch finishes (the uploader's e-mail). Runs in the
// web process's in-process worker and in `npm run worker` processes alike.
//
// Fairness: rows wait in bulk_rows; only BULK_ORG_IN_FLIGHT of an organization's
// rows are in the queue at a time, refilled as each finishes. pg-boss hands out
// jobs oldest first, so another organization's new rows queue behind at most that
// many of each busy organization's — never behind its 2,000.
//
// Exactly one measurement per row: the save locks the row and writes the
// measurement only while the row has none, in one transaction; a worker killed
// mid-row leaves its job active until it expires, and the retry resumes the row
// (geocoded rows are not geocoded again; a measured row is left alone).
import { hotTransaction, prisma } from '~/db.server.ts'
import { appUrl, getEnv } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { getGeocoder } from '~/integrations/geocoder.server.ts'
import { firstAddressPart } from '~/lib/addresses.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { measureGrass } from '~/services/ai-measure.server.ts'
import { insertMeasurement, INVALID_SHAPES, YARD_SPLIT_SQFT, type MeasuredTotals } from '~/services/measurements.server.ts'
import { badRequest, HttpError } from '~/utils/http.server.ts'
import { DEAD_QUEUE, getBoss, ROW_QUEUE, rowJobs, type RowJob } from './bulk-queue.server.ts'

/** the geocoders find US addresses only: an address abroad is not found either */
export const ROW_NOT_FOUND = 'We could not find this address in the United States.'
export const ROW_OUTSIDE_US = 'This address is outside the United States.'
export const ROW_APPROXIMATE = 'Only the ZIP code or city of this address was found, not the property. Check the address.'
export const ROW_GAVE_UP = 'The measurement did not finish after several tries.'

/** first key of the advisory lock that serializes one organization's dispatch */
const DISPATCH_LOCK = 3401

const DISPATCH_SQL = `
UPDATE bulk_rows SET "dispatchedAt" = now()
WHERE id IN (
	SELECT r.id FROM bulk_rows r JOIN bulk_batches b ON b.id = r."batchId"
	WHERE r."organizationId" = $1 AND r.status = 'queued' AND r."dispatchedAt" IS NULL AND b.status = 'running'
	ORDER BY b."startedAt", b.id, r."rowNumber"
	LIMIT GREATEST($2::int - (
		SELECT count(*) FROM bulk_rows WHERE "organizationId" = $1 AND "dispatchedAt" IS NOT NULL AND status IN ('queued', 'geocoded')
	), 0)
)
RETURNING id`

/**
 * Puts the organization's next rows in the queue, up to BULK_ORG_IN_FLIGHT
 * waiting or running at once. The rows are marked and their jobs inserted in one
 * transaction, so a row is never marked without a job nor given two.
 */
export async function dispatchRows(organizationId: string): Promise<number> {
	const boss = await getBoss()
	return hotTransaction(async (query) => {
		await query('bulk_dispatch_lock', 'SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [DISPATCH_LOCK, organizationId])
		const rows = await query<{ id: string }>('bulk_dispatch', DISPATCH_SQL, [organizationId, getEnv().BULK_ORG_IN_FLIGHT])
		if (!rows.length) return 0
		await boss.insert(rowJobs(rows.map((r) => r.id)), { db: { executeSql: async (text, values) => ({ rows: await query('bulk_boss_insert', text, values) }) } })
		return rows.length
	})
}

/** Every organization with rows waiting: a safety net for a dispatch lost to a crash. */
export async function dispatchAll(): Promise<void> {
	const orgs = await prisma.bulkRow.findMany({
		where: { status: 'queued', dispatchedAt: null, batch: { status: 'running' } },
		distinct: ['organizationId'],
		select: { organizationId: true },
	})
	for (const { organizationId } of orgs) await dispatchRows(organizationId)
}

type RowOutcome = 'measured' | 'failed' | 'cancelled' | 'skipped'

/** Transient failures (geocoder or imagery down) are retried by the queue; on the last try the row fails with the reason. */
function isTransient(error: unknown) {
	return error instanceof HttpError && (error.status === 502 || error.status === 503 || error.status === 504 || error.status === 429)
}

async function failRow(rowId: string, reason: string) {
	await prisma.bulkRow.updateMany({ where: { id: rowId, status: { in: ['queued', 'geocoded'] } }, data: { status: 'failed', error: reason } })
}

/**
 * One queue job: the row's address geocoded (kept with its precision), its lawn
 * detected, one AI measurement saved. `finalTry`: the queue will not retry, so a
 * failure is written to the row instead of thrown.
 */
export async function processRow(rowId: string, { finalTry }: { finalTry: boolean }): Promise<RowOutcome> {
	const row = await prisma.bulkRow.findUnique({ where: { id: rowId }, include: { batch: { select: { status: true, createdByUserId: true } } } })
	if (!row || (row.status !== 'queued' && row.status !== 'geocoded')) return 'skipped'
	try {
		if (row.status === 'queued' && row.batch.status === 'cancelled') {
			// cancelled while it waited: dropped, and its search given back
			const { count } = await prisma.bulkRow.updateMany({ where: { id: row.id, status: 'queued' }, data: { status: 'cancelled', dispatchedAt: null } })
			if (count) await refundSearches(row.organizationId, count)
			return 'cancelled'
		}
		await prisma.bulkRow.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } })
		let center = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null
		if (!center) {
			// the Census down is retried (and at last fails the row saying so), not taken for an address found only at its ZIP
			const place = await getGeocoder().geocode(row.address, { approximateOnFailure: false })
			if (!place) return (await failRow(row.id, ROW_NOT_FOUND), 'failed')
			if (!isInUnitedStates(place.lat, place.lng)) return (await failRow(row.id, ROW_OUTSIDE_US), 'failed')
			await prisma.bulkRow.update({
				where: { id: row.id },
				data: { status: 'geocoded', lat: place.lat, lng: place.lng, matchedAddress: place.matched, precision: place.precision },
			})
			if (place.precision === 'postcode' || place.precision === 'city') return (await failRow(row.id, ROW_APPROXIMATE), 'failed')
			center = { lat: place.lat, lng: place.lng }
		}
		// the shapes come back checked, measured and as JSON from the detection's thread: this is the web process
		const result = await measureGrass({ propertyCenter: center }, { prepareShapes: true })
		const prepared = result.prepared!
		if ('fields' in prepared) throw badRequest(INVALID_SHAPES, prepared.fields)
		const saved = await saveMeasurement(row, center, prepared, result.meanConfidence, result.roughOutline)
		return saved ? 'measured' : 'skipped'
	} catch (error) {
		if (!finalTry && (isTransient(error) || !(error instanceof HttpError))) throw error
		if (!(error instanceof HttpError)) console.error(`[bulk row ${row.id}] failed`, error)
		await failRow(row.id, error instanceof HttpError ? error.message : ROW_GAVE_UP)
		return 'failed'
	}
}

const LOCK_ROW_SQL = 'SELECT "measurementId", status FROM bulk_rows WHERE id = $1 FOR UPDATE'
const USER_EXISTS_SQL = 'SELECT id FROM users WHERE id = $1'
const ROW_MEASURED_SQL = `UPDATE bulk_rows SET status = 'measured', "measurementId" = $2, "areaSqft" = $3, confidence = $4, "roughOutline" = $5, error = NULL, "updatedAt" = now() WHERE id = $1`

/**
 * Writes the measurement and marks the row measured in one transaction, only while the row has none.
 * Prepared statements (hotTransaction): Prisma compiling the shapes into its query cost the web
 * process's event loop ~50 ms a row (profiled; its in-process worker runs here).
 */
async function saveMeasurement(
	row: { id: string; organizationId: string; address: string; batch: { createdByUserId: string | null } },
	center: { lat: number; lng: number },
	{ shapesJson, totals }: { shapesJson: string; totals: MeasuredTotals },
	confidence: number | null,
	rough: boolean,
): Promise<boolean> {
	return hotTransaction(async (query) => {
		const [locked] = await query<{ measurementId: string | null; status: string }>('bulk_row_lock', LOCK_ROW_SQL, [row.id])
		if (!locked || locked.measurementId || (locked.status !== 'queued' && locked.status !== 'geocoded')) return false
		const creator = row.batch.createdByUserId ? await query<{ id: string }>('bulk_row_user', USER_EXISTS_SQL, [row.batch.createdByUserId]) : []
		const measurement = await insertMeasurement(query, {
			organizationId: row.organizationId,
			createdByUserId: creator[0]?.id ?? null,
			label: firstAddressPart(row.address) || row.address,
			address: row.address,
			shapesJson,
			totals,
			measurement_type: 'ai',
			map_type: 'satellite',
			property_center: center,
			yard_type: totals.total_area_sqft > YARD_SPLIT_SQFT ? 'back_yard' : 'front_yard',
			is_training_data: 'false',
			user_verified: 'false',
			ai_confidence: confidence,
		})
		await query('bulk_row_measured', ROW_MEASURED_SQL, [row.id, measurement.id, totals.total_area_sqft, confidence, rough])
		return true
	})
}

/** Gives back searches counted for rows that were never measured (cancelled while waiting). */
export async function refundSearches(organizationId: string, count: number) {
	if (count <= 0) return
	await prisma.$executeRaw`
		UPDATE organizations SET "searchesUsedThisMonth" = GREATEST("searchesUsedThisMonth" - ${count}, 0), "updatedAt" = now() WHERE id = ${organizationId}`
}

/** After a row: the organization's next row into the queue, and the batch finished when nothing is left. */
export async function afterRow(rowId: string): Promise<void> {
	const row = await prisma.bulkRow.findUnique({ where: { id: rowId }, select: { organizationId: true, batchId: true } })
	if (!row) return
	await finishBatchIfDone(row.batchId)
	await dispatchRows(row.organizationId)
}

export const BULK_DONE_SUBJECT = 'Your bulk measurement is ready'

/** Marks a running batch completed once no row waits or runs; exactly one caller wins and mails the uploader. */
export async function finishBatchIfDone(batchId: string): Promise<boolean> {
	const finished = await prisma.$executeRaw`
		UPDATE bulk_batches SET status = 'completed', "finishedAt" = now()
		WHERE id = ${batchId} AND status = 'running'
			AND NOT EXISTS (SELECT 1 FROM bulk_rows WHERE "batchId" = ${batchId} AND status IN ('queued', 'geocoded'))`
	if (finished !== 1) return false
	await mailUploader(batchId).catch((error) => console.error(`[bulk batch ${batchId}] e-mail failed`, error))
	return true
}

async function mailUploader(batchId: string) {
	const batch = await prisma.bulkBatch.findUnique({ where: { id: batchId }, select: { id: true, fileName: true, createdByUserId: true } })
	if (!batch?.createdByUserId) return
	const user = await prisma.user.findUnique({ where: { id: batch.createdByUserId }, select: { email: true, firstName: true } })
	if (!user) return
	const counts = await prisma.bulkRow.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } })
	const count = (status: string) => counts.find((c) => c.status === status)?._count._all ?? 0
	const link = `${appUrl()}/dashboard/bulk/${batch.id}`
	await sendEmail({
		to: user.email,
		subject: BULK_DONE_SUBJECT,
		text: [
			`Hi ${user.firstName || 'there'},`,
			'',
			`Your bulk measurement${batch.fileName ? ` of ${batch.fileName}` : ''} has finished: ${count('measured')} measured, ${count('failed')} failed.`,
			'',
			`See the results and download them as CSV or Excel: ${link}`,
		].join('\n'),
	})
}

export type BulkWorker = { stop: () => Promise<void> }

/** Rows a `npm run worker` process measures at once unless BULK_WORKER_CONCURRENCY says. */
export const WORKER_PROCESS_CONCURRENCY = 2
/**
 * Rows the web process's own worker measures at once unless BULK_WORKER_CONCURRENCY says: one, so
 * its requests stay quick (bench:bulk, 500 rows on 2 cores: signed-in GET p99 1.4–1.5× idle at one row;
 * two made it 17× before a row's work left the event loop, not measured since). More throughput:
 * `npm run worker` processes (1.2× beside one).
 */
export const IN_PROCESS_CONCURRENCY = 1

/**
 * Starts `concurrency` queue workers in this process (each takes one row at a
 * time), the dead-letter worker, and a sweep that re-dispatches waiting rows.
 */
export async function startBulkWorker({ concurrency = getEnv().BULK_WORKER_CONCURRENCY ?? WORKER_PROCESS_CONCURRENCY, log = console }: { concurrency?: number; log?: Pick<Console, 'log' | 'error'> } = {}): Promise<BulkWorker> {
	const boss = await getBoss()
	const ids: string[] = []
	for (let i = 0; i < concurrency; i++) {
		ids.push(
			await boss.work<RowJob>(ROW_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
				if (!job) return
				const finalTry = job.retryCount >= job.retryLimit
				try {
					await processRow(job.data.rowId, { finalTry })
				} finally {
					await afterRow(job.data.rowId).catch((error) => log.error('[bulk queue] after row', error))
				}
			}),
		)
	}
	// a job whose tries are spent without an answer (its worker kept dying): the row fails with a reason
	ids.push(
		await boss.work<RowJob>(DEAD_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
			if (!job) return
			await failRow(job.data.rowId, ROW_GAVE_UP)
			await afterRow(job.data.rowId)
		}),
	)
	const sweep = setInterval(() => void dispatchAll().catch((error) => log.error('[bulk queue] sweep', error)), 10_000)
	sweep.unref()
	void dispatchAll().catch((error) => log.error('[bulk queue] sweep', error))
	return {
		stop: async () => {
			clearInterval(sweep)
			for (const id of ids) await boss.offWork({ id }).catch(() => {})
		},
	}
}
