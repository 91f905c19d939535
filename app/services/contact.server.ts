// Contact sales (decisions page): the inquiry is stored, then e-mailed to the sales inbox.
import { prisma } from '~/db.server.ts'
import { getEnv } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { INQUIRY_TYPES, type ContactInput } from '~/lib/schemas/contact.ts'
import { checkNotABot } from './account.server.ts'
import { hit } from './rate-limit.server.ts'

export const CONTACT_LIMIT = { name: 'contact:ip', max: 10, windowSeconds: 60 * 60 }

export async function sendSalesInquiry(input: ContactInput, ip: string) {
	await hit(CONTACT_LIMIT, ip)
	await checkNotABot(input.captchaToken, ip)
	const { captchaToken: _c, website: _w, ...fields } = input
	const inquiry = await prisma.contactInquiry.create({ data: fields })
	const type = INQUIRY_TYPES.find((t) => t.value === fields.inquiryType)?.label ?? fields.inquiryType
	// the stored inquiry is the record; a mail outage is logged, not put on the visitor
	await sendEmail({
		to: getEnv().SALES_INBOX,
		replyTo: fields.email,
		subject: `Sales inquiry (${type}): ${fields.company}`,
		text: [
			`From: ${fields.firstName} ${fields.lastName} <${fields.email}>`,
			`Phone: ${fields.phone}`,
			`Company: ${fields.company}`,
			`Inquiry type: ${type}`,
			`Locations: ${fields.locations}`,
			'',
			fields.message,
			'',
			`Inquiry id: ${inquiry.id}`,
		].join('\n'),
	}).catch((error) => console.error(`Sales inquiry ${inquiry.id} stored but not e-mailed`, error))
	return { id: inquiry.id }
}
