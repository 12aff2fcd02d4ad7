package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.LaneProgram;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.ScanOptions;
import org.entangle.cuda.ScanPrelude;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;

/**
 * The chosen network as an int32 sum across the threads of a block (the in-block scan of the radix sort's digit
 * counts): {@link ScanPrelude}'s {@code network_scan} over a lane table of {@code blockThreads} ≥ network width
 * lanes (lanes past the width keep their value), wrapped as {@code int block_scan(int x)} returning the
 * thread's inclusive prefix whether the network is inclusive or exclusive. Every thread must call it.
 */
public final class BlockNetworkScan {

    private BlockNetworkScan() {
    }

    /**
     * Checks that {@code network} is a forward scan correct for commutative operators, of a width a block can run
     * (a multiple of 32 up to 1024); returns whether it is exclusive.
     */
    public static boolean requireNetwork(Network network, String pattern) {
        int w = network.width();
        if (w < 32 || w > LaneProgram.MAX_WIDTH || w % 32 != 0) {
            throw new IllegalArgumentException(pattern + ": the network runs across a block's threads, so its width must be "
                    + "a multiple of 32 up to " + LaneProgram.MAX_WIDTH + ", got " + w);
        }
        ScanSpec spec = network.spec();
        if (spec.direction() != Direction.FORWARD || spec.kind() == ResultKind.REDUCE) {
            throw new IllegalArgumentException(pattern + ": needs a forward inclusive or exclusive scan network, not " + spec);
        }
        CheckResult check = RangeChecker.check(network, spec.withAlgebra(Algebra.COMMUTATIVE));
        if (!check.correct()) {
            throw new IllegalArgumentException(pattern + ": the network is not a correct " + spec.withAlgebra(Algebra.COMMUTATIVE)
                    + ": " + check.failure().message());
        }
        return spec.kind() == ResultKind.EXCLUSIVE;
    }

    /** Emits (inside the current namespace) the int32 algebra, the lane table and {@code block_scan}. */
    public static void emit(CodeBuilder c, Network network, int blockThreads, boolean exclusiveNetwork) {
        ScanPrelude.emitAlgebra(c, new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, false));
        int buffers = ScanPrelude.emitNetwork(c, LaneProgram.of(network), blockThreads, ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE);
        c.line("// The network across the block: thread t's inclusive prefix of x (lanes past the network's "
                + network.width() + " wires keep their own value).");
        c.line("__device__ __forceinline__ int block_scan(int x) {");
        if (buffers > 0) {
            c.line("__shared__ V exchange[2][" + blockThreads + "];");
            c.line("const V scanned = network_scan(x, threadIdx.x, exchange);");
        } else {
            c.line("const V scanned = network_scan(x, threadIdx.x);");
        }
        c.line(exclusiveNetwork ? "return threadIdx.x < " + network.width() + " ? combine(scanned, x) : scanned;" : "return scanned;");
        c.line("}");
    }
}
