// PUT and DELETE /api/admin/blog/posts/{id} (GET reads one post, drafts too).
import type { Route } from './+types/admin.blog.posts.$id'
import { BlogPostUpdateSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { deletePost, getPostForAdmin, updatePost } from '~/services/admin/blog.server.ts'
import { readBlogBody } from '~/services/admin/forms.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'blog')
	return Response.json(await getPostForAdmin(params.id))
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method === 'PUT' || request.method === 'PATCH') {
		const ctx = await requireAdminSection(request, 'blog')
		return Response.json(await updatePost(ctx, params.id, await readBlogBody(request, BlogPostUpdateSchema)))
	}
	if (request.method === 'DELETE') {
		const ctx = await requireAdminSection(request, 'blog')
		return Response.json(await deletePost(ctx, params.id))
	}
	return methodNotAllowed(['GET', 'PUT', 'DELETE'])
})
