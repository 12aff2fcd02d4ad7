package org.entangle.gpu.tournament;

/** The CPU reference of the block-scan tournament: each block of {@code width} elements scanned {@code reps} times (int32 sums, wrapping). */
final class RepeatedScan {

    private RepeatedScan() {
    }

    static int[] of(int[] input, int width, int reps) {
        int[] x = input.clone();
        for (int base = 0; base < x.length; base += width) {
            int end = Math.min(x.length, base + width);
            for (int r = 0; r < reps; r++) {
                for (int i = base + 1; i < end; i++) x[i] += x[i - 1];
            }
        }
        return x;
    }
}
