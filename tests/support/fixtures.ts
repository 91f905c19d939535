// Playwright fixtures: users and organizations made straight in the database,
// signed in by creating a real session row and its cookie (STYLE.md), cleaned
// up after each test. Mail is read from the local SMTP receiver.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { PrismaPg } from '@prisma/adapter-pg'
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { createCookie } from 'react-router'
import { PrismaClient } from '../../generated/prisma/client.ts'
import { readE2eEnv, type E2eEnv } from './e2e-env.ts'

export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef'
export const TEST_PASSWORD = 'correct-horse-battery'

let prismaClient: PrismaClient | undefined
export function db() {
	prismaClient ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: readE2eEnv().databaseUrl }) })
	return prismaClient
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(6).toString('hex')}@example.com`

type UserOptions = {
	role?: string
	tierId?: string
	verified?: boolean
	firstName?: string
	canViewInvoices?: boolean
	withOrganization?: boolean
	/** join this organization instead of making a new one */
	organizationId?: string
	maxSearchesPerMonth?: number
	allowAiTraining?: boolean
}

export async function createUser(options: UserOptions = {}) {
	const email = uniqueEmail(options.role ?? 'member')
	const organization = options.organizationId
		? await db().organization.findUniqueOrThrow({ where: { id: options.organizationId } })
		: options.withOrganization === false || options.role === 'site_admin'
			? null
			: await db().organization.create({
					data: {
						name: `Test Org ${randomBytes(3).toString('hex')}`,
						accountNumber: `T-${randomBytes(5).toString('hex')}`,
						subscriptionTierId: options.tierId ?? 'pro',
						allowAiTraining: options.allowAiTraining ?? false,
					},
				})
	const user = await db().user.create({
		data: {
			email,
			password: await hash(TEST_PASSWORD, { algorithm: 2 }),
			firstName: options.firstName ?? 'Test',
			lastName: 'User',
			role: options.role ?? 'member',
			emailVerified: options.verified ?? true,
			canViewInvoices: options.canViewInvoices ?? false,
			organizationId: organization?.id ?? null,
			maxSearchesPerMonth: options.maxSearchesPerMonth ?? 50,
		},
	})
	// a user who joined an existing organization does not own it
	return { ...user, organization: options.organizationId ? null : organization }
}

export async function deleteUser(user: { id: string; organization: { id: string } | null }) {
	await db().user.deleteMany({ where: { id: user.id } })
	if (user.organization) await db().organization.deleteMany({ where: { id: user.organization.id } })
}

const consentCookie = createCookie('ys_consent', { sameSite: 'lax', path: '/' })

/** A cookie choice already made, so the consent banner stays out of the way of other tests. */
export async function withConsent(context: BrowserContext) {
	const serialized = await consentCookie.serialize({ flag: 'essential-only', essential: true, analytics: false, preferences: false })
	await context.addCookies([{ name: 'ys_consent', value: serialized.split(';')[0]!.split('=').slice(1).join('='), url: readE2eEnv().baseURL }])
	return context
}

const sessionCookie = createCookie('ys_session', { httpOnly: true, sameSite: 'lax', path: '/', secrets: [E2E_SESSION_SECRET] })

/** A real session row; its token works as a Bearer token and in the cookie. */
export async function createSessionToken(userId: string) {
	const token = randomBytes(32).toString('base64url')
	await db().session.create({
		data: {
			sid: createHash('sha256').update(token).digest('hex'),
			userId,
			expire: new Date(Date.now() + 60 * 60 * 1000),
			sess: { remember: false, createdAt: new Date().toISOString() },
		},
	})
	return token
}

/** A real session row and the signed cookie that carries it. */
export async function signIn(context: BrowserContext, userId: string) {
	const token = await createSessionToken(userId)
	const serialized = await sessionCookie.serialize(token)
	const value = serialized.split(';')[0]!.split('=').slice(1).join('=')
	await context.addCookies([{ name: 'ys_session', value, url: readE2eEnv().baseURL }])
	return token
}

/** `ys_session=…` for a new session of the user, as a browser would send it. */
export async function sessionCookieHeader(userId: string) {
	const serialized = await sessionCookie.serialize(await createSessionToken(userId))
	return serialized.split(';')[0]!
}

export async function mailsTo(email: string): Promise<{ subject: string; text: string; html: string }[]> {
	const res = await fetch(`${readE2eEnv().mailApi}/?to=${encodeURIComponent(email)}`)
	return (await res.json()) as { subject: string; text: string; html: string }[]
}

/** Waits for a mail to arrive and returns the first link in it that matches. */
export async function linkFromMail(email: string, pattern: RegExp): Promise<string> {
	let link: string | undefined
	await expect
		.poll(
			async () => {
				for (const mail of await mailsTo(email)) {
					link = mail.text.match(pattern)?.[0]
					if (link) return true
				}
				return false
			},
			{ timeout: 10_000 },
		)
		.toBe(true)
	return link!
}

type Fixtures = {
	/** true by default: the context starts with a cookie choice made (no banner) */
	consented: boolean
	env: E2eEnv
	/** an API client signed in as the user (Bearer token); disposed afterwards */
	apiAs: (user: { id: string }) => Promise<APIRequestContext>
	/** creates a user (and organization) for this test; removed afterwards */
	makeUser: (options?: UserOptions) => ReturnType<typeof createUser>
}

export const test = base.extend<Fixtures>({
	consented: [true, { option: true }],
	context: async ({ context, consented }, use) => {
		if (consented) await withConsent(context)
		await use(context)
	},
	// every test is its own client address (the e2e server trusts the proxy header)
	extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
		const ip = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`
		await use({ ...extraHTTPHeaders, 'X-Forwarded-For': ip })
	},
	// eslint-disable-next-line no-empty-pattern
	env: async ({}, use) => use(readE2eEnv()),
	apiAs: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
		const contexts: APIRequestContext[] = []
		await use(async (user) => {
			const token = await createSessionToken(user.id)
			const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...extraHTTPHeaders, Authorization: `Bearer ${token}` } })
			contexts.push(context)
			return context
		})
		for (const c of contexts) await c.dispose()
	},
	// eslint-disable-next-line no-empty-pattern
	makeUser: async ({}, use) => {
		const made: Awaited<ReturnType<typeof createUser>>[] = []
		await use(async (options) => {
			const user = await createUser(options)
			made.push(user)
			return user
		})
		for (const user of made) await deleteUser(user)
	},
})

export { expect }

/**
 * A paused fake clock for tests where time itself is the subject: on a busy
 * machine, real seconds between hydration and the checks must not count.
 * Install before the page loads; then `hydrated(page)` before the first
 * `runFor`, since mount effects (where timers start) run when the page hydrates.
 */
export async function pausedClock(page: Page) {
	await page.clock.install()
	await page.clock.pauseAt(Date.now() + 1_000)
}

/** Waits until the page answers F8 (focus the notifications): the root hydrated, so every mount effect of the first render has run. */
export async function hydrated(page: Page) {
	await expect(async () => {
		await page.keyboard.press('F8')
		await expect(page.getByRole('list', { name: 'Notifications (F8)' })).toBeFocused({ timeout: 500 })
	}).toPass()
}

/**
 * A toast with this title and this description, checked in one look: a
 * destructive toast is shown for 2 s only (spec 1 §9), so checking the title
 * and then the description as two steps can miss the second on a busy machine.
 */
export async function expectToast(page: Page, title: string, description: string | RegExp, { timeout }: { timeout?: number } = {}) {
	await expect(toast(page, title)).toContainText(description, { timeout })
}

/** The toast with this title (role status, or alert for destructive ones). */
export const toast = (page: Page, title: string) =>
	page
		.getByRole('list', { name: 'Notifications (F8)' })
		.locator('li')
		.filter({ has: page.getByText(title, { exact: true }) })
