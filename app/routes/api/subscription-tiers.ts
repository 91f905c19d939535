// Plans are public information (the checkout and landing pages show them too).
import { listTiers } from '~/services/tiers.server.ts'
import { api } from '~/utils/http.server.ts'

export const loader = api(async () => Response.json(await listTiers()))
