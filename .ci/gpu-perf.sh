#!/usr/bin/env bash
# Speed sweep of the device-wide int32 inclusive sum against CUB (README "GPU", issue 8 "Speed"), for a Linux
# x86-64 machine with an NVIDIA driver and the CUDA toolkit (nvcc) but no Java or Maven; same bundle as
# gpu-check.sh. Prepare on a development machine: ../shared/tools/gpu-bundle.sh (from the project root) .gpu
# Then, from the repository root on the GPU machine:  OUT=results .ci/gpu-perf.sh
#   BUNDLE=DIR (default .gpu): the bundle's folder.
#   PHASE=check|bench|profile|all (default all): correctness of every candidate, the benchmark, Nsight Compute
#   profiles of the first candidate, the one-block-per-tile kernel and CUB at 2^28, or all of them (checks of the
#   first candidate first, so a wrong kernel shows before it is timed).
#   ROUNDS=N (default 3): gpu-bench --rounds (ours, memcpy and CUB in turn, medians of the rounds).
#   SIZES (default 2^28): benchmark sizes.  DEADLINE=S (default 0, none): skip what would start after S seconds.
# Writes under "$OUT": device.txt, log.txt, check.json, bench.txt (every table), summary.txt (per candidate: ours,
# CUB and ours/CUB with their ranges over the rounds, best first), profile.txt (ncu, --clock-control none).
# Exit status: 0 every check passed, 1 a check failed, 2 no CUDA driver/device/nvcc or no bundle.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
BUNDLE=${BUNDLE:-.gpu}
PHASE=${PHASE:-all}
ROUNDS=${ROUNDS:-3}
SIZES=${SIZES:-2^28}
DEADLINE=${DEADLINE:-0}
mkdir -p "$OUT"
JAVA=$BUNDLE/jre/bin/java
if [ ! -x "$JAVA" ]; then
  echo "no bundle: run ../shared/tools/gpu-bundle.sh (from the project root) $BUNDLE on a machine with Java and Maven first" | tee "$OUT/log.txt"
  exit 2
fi
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/$BUNDLE/cache}
LIMIT=${LIMIT:-120}
entangle() { timeout "$LIMIT" "$JAVA" -Xmx48g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main "$@"; }
log() { echo "== $(date -u +%H:%M:%S) ${SECONDS}s $*" | tee -a "$OUT/log.txt"; }
late() { [ "$DEADLINE" -gt 0 ] && [ "$SECONDS" -ge "$DEADLINE" ] && { log "skipped (deadline): $*"; return 0; }; return 1; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv 2>&1; nvcc --version 2>&1 | tail -1; } > "$OUT/device.txt"
BASE="--family sklansky --device-wide"
# Candidates: label|options added to BASE. The first is the default of --device-wide.
CANDIDATES=(
  "streaming, 2 stages of 256 x 23 (default)|--n 256"
  "one block per tile, 256 x 24, 8 blocks/SM|--n 256 --stages 0"
  "streaming, 3 stages of 256 x 23|--n 256 --stages 3"
  "streaming, 3 stages of 256 x 15|--n 256 --stages 3 --items 15"
  "streaming, 4 stages of 256 x 11|--n 256 --stages 4 --items 11"
  "streaming, 2 stages of 256 x 31|--n 256 --items 31"
  "streaming, 2 stages of 256 x 23, items in registers|--n 256 --items-in-registers"
  "streaming, 2 stages of 256 x 23, back-off 100 ns|--n 256 --backoff 100"
  "streaming, 2 stages of 128 x 31|--n 128 --items 31"
  "streaming, 2 stages of 128 x 47|--n 128 --items 47"
  "streaming, 2 stages of 512 x 11|--n 512 --items 11"
)
status=0
log "probe"
entangle gpu-check $BASE --n 256 --sizes 1 --seed 1 > "$OUT/probe.txt" 2>&1
if [ $? -eq 2 ]; then
  tee -a "$OUT/log.txt" < "$OUT/probe.txt"
  exit 2
fi
# A CUB harness carried in the cache may have been built on another system: drop it if it does not run here.
for bin in "$ENTANGLE_CACHE"/*.bin; do
  [ -e "$bin" ] || continue
  "$bin" 1024 20 1 > /dev/null 2>&1 || { log "cached $bin does not run here: rebuilt by nvcc"; rm -f "$bin"; }
done

check() {  # check LABEL ARGS...: one JSON array per call appended to check.json
  local label=$1; shift
  late "check $label" && return
  log "check $label"
  entangle gpu-check "$@" --seed 20261125 --json >> "$OUT/check.json" 2>> "$OUT/log.txt" || { status=1; log "FAILED: $label"; }
}
SMALL="0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7"
if [ "$PHASE" = check ] || [ "$PHASE" = all ]; then
  check "default, int32 sum, small sizes" $BASE --n 256 --sizes "$SMALL"
fi

if [ "$PHASE" = bench ] || [ "$PHASE" = all ]; then
  : > "$OUT/summary.txt"
  for entry in "${CANDIDATES[@]}"; do
    label=${entry%%|*}; opts=${entry#*|}
    late "bench $label" && continue
    log "bench $label"
    echo "### $label: gpu-bench $BASE $opts --sizes $SIZES --vs cub --rounds $ROUNDS --runs 30" >> "$OUT/bench.txt"
    # shellcheck disable=SC2086
    entangle gpu-bench $BASE $opts --sizes "$SIZES" --vs cub --rounds "$ROUNDS" --runs 30 > "$OUT/bench.part" 2>&1 || log "bench failed: $label"
    cat "$OUT/bench.part" >> "$OUT/bench.txt"
    awk -v l="$label" '$1 ~ /^[0-9]+$/ && NF >= 11 { printf "%s  n %s  ours %s [%s]  cub %s [%s]  ours/cub %s [%s]\n", $7, $1, $2, $9, $4, $10, $7, $11 }' \
      "$OUT/bench.part" | sed "s|\$|  $label|" >> "$OUT/summary.txt"
  done
  rm -f "$OUT/bench.part"
  sort -n -o "$OUT/summary.txt" "$OUT/summary.txt"
  tee -a "$OUT/log.txt" < "$OUT/summary.txt"
fi

if [ "$PHASE" = profile ] || [ "$PHASE" = all ]; then
  NCU=(ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats
       --section SchedulerStats --section Occupancy --section LaunchStats
       --metrics "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"
       --launch-skip 5 --launch-count 1)
  profile() {  # profile LABEL KERNEL-REGEX COMMAND...
    local label=$1 kernel=$2; shift 2
    late "profile $label" && return
    log "profile $label"
    echo "######## $label" >> "$OUT/profile.txt"
    timeout 90 "${NCU[@]}" -k "regex:$kernel" "$@" >> "$OUT/profile.txt" 2>&1 || log "profile failed: $label"
  }
  for entry in "${CANDIDATES[@]:0:2}"; do
    label=${entry%%|*}; opts=${entry#*|}
    # shellcheck disable=SC2086
    profile "ours: $label" entangle_device_scan "$JAVA" -Xmx48g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main gpu-bench $BASE $opts --sizes 2^28 --runs 20
  done
  cub=
  for bin in "$ENTANGLE_CACHE"/*.bin; do [ -x "$bin" ] && cub=$bin; done
  if [ -n "$cub" ]; then profile "CUB DeviceScan::InclusiveSum" DeviceScanKernel "$cub" 268435456 20 5; else log "no CUB harness to profile"; fi
  grep -E "^######## |Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per Thread|Block Limit|Issue Slots Busy|No Eligible|Warp Cycles Per Issued|stalled_(barrier|long_scoreboard|sleeping|membar|lg_throttle|short_scoreboard|wait|no_instruction|math_pipe|mio_throttle|drain|branch_resolving|dispatch)_per|bank_conflicts|dram__bytes" \
    "$OUT/profile.txt" > "$OUT/profile-summary.txt" 2>/dev/null
fi

if [ "$PHASE" = bench ] || [ "$PHASE" = all ]; then
  for variant in "--backward" "--segmented" "--type float64"; do
    for form in "" "--stages 0"; do
      late "bench $variant $form" && continue
      log "bench $variant $form"
      echo "### $variant ${form:-(default form)}: gpu-bench $BASE --n 256 $variant $form --sizes $SIZES --rounds $ROUNDS --runs 30" >> "$OUT/bench.txt"
      # shellcheck disable=SC2086
      entangle gpu-bench $BASE --n 256 $variant $form --sizes "$SIZES" --rounds "$ROUNDS" --runs 30 >> "$OUT/bench.txt" 2>&1 || log "bench failed: $variant $form"
    done
  done
fi

if [ "$PHASE" = check ] || [ "$PHASE" = all ]; then
  check "default, int32 sum, 2^24 and 2^28" $BASE --n 256 --sizes "2^24,2^28"
  for entry in "${CANDIDATES[@]:1}"; do
    label=${entry%%|*}; opts=${entry#*|}
    # shellcheck disable=SC2086
    check "$label, int32 sum" $BASE $opts --sizes "0,1,33,tile-1,tile,tile+1,10^6+7"
  done
  ALL_TYPES="--type int32 --type int64 --type float32 --type float64 --op add --op max --op min"
  check "default, every type and operator" $BASE --n 256 $ALL_TYPES --sizes "0,1,33,tile-1,tile,tile+1,10^6+7"
  check "default, exclusive" $BASE --n 256 $ALL_TYPES --exclusive --sizes "0,1,33,tile-1,tile+1,10^6+7"
  check "default, backward" $BASE --n 256 --type int32 --type float64 --op add --op min --backward --sizes "0,1,33,tile-1,tile+1,10^6+7"
  check "default, segmented" $BASE --n 256 --type int32 --type float64 --op add --op max --segmented --sizes "0,1,33,tile-1,tile+1,10^6+7"
  check "streaming, exclusive network" --family blelloch --n 128 --device-wide --type int32 --type float32 --op add --op min --sizes "0,1,33,tile-1,tile+1,10^6+7"
  log "checks: $(grep -c '"passed" : true' "$OUT/check.json") passed, $(grep -c '"passed" : false' "$OUT/check.json") failed"
fi
log "done, status $status"
exit $status
