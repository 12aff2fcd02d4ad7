package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.cuda.ElementType;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The reduce kernel's launch shape: the grid the runner sizes against the occupancy the kernel declares. */
class ReduceSourceTest {

    private static final int MULTIPROCESSORS = 132;

    @Test
    void everyLaunchHasABlockAndAtMostOneFullOccupancy() {
        Network net = Families.build("sklansky", 256);
        for (ElementType type : ReduceSource.TYPES) {
            ReduceSource.Config c = new ReduceSource().configs(new PatternRequest(net, "sklansky-256", List.of(type.token()), Map.of("op", "add"))).get(0);
            long tile = ReduceSource.tileItems(net, c);
            assertEquals(1, ReduceSource.blocks(net, c, 0, MULTIPROCESSORS), "n = 0 still writes the identity");
            assertEquals(1, ReduceSource.blocks(net, c, tile, MULTIPROCESSORS));
            assertEquals(2, ReduceSource.blocks(net, c, tile + 1, MULTIPROCESSORS));
            long full = (long) MULTIPROCESSORS * ReduceSource.blocksPerMultiprocessor(net);
            assertEquals(full, ReduceSource.blocks(net, c, 1L << 28, MULTIPROCESSORS), type.token());
            assertEquals(full, ReduceSource.blocks(net, c, (1L << 28) + 3, MULTIPROCESSORS), type.token());
        }
    }

    @Test
    void theKernelDeclaresTheOccupancyTheGridAssumes() {
        for (int width : new int[] {32, 64, 256, 1024}) {
            Network net = Families.build("kogge-stone", width);
            String source = new ReduceSource().emit(new PatternRequest(net, "kogge-stone-" + width, List.of("int64"), Map.of("op", "min")));
            int perMultiprocessor = ReduceSource.blocksPerMultiprocessor(net);
            assertEquals(Math.max(1, Math.min(32, 2048 / width) / 2), perMultiprocessor, "half a multiprocessor's threads or its block limit at width " + width);
            assertTrue(source.contains("__launch_bounds__(THREADS, " + perMultiprocessor + ") entangle_reduce_int64_min("), source);
        }
    }

    @Test
    void oneKernelPerConfigurationAndTheLastBlockCombines() {
        Network net = Families.build("sklansky", 256);
        String source = new ReduceSource().emit(new PatternRequest(net, "sklansky-256", List.of("float32"), Map.of()));
        assertEquals(3, source.split("__global__", -1).length - 1, "add, max and min: one launch each");
        assertTrue(source.contains("atomicAdd(ticket, 1u) == gridDim.x - 1"), "the last block to finish is elected");
        assertTrue(source.contains("*ticket = 0;"), "the ticket is left zero for the next launch");
        assertFalse(source.contains("atomicAdd(out"), "no atomics on values: the float result is deterministic");
    }
}
