package org.entangle.gpu.patterns;

import java.util.List;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.PatternSource;
import org.entangle.gpu.Gpu;

/**
 * A GPU parallel pattern that can be checked and benchmarked on a device: the generated CUDA of its
 * {@link #source()}, launched through JCuda, compared element by element with a CPU reference, and timed
 * against its CUB (or Thrust) counterpart in the same run.
 */
public interface GpuPattern {

    /** The CUDA emitter this pattern launches. */
    PatternSource source();

    /** Checks every configuration of the request (types, operators, distributions) at every size. */
    List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed);

    /** Benchmarks every configuration of the request at every size against the library and memcpy. */
    List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs);
}
