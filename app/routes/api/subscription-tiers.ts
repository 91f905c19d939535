// Plans are public information (the checkout and landing pages show them too).
import { listTiers } from '~/services/tiers.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async () => Response.json(await listTiers()))

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
