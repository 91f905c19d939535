// Share with customer (issue 19). A member makes a link to one saved
// measurement with the services to quote; the customer opens /p/{token}
// without an account, sees the property, the figures and the estimate, and can
// accept it. The token is 256 random bits; only its SHA-256 is stored. One link
// per measurement is active at a time (a new link revokes the previous one);
// acceptances stay on their link, so the measurement keeps "Accepted by …"
// after the link is revoked or replaced. Expired and revoked links are not
// found, to everyone.
import { createHash, randomBytes } from 'node:crypto'
import { prisma, Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { formatCents, formatUnitPrice, PRICE_UNIT_LABELS, type PriceItem } from '~/lib/estimate.ts'
import { isSurface, SURFACE_LABELS, surfaceFigures, surfaceOf } from '~/lib/surfaces.ts'
import { fileSlug, shapeLabel } from '~/lib/exports.ts'
import type { ShareAcceptInput, ShareCreateInput } from '~/lib/schemas/share.ts'
import type { Shape } from '~/lib/shapes.ts'
import { formatArea, formatLength } from '~/lib/units.ts'
import { conflict, HttpError, notFound } from '~/utils/http.server.ts'
import { checkNotABot } from './account.server.ts'
import { getMeasurement, toApi } from './measurements.server.ts'
import { listPrices, pricesForReport } from './price-list.server.ts'
import { createLead, shapesToGeoJson } from './leads.server.ts'
import { hit } from './rate-limit.server.ts'
import { renderMapPicture } from './report-map.server.ts'
import { assembleReport, renderReport, type PreparedReport } from './reports.server.ts'
import type { ClientUser } from './users.server.ts'
import { subjectText } from '~/lib/leads.ts'
import { fullName } from '~/lib/names.ts'

export const NO_ACTIVE_LINK = 'This measurement has no active share link'
export const LINK_NOT_FOUND = 'This link has expired or is no longer available'
export const ALREADY_ACCEPTED = 'This estimate has already been accepted.'
/**
 * Acceptance attempts per address and link, counted after the link is found
 * (issue 33): attempts on links that do not exist or are already accepted
 * count for nothing, and one device behind a shared address spends only the
 * budget of the link it is on, never its neighbours'.
 */
export const ACCEPT_LIMIT = { name: 'share-accept:ip-link', max: 10, windowSeconds: 60 * 60 }
export const FILE_LIMIT = { name: 'share-file:ip', max: 120, windowSeconds: 10 * 60 }
const DAY_MS = 86_400_000
/** 32 random bytes as base64url: 43 characters */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

type ShareRow = Prisma.MeasurementShareGetPayload<object>

/** POST /api/measurements/{id}/share → 201 { url, token, expiresAt }. */
export async function createShare(user: ClientUser, measurementId: string, input: ShareCreateInput, now = new Date()) {
	const measurement = await getMeasurement(user, measurementId)
	const items = await pricesForReport(measurement.organizationId, input.services)
	const token = randomBytes(32).toString('base64url')
	const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS)
	await prisma.$transaction(async (tx) => {
		// one active link per measurement, even when two are made at once
		await tx.$queryRaw`SELECT id FROM measurements WHERE id = ${measurement.id} FOR UPDATE`
		await tx.measurementShare.updateMany({ where: { measurementId: measurement.id, revokedAt: null }, data: { revokedAt: now } })
		await tx.measurementShare.create({
			data: {
				measurementId: measurement.id,
				organizationId: measurement.organizationId,
				createdByUserId: user.id,
				tokenHash: hashToken(token),
				priceItems: items.map(({ id, name, unit, unitPrice, minimumCharge, surface }) => ({ id, name, unit, unitPrice, minimumCharge, surface: surface ?? 'all' })),
				taxRate: input.taxRate ?? null,
				notes: input.notes ?? null,
				contactName: input.contactName ?? (fullName(user) || null),
				contactPhone: input.contactPhone ?? null,
				contactEmail: input.contactEmail ?? null,
				expiresAt,
				createdAt: now,
			},
		})
	})
	return { url: `${appUrl()}/p/${token}`, token, expiresAt: expiresAt.toISOString() }
}

/** DELETE /api/measurements/{id}/share: the active link stops working at once. */
export async function revokeShare(user: ClientUser, measurementId: string, now = new Date()) {
	const measurement = await getMeasurement(user, measurementId)
	const revoked = await prisma.measurementShare.updateMany({ where: { measurementId: measurement.id, revokedAt: null }, data: { revokedAt: now } })
	if (revoked.count === 0) throw notFound(NO_ACTIVE_LINK)
	return { message: 'Share link revoked' }
}

function acceptanceOf(row: ShareRow) {
	if (!row.acceptedAt) return null
	return {
		name: row.acceptedName ?? '',
		email: row.acceptedEmail ?? '',
		phone: row.acceptedPhone ?? '',
		message: row.acceptedMessage,
		acceptedAt: row.acceptedAt.toISOString(),
		total: row.acceptedTotalCents === null ? null : formatCents(row.acceptedTotalCents),
	}
}

/** What the contractor sees of a link: never the token (it is not stored). */
function linkStatus(row: ShareRow, now: Date) {
	return {
		active: !row.revokedAt && row.expiresAt > now,
		createdAt: row.createdAt.toISOString(),
		expiresAt: row.expiresAt.toISOString(),
		revokedAt: row.revokedAt?.toISOString() ?? null,
		viewCount: row.viewCount,
		firstViewedAt: row.firstViewedAt?.toISOString() ?? null,
		lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
		accepted: acceptanceOf(row),
	}
}
export type ShareLinkStatus = ReturnType<typeof linkStatus>
export type ShareSummary = { link: ShareLinkStatus | null; accepted: NonNullable<ReturnType<typeof acceptanceOf>> | null }

function summarize(rows: readonly ShareRow[], now: Date): ShareSummary {
	// rows newest first: the latest link, and the latest acceptance of any link
	const latest = rows[0]
	const accepted = rows.filter((r) => r.acceptedAt).sort((a, b) => b.acceptedAt!.getTime() - a.acceptedAt!.getTime())[0]
	return { link: latest ? linkStatus(latest, now) : null, accepted: accepted ? acceptanceOf(accepted) : null }
}

/** GET /api/measurements/{id}/share: the latest link (views, expiry) and the acceptance. */
export async function getShareStatus(user: ClientUser, measurementId: string, now = new Date()): Promise<ShareSummary> {
	const measurement = await getMeasurement(user, measurementId)
	const rows = await prisma.measurementShare.findMany({ where: { measurementId: measurement.id }, orderBy: { createdAt: 'desc' }, take: 50 })
	return summarize(rows, now)
}

/** The dashboard's list: the share summary of each measurement shown (the caller's organization only). */
export async function shareSummaries(user: ClientUser, measurementIds: readonly string[], now = new Date()): Promise<Record<string, ShareSummary>> {
	if (!measurementIds.length || !user.organizationId) return {}
	const rows = await prisma.measurementShare.findMany({
		where: { organizationId: user.organizationId, measurementId: { in: [...measurementIds] } },
		orderBy: { createdAt: 'desc' },
	})
	const out: Record<string, ShareSummary> = {}
	for (const id of measurementIds) {
		const own = rows.filter((r) => r.measurementId === id)
		if (own.length) out[id] = summarize(own, now)
	}
	return out
}

// ---------------------------------------------------------------- the customer's side

async function findLive(token: string, now: Date) {
	if (!TOKEN_PATTERN.test(token)) return null
	const row = await prisma.measurementShare.findUnique({
		where: { tokenHash: hashToken(token) },
		include: { measurement: true, organization: { select: { name: true, logoUrl: true, isDeactivated: true } } },
	})
	if (!row || row.revokedAt || row.expiresAt <= now || row.organization.isDeactivated) return null
	return row
}
type LiveShare = NonNullable<Awaited<ReturnType<typeof findLive>>>

function reportOf(row: LiveShare, now: Date): Promise<PreparedReport> {
	const measurement = toApi(row.measurement)
	const title = measurement.label ?? measurement.address ?? 'Measurement'
	return assembleReport([measurement], {
		title,
		slug: fileSlug(measurement.label ?? measurement.address, 'estimate'),
		address: null,
		preparedBy: row.contactName || row.organization.name,
		items: row.priceItems as unknown as PriceItem[],
		taxRate: row.taxRate,
		notes: row.notes,
		now,
		namesOnly: true,
	})
}

/**
 * What /p/{token} shows, or null for an unknown, expired or revoked link.
 * Nothing else of the organization: no ids, no account e-mails, no other measurements.
 */
export async function viewShare(token: string, { countView, viewerOrganizationId = null, now = new Date() }: { countView: boolean; viewerOrganizationId?: string | null; now?: Date }) {
	const row = await findLive(token, now)
	if (!row) return null
	// the organization's own people previewing the link are not the customer's views
	if (countView && viewerOrganizationId !== row.organizationId) {
		await prisma.$executeRaw`UPDATE measurement_shares SET "viewCount" = "viewCount" + 1, "lastViewedAt" = ${now}, "firstViewedAt" = COALESCE("firstViewedAt", ${now}) WHERE id = ${row.id}`
	}
	const report = await reportOf(row, now)
	const estimate = report.estimate
	return {
		organizationName: row.organization.name,
		organizationLogoUrl: row.organization.logoUrl,
		title: report.title,
		address: report.address,
		shapes: report.shapes.map(({ shape }, i) => ({
			number: i + 1,
			name: shapeLabel(shape as Shape, i),
			kind: shape.type === 'polyline' ? ('length' as const) : ('area' as const),
			figure: shape.type === 'polyline' ? formatLength(shape.distance_feet, 'feet') : formatArea(shape.area_sqft, 'sqft'),
			surface: SURFACE_LABELS[surfaceOf(shape)],
		})),
		// issue 32: per surface, nothing counted twice (a bed inside a lawn is bed)
		surfaces: surfaceFigures(report.totalsBySurface, { area: 'sqft', length: 'feet' }).map(({ surface, label, figure }) => ({ surface, name: label, figure })),
		totalArea: report.totals.total_area_sqft > 0 ? formatArea(report.totals.total_area_sqft, 'sqft') : null,
		totalLength: report.totals.total_distance_feet > 0 ? formatLength(report.totals.total_distance_feet, 'feet') : null,
		estimate: estimate
			? {
					lines: estimate.lines.map((l) => ({
						name: l.name,
						quantity:
							l.unit === 'flat'
								? 'Flat rate'
								: `${l.quantity.toLocaleString('en-US')} ${l.unit === 'sqft' ? 'sq ft' : 'ft'}${isSurface(l.surface) ? ` of ${SURFACE_LABELS[l.surface].toLowerCase()}` : ''} × ${formatUnitPrice(l.unitPrice)} ${PRICE_UNIT_LABELS[l.unit]}`,
						charge: formatCents(l.chargeCents),
						minimumApplied: l.minimumApplied,
					})),
					omitted: estimate.omitted.map((o) => ({ name: o.name, note: o.note })),
					subtotal: formatCents(estimate.subtotalCents),
					taxRate: estimate.taxRate,
					tax: formatCents(estimate.taxCents),
					total: formatCents(estimate.totalCents),
				}
			: null,
		notes: row.notes,
		contact: { name: row.contactName, phone: row.contactPhone, email: row.contactEmail },
		expiresAt: row.expiresAt.toISOString(),
		accepted: row.acceptedAt ? { name: row.acceptedName ?? '', at: row.acceptedAt.toISOString() } : null,
	}
}
export type PublicShare = NonNullable<Awaited<ReturnType<typeof viewShare>>>

/**
 * "Accept estimate": the first acceptance stands (409 for the next), the bot
 * check of the contact form, then an e-mail to each account admin of the
 * organization. The stored acceptance is the record; a mail outage is logged.
 */
export async function acceptShare(token: string, input: ShareAcceptInput, ip: string, now = new Date()) {
	const row = await findLive(token, now)
	if (!row) throw notFound(LINK_NOT_FOUND)
	if (row.acceptedAt) throw conflict(ALREADY_ACCEPTED)
	await hit(ACCEPT_LIMIT, `${ip} ${row.id}`)
	await checkNotABot(input.captchaToken, ip)
	const report = await reportOf(row, now)
	const totalCents = report.estimate?.totalCents ?? null
	// the acceptance and its lead (issue 19 item 4) are one write
	const measurement = toApi(row.measurement)
	await prisma.$transaction(async (tx) => {
		const accepted = await tx.measurementShare.updateMany({
			where: { id: row.id, acceptedAt: null },
			data: { acceptedAt: now, acceptedName: input.name, acceptedEmail: input.email, acceptedPhone: input.phone, acceptedMessage: input.message || null, acceptedTotalCents: totalCents },
		})
		if (accepted.count === 0) throw conflict(ALREADY_ACCEPTED)
		await createLead(tx, {
			organizationId: row.organizationId,
			source: 'share',
			address: measurement.address,
			lat: measurement.property_center?.lat ?? null,
			lng: measurement.property_center?.lng ?? null,
			areaSqft: measurement.total_area_sqft,
			shapes: shapesToGeoJson(measurement.shapes),
			priceLowCents: totalCents,
			priceHighCents: totalCents,
			name: input.name,
			email: input.email,
			phone: input.phone,
			message: input.message || null,
			measurementShareId: row.id,
		})
	})

	const admins = await prisma.user.findMany({
		where: { organizationId: row.organizationId, role: 'account_admin', isActive: true },
		select: { email: true },
	})
	const what = report.address ?? report.title
	const text = [
		`${input.name} accepted your estimate for ${what}${totalCents === null ? '' : ` (total ${formatCents(totalCents)})`}.`,
		'',
		`Name: ${input.name}`,
		`Email: ${input.email}`,
		`Phone: ${input.phone}`,
		...(input.message ? ['', 'Message:', input.message] : []),
		'',
		`Measurement: ${report.title}`,
		`Open your dashboard: ${appUrl()}/dashboard`,
	].join('\n')
	await Promise.all(
		admins.map((admin) =>
			sendEmail({ to: admin.email, replyTo: input.email, subject: `Estimate accepted: ${subjectText(what)}`, text }).catch((error) =>
				console.error(`Acceptance of share ${row.id} stored but not e-mailed to an admin`, error),
			),
		),
	)
	return { acceptedAt: now.toISOString(), name: input.name }
}

/** The report PDF of a live link (not counted against the organization's reports: the link was made to be opened). */
export async function sharedReportPdf(token: string, ip: string, now = new Date()) {
	await hit(FILE_LIMIT, ip)
	const row = await findLive(token, now)
	if (!row) return null
	const report = await reportOf(row, now)
	return { pdf: await renderReport(report), name: `${report.slug}-estimate.pdf` }
}

/** The property picture of a live link: the report's map with the shapes drawn on it. */
export async function sharedMapPicture(token: string, ip: string, now = new Date()) {
	await hit(FILE_LIMIT, ip)
	const row = await findLive(token, now)
	if (!row) return null
	const measurement = toApi(row.measurement)
	return renderMapPicture(measurement.shapes as Shape[], measurement.property_center)
}

/** The dashboard's share dialog: the measurement, its link status and the price list to choose from; null when not the caller's. */
export async function shareDialogData(user: ClientUser, measurementId: string, now = new Date()) {
	const measurement = await getMeasurement(user, measurementId).catch((error) => {
		if (error instanceof HttpError && error.status === 404) return null
		throw error
	})
	if (!measurement) return null
	const [status, services] = await Promise.all([getShareStatus(user, measurement.id, now), listPrices(user, measurement.organizationId)])
	return {
		measurement: { id: measurement.id, label: measurement.label, address: measurement.address },
		status,
		services: services.map(({ id, name, unit, unitPrice, minimumCharge, surface }) => ({ id, name, unit, unitPrice, minimumCharge, surface })),
		defaultContactName: fullName(user),
	}
}
export type ShareDialogData = NonNullable<Awaited<ReturnType<typeof shareDialogData>>>
