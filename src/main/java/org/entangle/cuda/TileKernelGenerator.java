package org.entangle.cuda;

import org.entangle.network.Network;

/**
 * The block and warp forms: each block scans its own segment of {@code width} elements (the last one may be
 * shorter; missing lanes hold the identity). The block form exchanges values through shared memory with one
 * {@code __syncthreads()} per step; the warp form keeps them in registers with one {@code __shfl_sync} per
 * step, each lane reading the lane its instruction names.
 */
final class TileKernelGenerator {

    static final String ENTRY = "entangle_tile_scan";

    private TileKernelGenerator() {
    }

    static GeneratedKernel generate(Network network, LaneProgram program, ScanOptions o, boolean exclusiveNetwork,
                                    KernelForm form, String header, BankRemap remap) {
        int width = network.width();
        boolean warp = form == KernelForm.WARP;
        int lanes = warp ? 32 : width;
        CodeBuilder c = new CodeBuilder();
        c.lines(header);
        c.line("#define WIDTH " + width);
        c.blank();
        ScanPrelude.emitAlgebra(c, o);
        c.blank();
        int buffers = ScanPrelude.emitNetwork(c, program, lanes,
                warp ? ScanPrelude.Exchange.SHUFFLE_ONLY : ScanPrelude.Exchange.SHARED_ONLY, remap);
        c.blank();
        c.line("extern \"C\" __global__ void __launch_bounds__(" + lanes + ") " + ENTRY + "(const T* __restrict__ in, T* __restrict__ out, "
                + (o.segmented() ? "const unsigned* __restrict__ heads, " : "") + "long long n) {");
        if (buffers > 0) c.line("__shared__ V exchange[2][EXCHANGE_SLOTS];");
        boolean shift = o.exclusive() && !exclusiveNetwork;
        if (shift && !warp) c.line("__shared__ V shifted[" + lanes + "];");
        c.line("const int lane = threadIdx.x;");
        c.line("const long long base = (long long)blockIdx.x * WIDTH;");
        c.line("const int len = (int)min((long long)WIDTH, n - base);");
        c.line("// lane's element in scan order" + (o.backward() ? " (backward: mirrored inside the segment)" : ""));
        c.line("const long long at = base + " + (o.backward() ? "(len - 1 - lane)" : "lane") + ";");
        c.line("V own = identity();");
        if (o.segmented()) {
            String head = o.backward() ? "head_bit(heads, at + 1)" : "head_bit(heads, at)";
            c.line("if (lane < len) own = make_v(in[at], lane == 0 || " + head + " ? 1u : 0u);");
        } else {
            c.line("if (lane < len) own = in[at];");
        }
        c.line("V x = network_scan(own, lane" + (buffers > 0 ? ", exchange" : "") + ");");
        emitResultConversion(c, o, exclusiveNetwork, warp);
        c.line("if (lane < len) out[at] = value_of(x);");
        c.line("}");
        return new GeneratedKernel(c.toString(), ENTRY, form, o, lanes, width, false, 0);
    }

    private static void emitResultConversion(CodeBuilder c, ScanOptions o, boolean exclusiveNetwork, boolean warp) {
        String isHead = o.segmented() ? "own.f" : "lane == 0";
        if (o.exclusive() && !exclusiveNetwork) {
            c.line("// exclusive from the inclusive network: each lane takes its predecessor's result");
            if (warp) {
                c.line("const V previous = shfl(x, (lane + 31) & 31);");
            } else {
                c.line("shifted[lane] = x;");
                c.line("__syncthreads();");
                c.line("const V previous = shifted[lane == 0 ? 0 : lane - 1];");
            }
            c.line("x = " + isHead + " ? identity() : previous;");
        } else if (o.exclusive() && o.segmented()) {
            c.line("// a segment's head starts from the identity");
            c.line("x = own.f ? identity() : x;");
        } else if (!o.exclusive() && exclusiveNetwork) {
            c.line("// inclusive from the exclusive network: combine with the own element");
            c.line("x = combine(x, own);");
        }
    }
}
