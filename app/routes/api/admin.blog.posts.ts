// GET /api/admin/blog/posts?page&limit (drafts too; {posts, total}) and POST (create).
import type { Route } from './+types/admin.blog.posts'
import { BlogListQuerySchema, BlogPostSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { createPost, listAllPosts } from '~/services/admin/blog.server.ts'
import { readBlogBody } from '~/services/admin/forms.server.ts'
import { api, methodNotAllowed, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'blog')
	return Response.json(await listAllPosts(readQuery(request, BlogListQuerySchema)))
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const ctx = await requireAdminSection(request, 'blog')
	return Response.json(await createPost(ctx, await readBlogBody(request, BlogPostSchema)), { status: 201 })
})
