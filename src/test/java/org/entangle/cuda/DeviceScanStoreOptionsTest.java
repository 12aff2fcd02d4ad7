package org.entangle.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.entangle.cuda.DeviceScanTuning.L2Hint;
import org.entangle.cuda.DeviceScanTuning.LookBack;
import org.entangle.cuda.DeviceScanTuning.TileLayout;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * The device-wide form's L2 hints on the direct layout's 16-byte accesses and the tile's prefix combined in at the
 * store ({@link DeviceScanTuning#l2Hint()}, {@link DeviceScanTuning#prefixAtStore()}): what each puts in the kernel,
 * that neither changes the launch, and which combinations are refused.
 */
class DeviceScanStoreOptionsTest {

    private static final Network SKLANSKY = Families.build("sklansky", 256);

    private static DeviceScanTuning tuning(L2Hint hint, boolean prefixAtStore) {
        return new DeviceScanTuning(25, 8, 200, true, false, false, TileLayout.DIRECT, LookBack.EARLY, hint, prefixAtStore);
    }

    private static GeneratedKernel kernel(ScanOptions o, DeviceScanTuning tuning) {
        return CudaGenerator.deviceWide(SKLANSKY, o, tuning);
    }

    private static int count(String text, String needle) {
        int c = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) c++;
        return c;
    }

    /** The kernel function itself (after the helpers). */
    private static String body(GeneratedKernel k) {
        return k.source().substring(k.source().indexOf("extern \"C\" __global__"));
    }

    @Test
    void theDefaultKnobsAreNoHintAndThePrefixInTheRescan() {
        DeviceScanTuning byCommandLine = new DeviceScanTuning(25, 8, 200, true, false, false, TileLayout.DIRECT, LookBack.EARLY);
        assertEquals(tuning(L2Hint.NONE, false), byCommandLine);
        assertEquals(byCommandLine, byCommandLine.withLookBack(LookBack.AFTER_NETWORK).withLookBack(LookBack.EARLY));
        String source = kernel(ScanOptions.INT32_SUM, byCommandLine).source();
        assertFalse(source.contains("L2::") || source.contains("createpolicy") || source.contains("handover_"));
        assertTrue(body(kernel(ScanOptions.INT32_SUM, byCommandLine)).contains("V running = combine(tile_prefix, thread_prefix);"));
    }

    @Test
    void evictFirstPutsThePolicyOnTheCopiesAndTheStoresOfFullTiles() {
        GeneratedKernel plain = kernel(ScanOptions.INT32_SUM, tuning(L2Hint.NONE, false));
        GeneratedKernel k = kernel(ScanOptions.INT32_SUM, tuning(L2Hint.EVICT_FIRST, false));
        assertTrue(k.source().contains("createpolicy.fractional.L2::evict_first.b64"));
        assertTrue(k.source().contains("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;"));
        assertTrue(k.source().contains("st.global.L2::cache_hint.v4.b32"));
        String body = body(k);
        int vectorStore = body.indexOf("store_evict_first(dst + chunk, src + chunk);");
        assertTrue(vectorStore > body.indexOf("// 6. Store"), "the 16-byte stores carry the policy");
        assertEquals(count(body(plain), "store_element("), count(body, "store_element("), "partial tiles store as before");
        assertEquals(plain.blockThreads(), k.blockThreads());
        assertEquals(plain.tileItems(), k.tileItems());
    }

    @Test
    void prefetchAsksForWholeBlocksOnTheCopiesOnly() {
        GeneratedKernel k = kernel(ScanOptions.INT32_SUM, tuning(L2Hint.PREFETCH_256, false));
        assertTrue(k.source().contains("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;"));
        assertFalse(k.source().contains("cache_hint") || k.source().contains("createpolicy"));
        assertTrue(body(k).contains("dst[chunk] = src[chunk];"), "stores as without the hint");
    }

    @Test
    void thePrefixAtTheStoreTakesTheLastBlockBarrierOffTheOtherWarps() {
        GeneratedKernel plain = kernel(ScanOptions.INT32_SUM, tuning(L2Hint.NONE, false));
        GeneratedKernel k = kernel(ScanOptions.INT32_SUM, tuning(L2Hint.NONE, true));
        String body = body(k);
        assertEquals(count(body(plain), "__syncthreads();") - 1, count(body, "__syncthreads();"), "no block barrier after the look-back");
        int lookBack = body.indexOf("look_back(status, tile, lane, first_window)");
        int resultsArrive = body.indexOf("handover_arrive(RESULTS_READY);");
        int prefixArrive = body.indexOf("handover_arrive(PREFIX_READY);");
        int resultsWait = body.indexOf("handover_wait(RESULTS_READY);");
        int rescan = body.indexOf("V running = combine(rescan_prefix, thread_prefix);");
        int prefixWait = body.indexOf("handover_wait(PREFIX_READY);");
        int store = body.indexOf("// 6. Store");
        assertTrue(resultsArrive >= 0 && resultsArrive < lookBack && lookBack < prefixArrive, "the first warp arrives around its look-back");
        assertTrue(prefixArrive < resultsWait && resultsWait < rescan && rescan < prefixWait && prefixWait < store,
                "the other warps rescan between the two barriers");
        assertTrue(body.contains("v.e[q] = (add_prefix ? combine(store_prefix, v.e[q]) : v.e[q]);"), "full tiles");
        assertTrue(body.contains("value_of((add_prefix ? combine(store_prefix, tile_items[i]) : tile_items[i]))"), "partial tiles");
        assertTrue(k.source().contains("bar.arrive %0, %1;") && k.source().contains("bar.sync %0, %1;"));
        assertEquals(plain.blockThreads(), k.blockThreads());
        assertEquals(plain.tileItems(), k.tileItems());
    }

    @Test
    void anExclusiveNetworkNeedsNoBarrierForTheThreadResults() {
        String body = body(CudaGenerator.deviceWide(Families.build("blelloch", 256), ScanOptions.INT32_SUM, tuning(L2Hint.NONE, true)));
        assertFalse(body.contains("RESULTS_READY"));
        assertTrue(body.indexOf("handover_arrive(PREFIX_READY);") < body.indexOf("handover_wait(PREFIX_READY);"));
    }

    @Test
    void thePaddedLayoutCombinesThePrefixInAsItTransposes() {
        DeviceScanTuning padded = new DeviceScanTuning(24, 8, 200, true, false, false, TileLayout.PADDED, LookBack.EARLY, L2Hint.NONE, true);
        String body = body(CudaGenerator.deviceWide(SKLANSKY, ScanOptions.INT32_SUM, padded));
        assertTrue(body.contains("v.e[q] = value_of((add_prefix ? combine(store_prefix, staging[PAD(warp_base + (k * 32 + lane) * VEC + q)])"));
    }

    @Test
    void refusedCombinationsNameTheKnob() {
        IllegalArgumentException padded = assertThrows(IllegalArgumentException.class,
                () -> new DeviceScanTuning(24, 8, 200, true, false, false, TileLayout.PADDED, LookBack.EARLY, L2Hint.EVICT_FIRST, false));
        assertTrue(padded.getMessage().contains("L2 hint evict-first"), padded.getMessage());
        IllegalArgumentException scalar = assertThrows(IllegalArgumentException.class,
                () -> new DeviceScanTuning(25, 8, 200, false, false, false, TileLayout.DIRECT, LookBack.EARLY, L2Hint.PREFETCH_256, false));
        assertTrue(scalar.getMessage().contains("L2 hint prefetch-256"), scalar.getMessage());
        for (LookBack l : new LookBack[] {LookBack.AFTER_NETWORK, LookBack.DEDICATED_WARP}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new DeviceScanTuning(25, 8, 200, true, false, false, TileLayout.DIRECT, l, L2Hint.NONE, true));
            assertTrue(e.getMessage().contains("prefix at the store needs the early look-back, got " + l.token()), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class,
                () -> new DeviceScanTuning(25, 8, 200, true, false, false, TileLayout.DIRECT, LookBack.EARLY, null, false));
        ScanOptions segmented = new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, true);
        DeviceScanTuning fits = new DeviceScanTuning(11, 8, 200, true, false, false, TileLayout.DIRECT, LookBack.EARLY, L2Hint.NONE, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kernel(segmented, fits));
        assertTrue(e.getMessage().contains("prefix at the store needs an unsegmented scan"), e.getMessage());
    }

    @Test
    void hintTokensReadBack() {
        for (L2Hint h : L2Hint.values()) assertEquals(h, L2Hint.fromToken(h.token()));
        assertEquals(L2Hint.PREFETCH_256, L2Hint.fromToken("prefetch-256"));
        assertEquals(null, L2Hint.fromToken("evict_first"));
    }
}
