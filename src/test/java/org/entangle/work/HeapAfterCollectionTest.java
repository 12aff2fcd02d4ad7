package org.entangle.work;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The collectors' own report of what a collection left in use counts what is live. */
class HeapAfterCollectionTest {

    @Test
    void whatAJobKeepsShowsAfterACollection() {
        byte[][] kept = new byte[64][];
        for (int i = 0; i < kept.length; i++) kept[i] = new byte[1 << 20];
        System.gc();
        double fill = HeapAfterCollection.fill();
        double keptShare = kept.length * (double) (1 << 20) / Runtime.getRuntime().maxMemory();
        assertTrue(fill >= keptShare && fill <= 1, "after a collection " + fill + " of the heap in use, " + keptShare + " kept");
        assertTrue(kept[kept.length - 1].length > 0);
    }
}
