// Bulk measure (issue 34), the batches: an account admin's upload read and kept
// as a draft (preview with each row's problem), started (each row to measure is
// one of the organization's monthly searches, all counted at once or refused),
// cancelled (waiting rows dropped and their searches given back, running ones
// finish), resumed, read (counts, rows) and exported. The same file in the same
// organization is the same batch (content hash); a row's key is (batch, row number).
import { createHash } from 'node:crypto'
import { prisma, Prisma } from '~/db.server.ts'
import { BULK_MAX_BYTES, BULK_PREVIEW_ROWS, BULK_TOO_LARGE, BulkImportError, readAddressList } from '~/lib/bulk-import.ts'
import { RESULT_HEADERS, resultCells, resultsToCsv } from '~/lib/bulk-results.ts'
import { fileSlug } from '~/lib/exports.ts'
import { isAdminRole } from '~/lib/roles.ts'
import { assertAiMeasurementAllowed } from '~/services/ai-measure.server.ts'
import { badRequest, forbidden, HttpError, notFound } from '~/utils/http.server.ts'
import { readLimited } from '~/utils/read-limited.server.ts'
import { readMultipart } from './profile.server.ts'
import { requireOrganizationId } from './auth.server.ts'
import { dispatchRows, finishBatchIfDone, refundSearches } from './bulk-worker.server.ts'
import type { ClientUser } from './users.server.ts'

export const BULK_ADMINS_ONLY = 'Only account admins can run bulk measurements.'
export const BATCH_NOT_FOUND = 'Batch not found'
export const BATCH_NOT_DRAFT = 'This batch has already been started.'
export const BATCH_NOT_RUNNING = 'Only a running batch can be cancelled.'
export const BATCH_NOT_CANCELLED = 'Only a cancelled batch can be resumed.'
export const BATCH_NOTHING_TO_MEASURE = 'No row of this file can be measured. Fix the rows listed and upload it again.'

export const searchesDoNotFit = (wanted: number, left: number) =>
	`This batch needs ${wanted.toLocaleString('en-US')} searches but only ${left.toLocaleString('en-US')} are left this month, so ${left.toLocaleString('en-US')} addresses fit. Remove rows or upgrade your plan.`

export type BulkUpload = { bytes: Uint8Array; fileName?: string | null; type?: string | null }

/** The account admin's organization; anyone else a 403 (before an upload is read). */
export function requireBulkAdmin(user: ClientUser): string {
	if (!isAdminRole(user.role)) throw forbidden(BULK_ADMINS_ONLY)
	return requireOrganizationId(user)
}

const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Reads the upload and keeps it as a draft batch (rows with a problem are kept
 * failed, with the problem). Whole-file problems are a 400 naming them, nothing
 * kept. The same bytes again answer the batch made from them the first time.
 */
export async function importBatch(user: ClientUser, upload: BulkUpload): Promise<{ id: string; created: boolean }> {
	const organizationId = requireBulkAdmin(user)
	assertAiMeasurementAllowed(user)
	let list
	try {
		list = readAddressList(upload.bytes, upload.fileName, upload.type)
	} catch (error) {
		if (error instanceof BulkImportError) throw badRequest(error.message, { file: error.message })
		throw error
	}
	const hash = contentHash(upload.bytes)
	const existing = await prisma.bulkBatch.findUnique({ where: { organizationId_contentHash: { organizationId, contentHash: hash } }, select: { id: true } })
	if (existing) return { id: existing.id, created: false }
	const fileName = (upload.fileName ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 120) || null
	try {
		const batch = await prisma.$transaction(async (tx) => {
			const created = await tx.bulkBatch.create({
				data: { organizationId, createdByUserId: user.id, contentHash: hash, fileName, rowCount: list.rows.length },
				select: { id: true },
			})
			await tx.bulkRow.createMany({
				data: list.rows.map((row) => ({
					batchId: created.id,
					organizationId,
					rowNumber: row.rowNumber,
					address: row.address,
					status: row.problem ? 'failed' : 'queued',
					error: row.problem,
				})),
			})
			return created
		})
		return { id: batch.id, created: true }
	} catch (error) {
		// the same file sent twice at once: the other request made it
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
			const again = await prisma.bulkBatch.findUnique({ where: { organizationId_contentHash: { organizationId, contentHash: hash } }, select: { id: true } })
			if (again) return { id: again.id, created: false }
		}
		throw error
	}
}

async function findOwnBatch(user: ClientUser, id: string) {
	const organizationId = requireBulkAdmin(user)
	const batch = await prisma.bulkBatch.findFirst({ where: { id, organizationId } })
	if (!batch) throw notFound(BATCH_NOT_FOUND)
	return batch
}

/**
 * Counts `count` searches against the organization's monthly limit at once, or
 * none: the 429 says how many fit.
 */
async function reserveSearches(tx: Prisma.TransactionClient, organizationId: string, count: number) {
	if (count <= 0) return
	const updated = await tx.$executeRaw`
		UPDATE organizations o SET "searchesUsedThisMonth" = o."searchesUsedThisMonth" + ${count}, "updatedAt" = now()
		FROM subscription_tiers t
		WHERE o.id = ${organizationId} AND t.id = o."subscriptionTierId"
			AND (t."searchesPerMonth" IS NULL OR o."searchesUsedThisMonth" + ${count} <= t."searchesPerMonth")`
	if (updated !== 1) {
		const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { searchesUsedThisMonth: true, subscriptionTier: { select: { searchesPerMonth: true } } } })
		const left = Math.max(0, (org?.subscriptionTier.searchesPerMonth ?? 0) - (org?.searchesUsedThisMonth ?? 0))
		const message = searchesDoNotFit(count, left)
		throw new HttpError(429, message, { file: message })
	}
	await tx.$executeRaw`
		INSERT INTO usage_days (day, "organizationId", searches) VALUES (${new Date().toISOString().slice(0, 10)}, ${organizationId}, ${count})
		ON CONFLICT (day, "organizationId") DO UPDATE SET searches = usage_days.searches + ${count}`
}

/** Starts a draft: its rows to measure counted as searches (all or none), then queued. */
export async function startBatch(user: ClientUser, id: string) {
	const batch = await findOwnBatch(user, id)
	assertAiMeasurementAllowed(user)
	if (batch.status !== 'draft') throw new HttpError(409, BATCH_NOT_DRAFT)
	await prisma.$transaction(async (tx) => {
		const claimed = await tx.bulkBatch.updateMany({ where: { id, status: 'draft' }, data: { status: 'running', startedAt: new Date() } })
		if (claimed.count !== 1) throw new HttpError(409, BATCH_NOT_DRAFT)
		const toMeasure = await tx.bulkRow.count({ where: { batchId: id, status: 'queued' } })
		if (toMeasure === 0) throw badRequest(BATCH_NOTHING_TO_MEASURE, { file: BATCH_NOTHING_TO_MEASURE })
		await reserveSearches(tx, batch.organizationId, toMeasure)
	})
	await dispatchRows(batch.organizationId)
	return getBatch(user, id)
}

/** Drops the rows still waiting (their searches given back); rows being measured finish. */
export async function cancelBatch(user: ClientUser, id: string) {
	const batch = await findOwnBatch(user, id)
	const dropped = await prisma.$transaction(async (tx) => {
		const claimed = await tx.bulkBatch.updateMany({ where: { id, status: 'running' }, data: { status: 'cancelled' } })
		if (claimed.count !== 1) throw new HttpError(409, BATCH_NOT_RUNNING)
		// rows already handed to the queue are dropped by their job when it comes up
		const { count } = await tx.bulkRow.updateMany({ where: { batchId: id, status: 'queued', dispatchedAt: null }, data: { status: 'cancelled' } })
		return count
	})
	await refundSearches(batch.organizationId, dropped)
	return getBatch(user, id)
}

/** Puts a cancelled batch's dropped rows back in the queue (counted as searches again, all or none). */
export async function resumeBatch(user: ClientUser, id: string) {
	const batch = await findOwnBatch(user, id)
	assertAiMeasurementAllowed(user)
	await prisma.$transaction(async (tx) => {
		const claimed = await tx.bulkBatch.updateMany({ where: { id, status: 'cancelled' }, data: { status: 'running', finishedAt: null } })
		if (claimed.count !== 1) throw new HttpError(409, BATCH_NOT_CANCELLED)
		const { count } = await tx.bulkRow.updateMany({ where: { batchId: id, status: 'cancelled' }, data: { status: 'queued', dispatchedAt: null } })
		await reserveSearches(tx, batch.organizationId, count)
	})
	await dispatchRows(batch.organizationId)
	// nothing was left to do: it is finished now
	await finishBatchIfDone(id)
	return getBatch(user, id)
}

export type BatchCounts = { total: number; queued: number; geocoded: number; measured: number; failed: number; cancelled: number }

export type BatchRowView = {
	rowNumber: number
	address: string
	status: string
	error: string | null
	precision: string | null
	matchedAddress: string | null
	lat: number | null
	lng: number | null
	areaSqft: number | null
	confidence: number | null
	roughOutline: boolean | null
	measurementId: string | null
}

const ROW_SELECT = {
	rowNumber: true,
	address: true,
	status: true,
	error: true,
	precision: true,
	matchedAddress: true,
	lat: true,
	lng: true,
	areaSqft: true,
	confidence: true,
	roughOutline: true,
	measurementId: true,
} as const

export async function batchCounts(batchId: string): Promise<BatchCounts> {
	const groups = await prisma.bulkRow.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } })
	const count = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0
	const counts = { queued: count('queued'), geocoded: count('geocoded'), measured: count('measured'), failed: count('failed'), cancelled: count('cancelled') }
	return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts }
}

/** The batch with its counts and rows (all of them, or the first few: the preview). */
export async function getBatch(user: ClientUser, id: string, { rows: rowLimit }: { rows?: number } = {}) {
	const batch = await findOwnBatch(user, id)
	const [counts, rows, problems] = await Promise.all([
		batchCounts(id),
		prisma.bulkRow.findMany({ where: { batchId: id }, orderBy: { rowNumber: 'asc' }, select: ROW_SELECT, take: rowLimit }),
		batch.status === 'draft' ? prisma.bulkRow.findMany({ where: { batchId: id, status: 'failed' }, orderBy: { rowNumber: 'asc' }, select: ROW_SELECT, take: 100 }) : [],
	])
	return {
		id: batch.id,
		fileName: batch.fileName,
		status: batch.status,
		rowCount: batch.rowCount,
		createdAt: batch.createdAt.toISOString(),
		startedAt: batch.startedAt?.toISOString() ?? null,
		finishedAt: batch.finishedAt?.toISOString() ?? null,
		counts,
		rows: rows as BatchRowView[],
		/** a draft's rows with a problem (they will not be measured) */
		problems: problems as BatchRowView[],
	}
}
export type BatchView = Awaited<ReturnType<typeof getBatch>>

/** The preview of a draft: its first rows and every row with a problem. */
export const getPreview = (user: ClientUser, id: string) => getBatch(user, id, { rows: BULK_PREVIEW_ROWS })

export async function listBatches(user: ClientUser) {
	const organizationId = requireBulkAdmin(user)
	const batches = await prisma.bulkBatch.findMany({
		where: { organizationId },
		orderBy: { createdAt: 'desc' },
		take: 50,
		select: { id: true, fileName: true, status: true, rowCount: true, createdAt: true, finishedAt: true },
	})
	return batches.map((b) => ({ ...b, createdAt: b.createdAt.toISOString(), finishedAt: b.finishedAt?.toISOString() ?? null }))
}

export type BulkExportFormat = 'csv' | 'xlsx'

/** The batch's results as a CSV or XLSX file. */
export async function exportBatch(user: ClientUser, id: string, format: BulkExportFormat, origin: string): Promise<{ body: Uint8Array<ArrayBuffer> | string; contentType: string; fileName: string }> {
	const batch = await getBatch(user, id)
	const base = `bulk-${fileSlug(batch.fileName?.replace(/\.[a-z0-9]+$/i, ''), 'measurements')}`
	if (format === 'csv') return { body: resultsToCsv(batch.rows, origin), contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv` }
	const { default: ExcelJS } = await import('exceljs')
	const book = new ExcelJS.Workbook()
	const sheet = book.addWorksheet('Results')
	sheet.addRow([...RESULT_HEADERS]).font = { bold: true }
	for (const row of batch.rows) {
		// text that looks like a formula stays text (exceljs writes strings as strings, never formulas)
		sheet.addRow(resultCells(row, origin))
	}
	sheet.columns.forEach((column, i) => (column.width = i === 1 ? 48 : i === 10 ? 60 : 14))
	const buffer = await book.xlsx.writeBuffer()
	return { body: new Uint8Array(buffer as ArrayBuffer), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${base}.xlsx` }
}

export const BULK_CHOOSE_FILE = 'Choose a CSV or JSON file of addresses.'
export const BULK_UNSUPPORTED_BODY = 'Send the list as a CSV or JSON file (multipart field "file"), or as a text/csv or application/json body.'
export const BULK_JSON_OBJECT = 'A JSON body must be an object: { "addresses": ["12 Main St, Denver, CO 80202", ...] }.'

/**
 * The uploaded list from a request: a multipart form's `file` field (the page
 * and the API), or a raw text/csv or application/json body (the API). Bodies
 * are read bounded; a file over 2 MB is named by readAddressList.
 */
export async function readUpload(request: Request): Promise<BulkUpload> {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
	// a little over the file limit, so a file just over it is named by readAddressList (400)
	const limit = BULK_MAX_BYTES + 128 * 1024
	if (type === 'multipart/form-data') {
		const form = await readMultipart(request, BULK_MAX_BYTES, { name: 'file', tooLarge: BULK_TOO_LARGE, missing: BULK_CHOOSE_FILE })
		const file = form.get('file')
		if (!file || typeof file === 'string' || file.size === 0) throw badRequest(BULK_CHOOSE_FILE, { file: BULK_CHOOSE_FILE })
		return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name, type: file.type }
	}
	if (type === 'text/csv' || type === 'application/json') {
		const tooLarge = () => new HttpError(413, BULK_TOO_LARGE, { file: BULK_TOO_LARGE }, { Connection: 'close' })
		if (Number(request.headers.get('content-length') ?? '0') > limit) throw tooLarge()
		const bytes = await readLimited(request.body, limit, tooLarge)
		// a JSON body is an object, as everywhere in the API: { "addresses": [...] } (a .json file may be a bare list)
		if (type === 'application/json' && !/^\s*\{/.test(new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, ''))) {
			throw badRequest(BULK_JSON_OBJECT, { file: BULK_JSON_OBJECT })
		}
		return { bytes: new Uint8Array(bytes), fileName: type === 'application/json' ? 'list.json' : 'list.csv', type }
	}
	throw new HttpError(415, BULK_UNSUPPORTED_BODY)
}
