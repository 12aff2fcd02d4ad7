package org.entangle.cuda;

import java.util.List;

/**
 * Writes a {@link ProgramPlan} as one CUDA kernel for every N: N is an {@code int} argument, the segment of N
 * values lives in dynamic shared memory ({@code N * sizeof(V)} bytes given at launch), one block scans each
 * segment of N elements with {@link ProgramPlan#threadsFor} threads. Loops, ifs and scalar assignments are
 * written as they are; a {@code parallel} block becomes a loop over the lanes each thread handles (strided by
 * {@code blockDim.x}), which reads every operand into registers, then {@code __syncthreads()}, then writes, then
 * {@code __syncthreads()} again. An element assignment outside {@code parallel} is done by thread 0 between
 * barriers.
 */
final class ProgramKernelGenerator {

    static final String ENTRY = "entangle_program_scan";

    private ProgramKernelGenerator() {
    }

    /**
     * The kernel's source.
     *
     * @param exclusiveProgram whether the program computes an exclusive scan
     * @param maxN             the largest N (its values fill the shared memory a block may use)
     */
    static String generate(ProgramPlan plan, ScanOptions o, boolean exclusiveProgram, int maxN, String header) {
        CodeBuilder c = new CodeBuilder();
        c.lines(header);
        ScanPrelude.emitAlgebra(c, o);
        c.blank();
        c.line("#define MAX_N " + maxN + "  // N values of V fill the 48 KB of shared memory a block may use");
        c.line("#define MAX_THREADS " + ProgramPlan.MAX_THREADS);
        c.line("#define ITEMS (MAX_N / MAX_THREADS)  // lanes of a parallel block per thread at most");
        c.line("__device__ __forceinline__ int log2_floor(int v) { return 31 - __clz(v); }");
        c.line("__device__ __forceinline__ int log_floor(int b, int v) { int l = 0; for (long long p = b; p <= v; p *= b) l++; return l; }");
        c.line("// element j of a segment in scan order" + (o.backward() ? " (backward: mirrored inside the segment)" : ""));
        c.line("__device__ __forceinline__ long long position(long long base, int len, int j) { return "
                + (o.backward() ? "base + (len - 1 - j)" : "base + j") + "; }");
        String heads = o.segmented() ? "const unsigned* __restrict__ heads, " : "";
        c.line("__device__ __forceinline__ V own_value(const T* __restrict__ in, " + heads + "long long base, int len, int j) {");
        if (o.segmented()) {
            c.line("const long long at = position(base, len, j);");
            c.line("return make_v(in[at], j == 0 || " + (o.backward() ? "head_bit(heads, at + 1)" : "head_bit(heads, at)") + " ? 1u : 0u);");
        } else {
            c.line("return in[position(base, len, j)];");
        }
        c.line("}");
        c.blank();
        c.line("extern \"C\" __global__ void __launch_bounds__(MAX_THREADS) " + ENTRY + "(const T* __restrict__ in, T* __restrict__ out, "
                + heads + "long long n, int N) {");
        c.line("extern __shared__ __align__(16) unsigned char shared_bytes[];");
        c.line("V* x = reinterpret_cast<V*>(shared_bytes);  // the program's x[0 .. N-1]");
        c.line("const long long base = (long long)blockIdx.x * N;");
        c.line("const int len = (int)min((long long)N, n - base);");
        String ownArgs = "in, " + (o.segmented() ? "heads, " : "") + "base, len, j";
        c.line("for (int j = threadIdx.x; j < N; j += blockDim.x) x[j] = j < len ? own_value(" + ownArgs + ") : identity();");
        c.line("__syncthreads();");
        for (String scalar : plan.scalars()) c.line("int " + scalar + " = 0;");
        statements(c, plan.statements());
        c.line("for (int j = threadIdx.x; j < len; j += blockDim.x) {");
        String result = resultConversion(c, o, exclusiveProgram, ownArgs);
        c.line("out[position(base, len, j)] = value_of(" + result + ");");
        c.line("}");
        c.line("}");
        return c.toString();
    }

    private static String resultConversion(CodeBuilder c, ScanOptions o, boolean exclusiveProgram, String ownArgs) {
        boolean needsOwn = o.segmented() || (!o.exclusive() && exclusiveProgram);
        if (needsOwn) c.line("const V own = own_value(" + ownArgs + ");");
        if (o.exclusive() && !exclusiveProgram) {
            c.line("// exclusive from the inclusive program: each element takes its predecessor's result");
            return "(" + (o.segmented() ? "own.f" : "j == 0") + " ? identity() : x[j - 1])";
        }
        if (o.exclusive() && o.segmented()) {
            c.line("// a segment's head starts from the identity");
            return "(own.f ? identity() : x[j])";
        }
        if (!o.exclusive() && exclusiveProgram) {
            c.line("// inclusive from the exclusive program: combine with the own element");
            return "combine(x[j], own)";
        }
        return "x[j]";
    }

    private static void statements(CodeBuilder c, List<ProgramPlan.Stmt> list) {
        for (ProgramPlan.Stmt s : list) {
            String at = "  // line " + s.line();
            if (s instanceof ProgramPlan.SetScalar a) {
                c.line(a.target().c() + (a.adds() ? " += " : " = ") + a.value().c() + ";" + at);
            } else if (s instanceof ProgramPlan.Loop l) {
                String v = l.variable().c();
                c.line("for (int " + v + " = " + l.lo().c() + ", " + v + "_last = " + l.hi().c() + "; " + v + " <= " + v
                        + "_last; ++" + v + ") {" + at);
                statements(c, l.body());
                c.line("}");
            } else if (s instanceof ProgramPlan.Branch b) {
                c.line("if (" + b.condition().c() + ") {" + at);
                statements(c, b.then());
                if (!b.otherwise().isEmpty()) {
                    c.line("} else {");
                    statements(c, b.otherwise());
                }
                c.line("}");
            } else if (s instanceof ProgramPlan.Parallel p) {
                parallel(c, p, at);
            } else if (s instanceof ProgramPlan.SerialWrite w) {
                c.line("if (threadIdx.x == 0) x[" + w.dst().c() + "] = " + w.value().c() + ";" + at + ": one op, thread 0");
                c.line("__syncthreads();");
            }
        }
    }

    private static void parallel(CodeBuilder c, ProgramPlan.Parallel p, String at) {
        String lane = p.lane().c();
        String suffix = "_" + p.id();
        c.line("{" + at + ": parallel " + lane + " in " + p.lo().c() + " .. " + p.hi().c());
        c.line("const int first = " + p.lo().c() + ", last = " + p.hi().c() + ";");
        c.line("if (last - first + 1 > ITEMS * (int)blockDim.x) __trap();  // more lanes than the threads hold");
        for (int w = 0; w < p.writes(); w++) c.line("V value" + suffix + "_" + w + "[ITEMS]; int dst" + suffix + "_" + w + "[ITEMS];");
        c.line("#pragma unroll");
        c.line("for (int item = 0; item < ITEMS; ++item) {  // read: operands into registers");
        c.line("const int " + lane + " = first + (int)threadIdx.x + item * (int)blockDim.x;");
        for (int w = 0; w < p.writes(); w++) c.line("dst" + suffix + "_" + w + "[item] = -1;");
        c.line("if (" + lane + " <= last) {");
        lanes(c, p.body(), suffix);
        c.line("}");
        c.line("}");
        c.line("__syncthreads();");
        if (p.writes() > 0) {
            c.line("#pragma unroll");
            c.line("for (int item = 0; item < ITEMS; ++item) {  // write");
            for (int w = 0; w < p.writes(); w++) {
                String id = suffix + "_" + w;
                c.line("if (dst" + id + "[item] >= 0) x[dst" + id + "[item]] = value" + id + "[item];");
            }
            c.line("}");
            c.line("__syncthreads();");
        }
        c.line("}");
    }

    private static void lanes(CodeBuilder c, List<ProgramPlan.LaneStmt> list, String suffix) {
        for (ProgramPlan.LaneStmt s : list) {
            if (s instanceof ProgramPlan.LaneBranch b) {
                c.line("if (" + b.condition().c() + ") {");
                lanes(c, b.then(), suffix);
                if (!b.otherwise().isEmpty()) {
                    c.line("} else {");
                    lanes(c, b.otherwise(), suffix);
                }
                c.line("}");
            } else if (s instanceof ProgramPlan.Write w) {
                String id = suffix + "_" + w.id();
                c.line("dst" + id + "[item] = " + w.dst().c() + ";");
                c.line("value" + id + "[item] = " + w.value().c() + ";");
            }
        }
    }
}
