// Linux scheduling of one thread, for the detection workers (issue 20 §5): a
// worker thread detects at SCHED_IDLE, so any other thread that wants a core gets
// it at once (the scheduler treats a core running only idle threads as free);
// one starved of a core goes back to its nice value. Node has no
// call for a thread's policy, so util-linux's `chrt` sets it; elsewhere
// (no /proc, no chrt) every function here answers null or false.
import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'

export const SCHED_IDLE = 5

/** The calling thread's id (/proc/thread-self is "<pid>/task/<tid>"), or null off Linux. */
export function currentThreadId(): number | null {
	try {
		return Number(fs.readlinkSync('/proc/thread-self').split('/').pop()) || null
	} catch {
		return null
	}
}

/**
 * A thread of this process as /proc/<pid>/task/<tid>/stat tells it: its state (field 3; R: running, or
 * waiting for nothing but a core), nice value (field 19) and scheduling policy (field 41; SCHED_IDLE = 5).
 */
export function threadStat(tid: number): { state: string; nice: number; policy: number } | null {
	try {
		const fields = fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')
		return { state: fields[0]!, nice: Number(fields[16]), policy: Number(fields[38]) }
	} catch {
		return null // not Linux, or the thread has ended
	}
}

/** A thread of this process's CPU time so far (schedstat's first figure, kept current while it runs) and whether it is runnable now. */
export function threadRunning(tid: number): { ranNs: number; runnable: boolean } | null {
	const stat = threadStat(tid)
	try {
		const ranNs = Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
		return stat && { ranNs, runnable: stat.state === 'R' }
	} catch {
		return null
	}
}

/**
 * Whether a thread at `nice` could leave SCHED_IDLE again: Linux lets only a process with
 * CAP_SYS_NICE, or whose RLIMIT_NICE allows that nice value (soft limit ≥ 20 − nice), do it.
 * Without that a starved detection could never be raised, so the worker then stays at its nice value.
 */
export function mayLeaveIdle(nice: number): boolean {
	try {
		const capabilities = fs.readFileSync('/proc/self/status', 'utf8').match(/^CapEff:\s*([0-9a-f]+)/m)?.[1]
		if (capabilities && (BigInt('0x' + capabilities) >> 23n) & 1n) return true // CAP_SYS_NICE
		const limit = fs.readFileSync('/proc/self/limits', 'utf8').match(/^Max nice priority\s+(\S+)/m)?.[1]
		return limit === 'unlimited' || Number(limit) >= 20 - nice
	} catch {
		return false
	}
}

/** Puts a thread of this process at SCHED_IDLE (any thread may lower its own priority). */
export function enterIdle(tid: number): boolean {
	return spawnSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5_000 }).status === 0
}

/** Takes a thread back from SCHED_IDLE to the normal policy at its nice value (see mayLeaveIdle). */
export function leaveIdle(tid: number): Promise<boolean> {
	return new Promise((resolve) => execFile('chrt', ['--other', '--pid', '0', String(tid)], { timeout: 5_000 }, (error) => resolve(!error)))
}
