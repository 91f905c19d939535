// POST /api/user/profile-photo (multipart, field "photo"): checks the bytes are
// a JPEG, PNG or GIF of at most 5 MB, stores it and sets profileImageUrl.
// → {profileImageUrl}; 413 too large, 400 not an image.
import type { Route } from './+types/user.profile-photo'
import { requireActor } from '~/services/auth.server.ts'
import { photoBytes, readMultipart, uploadProfilePhoto } from '~/services/profile.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	const form = await readMultipart(request)
	return Response.json({ message: 'Profile Updated', ...(await uploadProfilePhoto(user.id, await photoBytes(form))) })
})
