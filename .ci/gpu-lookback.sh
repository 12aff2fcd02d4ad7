#!/usr/bin/env bash
# One device call for the look-back candidates of the device-wide int32 inclusive sum (README "GPU", issue 8 "Speed";
# notes in .ci/gpu-results/session4-scan2/NOTES.md): gpu-check of each candidate, then gpu-bench of the default and
# every candidate at 2^28 and 2^30 against CUB in interleaved passes (A B C D E, A B C D E, ...; --rounds 5 each), then
# the promotion of a clear winner (checked for every type x operator at the protocol's sizes), then one Nsight Compute
# profile of the best candidate. For a Linux machine with the NVIDIA driver and CUDA toolkit but no Java: the bundle of
# ../shared/tools/gpu-bundle.sh, with the PTX of every kernel (and the CUB harness) compiled beforehand under the keys
# NvccCompiler uses, packed as $BUNDLE/cache.tar.xz, and cubins of the int32 sums in $BUNDLE/sass/ (disassembled here).
#   OUT=DIR (results)  BUNDLE=DIR (default .gpu)  DEADLINE=S (default 270: a step that would end later is skipped)
#   LIMIT=S (longest single command, default 100)  PASSES=N (bench passes at most, default 4; at least 2 are run first)
# Writes under "$OUT": device.txt, log.txt, check.json (candidates), bench.txt (every table), summary.txt (per pass and
# candidate, then the verdict; rows.txt until then), promote.json (the winner's full check), profile.txt, sass.txt.
# A candidate wins when it is eligible (network width of the default), every one of its interleaved rounds at 2^28 is
# below CUB (ours/CUB < 1) and its median ours/CUB is below the default's in every pass.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
BUNDLE=${BUNDLE:-.gpu}
DEADLINE=${DEADLINE:-270}
LIMIT=${LIMIT:-100}
PASSES=${PASSES:-4}
mkdir -p "$OUT"
JAVA=$BUNDLE/jre/bin/java
log() { echo "== $(date -u +%H:%M:%S) ${SECONDS}s $*" | tee -a "$OUT/log.txt"; }
if [ ! -x "$JAVA" ]; then
  log "no bundle in $BUNDLE"
  exit 2
fi
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-/tmp/entangle-cache-scan2}
mkdir -p "$ENTANGLE_CACHE"
[ -f "$BUNDLE/cache.tar.xz" ] && tar -xJf "$BUNDLE/cache.tar.xz" -C "$ENTANGLE_CACHE"
log "cache: $(ls "$ENTANGLE_CACHE" | wc -l) files"
# run with a time limit that never passes DEADLINE + 20 s
entangle() {
  local limit=$((DEADLINE + 20 - SECONDS))
  [ "$limit" -gt "$LIMIT" ] && limit=$LIMIT
  [ "$limit" -lt 5 ] && limit=5
  timeout "$limit" "$JAVA" -Xmx48g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main "$@"
}
# late SECONDS WHAT: true (and logged) when a step that needs SECONDS would end after DEADLINE
late() { [ $((SECONDS + $1)) -gt "$DEADLINE" ] && { log "skipped (deadline): $2"; return 0; }; return 1; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
  nvcc --version 2>&1 | tail -1; } > "$OUT/device.txt"

BASE="--family sklansky --device-wide"
CANDIDATES=(A B C D E)
declare -A OPTS=([A]="--n 256" [B]="--n 256 --look-back early" [C]="--n 256 --look-back dedicated-warp"
                 [D]="--n 128 --look-back dedicated-warp" [E]="--n 128")
declare -A NAME=([A]="default: after-network, 256 x 25" [B]="early, 256 x 25" [C]="dedicated warp, 256 x 25 (288 threads, 7 blocks/SM)"
                 [D]="dedicated warp, 128 x 49 (160 threads)" [E]="after-network, 128 x 49")
ELIGIBLE="B C"
declare -A BAD=()

# The SASS around the barriers and the look-back's status loads (is the early poll still in flight across the network?)
for f in "$BUNDLE"/sass/*.cubin; do
  [ -e "$f" ] || continue
  { echo "######## $(basename "$f")"; timeout 20 cuobjdump -sass "$f" 2>&1 | grep -nE "BAR|LDG.*STRONG|LD\.E.*STRONG|NANOSLEEP|SHFL|STG.*STRONG|ST\.E.*STRONG|EXIT|WARPSYNC|VOTE|BRA|DEPBAR|LDGDEPBAR|LDGSTS"; } >> "$OUT/sass.txt"
done

SIZES="0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24,2^28"
VARIANT_SIZES="0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24"
# check CANDIDATE FILE NEEDS LABEL ARGS...: one JSON array per call appended to FILE; a failure marks the candidate
check() {
  local x=$1 file=$2 needs=$3 label=$4; shift 4
  late "$needs" "check $x: $label" && { BAD[$x]=skipped; return; }
  log "check $x: $label"
  entangle gpu-check "$@" --seed 20261125 --json >> "$file" 2>> "$OUT/log.txt" || { BAD[$x]=failed; log "FAILED: $x $label"; }
}
for x in B C D; do
  # shellcheck disable=SC2086
  check "$x" "$OUT/check.json" 25 "int32 and float64 add, 0 .. 2^28" $BASE ${OPTS[$x]} --type int32 --type float64 --op add --sizes "$SIZES"
  # shellcheck disable=SC2086
  check "$x" "$OUT/check.json" 15 "int32 max, 0 .. 2^28" $BASE ${OPTS[$x]} --type int32 --op max --sizes "$SIZES"
  for v in "--exclusive" "--backward" "--exclusive --backward --segmented" "--segmented"; do
    # shellcheck disable=SC2086
    check "$x" "$OUT/check.json" 10 "$v, int32 and float64, add and max, 0 .. 2^24" $BASE ${OPTS[$x]} --type int32 --type float64 --op add --op max $v --sizes "$VARIANT_SIZES"
  done
done
log "candidate checks: $(grep -c '"passed" : true' "$OUT/check.json") passed, $(grep -c '"passed" : false' "$OUT/check.json") failed; bad: ${!BAD[*]}"

# bench PASS X: one gpu-bench of candidate X, its 2^28 and 2^30 rows appended to rows.txt (copied into summary.txt at
# the end) as "pass X n ours cub ratio ratio-min ratio-max"
: > "$OUT/rows.txt"
bench() {
  local pass=$1 x=$2
  log "bench pass $pass: $x (${NAME[$x]})"
  echo "### pass $pass, $x (${NAME[$x]}): gpu-bench $BASE ${OPTS[$x]} --sizes 2^28,2^30 --vs cub --rounds 5" >> "$OUT/bench.txt"
  # shellcheck disable=SC2086
  entangle gpu-bench $BASE ${OPTS[$x]} --sizes 2^28,2^30 --vs cub --rounds 5 > "$OUT/bench.part" 2>&1 || log "bench failed: $x"
  cat "$OUT/bench.part" >> "$OUT/bench.txt"
  awk -v p="$pass" -v x="$x" '$1 ~ /^[0-9]+$/ && NF >= 11 { split($11, r, "-"); print p, x, $1, $2, $4, $7, r[1], r[2] }' "$OUT/bench.part" >> "$OUT/rows.txt"
}
pass=0
run_pass() {
  pass=$((pass + 1))
  for x in "${CANDIDATES[@]}"; do
    [ -n "${BAD[$x]:-}" ] && continue
    bench "$pass" "$x"
  done
}
# winner: eligible, every 2^28 round below CUB, median below the default's in every pass
verdict() {
  awk -v eligible="$ELIGIBLE" '
    $3 == 268435456 { med[$2, $1] = $6; if (!($2 in hi) || $8 > hi[$2]) hi[$2] = $8; passes[$1] = 1; seen[$2] = 1 }
    END {
      n = split(eligible, e, " "); best = ""; bestMed = 9
      for (i = 1; i <= n; i++) {
        x = e[i]; if (!(x in seen)) continue
        ok = hi[x] < 1.0; m = 0; k = 0
        for (p in passes) { if (!((x, p) in med) || !(("A", p) in med) || med[x, p] >= med["A", p]) ok = 0; m += med[x, p]; k++ }
        if (ok && m / k < bestMed) { best = x; bestMed = m / k }
      }
      print best
    }' "$OUT/rows.txt"
}
for p in 1 2; do
  late 45 "bench pass $p" || run_pass
done
WINNER=$(verdict)
log "winner after $pass passes: ${WINNER:-none}"

if [ -n "$WINNER" ] && ! late 80 "promotion checks of $WINNER"; then
  ALL="--type int32 --type int64 --type float32 --type float64 --op add --op max --op min"
  W="${OPTS[$WINNER]}"
  # shellcheck disable=SC2086
  check "$WINNER" "$OUT/promote.json" 60 "every type and operator, 0 .. 2^28" $BASE $W $ALL --sizes "$SIZES"
  # shellcheck disable=SC2086
  check "$WINNER" "$OUT/promote.json" 10 "exclusive, every type and operator" $BASE $W $ALL --exclusive --sizes "$VARIANT_SIZES"
  # shellcheck disable=SC2086
  check "$WINNER" "$OUT/promote.json" 10 "exclusive backward segmented, every type and operator" $BASE $W $ALL --exclusive --backward --segmented --sizes "$VARIANT_SIZES"
  # shellcheck disable=SC2086
  check "$WINNER" "$OUT/promote.json" 5 "backward" $BASE $W --type int32 --type float64 --op add --op min --backward --sizes "$VARIANT_SIZES"
  # shellcheck disable=SC2086
  check "$WINNER" "$OUT/promote.json" 5 "segmented" $BASE $W --type int32 --type float64 --op add --op max --segmented --sizes "$VARIANT_SIZES"
  log "promotion checks: $(grep -c '"passed" : true' "$OUT/promote.json") passed, $(grep -c '"passed" : false' "$OUT/promote.json") failed"
fi

# the profile of the best candidate (lowest mean ours/CUB at 2^28 over the passes, the default left out: profiled in session 4)
BEST=$(awk '$3 == 268435456 && $2 != "A" { s[$2] += $6; k[$2]++ } END { b = ""; v = 9; for (x in s) if (s[x] / k[x] < v) { v = s[x] / k[x]; b = x } print b }' "$OUT/rows.txt")
if [ -n "$BEST" ] && ! late 25 "profile $BEST"; then
  log "profile $BEST (${NAME[$BEST]})"
  REP=$(mktemp -d)/best
  # shellcheck disable=SC2086
  timeout 40 ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
    --section SchedulerStats --section Occupancy --section LaunchStats --launch-skip 5 --launch-count 1 \
    -k regex:entangle_device_scan -f -o "$REP" "$JAVA" -Xmx48g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main \
    gpu-bench $BASE ${OPTS[$BEST]} --sizes 2^28 --runs 20 > "$REP.log" 2>&1 || { log "profile failed"; tail -5 "$REP.log" >> "$OUT/log.txt"; }
  if [ -f "$REP.ncu-rep" ]; then
    { echo "######## $BEST: ${NAME[$BEST]}"; ncu --import "$REP.ncu-rep" --page details --print-details all
      echo "######## raw: $BEST"; ncu --import "$REP.ncu-rep" --page raw | grep -E "dram__bytes|issue_stalled_.*_per_issue_active|bank_conflicts|wavefronts_mem_shared|gpu__time_duration|launch__|sm__warps_active|smsp__inst_executed.sum " ; } > "$OUT/profile.txt" 2>&1
  fi
fi

while [ "$pass" -lt "$PASSES" ] && ! late 45 "bench pass $((pass + 1))"; do run_pass; done
rm -f "$OUT/bench.part"
WINNER=$(verdict)
{
  echo "pass candidate n ours_ms cub_ms ours/cub min max   (gpu-bench --rounds 5: medians of 5 rounds, range over them)"
  cat "$OUT/rows.txt"
  echo
  echo "candidate  median-of-passes ours/cub at 2^28, highest round, at 2^30   name"
  for x in "${CANDIDATES[@]}"; do
    awk -v x="$x" -v name="${NAME[$x]}" -v bad="${BAD[$x]:-}" '
      $2 == x && $3 == 268435456 { a[++n] = $6; if ($8 > hi) hi = $8 }
      $2 == x && $3 == 1073741824 { b[++m] = $6 }
      function med(v, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
                                      return k == 0 ? "-" : (k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2) }
      END { printf "%s  %s  %s  %s   %s%s\n", x, med(a, n), n ? hi : "-", med(b, m), name, bad == "" ? "" : " (check " bad ")" }' "$OUT/rows.txt"
  done
  echo "winner (eligible: $ELIGIBLE; every 2^28 round below CUB, median below the default's in every pass): ${WINNER:-none}"
} > "$OUT/summary.txt"
rm -f "$OUT/rows.txt"
log "done after $pass passes"
cat "$OUT/summary.txt"
