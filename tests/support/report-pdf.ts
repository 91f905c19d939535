// A report of no shapes around a given map picture, and the text a PDF prints:
// for tests of what the report shows of its imagery (credit, date, logo).
// The report module is imported on first use, after the test has set the
// environment it reads.
type BuildReportPdf = typeof import('~/services/report-pdf.server.ts').buildReportPdf
type ReportMapPicture = Parameters<BuildReportPdf>[0]['map']

export async function reportAround(map: ReportMapPicture): Promise<Buffer> {
	const { buildReportPdf } = await import('~/services/report-pdf.server.ts')
	return buildReportPdf({
		organizationName: 'Acme Lawn',
		address: '1100 Congress Ave, Austin, TX',
		date: new Date('2026-11-25T12:00:00Z'),
		measuredBy: ['Una Test'],
		preparedBy: 'Una Test',
		title: 'Property report',
		shapes: [],
		totals: { total_area_sqft: 0, total_area_acres: 0, total_area_sqm: 0, total_distance_feet: 0, total_distance_yards: 0, total_distance_meters: 0, shape_count: 0 },
		totalsBySurface: {},
		notes: null,
		estimate: null,
		map,
	})
}

/** The PDF's text, whitespace collapsed. */
export async function pdfText(pdf: Buffer): Promise<string> {
	const { PDFParse } = await import('pdf-parse')
	const parser = new PDFParse({ data: new Uint8Array(pdf) })
	try {
		return (await parser.getText()).text.replace(/\s+/g, ' ')
	} finally {
		await parser.destroy()
	}
}
