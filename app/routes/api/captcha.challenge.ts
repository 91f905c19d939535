// GET /api/captcha/challenge: a fresh proof-of-work challenge for the bot check.
import { createCaptchaChallenge } from '~/integrations/captcha.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async () =>
	Response.json(await createCaptchaChallenge(), { headers: { 'Cache-Control': 'no-store' } }),
)

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
