// Any /api/* path no route claims: JSON 404, never the HTML not-found page.
const notFound = () => Response.json({ error: 'Not found' }, { status: 404 })
export const loader = notFound
export const action = notFound
