/** CPU of the whole process in ms (V8's helper threads included; the lawn CNN's pass runs on the calling thread). */
export const processCpuMs = () => {
	const u = process.cpuUsage()
	return (u.user + u.system) / 1000
}
