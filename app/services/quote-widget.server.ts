// The instant-quote widget (issue 19 item 3). An organization on a plan with
// AI grass detection turns it on in /settings, picks the price-list services it
// quotes and the websites that may embed it. On /embed/quote/{publicKey} a
// homeowner types an address → the /measure geocoder → the /measure grass
// detection at that point → the lawn area and the price (or a range) →
// "Request this quote" → a lead, e-mailed to the account admins.
//
// The quote the homeowner saw travels back with the request as a signed,
// compressed token (HMAC-SHA256 keyed from SESSION_SECRET, 2 hours), so the
// lead records exactly what was shown and nothing is stored before the
// homeowner asks. Each quote is one of the organization's monthly searches;
// at the limit the widget offers the request form without a price.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { FeatureCollection } from 'geojson'
import { prisma } from '~/db.server.ts'
import { getEnv } from '~/env.server.ts'
import { getGeocoder } from '~/integrations/geocoder.server.ts'
import { computeEstimate, formatCents, lawnOnly, type PriceItem } from '~/lib/estimate.ts'
import { tierFeatures } from '~/lib/plans.ts'
import { formatQuotedPrice, PUBLIC_KEY_PATTERN, quotedPrice, WIDGET_NOT_FOUND, type PriceDisplay } from '~/lib/quote-widget.ts'

export { WIDGET_NOT_FOUND }
import type { QuoteAddressInput, QuoteRequestInput, QuoteWidgetSettingsInput } from '~/lib/schemas/quote-widget.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { formatArea } from '~/lib/units.ts'
import { badRequest, conflict, forbidden, HttpError, notFound } from '~/utils/http.server.ts'
import { checkNotABot } from './account.server.ts'
import { measureGrass } from './ai-measure.server.ts'
import { ORGANIZATION_NOT_FOUND } from './organizations.server.ts'
import { toApiPrice } from './price-list.server.ts'
import { consumeOnce, hit, hitWithin, isSpent } from './rate-limit.server.ts'
import { createLead, mailNewLead, toApiLead } from './leads.server.ts'
import { incrementOrganizationSearch } from './usage.server.ts'

type Actor = { role: string; organizationId: string | null; organization?: { subscriptionTierId: string; features: { hasAiMeasurement: boolean } } | null }

export const WIDGET_FORBIDDEN = 'Only account admins can change the quote widget'
export const WIDGET_NEEDS_AI = 'The quote widget measures lawns with AI grass detection, which is not on your plan. Upgrade to Pro or higher to use it.'
export const SERVICE_NOT_QUOTABLE = 'Choose services priced per sq ft or at a flat rate from your price list'
export const ADDRESS_NOT_IN_US = 'We could not find that address in the United States. Instant quotes are available for US street addresses only.'
export const ADDRESS_NOT_EXACT = 'We could not find that exact street address. Please enter the house number, street, city and state.'
export const QUOTES_UNAVAILABLE = 'Instant quotes are unavailable right now.'
export const QUOTE_EXPIRED = 'This quote has expired. Please look up the address again.'
export const NO_LAWN_FOUND = 'We could not find a lawn to measure at this address.'
export const QUOTES_AVAILABLE = 'Instant quotes are available for this address. Please look up the address to see your quote, then request it.'
export const QUOTE_ALREADY_REQUESTED = 'This quote has already been requested. Please look up the address again to send another request.'

/**
 * Each quote is a detection (a few hundred ms of CPU and up to 16 tile
 * fetches). One address may ask 10 an hour: a twelfth of the organization's
 * hourly 120 (until issue 33 it was 10 per 10 minutes, half the budget).
 */
export const QUOTE_IP_LIMIT = { name: 'widget-quote:ip', max: 10, windowSeconds: 60 * 60 }
/** Quotes whose bot check was a solved challenge (the widget with JavaScript). */
export const QUOTE_ORG_LIMIT = { name: 'widget-quote:org', max: 120, windowSeconds: 60 * 60 }
/**
 * Quotes posted without JavaScript (no challenge, 5 an hour per address under
 * the no-captcha limit) spend a budget of their own, so a flood of plain form
 * posts cannot switch off the widget's quotes, nor the other way round.
 */
export const QUOTE_ORG_NOJS_LIMIT = { name: 'widget-quote-nojs:org', max: 40, windowSeconds: 60 * 60 }
export const REQUEST_IP_LIMIT = { name: 'widget-request:ip', max: 10, windowSeconds: 60 * 60 }
/**
 * Leads with an address alone (no signed quote), taken only while quotes are
 * unavailable. One address may leave 2 a day with an organization (429 past
 * that); the organization's admins are e-mailed the first 20 a day. Past 20 the
 * lead is still kept (on the Leads list), not mailed: a flood that solves the
 * proof of work from many addresses can neither bury the inbox nor lock a real
 * homeowner out.
 */
export const ADDRESS_ONLY_LEADS_PER_DAY = 20
export const ADDRESS_LEAD_ORG_LIMIT = { name: 'widget-address-lead:org', max: ADDRESS_ONLY_LEADS_PER_DAY, windowSeconds: 24 * 60 * 60 }
export const ADDRESS_LEAD_IP_LIMIT = { name: 'widget-address-lead:ip', max: 2, windowSeconds: 24 * 60 * 60 }
const QUOTE_TTL_MS = 2 * 60 * 60 * 1000
const QUOTABLE_UNITS = ['sqft', 'flat']

// ---------------------------------------------------------------- settings (/settings, account admins)

function assertManageable(user: Actor) {
	if (user.role !== 'account_admin' && user.role !== 'site_admin') throw forbidden(WIDGET_FORBIDDEN)
	if (!user.organizationId) throw notFound(ORGANIZATION_NOT_FOUND)
	return user.organizationId
}

/** Why the caller's plan cannot have the widget, or null when it can. */
export function widgetUnavailableReason(user: Actor): string | null {
	return user.organization?.features.hasAiMeasurement ? null : WIDGET_NEEDS_AI
}

const newPublicKey = () => randomBytes(16).toString('base64url')

/** The "Quote widget" section's data: the settings, the services it can quote, the snippet once it has a key. */
export async function getQuoteWidgetSettings(user: Actor) {
	const organizationId = assertManageable(user)
	const [row, prices] = await Promise.all([
		prisma.quoteWidget.findUnique({ where: { organizationId } }),
		prisma.servicePrice.findMany({ where: { organizationId, unit: { in: QUOTABLE_UNITS } }, orderBy: [{ name: 'asc' }, { createdAt: 'asc' }] }),
	])
	return {
		unavailableReason: widgetUnavailableReason(user),
		enabled: row?.enabled ?? false,
		publicKey: row?.publicKey ?? null,
		serviceIds: row?.serviceIds ?? [],
		priceDisplay: (row?.priceDisplay ?? 'exact') as PriceDisplay,
		rangePercent: row?.rangePercent ?? 10,
		allowedDomains: row?.allowedDomains ?? [],
		services: prices.map(toApiPrice).map(({ id, name, unit, unitPrice, minimumCharge }) => ({ id, name, unit, unitPrice, minimumCharge })),
	}
}
export type QuoteWidgetSettings = Awaited<ReturnType<typeof getQuoteWidgetSettings>>

/** Saves the section; the public key is made on the first save and kept after. */
export async function saveQuoteWidgetSettings(user: Actor, input: QuoteWidgetSettingsInput) {
	const organizationId = assertManageable(user)
	const reason = widgetUnavailableReason(user)
	if (reason) throw forbidden(reason)
	const found = await prisma.servicePrice.findMany({ where: { organizationId, id: { in: input.serviceIds }, unit: { in: QUOTABLE_UNITS } }, select: { id: true } })
	if (found.length !== new Set(input.serviceIds).size) throw badRequest('Invalid input', { serviceIds: SERVICE_NOT_QUOTABLE })
	const data = {
		enabled: input.enabled,
		serviceIds: [...new Set(input.serviceIds)],
		priceDisplay: input.priceDisplay,
		rangePercent: input.rangePercent,
		allowedDomains: input.allowedDomains,
	}
	const row = await prisma.quoteWidget.upsert({ where: { organizationId }, create: { organizationId, publicKey: newPublicKey(), ...data }, update: data })
	return { enabled: row.enabled, publicKey: row.publicKey }
}

// ---------------------------------------------------------------- the public widget

/**
 * The widget behind a public key: null for an unknown or disabled key, a
 * deactivated organization or a plan without AI grass detection.
 */
export async function findPublicWidget(publicKey: string) {
	if (!PUBLIC_KEY_PATTERN.test(publicKey)) return null
	const row = await prisma.quoteWidget.findUnique({
		where: { publicKey },
		include: { organization: { select: { id: true, name: true, logoUrl: true, isDeactivated: true, subscriptionTierId: true, subscriptionTier: { select: { features: true } } } } },
	})
	if (!row || !row.enabled || row.organization.isDeactivated) return null
	if (!tierFeatures(row.organization.subscriptionTierId, row.organization.subscriptionTier.features).hasAiMeasurement) return null
	const prices = await prisma.servicePrice.findMany({ where: { organizationId: row.organizationId, id: { in: row.serviceIds }, unit: { in: QUOTABLE_UNITS } }, orderBy: [{ name: 'asc' }, { createdAt: 'asc' }] })
	return {
		publicKey: row.publicKey,
		organizationId: row.organizationId,
		organizationName: row.organization.name,
		organizationLogoUrl: row.organization.logoUrl,
		allowedDomains: row.allowedDomains,
		priceDisplay: row.priceDisplay as PriceDisplay,
		rangePercent: row.rangePercent,
		services: prices.map(toApiPrice) as PriceItem[],
	}
}
export type PublicWidget = NonNullable<Awaited<ReturnType<typeof findPublicWidget>>>

/** What the homeowner was shown, signed into the request form. */
type SignedQuote = {
	v: 1
	k: string // the widget's public key
	a: string // address
	lat: number
	lng: number
	s: number // lawn area, sq ft
	g: FeatureCollection | null // detected shapes
	lo: number | null // price, cents
	hi: number | null
	ln: { name: string; detail: string }[] // the services as shown
	e: number // expiry, ms since epoch
}

const quoteKey = () => createHmac('sha256', getEnv().SESSION_SECRET).update('yardstick-widget-quote').digest()
const mac = (body: string) => createHmac('sha256', quoteKey()).update(body).digest('base64url')

function signQuote(quote: SignedQuote): string {
	const body = deflateRawSync(Buffer.from(JSON.stringify(quote))).toString('base64url')
	return `${body}.${mac(body)}`
}

function readQuote(token: string, publicKey: string, now: number): SignedQuote {
	const [body = '', signature = ''] = token.split('.')
	const expected = Buffer.from(mac(body))
	const given = Buffer.from(signature)
	if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest('Invalid input', { quote: QUOTE_EXPIRED })
	let quote: SignedQuote
	try {
		quote = JSON.parse(inflateRawSync(Buffer.from(body, 'base64url'), { maxOutputLength: 2 * 1024 * 1024 }).toString('utf8')) as SignedQuote
	} catch {
		throw badRequest('Invalid input', { quote: QUOTE_EXPIRED })
	}
	if (quote.v !== 1 || quote.k !== publicKey || quote.e < now) throw badRequest('Invalid input', { quote: QUOTE_EXPIRED })
	return quote
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7

export type WidgetQuote =
	| {
			kind: 'quote'
			address: string
			/** "4,210 sq ft" */
			area: string
			areaSqft: number
			/** "$1,234.00" or "$1,100 – $1,300"; null when no lawn was found */
			price: string | null
			lines: { name: string; detail: string }[]
			token: string
	  }
	| { kind: 'unavailable'; address: string }

/**
 * Looks an address up and quotes it: the per-IP limit, the contact form's bot
 * check, the address, then the per-organization limit. Throws 400 for an address outside the US
 * or not exact enough to be a property (nothing counted, nothing stored), 429
 * past the per-IP or per-organization limits; at the monthly search limit it
 * answers `unavailable` (the widget then offers the request form alone).
 */
export async function quoteAddress(widget: PublicWidget, input: QuoteAddressInput, ip: string, { signal, now = Date.now() }: { signal?: AbortSignal; now?: number } = {}): Promise<WidgetQuote> {
	// the per-IP limit is the first, cheap gate; the organization's budget is
	// spent only by requests that solved the bot check and gave a real address,
	// so a flood of forged challenges or junk addresses cannot switch quotes off
	await hit(QUOTE_IP_LIMIT, ip)
	await checkNotABot(input.captchaToken, ip)
	const place = await getGeocoder().geocode(input.address, { signal })
	if (!place || !isInUnitedStates(place.lat, place.lng)) throw badRequest(ADDRESS_NOT_IN_US, { address: ADDRESS_NOT_IN_US })
	if (place.precision !== 'address') throw badRequest(ADDRESS_NOT_EXACT, { address: ADDRESS_NOT_EXACT })
	await hit(input.captchaToken ? QUOTE_ORG_LIMIT : QUOTE_ORG_NOJS_LIMIT, widget.organizationId)
	if (!(await incrementOrganizationSearch(widget.organizationId))) return { kind: 'unavailable', address: place.address }

	const result = await measureGrass({ propertyCenter: { lat: place.lat, lng: place.lng } }, { signal })
	const areaSqft = Math.round(result.grassAreas.reduce((sum, a) => sum + a.area_sqft, 0))
	const shapes: FeatureCollection | null = result.grassAreas.length
		? {
				type: 'FeatureCollection',
				features: result.grassAreas.map((a, i) => ({
					type: 'Feature',
					geometry: {
						type: 'Polygon',
						coordinates: [a.coordinates, ...a.holes].map((ring) => {
							const r = ring.map((p) => [round7(p.lng), round7(p.lat)])
							return [...r, r[0]!]
						}),
					},
					properties: { number: i + 1, area_sqft: a.area_sqft, ai_confidence: a.ai_confidence },
				})),
			}
		: null
	let low: number | null = null
	let high: number | null = null
	let lines: { name: string; detail: string }[] = []
	if (areaSqft > 0 && widget.services.length) {
		// the AI measures grass: the widget prices on lawn only (issue 32); services
		// bound to another surface are left out, never charged at their minimum
		const estimate = computeEstimate(widget.services, lawnOnly(areaSqft))
		const price = quotedPrice(estimate.totalCents, widget.priceDisplay, widget.rangePercent)
		low = price.lowCents
		high = price.highCents
		lines = estimate.lines.map((l) => ({
			name: l.name,
			detail: widget.priceDisplay === 'exact' ? formatCents(l.chargeCents) : l.unit === 'flat' ? 'Flat rate' : 'By lawn area',
		}))
	}
	const quote: SignedQuote = { v: 1, k: widget.publicKey, a: place.address, lat: round7(place.lat), lng: round7(place.lng), s: areaSqft, g: shapes, lo: low, hi: high, ln: lines, e: now + QUOTE_TTL_MS }
	return viewOf(quote, signQuote(quote))
}

function viewOf(quote: SignedQuote, token: string): WidgetQuote {
	return { kind: 'quote', address: quote.a, area: formatArea(quote.s, 'sqft'), areaSqft: quote.s, price: formatQuotedPrice(quote.lo, quote.hi), lines: quote.ln, token }
}

/** The quote a request form carried, to show it again beside the form's errors; null when it is not a valid one. */
export function describeQuote(widget: PublicWidget, token: string | null | undefined, now = Date.now()): WidgetQuote | null {
	if (!token) return null
	try {
		return viewOf(readQuote(token, widget.publicKey, now), token)
	} catch (error) {
		if (error instanceof HttpError) return null
		throw error
	}
}

/**
 * Whether the widget would answer "unavailable" (or 429) to a quote now: the
 * organization's monthly searches are used up, or the hourly budget this kind
 * of post spends (with or without JavaScript) is. Only then is a request with
 * an address alone, no signed quote, taken.
 */
export async function quotesUnavailable(organizationId: string, withChallenge: boolean): Promise<boolean> {
	const row = await prisma.organization.findUnique({ where: { id: organizationId }, select: { searchesUsedThisMonth: true, subscriptionTier: { select: { searchesPerMonth: true } } } })
	if (!row) return true
	const monthly = row.subscriptionTier.searchesPerMonth
	if (monthly !== null && row.searchesUsedThisMonth >= monthly) return true
	return isSpent(withChallenge ? QUOTE_ORG_LIMIT : QUOTE_ORG_NOJS_LIMIT, organizationId)
}

/** A used quote is remembered past its 2 hours, so it can never be sent twice. */
const USED_QUOTE_SECONDS = 3 * 60 * 60

/**
 * "Request this quote": the per-IP limit, the quote's signature, the contact
 * form's bot check; then a lead with what the homeowner was shown and an
 * e-mail to each account admin. A signed quote makes one lead only (marked
 * used in the lead's transaction: a second use is 409, nothing written). A
 * request with the address alone is taken only while quotes are unavailable
 * (409 otherwise), at most 2 a day from one address (429), counted after every
 * other check passed; past the organization's ADDRESS_ONLY_LEADS_PER_DAY it is
 * kept but not e-mailed.
 */
export async function requestQuote(widget: PublicWidget, input: QuoteRequestInput, ip: string, now = Date.now()) {
	await hit(REQUEST_IP_LIMIT, ip)
	const token = input.quote || null
	const quote = token ? readQuote(token, widget.publicKey, now) : null
	await checkNotABot(input.captchaToken, ip)
	let mail = true
	if (!quote) {
		if (!(await quotesUnavailable(widget.organizationId, Boolean(input.captchaToken)))) throw conflict(QUOTES_AVAILABLE, { address: QUOTES_AVAILABLE })
		await hit(ADDRESS_LEAD_IP_LIMIT, `${widget.organizationId}:${ip}`)
		mail = await hitWithin(ADDRESS_LEAD_ORG_LIMIT, widget.organizationId)
	}
	const lead = await prisma.$transaction(async (tx) => {
		// the signature names the quote: the first request that commits marks it used
		if (token && !(await consumeOnce('widget-quote-used', token.slice(token.lastIndexOf('.') + 1), USED_QUOTE_SECONDS, tx))) throw conflict(QUOTE_ALREADY_REQUESTED, { quote: QUOTE_ALREADY_REQUESTED })
		return createLead(tx, {
			organizationId: widget.organizationId,
			source: 'widget',
			address: quote?.a ?? input.address ?? null,
			lat: quote?.lat ?? null,
			lng: quote?.lng ?? null,
			areaSqft: quote ? quote.s : null,
			shapes: quote?.g ?? null,
			priceLowCents: quote?.lo ?? null,
			priceHighCents: quote?.hi ?? null,
			name: input.name,
			email: input.email,
			phone: input.phone,
			message: input.message || null,
		})
	})
	if (mail) await mailNewLead(lead, widget.organizationName)
	return toApiLead(lead)
}
