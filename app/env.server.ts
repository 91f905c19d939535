// The one place that reads process.env (STYLE.md). Validated once at start.
import { z } from 'zod'

const schema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	DATABASE_URL: z.string().min(1),
	SESSION_SECRET: z.string().min(16).default('yardstick-development-secret-change-me'),
	APP_URL: z.string().url().optional(),
	PORT: z.coerce.number().int().default(3000),
	SMTP_URL: z.string().optional(),
	MAIL_FROM: z.string().default('Yardstick <no-reply@yardstick.local>'),
	SALES_INBOX: z.string().email().default('sales@yardstick.local'),
	BILLING_INBOX: z.string().email().default('billing@yardstick.local'),
	SECURE_COOKIES: z.enum(['true', 'false']).optional(),
	// tests raise these so one machine can sign in many times
	RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
})

export type Env = z.infer<typeof schema>

let cached: Env | undefined
export function getEnv(): Env {
	if (!cached) {
		const parsed = schema.safeParse(process.env)
		if (!parsed.success) {
			throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`)
		}
		cached = parsed.data
	}
	return cached
}

export function appUrl(): string {
	const env = getEnv()
	return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
}

export function secureCookies(): boolean {
	const env = getEnv()
	if (env.SECURE_COOKIES) return env.SECURE_COOKIES === 'true'
	return env.NODE_ENV === 'production' && appUrl().startsWith('https://')
}
