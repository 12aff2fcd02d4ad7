package org.entangle.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.KernelForm;
import org.entangle.cuda.ReferenceScan;
import org.entangle.cuda.ScanOptions;

/**
 * The checking protocol for a generated kernel: for each size, fresh random input from a seed
 * (printed with the result), the output poisoned first (every byte 0xA5), the kernel run, and the result
 * compared with {@link ReferenceScan} on the CPU: exactly for integers; for floats the relative error
 * ‖out − ref‖₂ / ‖ref‖₂ against a float64 reference must stay within {@link #tolerance} and no element may be
 * off by more than 10^-3 (|ref| + 1) (which catches elements never written). The first mismatching index is
 * reported.
 */
public final class ScanCheck {

    /**
     * The result for one size.
     *
     * @param n        elements
     * @param seed     the input's seed
     * @param passed   whether the output matched
     * @param detail   the first mismatch, or a summary
     * @param relativeError ‖out − ref‖₂ / ‖ref‖₂ for floats, 0 for integers
     */
    public record Outcome(long n, long seed, boolean passed, String detail, double relativeError) {
    }

    private ScanCheck() {
    }

    /** The stated tolerance on the relative error: 10^-4 for float32 (about 1700 ulp), 10^-12 for float64. */
    public static double tolerance(ElementType type) {
        return type == ElementType.FLOAT32 ? 1e-4 : type == ElementType.FLOAT64 ? 1e-12 : 0;
    }

    /** Runs the protocol for every size, input seeds {@code seed}, {@code seed + 1}, ... */
    public static List<Outcome> run(Gpu gpu, GeneratedKernel kernel, String ptx, List<Long> sizes, long seed) {
        List<Outcome> outcomes = new ArrayList<>();
        try (LoadedKernel loaded = gpu.load(ptx, kernel.entry())) {
            long s = seed;
            for (long n : sizes) {
                outcomes.add(checkOne(gpu, kernel, loaded, n, s++));
            }
        }
        return outcomes;
    }

    private static Outcome checkOne(Gpu gpu, GeneratedKernel kernel, LoadedKernel loaded, long size, long seed) {
        if (size > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("size " + size + " exceeds a Java array");
        int n = (int) size;
        ScanOptions o = kernel.options();
        HostArray input = HostArray.random(o.type(), o.operator(), n, seed);
        int[] heads = o.segmented() ? HostArray.randomHeads(n, seed) : new int[0];
        HostArray output = HostArray.allocate(o.type(), n);
        try (ScanLaunch launch = new ScanLaunch(gpu, kernel, loaded, n)) {
            launch.input.upload(input.pointer(), input.bytes());
            if (launch.heads != null) launch.heads.upload(jcuda.Pointer.to(heads), heads.length * 4L);
            launch.output.fill(0xA5);
            launch.run();
            gpu.synchronize("running " + kernel.entry() + " on " + n + " elements");
            launch.output.download(output.pointer(), output.bytes());
        }
        long chunk = kernel.form() == KernelForm.DEVICE_WIDE ? Math.max(1, n) : kernel.tileItems();
        java.util.function.IntPredicate head = i -> (heads[i >>> 5] >>> (i & 31) & 1) != 0;
        return o.type().isFloating()
                ? compareFloats(n, seed, output, ReferenceScan.ofDoubles(n, input::doubleAt, head, o, chunk), o.type())
                : compareInts(n, seed, output, ReferenceScan.ofLongs(n, input::longAt, head, o, chunk));
    }

    private static Outcome compareInts(int n, long seed, HostArray out, long[] ref) {
        for (int i = 0; i < n; i++) {
            if (out.longAt(i) != ref[i]) {
                return new Outcome(n, seed, false, "first mismatch at index " + i + ": expected " + ref[i] + ", got " + out.longAt(i), 0);
            }
        }
        return new Outcome(n, seed, true, "all " + n + " elements exact", 0);
    }

    private static Outcome compareFloats(int n, long seed, HostArray out, double[] ref, ElementType type) {
        double diff = 0;
        double norm = 0;
        int firstBad = -1;
        for (int i = 0; i < n; i++) {
            double o = out.doubleAt(i);
            double d = o == ref[i] ? 0 : o - ref[i];  // equal infinities (an exclusive max or min's identity) agree
            diff += d * d;
            if (Double.isFinite(ref[i])) norm += ref[i] * ref[i];
            if (firstBad < 0 && !(Math.abs(d) <= 1e-3 * (Math.abs(ref[i]) + 1))) firstBad = i;
        }
        double rel = norm == 0 ? Math.sqrt(diff) : Math.sqrt(diff / norm);
        boolean ok = rel <= tolerance(type) && firstBad < 0;
        String detail = String.format(Locale.ROOT, "relative error %.3e (tolerance %.0e)", rel, tolerance(type));
        if (firstBad >= 0) {
            detail += String.format(Locale.ROOT, "; first mismatch at index %d: expected %s, got %s", firstBad, ref[firstBad], out.doubleAt(firstBad));
        }
        return new Outcome(n, seed, ok, detail, rel);
    }
}
