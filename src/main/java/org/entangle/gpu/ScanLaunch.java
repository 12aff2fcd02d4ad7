package org.entangle.gpu;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.KernelForm;

/**
 * The device buffers of one scan of {@code n} elements and the launch of a {@link GeneratedKernel} over them.
 * The device-wide form's tile status is zeroed once, when it is allocated: its words carry the epoch of the run
 * that wrote them and each run takes the next epoch (Merrill &amp; Garland's status flags made reusable), so a run
 * is one kernel launch and nothing else. Closing frees every buffer, also after a failure.
 */
final class ScanLaunch implements AutoCloseable {

    private final GeneratedKernel kernel;
    private final LoadedKernel loaded;
    private final long n;
    private final Object[] arguments;
    final DeviceBuffer input;
    final DeviceBuffer output;
    final DeviceBuffer heads;
    final DeviceBuffer scratch;

    ScanLaunch(Gpu gpu, GeneratedKernel kernel, LoadedKernel loaded, long n) {
        this.kernel = kernel;
        this.loaded = loaded;
        this.n = n;
        long bytes = n * kernel.options().type().bytes();
        DeviceBuffer in = null;
        DeviceBuffer out = null;
        DeviceBuffer h = null;
        try {
            in = gpu.allocate(bytes, "the input");
            out = gpu.allocate(bytes, "the output");
            h = kernel.options().segmented() ? gpu.allocate((n + 31) / 32 * 4, "the segment heads") : null;
            this.scratch = kernel.scratchBytes(n) > 0 ? gpu.allocate(kernel.scratchBytes(n), "the tile status") : null;
        } catch (RuntimeException e) {
            for (DeviceBuffer b : new DeviceBuffer[] {in, out, h}) {
                if (b != null) b.close();
            }
            throw e;
        }
        this.input = in;
        this.output = out;
        this.heads = h;
        if (scratch != null) scratch.fill(0);
        List<Object> args = new ArrayList<>(List.of(input, output));
        if (kernel.options().segmented()) args.add(heads);
        args.add(n);
        if (kernel.form() == KernelForm.PROGRAM) args.add(kernel.programN());
        if (scratch != null) args.add(scratch);
        this.arguments = args.toArray();
    }

    /** Launches the kernel (the only device call of a run). */
    void run() {
        if (n == 0) return;
        loaded.launch(kernel.blocks(n), kernel.blockThreads(), kernel.dynamicSharedBytes(), arguments);
    }

    @Override
    public void close() {
        for (DeviceBuffer b : new DeviceBuffer[] {input, output, heads, scratch}) {
            if (b != null) b.close();
        }
    }
}
