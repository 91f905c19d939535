// The PDF measurement report (issue 9), drawn with pdfkit: header with the
// organization and a logo slot, the map (imagery with every shape drawn and
// numbered on it, or the shapes alone), the shape table, totals, the optional
// estimate, notes, imagery attribution and the estimates disclaimer.
import PDFDocument from 'pdfkit'
import type { Estimate } from '~/lib/estimate.ts'
import { formatCents, formatUnitPrice, PRICE_UNIT_LABELS } from '~/lib/estimate.ts'
import { shapeLabel } from '~/lib/exports.ts'
import type { Shape, TotalsBySurface } from '~/lib/shapes.ts'
import { SURFACE_COLORS, SURFACE_LABELS, SURFACES, surfaceOf } from '~/lib/surfaces.ts'
import { formatArea, formatLength, metersToFeet } from '~/lib/units.ts'
import { metresPerPixel } from '~/lib/web-mercator.ts'
import { imageryCaption } from '~/lib/imagery-date.ts'
import { LOGO_MARGIN_PX, LOGO_PX_PER_CSS_PX, MAP_HEIGHT_PX, MAP_WIDTH_PX, outlinePoints, toPixel, type ReportMap } from './report-map.server.ts'
import { initials } from '~/lib/names.ts'
import { longDate } from '~/lib/dates.ts'

export const DISCLAIMER =
	'Measurements are estimates made from aerial imagery and drawings. They can differ from on-site measurements; verify them before ordering materials or signing a contract.'

export type ReportShape = { shape: Shape; measurementLabel: string | null; measurementType: string }
export type ReportData = {
	organizationName: string
	address: string | null
	date: Date
	measuredBy: string[]
	preparedBy: string
	title: string
	shapes: ReportShape[]
	totals: { total_area_sqft: number; total_area_acres: number; total_area_sqm: number; total_distance_feet: number; total_distance_yards: number; total_distance_meters: number; shape_count: number }
	/** issue 32: the totals per surface present */
	totalsBySurface: TotalsBySurface
	notes: string | null
	estimate: Estimate | null
	map: ReportMap
}

const PAGE = { width: 612, height: 792, margin: 48 }
const CONTENT = PAGE.width - 2 * PAGE.margin
const MAP_H = (CONTENT * MAP_HEIGHT_PX) / MAP_WIDTH_PX
const COLORS = { text: '#111827', muted: '#4b5563', rule: '#d1d5db', brand: '#15803d', area: '#facc15', line: '#ef4444', header: '#f3f4f6' }


function figuresText(shape: Shape): string {
	if (shape.type === 'polyline') return `${formatLength(shape.distance_feet, 'feet')} · ${formatLength(shape.distance_feet, 'yards')} · ${formatLength(shape.distance_feet, 'meters')}`
	return `${formatArea(shape.area_sqft, 'sqft')} · ${formatArea(shape.area_sqft, 'acres')} · ${formatArea(shape.area_sqft, 'sqm')}`
}

const typeText = (shape: Shape) => `${({ polygon: 'Polygon', rectangle: 'Rectangle', circle: 'Circle', polyline: 'Line' })[shape.type]} · ${SURFACE_LABELS[surfaceOf(shape)]}`
/** the map colours shapes by surface; "other" keeps the colours reports had before surfaces */
const colorOf = (shape: Shape) => {
	const surface = surfaceOf(shape)
	if (surface === 'other') return shape.type === 'polyline' ? COLORS.line : COLORS.area
	return SURFACE_COLORS[surface]
}

/** Builds the report; resolves with the PDF bytes. */
export function buildReportPdf(data: ReportData): Promise<Buffer> {
	const doc = new PDFDocument({
		size: 'LETTER',
		margin: PAGE.margin,
		bufferPages: true,
		info: { Title: `${data.title} — Measurement Report`, Author: data.organizationName, Creator: 'Yardstick' },
	})
	const chunks: Buffer[] = []
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('data', (c: Buffer) => chunks.push(c))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})

	const left = PAGE.margin
	const bottom = PAGE.height - PAGE.margin - 24
	const ensure = (height: number) => {
		if (doc.y + height > bottom) doc.addPage()
	}
	const heading = (text: string) => {
		ensure(40)
		doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).fillColor(COLORS.text).text(text, left, doc.y, { width: CONTENT })
		doc.moveDown(0.3)
	}

	// header: organization, logo slot, title and facts
	const logo = { x: left + CONTENT - 96, y: PAGE.margin - 4, w: 96, h: 44 }
	doc.roundedRect(logo.x, logo.y, logo.w, logo.h, 6).lineWidth(1).strokeColor(COLORS.rule).stroke()
	doc.font('Helvetica-Bold').fontSize(18).fillColor(COLORS.brand).text(initials(data.organizationName), logo.x, logo.y + 13, { width: logo.w, align: 'center' })
	doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.text).text(data.organizationName, left, PAGE.margin, { width: CONTENT - logo.w - 12 })
	doc.font('Helvetica').fontSize(11).fillColor(COLORS.muted).text('Property Measurement Report', left, doc.y + 2)
	doc.y = Math.max(doc.y, logo.y + logo.h) + 12
	doc.moveTo(left, doc.y).lineTo(left + CONTENT, doc.y).lineWidth(0.75).strokeColor(COLORS.rule).stroke()
	doc.y += 8
	const fact = (label: string, value: string) => {
		const y = doc.y
		doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.text).text(label, left, y, { width: 90 })
		doc.font('Helvetica').fontSize(10).fillColor(COLORS.text).text(value, left + 92, y, { width: CONTENT - 92 })
		doc.y += 2
	}
	fact('Address', data.address ?? 'No address')
	if (data.title !== data.address) fact('Measurement', data.title)
	fact('Date', longDate(data.date))
	fact('Measured by', data.measuredBy.length ? data.measuredBy.join(', ') : 'Unknown')
	fact('Prepared by', data.preparedBy)

	// the map
	doc.y += 8
	const mapTop = doc.y
	const scale = CONTENT / MAP_WIDTH_PX
	doc.save()
	doc.rect(left, mapTop, CONTENT, MAP_H).clip()
	if (data.map.jpeg) {
		doc.image(data.map.jpeg, left, mapTop, { width: CONTENT, height: MAP_H })
	} else {
		doc.rect(left, mapTop, CONTENT, MAP_H).fillColor('#eef2ee').fill()
		doc.lineWidth(0.4).strokeColor('#d5ddd5')
		for (let x = 0; x <= CONTENT; x += 24) doc.moveTo(left + x, mapTop).lineTo(left + x, mapTop + MAP_H).stroke()
		for (let y = 0; y <= MAP_H; y += 24) doc.moveTo(left, mapTop + y).lineTo(left + CONTENT, mapTop + y).stroke()
	}
	const at = (p: { lat: number; lng: number }) => {
		const px = toPixel(data.map.view, p)
		return [left + px.x * scale, mapTop + px.y * scale] as const
	}
	const ring = (points: readonly { lat: number; lng: number }[]) => {
		points.forEach((p, i) => {
			const [x, y] = at(p)
			if (i === 0) doc.moveTo(x, y)
			else doc.lineTo(x, y)
		})
		doc.closePath()
	}
	const badges: { x: number; y: number; n: number }[] = []
	data.shapes.forEach(({ shape }, i) => {
		if (shape.type === 'polyline') {
			shape.coordinates.forEach((p, j) => {
				const [x, y] = at(p)
				if (j === 0) doc.moveTo(x, y)
				else doc.lineTo(x, y)
			})
			doc.lineWidth(2.5).strokeColor(colorOf(shape)).stroke()
			const mid = shape.coordinates[Math.floor((shape.coordinates.length - 1) / 2)]!
			const [x, y] = at(mid)
			badges.push({ x, y, n: i + 1 })
			return
		}
		const outline = outlinePoints(shape)
		ring(outline)
		for (const hole of shape.holes ?? []) ring(hole)
		const color = colorOf(shape)
		doc.fillOpacity(0.3).fillColor(color).strokeColor(color).lineWidth(1.5)
		doc.fillAndStroke(color, color, 'even-odd')
		doc.fillOpacity(1)
		const xs = outline.map((p) => at(p)[0])
		const ys = outline.map((p) => at(p)[1])
		badges.push({ x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2, n: i + 1 })
	})
	for (const b of badges) {
		// the shape's label beside its number, on a white tag
		const label = shapeLabel(data.shapes[b.n - 1]!.shape, b.n - 1)
		const text = label.length > 28 ? `${label.slice(0, 27)}…` : label
		doc.font('Helvetica').fontSize(7)
		const w = doc.widthOfString(text) + 6
		doc.fillOpacity(0.85).roundedRect(b.x + 6, b.y - 5.5, w + 6, 11, 3).fillColor('#ffffff').fill().fillOpacity(1)
		doc.fillColor(COLORS.text).text(text, b.x + 12, b.y - 2.6, { lineBreak: false })
		doc.circle(b.x, b.y, 8).lineWidth(1).fillColor('#ffffff').strokeColor(COLORS.text).fillAndStroke()
		doc.font('Helvetica-Bold').fontSize(8).fillColor(COLORS.text).text(String(b.n), b.x - 8, b.y - 3.2, { width: 16, align: 'center', lineBreak: false })
	}
	// the imagery provider's required logo (Google's), bottom left over its imagery; the scale bar beside it
	let logoRight = left
	if (data.map.jpeg && data.map.logo) {
		const w = data.map.logo.width * LOGO_PX_PER_CSS_PX * scale
		const h = data.map.logo.height * LOGO_PX_PER_CSS_PX * scale
		const margin = LOGO_MARGIN_PX * scale
		doc.image(data.map.logo.png, left + margin, mapTop + MAP_H - margin - h, { width: w, height: h })
		logoRight = left + margin + w
	}
	// scale bar (feet), bottom left
	const feetPerPt = metersToFeet(metresPerPixel(data.map.view.center.lat, data.map.view.zoom)) / scale
	const nice = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 25_000, 50_000, 100_000].find((f) => f / feetPerPt >= 60) ?? 100_000
	const barPt = nice / feetPerPt
	if (barPt < CONTENT / 2) {
		const bx = logoRight + 8
		const by = mapTop + MAP_H - 10
		doc.fillOpacity(0.85).roundedRect(bx - 4, by - 14, barPt + 8, 20, 3).fillColor('#ffffff').fill().fillOpacity(1)
		doc.moveTo(bx, by - 3).lineTo(bx, by).lineTo(bx + barPt, by).lineTo(bx + barPt, by - 3).lineWidth(1.2).strokeColor(COLORS.text).stroke()
		doc.font('Helvetica').fontSize(7).fillColor(COLORS.text).text(`${nice.toLocaleString('en-US')} ft`, bx, by - 12, { width: barPt, align: 'center', lineBreak: false })
	}
	doc.restore()
	doc.rect(left, mapTop, CONTENT, MAP_H).lineWidth(0.75).strokeColor(COLORS.rule).stroke()
	doc.y = mapTop + MAP_H + 4
	// Google's terms: its copyright line for the area, beside its credit
	const credit = data.map.jpeg && data.map.imageryInfo?.copyright ? `${data.map.attribution}; ${data.map.imageryInfo.copyright}` : data.map.attribution
	const caption = data.map.jpeg
		? `${credit} · zoom ${data.map.view.zoom}`
		: `Imagery unavailable — shapes drawn without imagery (${data.map.unavailable ?? 'no imagery'}). Imagery source: ${data.map.attribution}`
	doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text(caption, left, doc.y, { width: CONTENT })
	// issue 18 §5: when the provider says when its imagery was captured
	const captured = data.map.jpeg && data.map.imageryInfo ? imageryCaption(data.map.imageryInfo.source, data.map.imageryInfo.captured) : null
	if (captured) doc.text(captured, left, doc.y, { width: CONTENT })

	// the shapes
	heading('Measurements')
	const cols = [
		{ title: '#', width: 22 },
		{ title: 'Label', width: 130 },
		{ title: 'Type', width: 100 },
		{ title: 'Area / length', width: 162 },
		{ title: 'Source', width: 50 },
		{ title: 'Verified', width: 52 },
	]
	const row = (cells: string[], bold = false, fill?: string) => {
		doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9)
		const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.width - 6 }))) + 6
		ensure(height)
		const y = doc.y
		if (fill) doc.rect(left, y, CONTENT, height).fillColor(fill).fill()
		let x = left
		cells.forEach((c, i) => {
			doc.fillColor(COLORS.text).text(c, x + 3, y + 3, { width: cols[i]!.width - 6 })
			x += cols[i]!.width
		})
		doc.moveTo(left, y + height).lineTo(left + CONTENT, y + height).lineWidth(0.5).strokeColor(COLORS.rule).stroke()
		doc.y = y + height
	}
	row(cols.map((c) => c.title), true, COLORS.header)
	const multiple = new Set(data.shapes.map((s) => s.measurementLabel)).size > 1
	data.shapes.forEach(({ shape, measurementLabel, measurementType }, i) => {
		const label = shapeLabel(shape, i)
		row([
			String(i + 1),
			multiple && measurementLabel ? `${label} (${measurementLabel})` : label,
			typeText(shape),
			figuresText(shape),
			(shape.measurement_type ?? measurementType) === 'ai' ? 'AI' : 'Manual',
			shape.user_verified === 'true' ? 'Yes' : 'No',
		])
	})

	// totals
	heading('Totals')
	const t = data.totals
	const total = (label: string, value: string) => {
		ensure(16)
		const y = doc.y
		doc.font('Helvetica').fontSize(10).fillColor(COLORS.text).text(label, left, y, { width: 160 })
		doc.font('Helvetica-Bold').text(value, left + 160, y, { width: CONTENT - 160 })
		doc.y += 2
	}
	total('Shapes', String(t.shape_count))
	if (t.total_area_sqft > 0) total('Total area', `${formatArea(t.total_area_sqft, 'sqft')} · ${formatArea(t.total_area_sqft, 'acres')} · ${formatArea(t.total_area_sqft, 'sqm')}`)
	if (t.total_distance_feet > 0) total('Total length', `${formatLength(t.total_distance_feet, 'feet')} · ${formatLength(t.total_distance_feet, 'yards')} · ${formatLength(t.total_distance_feet, 'meters')}`)
	const perimeter = data.shapes.reduce((s, r) => s + (r.shape.type === 'polyline' ? 0 : metersToFeet(r.shape.perimeter_m)), 0)
	if (perimeter > 0) total('Total perimeter of areas', formatLength(perimeter, 'feet'))
	doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text('Where areas overlap, the overlap is counted once in the total area.', left, doc.y + 2, { width: CONTENT })

	// issue 32: per surface, the overlap belongs to the smaller shape (a bed inside a lawn is bed)
	const present = SURFACES.filter((surface) => data.totalsBySurface[surface])
	if (present.length) {
		heading('Totals by surface')
		const scols = [150, 60, 306]
		const srow = (cells: string[], bold = false, fill?: string, swatch?: string) => {
			ensure(18)
			const y = doc.y
			if (fill) doc.rect(left, y, CONTENT, 16).fillColor(fill).fill()
			if (swatch) doc.rect(left + 3, y + 4, 8, 8).fillColor(swatch).fill()
			let x = left
			doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(COLORS.text)
			cells.forEach((c, i) => {
				doc.text(c, x + (i === 0 && swatch ? 15 : 3), y + 4, { width: scols[i]! - 6, align: i === 1 ? 'right' : 'left', lineBreak: false })
				x += scols[i]!
			})
			doc.y = y + 16
			doc.moveTo(left, doc.y).lineTo(left + CONTENT, doc.y).lineWidth(0.5).strokeColor(COLORS.rule).stroke()
		}
		srow(['Surface', 'Shapes', 'Area / length'], true, COLORS.header)
		for (const surface of present) {
			const st = data.totalsBySurface[surface]!
			const figures = [
				st.area_sqft > 0 || st.distance_feet === 0 ? `${formatArea(st.area_sqft, 'sqft')} · ${formatArea(st.area_sqft, 'acres')}` : null,
				st.distance_feet > 0 ? formatLength(st.distance_feet, 'feet') : null,
			].filter(Boolean)
			const swatch = surface === 'other' ? COLORS.area : SURFACE_COLORS[surface]
			srow([SURFACE_LABELS[surface], String(st.shape_count), figures.join(' · ')], false, undefined, swatch)
		}
		doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text('A shape drawn inside another (a bed in a lawn) counts as its own surface only.', left, doc.y + 2, { width: CONTENT })
	}

	// estimate
	if (data.estimate && (data.estimate.lines.length || data.estimate.omitted.length)) {
		heading('Estimate')
		const e = data.estimate
		const ecols = [230, 110, 90, 86]
		const erow = (cells: string[], bold = false, fill?: string) => {
			ensure(18)
			const y = doc.y
			if (fill) doc.rect(left, y, CONTENT, 16).fillColor(fill).fill()
			let x = left
			doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(COLORS.text)
			cells.forEach((c, i) => {
				doc.text(c, x + 3, y + 4, { width: ecols[i]! - 6, align: i === 0 ? 'left' : 'right', lineBreak: false })
				x += ecols[i]!
			})
			doc.y = y + 16
			doc.moveTo(left, doc.y).lineTo(left + CONTENT, doc.y).lineWidth(0.5).strokeColor(COLORS.rule).stroke()
		}
		erow(['Service', 'Quantity', 'Unit price', 'Amount'], true, COLORS.header)
		for (const line of e.lines) {
			const quantity = line.unit === 'flat' ? '1 job' : `${line.quantity.toLocaleString('en-US')} ${line.unit === 'sqft' ? 'sq ft' : 'ft'}`
			const price = `${formatUnitPrice(line.unitPrice)} ${PRICE_UNIT_LABELS[line.unit]}`
			erow([line.minimumApplied ? `${line.name} (minimum charge)` : line.name, quantity, price, formatCents(line.chargeCents)])
		}
		erow(['Subtotal', '', '', formatCents(e.subtotalCents)], true)
		if (e.taxRate) erow([`Tax (${e.taxRate}%)`, '', '', formatCents(e.taxCents)])
		erow(['Estimated total', '', '', formatCents(e.totalCents)], true, COLORS.header)
		// a service whose surface is not on the job: named, not charged
		for (const out of e.omitted) {
			ensure(14)
			doc.font('Helvetica').fontSize(8.5).fillColor(COLORS.muted).text(`${out.name}: ${out.note}`, left, doc.y + 3, { width: CONTENT })
		}
	}

	// notes
	if (data.notes) {
		heading('Notes')
		doc.font('Helvetica').fontSize(10).fillColor(COLORS.text).text(data.notes, left, doc.y, { width: CONTENT })
	}

	// imagery and disclaimer
	heading('About this report')
	doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted)
	doc.text(data.map.jpeg ? `Imagery source: ${credit}.` : `Imagery source: ${data.map.attribution} (not available for this report).`, left, doc.y, { width: CONTENT })
	if (captured) doc.text(`${captured}.`, left, doc.y, { width: CONTENT })
	doc.moveDown(0.3).text(DISCLAIMER, { width: CONTENT })

	// page numbers
	const range = doc.bufferedPageRange()
	for (let i = range.start; i < range.start + range.count; i++) {
		doc.switchToPage(i)
		// the footer sits in the bottom margin; without this pdfkit would start a new page
		doc.page.margins.bottom = 0
		doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted)
		doc.text(`Yardstick · ${longDate(data.date)} · Page ${i + 1} of ${range.count}`, left, PAGE.height - PAGE.margin + 10, { width: CONTENT, align: 'center', lineBreak: false })
	}
	doc.end()
	return done
}
