#!/usr/bin/env bash
# Call 3 (mc, final): explore3 (carveouts and breakdown of the final kernels beside CUB and memcpy), then the Java
# benchmarks (every type, 2^24 and 2^28) and checks (every configuration, default sizes 0..2^28) of branch mc.
# The library harnesses are compiled first in the background (nvcc on the CPU; the GPU work of that pass is 1024 elements).
set -o pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin ENTANGLE_CACHE=$PWD/.gpu-mc/cache
JAVA=(.gpu-mc/jre/bin/java -cp '.gpu-mc/classes:.gpu-mc/lib/*')
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a $OUT/log.txt; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv; nvcc --version | tail -1; date -u; } > $OUT/device.txt 2>&1
NET="--family sklansky --n 256"
log "warm-up (compiles) in the background; explore3"
( timeout 140 "${JAVA[@]}" -Xmx4g org.entangle.Main pattern compact $NET --bench --sizes 1024 > $OUT/warm.txt 2>&1; log "warm compact rc=$?" ) &
( timeout 140 "${JAVA[@]}" -Xmx4g org.entangle.Main pattern merge $NET --bench --sizes 1024 >> $OUT/warm.txt 2>&1; log "warm merge rc=$?" ) &
timeout 60 .gpu-mc/explore3 bench > $OUT/explore3.txt 2>&1; log "explore3 rc=$?"
wait
log "java benches"
timeout 45 "${JAVA[@]}" -Xmx40g org.entangle.Main pattern compact $NET --bench --sizes 2^24,2^28 > $OUT/bench-compact.txt 2>&1; log "bench compact rc=$?"
timeout 45 "${JAVA[@]}" -Xmx40g org.entangle.Main pattern merge $NET --bench --sizes 2^24,2^28 > $OUT/bench-merge.txt 2>&1; log "bench merge rc=$?"
log "java checks (parallel: one process per type / configuration)"
for t in int32 int64 float32 float64; do
  ( timeout 150 "${JAVA[@]}" -Xmx14g org.entangle.Main pattern compact $NET --check --seed 20261127 --type $t > $OUT/cc-$t.txt 2>&1; echo "rc=$? compact $t" >> $OUT/cc-$t.txt ) &
done
for t in int32 float32; do for v in none uint32; do
  ( timeout 150 "${JAVA[@]}" -Xmx10g org.entangle.Main pattern merge $NET --check --seed 20261127 --type $t --option values=$v > $OUT/cm-$t-$v.txt 2>&1; echo "rc=$? merge $t values=$v" >> $OUT/cm-$t-$v.txt ) &
done; done
wait
log "checks done"
cat $OUT/cc-*.txt > $OUT/check-compact.txt; cat $OUT/cm-*.txt > $OUT/check-merge.txt; rm -f $OUT/cc-*.txt $OUT/cm-*.txt
echo "PASS compact $(grep -c '^PASS' $OUT/check-compact.txt) FAIL $(grep -c '^FAIL' $OUT/check-compact.txt); PASS merge $(grep -c '^PASS' $OUT/check-merge.txt) FAIL $(grep -c '^FAIL' $OUT/check-merge.txt)"
grep -h "^FAIL\|^rc=" $OUT/check-*.txt | head -20
cat $OUT/bench-compact.txt $OUT/bench-merge.txt
grep -E "round|  compact |  merge |failures|check .*FAIL" $OUT/explore3.txt
