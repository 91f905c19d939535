// /healthz — for load balancers and uptime checks: answers "ok" and does
// nothing else (no session, no database). bench:load uses it as the floor: the
// least a request through the framework can cost.
export function loader() {
	return new Response('ok\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}
