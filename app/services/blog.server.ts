// The public blog (News & Updates): published posts only; drafts answer 404.
import { prisma, Prisma } from '~/db.server.ts'
import { notFound } from '~/utils/http.server.ts'

export const POST_NOT_FOUND = 'Blog post not found'

const publicSelect = { id: true, slug: true, title: true, excerpt: true, content: true, publishDate: true, isPublished: true, createdAt: true, updatedAt: true } as const

type PostRow = Prisma.BlogPostGetPayload<{ select: typeof publicSelect }>

export function toPublicPost(row: PostRow) {
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		excerpt: row.excerpt,
		content: row.content,
		publishDate: row.publishDate.toISOString(),
		isPublished: row.isPublished,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}
export type PublicPost = ReturnType<typeof toPublicPost>

const published = (): Prisma.BlogPostWhereInput => ({ isPublished: true, publishDate: { lte: new Date() } })

export async function listPublishedPosts({ page, limit, search }: { page: number; limit: number; search?: string }) {
	const where: Prisma.BlogPostWhereInput = {
		...published(),
		...(search
			? { OR: [{ title: { contains: search, mode: 'insensitive' } }, { excerpt: { contains: search, mode: 'insensitive' } }, { content: { contains: search, mode: 'insensitive' } }] }
			: {}),
	}
	const [rows, total] = await Promise.all([
		prisma.blogPost.findMany({ where, select: publicSelect, orderBy: [{ publishDate: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
		prisma.blogPost.count({ where }),
	])
	return { posts: rows.map(toPublicPost), total }
}

/** A published post by slug or id. */
export async function getPublishedPost(idOrSlug: string) {
	if (!idOrSlug || idOrSlug.length > 200) throw notFound(POST_NOT_FOUND)
	const row = await prisma.blogPost.findFirst({ where: { ...published(), OR: [{ slug: idOrSlug }, { id: idOrSlug }] }, select: publicSelect })
	if (!row) throw notFound(POST_NOT_FOUND)
	return toPublicPost(row)
}

/** Every published post, newest first, for the RSS feed and the sitemap. */
export async function allPublishedPosts(take = 500) {
	const rows = await prisma.blogPost.findMany({ where: published(), select: publicSelect, orderBy: { publishDate: 'desc' }, take })
	return rows.map(toPublicPost)
}
