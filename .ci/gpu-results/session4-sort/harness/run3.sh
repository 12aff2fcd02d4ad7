#!/bin/bash
# Call 3 (final): the Java pattern's bench and full check, a kernel breakdown beside CUB, narrow/wide networks,
# ncu of the onesweep kernel beside CUB's, racecheck.
export PATH=$PATH:/usr/local/cuda/bin
ROOT=$PWD
E=$ROOT/.gpu-sort/exp
export ENTANGLE_CACHE=$ROOT/.gpu-sort/cache
J() { timeout "$1" $ROOT/.gpu-sort/jre/bin/java -Xmx64g -cp "$ROOT/.gpu-sort/classes:$ROOT/.gpu-sort/lib/*" org.entangle.Main "${@:2}"; }
log() { echo "== $(date -u +%Y-%m-%dT%H:%M:%SZ) $*" | tee -a $OUT/log.txt; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv; nvcc --version | tail -2; } > $OUT/device.txt 2>&1
cat $OUT/device.txt
log "bench: pattern radix-sort --family sklansky --n 256 --bench --type uint32"
J 80 pattern radix-sort --family sklansky --n 256 --bench --type uint32 > $OUT/bench-radix-sort.txt 2>&1; log "bench rc=$?"
cat $OUT/bench-radix-sort.txt
log "check: pattern radix-sort --family sklansky --n 256 --check --seed 20261125 --sizes 0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24 (all types, values, distributions)"
J 60 pattern radix-sort --family sklansky --n 256 --check --seed 20261125 --sizes 0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24 > $OUT/check-radix-sort.txt 2>&1; log "check rc=$?"
for t in uint32 int32 float32; do
  log "check: pattern radix-sort --family sklansky --n 256 --check --seed 20261126 --sizes 2^28 --type $t"
  J 75 pattern radix-sort --family sklansky --n 256 --check --seed 20261126 --sizes 2^28 --type $t >> $OUT/check-radix-sort.txt 2>&1; log "check 2^28 $t rc=$?"
done
echo "PASS $(grep -c '^PASS' $OUT/check-radix-sort.txt) FAIL $(grep -c '^FAIL' $OUT/check-radix-sort.txt)" | tee -a $OUT/log.txt
grep -vE '^PASS' $OUT/check-radix-sort.txt | head -20
cd $ROOT
log "narrow and wide networks"
J 25 pattern radix-sort --family blelloch --n 64 --check --sizes 0,1,33,tile-1,tile,tile+1,10^6+7 --option dist=random,few-distinct,all-equal --seed 7 > $OUT/check-narrow-wide.txt 2>&1; log "blelloch-64 rc=$?"
J 25 pattern radix-sort --family sklansky --n 1024 --check --sizes 1,33,tile+1,10^6+7 --type uint32 --type float32 --option dist=random,sorted --seed 8 >> $OUT/check-narrow-wide.txt 2>&1; log "sklansky-1024 rc=$?"
echo "PASS $(grep -c '^PASS' $OUT/check-narrow-wide.txt) FAIL $(grep -c '^FAIL' $OUT/check-narrow-wide.txt)" | tee -a $OUT/log.txt
cd $E; gunzip -f sortbench3.gz; chmod +x sortbench3
log "kernel breakdown (uint32, n = 2^28) and CUB-referenced checks"
timeout 40 ./sortbench3 /dev/null > $OUT/kernels.txt 2>&1; log "kernels rc=$?"
grep -E "checks:|FAIL|total|vs cub|CUDA error" $OUT/kernels.txt | head -30
cd $E
log "ncu"
timeout 40 ncu --clock-control none --kernel-id ::regex:'uint32_keys_onesweep|DeviceRadixSortOnesweepKernel':1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section InstructionStats --section MemoryWorkloadAnalysis --section Occupancy --metrics dram__bytes_read.sum,dram__bytes_write.sum ./sortbench3 /dev/null profile 0 > $OUT/ncu.txt 2>&1; log "ncu rc=$?"
grep -E "^  [a-zA-Z_]|Duration|DRAM Through|Compute \(SM\)|Issue Slots|Executed Ipc A|Achieved Occ|Stall|Warp Cycles Per Issued|Mem Pipes|Bank" $OUT/ncu.txt | cut -c1-140 | head -50
log "racecheck"
timeout 25 compute-sanitizer --tool racecheck ./sortbench3 /dev/null small 0 > $OUT/racecheck.txt 2>&1; log "racecheck rc=$?"; tail -2 $OUT/racecheck.txt
