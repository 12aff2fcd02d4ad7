#!/usr/bin/env bash
# Builds explore3 (the call-3 harness): the generated kernels it includes are emitted by the project's jar
# (mvn -q -B -ntp -DskipTests package first), then nvcc builds the harness with CUB.
#   .ci/gpu-results/session4-mc/explore/build.sh [OUTPUT]      (from the repository root)
set -e
here=$(dirname "$0")
java -jar target/entangle.jar pattern compact --family sklansky --n 256 --emit -o "$here/compact_final.cu"
java -jar target/entangle.jar pattern merge --family sklansky --n 256 --emit -o "$here/merge_final.cu"
nvcc -O3 -arch=sm_90 -std=c++17 -I"$here" "$here/explore3.cu" -o "${1:-$here/explore3}"
