#!/usr/bin/env bash
# npm run test:stress: `npm test` with CPU burners beside it (issue 20: the suite
# stays green on a busy machine). STRESS_BURNERS (default 2) busy-loop processes
# run for the whole suite and are stopped on success, failure, Ctrl-C or SIGTERM.
set -uo pipefail
cd "$(dirname "$0")/.."

burners=()
stop_burners() {
	for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null; done
	burners=()
}
trap stop_burners EXIT
trap 'stop_burners; exit 130' INT
trap 'stop_burners; exit 143' TERM

for _ in $(seq 1 "${STRESS_BURNERS:-2}"); do
	node -e 'for (;;) {}' &
	burners+=($!)
done
echo "▶ test:stress: ${#burners[@]} CPU burners (pids ${burners[*]}) beside npm test"

start=$SECONDS
bash scripts/test.sh
status=$?
stop_burners

echo
echo "test:stress: $((SECONDS - start)) s with ${STRESS_BURNERS:-2} CPU burners"
# the closing line "N passed, N failed" again, last
node scripts/test-summary.mjs | tail -1
exit $status
