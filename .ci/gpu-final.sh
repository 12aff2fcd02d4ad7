#!/usr/bin/env bash
# The closing GPU pass of issue 8 (README "GPU"), one device call of about four minutes on an H100/H200, on a Linux
# x86-64 machine with the NVIDIA driver and nvcc but no Java (bundle: ../shared/tools/gpu-bundle.sh .gpu, from the
# project root on a development machine): every check and benchmark of gpu-check.sh (the default device-wide int32 sum
# at 2^20 ... 2^30 against CUB and memcpy, five interleaved rounds), then an Nsight Compute profile of that kernel at
# 2^28 (profile.txt). From the repository root on the GPU machine:  OUT=DIR .ci/gpu-final.sh
# Exit status: gpu-check.sh's (0 when every check passed).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/.gpu/cache}
log() { echo "== $(date -u +%H:%M:%S) ${SECONDS}s $*" | tee -a "$OUT/final-log.txt"; }

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
exit $status
