import { randomBytes } from 'node:crypto'
import { db } from './fixtures.ts'

/** Published posts (and optionally drafts) whose titles share a unique word, so a search isolates them. */
export async function makePosts(count: number, options: { drafts?: number } = {}) {
	const word = `kestrel${randomBytes(4).toString('hex')}`
	const posts = []
	for (let i = 0; i < count + (options.drafts ?? 0); i++) {
		const draft = i >= count
		posts.push(
			await db().blogPost.create({
				data: {
					title: `${word} post ${i + 1}`,
					slug: `${word}-post-${i + 1}`,
					excerpt: `Excerpt ${i + 1} about ${word}.`,
					content: `First paragraph of ${i + 1}.\nSecond paragraph of ${i + 1}.`,
					publishDate: new Date(Date.UTC(2025, 0, 1 + i, 15)),
					isPublished: !draft,
				},
			}),
		)
	}
	return { word, posts, cleanup: () => db().blogPost.deleteMany({ where: { slug: { startsWith: word } } }) }
}
