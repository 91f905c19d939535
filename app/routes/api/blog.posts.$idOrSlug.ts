// GET /api/blog/posts/{idOrSlug} → the published post, or 404 'Blog post not found'.
import type { Route } from './+types/blog.posts.$idOrSlug'
import { getPublishedPost } from '~/services/blog.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ params }: Route.LoaderArgs) => Response.json(await getPublishedPost(params.idOrSlug)))
export const action = () => methodNotAllowed(['GET'])
