package org.entangle.cuda.patterns;

/**
 * The CUDA C of one GPU parallel pattern built around a scan network (GPU parallel-patterns seed). Pure Java:
 * emitting works on any machine; the output compiles with {@code nvcc -ptx}.
 */
public interface PatternSource {

    /** The command-line name: reduce, compact, radix-sort, histogram, merge or segmented-scan. */
    String name();

    /** The complete CUDA C translation unit for the request (kernels with {@code extern "C"} entry points). */
    String emit(PatternRequest request);
}
