// The first ten minutes (issue 31): signed in with the demo logins the first
// start prints, the demo owner's dashboard already shows the product — saved
// measurements at real addresses, a shared estimate with views, an accepted
// one, and widget leads. The e2e server seeds the demo as a first start does.
import { DEMO_LOGINS } from '../../prisma/seed.ts'
import { expect, test, withConsent } from '../support/fixtures.ts'

test('the demo owner signs in with the printed login and sees measurements, estimates and leads', async ({ page, context }) => {
	await withConsent(context)
	const owner = DEMO_LOGINS[1]
	await page.goto('/auth')
	await page.getByLabel('Email').fill(owner.email)
	await page.getByLabel('Password').fill(owner.password)
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page.getByLabel('User menu')).toHaveText(/Olivia/)

	await page.goto('/dashboard')
	const ai = page.getByRole('listitem', { name: 'Whole lot (AI)' })
	await expect(ai.getByText('339 N Oak Park Ave, Oak Park, IL 60302')).toBeVisible()
	await expect(ai.getByText('ai', { exact: true })).toBeVisible()
	const accepted = page.getByRole('listitem', { name: 'Back lawn' })
	await expect(accepted.getByText('413 S 8th St, Springfield, IL 62701')).toBeVisible()
	await expect(accepted.getByText(/^Accepted by Dana Whitfield on /)).toBeVisible()
	const shared = page.getByRole('listitem', { name: 'Front and side lawns' })
	await expect(shared.getByText('219 N Delaware St, Independence, MO 64050')).toBeVisible()
	await expect(shared.getByText(/^Shared · 3 views · last viewed /)).toBeVisible()
	await expect(shared.getByText('4 shapes')).toBeVisible()

	const leads = page.getByRole('list', { name: 'Leads' })
	const fresh = leads.getByRole('listitem', { name: 'Priya Raman, 951 Chicago Ave, Oak Park, IL 60302' })
	// the status shows as a badge and as the selected option of the status select
	await expect(fresh.getByLabel('Status of the lead from Priya Raman')).toHaveValue('new')
	await expect(fresh.getByText(/^Price quoted: \$[\d,]+ – \$[\d,]+$/)).toBeVisible()
	const contacted = leads.getByRole('listitem', { name: 'Marcus Bell, 351 Farmington Ave, Hartford, CT 06105' })
	await expect(contacted.getByLabel('Status of the lead from Marcus Bell')).toHaveValue('contacted')
	await expect(leads.getByRole('listitem', { name: 'Dana Whitfield, 413 S 8th St, Springfield, IL 62701' }).getByLabel('Status of the lead from Dana Whitfield')).toHaveValue('won')
})
