// Cookie consent (spec 3): the choice lives in a cookie, so the server renders
// the banner only when no choice exists and the forms work without JavaScript.
import { createCookie } from 'react-router'
import { z } from 'zod'
import { secureCookies } from '~/env.server.ts'

export const ConsentSchema = z.object({
	flag: z.enum(['accepted', 'essential-only']),
	essential: z.literal(true),
	analytics: z.boolean(),
	preferences: z.boolean(),
})
export type Consent = z.infer<typeof ConsentSchema>

const consentCookie = () => createCookie('ys_consent', { sameSite: 'lax', path: '/', secure: secureCookies(), maxAge: 365 * 24 * 60 * 60 })

export async function readConsent(request: Request): Promise<Consent | null> {
	const value = await consentCookie().parse(request.headers.get('cookie'))
	const parsed = ConsentSchema.safeParse(value)
	return parsed.success ? parsed.data : null
}

export function consentFor(choice: 'all' | 'essential' | { analytics: boolean; preferences: boolean }): Consent {
	if (choice === 'all') return { flag: 'accepted', essential: true, analytics: true, preferences: true }
	if (choice === 'essential') return { flag: 'essential-only', essential: true, analytics: false, preferences: false }
	const any = choice.analytics || choice.preferences
	return { flag: any ? 'accepted' : 'essential-only', essential: true, ...choice }
}

export const saveConsent = (consent: Consent) => consentCookie().serialize(consent)
