import { makePosts } from '../support/blog.ts'
import { expect, test } from '../support/fixtures.ts'

test('GET /api/blog/posts: published posts only, newest first, paged and searchable', async ({ request }) => {
	const { word, posts, cleanup } = await makePosts(7, { drafts: 1 })
	try {
		const page1 = await (await request.get(`/api/blog/posts?search=${word}&page=1&limit=5`)).json()
		expect(page1.total).toBe(7)
		expect(page1.posts.map((p: { title: string }) => p.title)).toEqual([7, 6, 5, 4, 3].map((n) => `${word} post ${n}`))
		expect(Object.keys(page1.posts[0]).sort()).toEqual(['content', 'createdAt', 'excerpt', 'id', 'isPublished', 'publishDate', 'slug', 'title', 'updatedAt'])
		const page2 = await (await request.get(`/api/blog/posts?search=${word.toUpperCase()}&page=2&limit=5`)).json()
		expect(page2.posts.map((p: { title: string }) => p.title)).toEqual([`${word} post 2`, `${word} post 1`])

		const byId = await request.get(`/api/blog/posts/${posts[0]!.id}`)
		expect((await byId.json()).slug).toBe(`${word}-post-1`)
		const bySlug = await request.get(`/api/blog/posts/${word}-post-1`)
		expect((await bySlug.json()).id).toBe(posts[0]!.id)
		const draft = await request.get(`/api/blog/posts/${word}-post-8`)
		expect(draft.status()).toBe(404)
		expect(await draft.json()).toEqual({ error: 'Blog post not found' })

		const bad = await request.get('/api/blog/posts?page=0&limit=500')
		expect(bad.status()).toBe(400)
		expect(Object.keys((await bad.json()).fields).sort()).toEqual(['limit', 'page'])
	} finally {
		await cleanup()
	}
})

test('RSS feed, sitemap and robots.txt list the published posts', async ({ request }) => {
	const { word, cleanup } = await makePosts(1, { drafts: 1 })
	try {
		const rss = await request.get('/news-updates/rss.xml')
		expect(rss.headers()['content-type']).toContain('application/rss+xml')
		const feed = await rss.text()
		expect(feed).toContain(`<title>${word} post 1</title>`)
		expect(feed).toContain(`/news-updates/${word}-post-1</link>`)
		expect(feed).not.toContain(`${word} post 2`)
		const sitemap = await (await request.get('/sitemap.xml')).text()
		expect(sitemap).toContain(`/news-updates/${word}-post-1</loc>`)
		expect(sitemap).not.toContain(`${word}-post-2`)
		expect(sitemap).toContain('/news-updates</loc>')
		expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: http:\/\/\S+\/sitemap\.xml/)
	} finally {
		await cleanup()
	}
})
