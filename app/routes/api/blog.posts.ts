// GET /api/blog/posts?page&limit&search → { posts, total } (published only).
import type { Route } from './+types/blog.posts'
import { BlogListQuerySchema } from '~/lib/schemas/blog.ts'
import { listPublishedPosts } from '~/services/blog.server.ts'
import { api, methodNotAllowed, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => Response.json(await listPublishedPosts(readQuery(request, BlogListQuerySchema))))
export const action = () => methodNotAllowed(['GET'])
