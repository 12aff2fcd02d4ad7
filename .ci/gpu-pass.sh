#!/usr/bin/env bash
# The GPU pass: every check and benchmark of the GPU path in one call, on a Linux x86-64 machine with an NVIDIA
# driver and the CUDA toolkit (nvcc, CUB) but no Java or Maven. Prepare the bundle where Java and Maven are:
#   .ci/gpu-bundle.sh --ui --archive .gpu        (writes .gpu.tar.xz; unpacked here on first use)
# Then, from the repository root on the GPU machine:  OUT=results .ci/gpu-pass.sh
#   PARTS (default "ui scan forms patterns"): which parts run, in the order given:
#     ui        the gpu-tagged workbench test (GpuWorkbenchTest: the generalise panel opens the Brent–Kung program,
#               the GPU panel's Check on GPU, Benchmark and Tournament run on the device) under Monocle, a screenshot
#               of the window after Benchmark (gpu-panel.png), and the tournament's own gpu tests (TournamentGpuTest)
#     scan      the device-wide int32 inclusive sum (Sklansky 256, defaults) at 2^20, 2^24, 2^28, 2^30 against CUB and
#               memcpy (ROUNDS interleaved rounds), and gpu-check of every type x operator at CHECK_SIZES
#     forms     gpu-check of the device-wide variants (exclusive, backward, segmented, items in registers, padded
#               layout, scalar access, an exclusive network), the block and warp forms of every catalogue family and
#               the angelic programs' kernels (Brent–Kung, Kogge–Stone, Sklansky), at 0 … 10^6 + 7 (2^24 for some)
#     sweep     the scan at 2^20 and 2^24 with smaller tiles (widths 256 and 128, 7 to 25 items per thread) against CUB
#     patterns  pattern-checks, then pattern-benches:
#     pattern-checks   every pattern's check at CHECK_SIZES (every type and configuration; the patterns in parallel)
#     pattern-benches  every configuration's benchmark at BENCH_SIZES against the library and memcpy (one at a time)
#     tournament  gpu-tournament: the block scan at TOURNAMENT_WIDTHS (default 32,128,256,1024), the compaction and the
#               device-wide scan at TOURNAMENT_WIDE_WIDTHS (default 32,256); at least 200 candidates per width (uniform samples
#               of the spaces 16:4:40 and 16:4:36 composed into warps, of 8:4:12 as the warps' totals, the optimiser's
#               minima, the catalogue), each checked on the device, then the block scan against cub::WarpScan and the
#               three cub::BlockScan algorithms, and the fastest with every classic family inside the compaction and
#               device-wide at 2^24 and 2^28; its table, JSON, plots and diagrams go to $OUT/tournament; then, when ncu
#               is there, tournament-ncu on its JSON
#     tournament-ncu  Nsight Compute (ncu on the PATH or /usr/local/cuda/bin/ncu) on the block-scan kernels of a tournament's
#               JSON (TOURNAMENT_JSON, default $OUT/tournament/tournament.json, else the recorded H200 tournament):
#               at NCU_WIDTHS (default 32,256) the fastest network, the fastest oracle-chosen one, the fastest classic
#               family and the fastest library algorithm are launched alone (gpu-tournament --profile) and their shared-
#               memory bank conflicts, wavefronts, shared accesses and registers collected; the CSV and the report with
#               the measured figures beside the bank model's go to $OUT/tournament-ncu. ncu failing (no permission for
#               the performance counters: ERR_NVGPUCTRPERM) is reported and never fails the pass
#   PATTERNS (default: the catalogue) narrows the patterns; ROUNDS (default 3); LIMIT (default 540 s per command).
#   CHECK_SIZES (default 0,1,2,31,33,tile-1,tile,tile+1,999983,2^24+43,2^28+3: the primes 999983, 2^24 + 43 and
#   2^28 + 3 among them); BENCH_SIZES (default 2^28).
# Writes under "$OUT": device.txt, log.txt, ui.txt, gpu-panel.png, scan-bench.txt, scan-check.json, forms-check.json,
# scan-sweep.txt, patterns-check.json, patterns-bench.txt, tournament/, tournament-summary.txt and tournament-ncu/ (launches.txt,
# ncu-log.txt, profile.ncu-rep, ncu.csv, report/, why.txt), and summary.txt (every benchmark row with its ratio to the library, and
# the check counts). Exit status: 0 all passed, 1 a check or test failed, 2 no CUDA driver, nvcc or bundle.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-${TMPDIR:-/tmp}/entangle-gpu-pass}
BUNDLE=${BUNDLE:-.gpu}
PARTS=${PARTS:-ui scan forms patterns}
ROUNDS=${ROUNDS:-3}
LIMIT=${LIMIT:-540}
CHECK_SIZES=${CHECK_SIZES:-0,1,2,31,33,tile-1,tile,tile+1,999983,2^24+43,2^28+3}
BENCH_SIZES=${BENCH_SIZES:-2^28}
TOURNAMENT_WIDTHS=${TOURNAMENT_WIDTHS:-32,128,256,1024}
TOURNAMENT_WIDE_WIDTHS=${TOURNAMENT_WIDE_WIDTHS:-32,256}
NCU_WIDTHS=${NCU_WIDTHS:-32,256}
mkdir -p "$OUT"
log() { echo "== $(date -u +%H:%M:%S) ${SECONDS}s $*" | tee -a "$OUT/log.txt"; }
if [ ! -x "$BUNDLE/jre/bin/java" ] && [ -f "$BUNDLE.tar.xz" ]; then
  log "unpacking $BUNDLE.tar.xz"
  tar -xJf "$BUNDLE.tar.xz" -C "$(dirname "$BUNDLE")" 2> /dev/null || python3 -c "import sys, tarfile; tarfile.open(sys.argv[1]).extractall()" "$BUNDLE.tar.xz"
fi
JAVA=$BUNDLE/jre/bin/java
if [ ! -x "$JAVA" ]; then
  echo "no bundle: run .ci/gpu-bundle.sh --ui --archive $BUNDLE where Java and Maven are, and bring $BUNDLE.tar.xz" | tee -a "$OUT/log.txt"
  exit 2
fi
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/$BUNDLE/cache}
mkdir -p "$ENTANGLE_CACHE"
entangle() { timeout "$LIMIT" "$JAVA" -Xmx32g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main "$@"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv 2>&1; nvcc --version 2>&1 | tail -1; } > "$OUT/device.txt"
probe=$(entangle gpu-check --family sklansky --n 32 --warp --sizes 1 --seed 1 2>&1)
if [ $? -eq 2 ]; then
  echo "$probe" | tee -a "$OUT/log.txt"
  exit 2
fi
status=0
checks() { grep -c "\"passed\" : $2" "$1" 2> /dev/null || true; }

# JavaFX under Monocle renders in software, but still links FreeType, fontconfig, Pango and a font: the bundle's
# Debian packages are unpacked aside and only the libraries this system lacks are put on the library path.
fx_libraries() {
  local root=/tmp/entangle-fx
  rm -rf "$root" && mkdir -p "$root/files" "$root/lib" "$root/cache"
  for deb in "$BUNDLE"/debs/*.deb; do dpkg-deb -x "$deb" "$root/files" 2>> "$OUT/log.txt" || log "cannot unpack $deb"; done
  local have; have=$(ldconfig -p)
  while IFS= read -r so; do
    local name; name=$(basename "$so")
    grep -q "^[[:space:]]*$name " <<< "$have" || ln -sf "$so" "$root/lib/$name"
  done < <(find "$root/files" -name 'lib*.so.[0-9]*')
  log "libraries added for JavaFX: $(ls "$root/lib" | tr '\n' ' ')"
  if ! fc-list 2> /dev/null | grep -q .; then
    printf '<?xml version="1.0"?>\n<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n' \
      "$root/files/usr/share/fonts" "$root/cache" > "$root/fonts.conf"
    export FONTCONFIG_FILE=$root/fonts.conf
  fi
  export LD_LIBRARY_PATH=$root/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
}

ui() {
  log "ui: GpuWorkbenchTest under Monocle, TournamentGpuTest"
  fx_libraries
  timeout "$LIMIT" "$JAVA" -Xmx8g -Dtestfx.robot=glass -Dtestfx.headless=true -Dglass.platform=Monocle \
    -Dmonocle.platform=Headless -Dprism.order=sw -Dprism.text=t2k -Dnetworks.dir=networks -Dgpu.screenshot="$OUT/gpu-panel.png" \
    -cp "$BUNDLE/test-classes:$BUNDLE/classes:$BUNDLE/lib/*:$BUNDLE/ui-lib/*" org.junit.platform.console.ConsoleLauncher \
    execute --disable-banner --details=tree --select-class org.entangle.app.gpu.GpuWorkbenchTest \
    --select-class org.entangle.gpu.tournament.TournamentGpuTest > "$OUT/ui.txt" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] || ! grep -q ' 0 tests failed' "$OUT/ui.txt" || grep -q ' 0 tests successful' "$OUT/ui.txt"; then
    status=1; log "FAILED: ui (exit $rc)"
  fi
  grep -E '^(check|benchmark|tournament|device|screenshot):|tests (successful|failed|skipped)' "$OUT/ui.txt" | tee -a "$OUT/log.txt"
}

TYPES="--type int32 --type int64 --type float32 --type float64 --op add --op max --op min"
scan() {
  log "scan: benchmark"
  entangle gpu-bench --family sklansky --n 256 --device-wide --sizes 2^20,2^24,2^28,2^30 --vs cub --rounds "$ROUNDS" \
    > "$OUT/scan-bench.txt" 2>&1 || { status=1; log "FAILED: scan benchmark"; }
  log "scan: checks"
  # shellcheck disable=SC2086
  entangle gpu-check --family sklansky --n 256 --device-wide $TYPES --sizes "$CHECK_SIZES" --seed 20261202 --json \
    > "$OUT/scan-check.json" 2>> "$OUT/log.txt" || { status=1; log "FAILED: scan checks"; }
  log "scan checks: $(checks "$OUT/scan-check.json" true) passed, $(checks "$OUT/scan-check.json" false) failed"
}

# Every kernel form beyond the device-wide default: its variants, the block and warp forms of every catalogue family
# (Knowles, whose ranges overlap, with the idempotent max and min only) and the angelic programs' kernels.
forms() {
  local families small="0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7"
  families=$(for f in serial sklansky kogge-stone brent-kung han-carlson ladner-fischer blelloch brent-kung-radix; do printf -- '--family %s ' "$f"; done)
  : > "$OUT/forms-check.json"
  form() {
    local label=$1; shift
    log "forms: $label"
    entangle gpu-check "$@" --seed 20261202 --json >> "$OUT/forms-check.json" 2>> "$OUT/log.txt" || { status=1; log "FAILED: $label"; }
  }
  # shellcheck disable=SC2086
  {
    form "device-wide exclusive/backward/segmented" --family brent-kung --n 256 --device-wide $TYPES --exclusive --backward --segmented --sizes "$small,2^24"
    form "device-wide segmented" --family kogge-stone --n 64 --device-wide --type int32 --type float64 --op add --op max --segmented --sizes "$small,2^24"
    form "device-wide, items in registers" --family sklansky --n 128 --device-wide --items-in-registers $TYPES --sizes "$small,2^24"
    form "device-wide, padded layout" --family sklansky --n 256 --device-wide --layout padded $TYPES --sizes "$small,2^24"
    form "device-wide, scalar access, no back-off" --family sklansky --n 128 --device-wide --scalar-access --min-blocks 0 --backoff 0 --type int32 --type float64 --op add --op max --sizes "$small,2^24"
    form "device-wide exclusive network" --family blelloch --n 128 --device-wide --type int32 --type float32 --op add --op min --sizes "$small,2^24"
    form "Brent–Kung program" networks/brent-kung.angel --n 1 --n 2 --n 3 --n 16 --n 100 --n 256 --n 1000 --n 1024 --n 4096 --n 12288 --type int32 --type float32 --op add --op max --sizes "$small,2^24"
    form "Kogge–Stone and Sklansky programs" networks/kogge-stone.angel networks/sklansky.angel --n 7 --n 256 --n 1024 --n 3000 --type int32 --type float64 --op add --op min --sizes "$small"
    form "program variants" networks/brent-kung.angel --n 100 --n 1024 $TYPES --exclusive --backward --segmented --sizes "$small"
    form "block, every family at 32, 256, 1024" $families --n 32 --n 256 --n 1024 --sizes "$small"
    form "block, knowles at 32, 256, 1024" --family knowles --n 32 --n 256 --n 1024 --op max --op min --sizes "$small"
    form "block variants" --family han-carlson --family blelloch --n 64 $TYPES --exclusive --backward --segmented --sizes "$small"
    form "warp, every family at 32" $families --n 32 --warp --type int32 --type float64 --op add --op max --sizes "$small"
    form "warp, knowles at 32" --family knowles --n 32 --warp --op max --op min --sizes "$small"
    form "warp variants" --family sklansky --family blelloch --n 16 --warp $TYPES --exclusive --backward --segmented --sizes "$small"
  }
  log "forms checks: $(checks "$OUT/forms-check.json" true) passed, $(checks "$OUT/forms-check.json" false) failed"
}

# Tile sizes of the device-wide scan at the sizes where a 256 x 25 tile leaves the device short of tiles.
sweep() {
  : > "$OUT/scan-sweep.txt"
  for config in "256 25" "256 15" "256 11" "256 7" "128 25" "128 13" "128 7"; do
    set -- $config
    log "sweep: width $1, $2 items"
    echo "### gpu-bench --family sklansky --n $1 --items $2 --device-wide --sizes 2^20,2^24 --vs cub --rounds $ROUNDS" >> "$OUT/scan-sweep.txt"
    entangle gpu-bench --family sklansky --n "$1" --items "$2" --device-wide --sizes 2^20,2^24 --vs cub --rounds "$ROUNDS" \
      >> "$OUT/scan-sweep.txt" 2>&1 || log "sweep failed: $config"
  done
}

NET="--family sklansky --n 256"
pattern_checks() {
  local list=${PATTERNS:-$(entangle pattern --list)}
  local net=$NET
  log "patterns: checks of [$(echo $list)] in parallel"
  local pids=()
  for p in $list; do
    # shellcheck disable=SC2086
    entangle pattern "$p" $net --check --seed 20261202 --json --sizes "$CHECK_SIZES" > "$OUT/check-$p.json" 2> "$OUT/check-$p.log" &
    pids+=($!)
  done
  local i=0
  for p in $list; do
    wait "${pids[$i]}" || { status=1; log "FAILED: check $p"; tail -3 "$OUT/check-$p.log" | tee -a "$OUT/log.txt"; }
    i=$((i + 1))
  done
  : > "$OUT/patterns-check.json"
  for p in $list; do
    log "check $p: $(checks "$OUT/check-$p.json" true) passed, $(checks "$OUT/check-$p.json" false) failed"
    cat "$OUT/check-$p.json" >> "$OUT/patterns-check.json"
    rm -f "$OUT/check-$p.json" "$OUT/check-$p.log"
  done
}

pattern_benches() {
  local list=${PATTERNS:-$(entangle pattern --list)}
  local net=$NET
  : > "$OUT/patterns-bench.txt"
  for p in $list; do
    log "bench $p"
    # shellcheck disable=SC2086
    entangle pattern "$p" $net --bench --sizes "$BENCH_SIZES" >> "$OUT/patterns-bench.txt" 2>> "$OUT/log.txt" \
      || { status=1; log "FAILED: bench $p"; }
  done
}

tournament() {
  log "tournament: block widths $TOURNAMENT_WIDTHS, compaction and device-wide at $TOURNAMENT_WIDE_WIDTHS"
  [ -d "$BUNDLE/debs" ] && fx_libraries
  JAVA_TOOL_OPTIONS="-Djava.awt.headless=true" entangle gpu-tournament --width "$TOURNAMENT_WIDTHS" --wide-width "$TOURNAMENT_WIDE_WIDTHS" \
    --space 16:4:40 --space 16:4:36 --space 8:4:12 --samples 100 --seed 20261202 --optimiser-seconds 30 --wide-top 3 \
    --wide-rounds 2 -o "$OUT/tournament" > "$OUT/tournament-summary.txt" 2> >(tee -a "$OUT/log.txt" >&2) \
    || { status=1; log "FAILED: tournament"; }
  grep -E '^(best|candidates|note)' "$OUT/tournament-summary.txt" | tee -a "$OUT/log.txt"
  if ncu_tool > /dev/null; then tournament_ncu; else log "ncu not found: the tournament's bank conflicts are the bank model's only"; fi
}

ncu_tool() { command -v ncu || { [ -x /usr/local/cuda/bin/ncu ] && echo /usr/local/cuda/bin/ncu; }; }

# Whatever ncu does, the pass goes on: every failure is logged, none sets the status.
tournament_ncu() {
  local dir="$OUT/tournament-ncu" json=${TOURNAMENT_JSON:-} ncu
  local metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,launch__registers_per_thread,launch__grid_size
  mkdir -p "$dir"
  if ! ncu=$(ncu_tool); then log "ncu: not found on the PATH nor in /usr/local/cuda/bin; no profile"; return; fi
  if [ -z "$json" ] && [ -f "$OUT/tournament/tournament.json" ]; then json=$OUT/tournament/tournament.json; fi
  if [ -z "$json" ]; then
    json=$dir/recorded-tournament.json
    { xz -dc resources/docs/tournament-h200/tournament.json.xz 2> /dev/null \
      || python3 -c "import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())" resources/docs/tournament-h200/tournament.json.xz; } \
      > "$json" || { log "ncu: no tournament JSON to profile (set TOURNAMENT_JSON)"; return; }
  fi
  log "ncu: $("$ncu" --version 2>&1 | tail -1); the explained block-scan contenders of $json at widths $NCU_WIDTHS"
  : > "$dir/ncu-log.txt"
  profile() {
    LC_ALL=C timeout "$LIMIT" "$ncu" --metrics "$1" --kernel-name "regex:^entangle_profile_" -f --export "$dir/profile" \
      "$JAVA" -Xmx8g -cp "$BUNDLE/classes:$BUNDLE/lib/*" org.entangle.Main gpu-tournament --profile "$json" --width "$NCU_WIDTHS" \
      --reps 16 --threads 262144 --launches 1 > "$dir/launches.txt" 2>> "$dir/ncu-log.txt"
  }
  profile "$metrics"
  local rc=$?
  if grep -q -i 'failed to find metric' "$dir/launches.txt" "$dir/ncu-log.txt"; then
    log "ncu: a metric is unknown to this ncu; again with the bank conflicts and registers only"
    profile l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,launch__registers_per_thread,launch__grid_size
    rc=$?
  fi
  grep -h -E '^entangle_profile_|FAILED' "$dir/launches.txt" | tee -a "$OUT/log.txt"
  [ $rc -eq 0 ] || log "ncu: the profiled launches exited $rc: see $dir/launches.txt and $dir/ncu-log.txt"
  if grep -q 'ERR_NVGPUCTRPERM' "$dir/launches.txt" "$dir/ncu-log.txt"; then
    log "ncu: NO PROFILE: no permission for the GPU's performance counters (ERR_NVGPUCTRPERM; needs NVreg_RestrictProfilingToAdminUsers=0"
    log "     or root); the launches' own output is in launches.txt, and the report keeps the bank model's figures only"
    return
  fi
  if [ ! -s "$dir/profile.ncu-rep" ]; then
    log "ncu: NO PROFILE (exit $rc): see $dir/ncu-log.txt and $dir/launches.txt"; grep -h '==ERROR==' "$dir/launches.txt" "$dir/ncu-log.txt" | head -5 | tee -a "$OUT/log.txt"
    return
  fi
  LC_ALL=C "$ncu" --import "$dir/profile.ncu-rep" --csv --print-units base > "$dir/ncu.csv" 2>> "$dir/ncu-log.txt" \
    || { log "ncu: cannot write the CSV of $dir/profile.ncu-rep"; return; }
  [ -d "$BUNDLE/debs" ] && [[ "${LD_LIBRARY_PATH:-}" != */tmp/entangle-fx/lib* ]] && fx_libraries
  JAVA_TOOL_OPTIONS="-Djava.awt.headless=true" entangle gpu-tournament --report "$json" --ncu "$dir/ncu.csv" -o "$dir/report" \
    > "$dir/report-summary.txt" 2>> "$dir/ncu-log.txt" || { log "ncu: the report with the profile failed: see $dir/ncu-log.txt"; return; }
  awk -v w="${NCU_WIDTHS//,/|}" '/^## /{keep = $0 ~ ("^## why, block, width (" w "),")} keep' "$dir/report/tournament.txt" > "$dir/why.txt"
  sed -E 's/^(#[0-9]+ [^ ]+ \([a-z]+\)): .*/\1/; s/^(best library: .*) [0-9.e+-]+ ns per block scan.*/\1/' "$dir/why.txt" | tee -a "$OUT/log.txt"
}

for part in $PARTS; do
  case "$part" in
    ui|scan|forms|sweep|pattern-checks|pattern-benches|tournament|tournament-ncu) "${part/-/_}" ;;
    patterns) pattern_checks; pattern_benches ;;
    *) log "unknown part $part (expected ui, scan, forms, sweep, patterns, pattern-checks, pattern-benches, tournament, tournament-ncu)"; status=2 ;;
  esac
done
{
  echo "# GPU pass, $(head -2 "$OUT/device.txt" | tail -1), $(date -u +%Y-%m-%d)"
  [ -f "$OUT/scan-sweep.txt" ] && { echo "## scan, smaller tiles"; cat "$OUT/scan-sweep.txt"; }
  [ -f "$OUT/scan-bench.txt" ] && { echo "## scan (gpu-bench --family sklansky --n 256 --device-wide --vs cub --rounds $ROUNDS)"; cat "$OUT/scan-bench.txt"; }
  [ -f "$OUT/tournament-summary.txt" ] && { echo "## tournament (gpu-tournament --width $TOURNAMENT_WIDTHS)"; cat "$OUT/tournament-summary.txt"; }
  [ -f "$OUT/tournament-ncu/why.txt" ] && { echo "## tournament, ncu at $NCU_WIDTHS (the winners' explanation)"; cat "$OUT/tournament-ncu/why.txt"; }
  [ -f "$OUT/patterns-bench.txt" ] && { echo "## patterns (pattern NAME --family sklansky --n 256 --bench --sizes $BENCH_SIZES)"; grep -v '^device:' "$OUT/patterns-bench.txt"; }
  echo "## checks at $CHECK_SIZES"
  for f in scan-check.json forms-check.json patterns-check.json; do
    [ -f "$OUT/$f" ] && echo "$f: $(checks "$OUT/$f" true) passed, $(checks "$OUT/$f" false) failed"
  done
} > "$OUT/summary.txt"
log "done, status $status"
exit $status
