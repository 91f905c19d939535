// The part of autocannon's API that bench/load.ts uses (it ships no types).
declare module 'autocannon' {
	type Options = {
		url: string
		method?: string
		headers?: Record<string, string>
		body?: string
		connections?: number
		duration?: number
		timeout?: number
	}
	type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
	type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number }
	export default function autocannon(options: Options): Promise<Result>
}
