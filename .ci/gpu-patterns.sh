#!/usr/bin/env bash
# GPU parallel patterns (README "GPU patterns"): checks and benchmarks of every pattern in the catalogue, built on
# Sklansky 256, on a Linux x86-64 machine with an NVIDIA driver and nvcc but no Java (same bundle as gpu-check.sh:
# ../shared/tools/gpu-bundle.sh .gpu from the project root on a development machine).
# From the repository root on the GPU machine:  OUT=results .ci/gpu-patterns.sh
#   PATTERNS="reduce compact" narrows the patterns; PHASE=check or PHASE=bench runs one half (to split a run).
# Writes under "$OUT": device.txt, patterns-check.json (one JSON array per pattern), patterns-bench.txt, patterns-log.txt.
# One failing pattern does not stop the others. Exit status: 0 all passed, 1 a check or run failed, 2 no driver/bundle.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
JAVA=.gpu/jre/bin/java
if [ ! -x "$JAVA" ]; then
  echo "no bundle: run ../shared/tools/gpu-bundle.sh (from the project root) .gpu on a machine with Java and Maven first" | tee "$OUT/patterns-log.txt"
  exit 2
fi
export PATH="$PATH:/usr/local/cuda/bin"
export ENTANGLE_CACHE=${ENTANGLE_CACHE:-$PWD/.gpu/cache}
LIMIT=${LIMIT:-540}
PHASE=${PHASE:-all}
entangle() { timeout "$LIMIT" "$JAVA" -Xmx64g -cp '.gpu/classes:.gpu/lib/*' org.entangle.Main "$@"; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUT/patterns-log.txt"; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1; nvcc --version 2>&1 | tail -1; } > "$OUT/device.txt"
PATTERNS=${PATTERNS:-$(entangle pattern --list)}
NET="--family sklansky --n 256"
# What each pattern's benchmark covers (its check covers every configuration at every default size).
bench_options() {
  case "$1" in
    histogram) echo "--type int32 --type float32 --option bins=256" ;;
    *) echo "" ;;
  esac
}

status=0
passed=0
failed=0
for p in $PATTERNS; do
  if [ "$PHASE" != bench ]; then
    log "check $p"
    entangle pattern "$p" $NET --check --seed 20261122 --json > "$OUT/check-$p.json" 2>> "$OUT/patterns-log.txt"
    rc=$?
    cat "$OUT/check-$p.json" >> "$OUT/patterns-check.json"
    passed=$((passed + $(grep -c '"passed" : true' "$OUT/check-$p.json")))
    failed=$((failed + $(grep -c '"passed" : false' "$OUT/check-$p.json")))
    if [ $rc -eq 2 ] && grep -q "CUDA driver" "$OUT/patterns-log.txt"; then log "no CUDA driver"; exit 2; fi
    [ $rc -eq 0 ] || { status=1; log "FAILED: check $p (exit $rc)"; }
    rm -f "$OUT/check-$p.json"
    if [ "$p" = histogram ]; then  # integer bins by reciprocal (the range is not bins times a power of two)
      log "check histogram, uneven range"
      entangle pattern histogram $NET --check --seed 20261123 --json --option lo=-1000 --option hi=999999 --option bins=256,1000 \
        --sizes 0,1,33,tile+1,10^6+7,2^24 > "$OUT/check-uneven.json" 2>> "$OUT/patterns-log.txt" || { status=1; log "FAILED: check histogram, uneven range"; }
      cat "$OUT/check-uneven.json" >> "$OUT/patterns-check.json"
      passed=$((passed + $(grep -c '"passed" : true' "$OUT/check-uneven.json")))
      failed=$((failed + $(grep -c '"passed" : false' "$OUT/check-uneven.json")))
      rm -f "$OUT/check-uneven.json"
    fi
  fi
  if [ "$PHASE" != check ]; then
    log "bench $p"
    entangle pattern "$p" $NET --bench --sizes 2^24,2^28 $(bench_options "$p") >> "$OUT/patterns-bench.txt" 2>> "$OUT/patterns-log.txt" \
      || { status=1; log "FAILED: bench $p"; }
  fi
done
log "summary: patterns [$(echo $PATTERNS)]: checks $passed passed, $failed failed; status $status"
exit $status
