package org.entangle.cuda.patterns;

import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.ScanOptions;
import org.entangle.network.Network;

/**
 * The device-wide decoupled look-back scan of {@link CudaGenerator#deviceWide} made embeddable in a larger
 * translation unit: its code wrapped in a namespace, its entry point renamed and its macros undefined after it,
 * so several scans (and the pattern's own kernels) live in one file. The kernel's parameters are those of
 * {@link GeneratedKernel}: {@code (const T* in, T* out, [const unsigned* heads,] long long n,
 * unsigned long long* scratch)} with scratch of {@link GeneratedKernel#scratchBytes} zeroed before each launch.
 *
 * @param kernel the generated kernel (launch geometry and scratch size)
 * @param entry  the renamed entry point
 * @param source the embeddable source
 */
public record EmbeddedDeviceScan(GeneratedKernel kernel, String entry, String source) {

    private static final String[] MACROS = {"LANES", "ITEMS", "TILE", "WARP_ITEMS", "PAD", "VEC", "FULL_MASK",
            "STATUS_INVALID", "STATUS_AGGREGATE", "STATUS_PREFIX"};

    /** The network's device-wide scan for {@code options}, entry {@code entry}, inside namespace {@code entry}. */
    public static EmbeddedDeviceScan of(Network network, ScanOptions options, String entry) {
        GeneratedKernel k = CudaGenerator.deviceWide(network, options, CudaGenerator.defaultItemsPerThread(network.width(), options));
        StringBuilder sb = new StringBuilder();
        sb.append("// ---- the network's device-wide scan (").append(options.label()).append("), entry ").append(entry).append(" ----\n");
        sb.append("namespace ").append(entry).append("_ns {\n");
        sb.append(k.source().replace(k.entry() + "(", entry + "("));
        sb.append("}  // namespace ").append(entry).append("_ns\n");
        for (String m : MACROS) sb.append("#undef ").append(m).append('\n');
        return new EmbeddedDeviceScan(k, entry, sb.toString());
    }
}
