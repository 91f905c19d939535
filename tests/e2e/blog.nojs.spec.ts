// News & Updates without JavaScript: search, Clear, pagination, posts by slug and id.
import { makePosts } from '../support/blog.ts'
import { expect, test } from '../support/fixtures.ts'

test('search, paginate and read posts without JavaScript', async ({ page }) => {
	const { word, posts, cleanup } = await makePosts(7, { drafts: 1 })
	try {
		await page.goto('/news-updates')
		await page.getByLabel('Search articles').fill(word)
		await page.getByRole('button', { name: 'Search' }).click()
		const articles = page.getByRole('list', { name: 'Articles' }).getByRole('article')
		await expect(articles).toHaveCount(5)
		await expect(page.getByText('Showing page 1 of 2 (7 total articles)')).toBeVisible()
		await expect(articles.first().getByRole('heading')).toHaveText(`${word} post 7`)
		await expect(articles.first().getByText('January 7, 2025')).toBeVisible()
		const pagination = page.getByRole('navigation', { name: 'Pagination' })
		await pagination.getByRole('link', { name: 'Next' }).click()
		await expect(page.getByText('Showing page 2 of 2 (7 total articles)')).toBeVisible()
		await expect(articles).toHaveCount(2)
		await expect(pagination.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page')

		// a new search starts again on page 1
		await page.getByLabel('Search articles').fill(`${word} post 1`)
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page).not.toHaveURL(/page=2/)
		await articles.first().getByRole('link', { name: `Read More about ${word} post 1` }).click()
		await expect(page).toHaveURL(new RegExp(`/news-updates/${word}-post-1$`))
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} post 1`)
		await expect(page.getByText('First paragraph of 1.')).toBeVisible()
		await expect(page.getByText('Second paragraph of 1.')).toBeVisible()
		expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${word} post 1`)
		expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(`Excerpt 1 about ${word}.`)
		await expect(page).toHaveTitle(`${word} post 1 | Yardstick`)

		await page.goto(`/news-updates/${posts[1]!.id}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} post 2`)

		const draft = await page.goto(`/news-updates/${word}-post-8`)
		expect(draft?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible()
		await page.getByRole('link', { name: 'Back to News & Updates' }).click()
		await expect(page).toHaveURL(/\/news-updates$/)

		await page.getByLabel('Search articles').fill(`${word}-nothing-matches`)
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page.getByText('No articles found')).toBeVisible()
		await page.getByRole('link', { name: 'Clear' }).click()
		await expect(page).toHaveURL(/\/news-updates$/)
		await expect(page.getByLabel('Search articles')).toHaveValue('')
	} finally {
		await cleanup()
	}
})
