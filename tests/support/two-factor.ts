// Reading the e-mailed 6-digit codes of two-factor (settings and sign-in).
import sharp from 'sharp'
import { expect, mailsTo } from './fixtures.ts'

const CODE_SUBJECT = /verification code: (\d{6})$/

/** Waits until `count` code e-mails reached `email` and returns the code of the latest. */
export async function codeFromMail(email: string, count = 1): Promise<string> {
	let code = ''
	await expect
		.poll(
			async () => {
				const codes = (await mailsTo(email)).map((m) => CODE_SUBJECT.exec(m.subject)?.[1]).filter(Boolean) as string[]
				if (codes.length >= count) code = codes[codes.length - 1]!
				return codes.length
			},
			{ timeout: 10_000 },
		)
		.toBeGreaterThanOrEqual(count)
	return code
}

/** A code that is not `code` (for wrong-code checks). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** A real small PNG made with sharp. */
export function smallPng(width = 24, height = 24) {
	return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 70 } } }).png().toBuffer()
}
