// An organization's price list for report estimates (issue 9). Every member
// can read it (to choose services when exporting); account admins of the
// organization and site admins change it. Another organization answers 404.
import { prisma, Prisma } from '~/db.server.ts'
import type { PriceItem } from '~/lib/estimate.ts'
import { MAX_PRICE_ITEMS, type PriceItemInput } from '~/lib/schemas/reports.ts'
import { ALL_SURFACES, isSurface, type PriceSurface } from '~/lib/surfaces.ts'
import { badRequest, forbidden, notFound } from '~/utils/http.server.ts'
import { ORGANIZATION_NOT_FOUND } from './organizations.server.ts'

type Actor = { role: string; organizationId: string | null }

export const PRICE_LIST_FORBIDDEN = 'Only account admins can change the price list'
export const SERVICE_NOT_FOUND = 'Service not found'

type Row = Prisma.ServicePriceGetPayload<object>

/** Decimals go out as fixed strings ("0.0125", "45.00"): never a float. */
export function toApiPrice(row: Row): PriceItem & { surface: PriceSurface; organizationId: string; createdAt: string; updatedAt: string } {
	return {
		id: row.id,
		organizationId: row.organizationId,
		name: row.name,
		unit: row.unit,
		unitPrice: trimPrice(row.unitPrice.toFixed(4)),
		minimumCharge: row.minimumCharge.toFixed(2),
		// stored null: "all areas", as every item made before surfaces
		surface: isSurface(row.surface) ? row.surface : ALL_SURFACES,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

/** "all" is stored as null, as the items made before surfaces */
type PriceInput = Omit<PriceItemInput, 'surface'> & { surface?: PriceSurface }
function toRow(input: PriceInput) {
	return { ...input, surface: !input.surface || input.surface === ALL_SURFACES ? null : input.surface }
}

/** "0.0125" stays, "45.0000" → "45.00": at least two decimals. */
function trimPrice(text: string): string {
	return text.replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1')
}

function assertReadable(user: Actor, organizationId: string) {
	if (user.organizationId !== organizationId) throw notFound(ORGANIZATION_NOT_FOUND)
}

async function assertManageable(user: Actor, organizationId: string) {
	assertReadable(user, organizationId)
	if (user.role !== 'account_admin' && user.role !== 'site_admin') throw forbidden(PRICE_LIST_FORBIDDEN)
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } })
	if (!org) throw notFound(ORGANIZATION_NOT_FOUND)
}

export async function listPrices(user: Actor, organizationId: string) {
	assertReadable(user, organizationId)
	const rows = await prisma.servicePrice.findMany({ where: { organizationId }, orderBy: [{ name: 'asc' }, { createdAt: 'asc' }] })
	return rows.map(toApiPrice)
}

export async function createPrice(user: Actor, organizationId: string, input: PriceInput) {
	await assertManageable(user, organizationId)
	const count = await prisma.servicePrice.count({ where: { organizationId } })
	if (count >= MAX_PRICE_ITEMS) throw badRequest(`A price list can have at most ${MAX_PRICE_ITEMS} services`)
	const row = await prisma.servicePrice.create({ data: { organizationId, ...toRow(input) } })
	return toApiPrice(row)
}

export async function updatePrice(user: Actor, organizationId: string, id: string, input: PriceInput) {
	await assertManageable(user, organizationId)
	const updated = await prisma.servicePrice.updateMany({ where: { id, organizationId }, data: toRow(input) })
	if (updated.count === 0) throw notFound(SERVICE_NOT_FOUND)
	return toApiPrice((await prisma.servicePrice.findUnique({ where: { id } }))!)
}

export async function deletePrice(user: Actor, organizationId: string, id: string) {
	await assertManageable(user, organizationId)
	const deleted = await prisma.servicePrice.deleteMany({ where: { id, organizationId } })
	if (deleted.count === 0) throw notFound(SERVICE_NOT_FOUND)
	return { message: 'Service deleted' }
}

/** The chosen services of the organization, in the order asked; an unknown id is a 400 naming it. */
export async function pricesForReport(organizationId: string, ids: readonly string[]): Promise<PriceItem[]> {
	if (!ids.length) return []
	const rows = await prisma.servicePrice.findMany({ where: { organizationId, id: { in: [...ids] } } })
	const byId = new Map(rows.map((r) => [r.id, toApiPrice(r)]))
	const missing = ids.filter((id) => !byId.has(id))
	if (missing.length) throw badRequest('Unknown service', { services: `No service ${missing[0]} in your price list` })
	return [...new Set(ids)].map((id) => byId.get(id)!)
}
