// GET /api/captcha/challenge: a fresh proof-of-work challenge for the bot check,
// or {provider: 'turnstile', siteKey} when Turnstile is configured.
import { captchaChallenge } from '~/integrations/captcha.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async () =>
	Response.json(await captchaChallenge(), { headers: { 'Cache-Control': 'no-store' } }),
)

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
