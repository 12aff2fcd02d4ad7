#!/usr/bin/env bash
# Builds explore2 (call 2): compact_new.cu / merge_new.cu are `pattern compact|merge --family sklansky --n 256 --emit`
# of branch mc; the mb5/mb6 copies change only the launch bounds (and the names, to share one translation unit).
set -e
cd "$(dirname "$0")"
for mb in 5 6; do
  sed -e "s/__launch_bounds__(THREADS, 4)/__launch_bounds__(THREADS, $mb)/" -e "s/namespace compact_/namespace mb${mb}_compact_/g" \
      -e "s/entangle_compact_/mb${mb}_entangle_compact_/g" compact_new.cu > compact_new_mb$mb.cu
done
nvcc -O3 -arch=sm_90 -std=c++17 -I. explore2.cu -o ${1:-explore2}
