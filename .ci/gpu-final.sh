#!/usr/bin/env bash
# The closing GPU pass (README "GPU" and "GPU patterns"), in two device calls of under ten minutes each, on a Linux
# x86-64 machine with the NVIDIA driver and nvcc but no Java (bundle: ../shared/tools/gpu-bundle.sh .gpu, from the
# project root on a development machine). From the repository root on the GPU machine:
#   PART=scan     OUT=DIR .ci/gpu-final.sh   every check and benchmark of gpu-check.sh, then an Nsight Compute
#                                            profile of the default device-wide int32 sum at 2^28 (profile.txt)
#   PART=patterns OUT=DIR .ci/gpu-final.sh   every pattern's checks (three processes at once: the GPU is shared only
#                                            while checking), then every pattern's benchmark alone on the device
# Each part writes its files under "$OUT" and exits 0 only when every check passed.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
PART=${PART:-scan}
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/.gpu/cache}
log() { echo "== $(date -u +%H:%M:%S) ${SECONDS}s $*" | tee -a "$OUT/final-log.txt"; }

case "$PART" in
  scan)
    OUT="$OUT" ROUNDS=5 bash .ci/gpu-check.sh
    status=$?
    log "gpu-check.sh exit $status"
    if command -v ncu > /dev/null; then
      log "profile: device-wide int32 sum, sklansky 256, defaults, 2^28"
      rep=$(mktemp -d)/default
      timeout 90 ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
        --section SchedulerStats --section Occupancy --section LaunchStats --launch-skip 5 --launch-count 1 \
        -k regex:entangle_device_scan -f -o "$rep" .gpu/jre/bin/java -Xmx48g -cp '.gpu/classes:.gpu/lib/*' org.entangle.Main \
        gpu-bench --family sklansky --n 256 --device-wide --sizes 2^28 --runs 20 > "$rep.log" 2>&1 || { log "profile failed"; tail -5 "$rep.log" >> "$OUT/final-log.txt"; }
      [ -f "$rep.ncu-rep" ] && { ncu --import "$rep.ncu-rep" --page details --print-details all
        echo "######## raw"; ncu --import "$rep.ncu-rep" --page raw | grep -E "dram__bytes|issue_stalled_.*_per_issue_active|bank_conflicts|wavefronts_mem_shared|gpu__time_duration|launch__|sm__warps_active|smsp__inst_executed.sum "; } > "$OUT/profile.txt" 2>&1
    fi
    exit $status ;;
  patterns)
    status=0
    for group in "radix-sort" "compact merge" "reduce histogram segmented-scan"; do
      dir="$OUT/check-${group// /-}"
      PATTERNS="$group" PHASE=check OUT="$dir" LIMIT=${CHECK_LIMIT:-400} bash .ci/gpu-patterns.sh > /dev/null 2>&1 &
    done
    for job in $(jobs -p); do wait "$job" || status=1; done
    cat "$OUT"/check-*/patterns-log.txt >> "$OUT/final-log.txt"
    log "checks: $(cat "$OUT"/check-*/patterns-check.json | grep -c '"passed" : true') passed, $(cat "$OUT"/check-*/patterns-check.json | grep -c '"passed" : false') failed"
    PHASE=bench OUT="$OUT/bench" LIMIT=${BENCH_LIMIT:-120} bash .ci/gpu-patterns.sh > /dev/null 2>&1 || status=1
    cat "$OUT/bench/patterns-log.txt" >> "$OUT/final-log.txt"
    log "done, status $status"
    exit $status ;;
  *) echo "PART must be scan or patterns" >&2; exit 2 ;;
esac
