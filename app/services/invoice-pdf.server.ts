// An invoice as a PDF (pdfkit): header, billed-to, period, line items, totals.
import PDFDocument from 'pdfkit'
import { formatCents, toCents } from '~/lib/pricing.ts'
import type { InvoiceDetail } from './billing.server.ts'
import { longDate } from '~/lib/dates.ts'

const money = (decimal: string) => formatCents(toCents(decimal))
const day = (iso: string | null) => (iso ? longDate(iso) : '—')

export function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: 'Yardstick' } })
		const chunks: Buffer[] = []
		doc.on('data', (c: Buffer) => chunks.push(c))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)

		doc.fontSize(22).font('Helvetica-Bold').text('Yardstick', { continued: false })
		doc.fontSize(9).font('Helvetica').fillColor('#555').text('AI-powered property measurement for outdoor pros')
		doc.moveDown(1.5).fillColor('#000')
		doc.fontSize(16).font('Helvetica-Bold').text(`Invoice ${invoice.invoiceNumber}`)
		doc.fontSize(10).font('Helvetica')
		const refunded = invoice.refundedAmount ? toCents(invoice.refundedAmount) : 0
		const fully = refunded > 0 && refunded >= toCents(invoice.totalAmount)
		doc.text(`Status: ${fully ? 'refunded' : refunded > 0 ? `${invoice.status}, partially refunded` : invoice.status}`)
		if (refunded > 0) doc.text(`Refunded: ${formatCents(refunded)}`)
		doc.text(`Invoice date: ${day(invoice.invoiceDate)}`)
		doc.text(`Due date: ${day(invoice.dueDate)}`)
		doc.text(`Billing period: ${day(invoice.billingPeriodStart)} – ${day(invoice.billingPeriodEnd)}`)
		doc.moveDown()
		doc.font('Helvetica-Bold').text('Billed to')
		doc.font('Helvetica').text(invoice.organizationName).text(`Account ${invoice.accountNumber}`)
		doc.text(`Plan: ${invoice.subscriptionTierName}`)
		doc.moveDown(1.5)

		const cols = { description: 54, qty: 340, unit: 390, total: 480 }
		const header = doc.y
		doc.font('Helvetica-Bold')
		doc.text('Description', cols.description, header)
		doc.text('Qty', cols.qty, header)
		doc.text('Unit price', cols.unit, header)
		doc.text('Amount', cols.total, header)
		doc.moveTo(54, doc.y + 4).lineTo(558, doc.y + 4).stroke()
		doc.moveDown(0.6).font('Helvetica')
		for (const line of invoice.lineItems) {
			const y = doc.y
			doc.text(line.description, cols.description, y, { width: 280 })
			const after = doc.y
			doc.text(String(line.quantity), cols.qty, y)
			doc.text(money(line.unitPrice), cols.unit, y)
			doc.text(money(line.totalPrice), cols.total, y)
			doc.y = Math.max(after, doc.y) + 4
		}
		doc.moveTo(54, doc.y).lineTo(558, doc.y).stroke()
		doc.moveDown(0.6)
		const totals: [string, string][] = [
			['Subtotal', money(invoice.subtotalAmount)],
			['Discount', `-${money(invoice.discountAmount)}`],
			['Total', money(invoice.totalAmount)],
		]
		for (const [label, value] of totals) {
			const y = doc.y
			doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica')
			doc.text(label, cols.unit, y)
			doc.text(value, cols.total, y)
		}
		doc.moveDown(2).font('Helvetica').fontSize(8).fillColor('#555')
		doc.text('Month-to-month subscription; no refunds. Questions? Use Contact Billing Support on your Billing page.', 54)
		doc.end()
	})
}
