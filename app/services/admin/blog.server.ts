// Blog administration (spec 3 §2, §5, §7): drafts and published posts, 10 a
// page. Slugs come from the title at creation and stay unique (-2, -3, ...).
import { prisma } from '~/db.server.ts'
import { slugify } from '~/lib/admin.ts'
import type { BlogPostInput, BlogPostUpdateInput } from '~/lib/schemas/admin.ts'
import { notFound } from '~/utils/http.server.ts'
import { POST_NOT_FOUND, toPublicPost } from '../blog.server.ts'
import { audit, type AdminContext } from './access.server.ts'

const select = { id: true, slug: true, title: true, excerpt: true, content: true, publishDate: true, isPublished: true, createdAt: true, updatedAt: true } as const

export async function listAllPosts({ page, limit }: { page: number; limit: number }) {
	const [rows, total] = await Promise.all([
		prisma.blogPost.findMany({ select, orderBy: [{ publishDate: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
		prisma.blogPost.count(),
	])
	return { posts: rows.map(toPublicPost), total, page, limit }
}

export async function getPostForAdmin(id: string) {
	const row = await prisma.blogPost.findUnique({ where: { id }, select })
	if (!row) throw notFound(POST_NOT_FOUND)
	return toPublicPost(row)
}

async function uniqueSlug(title: string) {
	const base = slugify(title)
	const taken = new Set((await prisma.blogPost.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((r) => r.slug))
	if (!taken.has(base)) return base
	for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

const startOfTodayUtc = () => new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z')

export async function createPost(ctx: AdminContext, input: BlogPostInput) {
	// two posts with one title at the same moment: the unique index decides, retry once with the next slug
	for (let attempt = 0; ; attempt++) {
		try {
			const row = await prisma.$transaction(async (tx) => {
				const created = await tx.blogPost.create({
					data: {
						title: input.title,
						excerpt: input.excerpt,
						content: input.content,
						publishDate: input.publishDate ?? startOfTodayUtc(),
						isPublished: input.isPublished,
						slug: await uniqueSlug(input.title),
						authorId: ctx.auditUserId,
					},
					select,
				})
				await audit(ctx, { action: 'admin.blog_post.create', targetType: 'blog_post', targetId: created.id, details: { title: input.title } }, tx)
				return created
			})
			return toPublicPost(row)
		} catch (error) {
			if (attempt < 2 && (error as { code?: string }).code === 'P2002') continue
			throw error
		}
	}
}

export async function updatePost(ctx: AdminContext, id: string, input: BlogPostUpdateInput) {
	const { id: _ignored, ...updates } = input
	if (!(await prisma.blogPost.findUnique({ where: { id }, select: { id: true } }))) throw notFound(POST_NOT_FOUND)
	const row = await prisma.$transaction(async (tx) => {
		const updated = await tx.blogPost.update({ where: { id }, data: updates, select })
		await audit(ctx, { action: 'admin.blog_post.update', targetType: 'blog_post', targetId: id, details: { fields: Object.keys(updates) } }, tx)
		return updated
	})
	return toPublicPost(row)
}

export async function deletePost(ctx: AdminContext, id: string) {
	const row = await prisma.blogPost.findUnique({ where: { id }, select: { title: true } })
	if (!row) throw notFound(POST_NOT_FOUND)
	await prisma.$transaction(async (tx) => {
		await tx.blogPost.delete({ where: { id } })
		await audit(ctx, { action: 'admin.blog_post.delete', targetType: 'blog_post', targetId: id, details: { title: row.title } }, tx)
	})
	return { success: true, id }
}
