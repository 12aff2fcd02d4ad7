package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The L2 cache hint of the 16-byte loads with which the read-bound patterns (reduction, histogram) stream their input
 * once ({@code ld.global.nc.L1::no_allocate}, PTX ISA "ld.global.nc"; the streaming loads of CUB's
 * {@code DeviceReduce} and {@code DeviceHistogram} agents). Option {@code hint=} of those patterns, a comma-separated
 * list, one kernel per value:
 * <ul>
 * <li>{@code none} (default): no L2 qualifier.</li>
 * <li>{@code evict-first}: an L2 cache policy made by {@code createpolicy.fractional.L2::evict_first} (fraction 1.0)
 * and passed with {@code .L2::cache_hint} (PTX ISA "createpolicy", sm_80 and later): the lines the stream brings into
 * L2 are the first replaced, so the stream does not push out lines other loads still wait on.</li>
 * <li>{@code prefetch-64}, {@code prefetch-128}, {@code prefetch-256}: the {@code .L2::64B}/{@code 128B}/{@code 256B}
 * prefetch-size qualifier (PTX ISA "ld", {@code .level::prefetch_size}): L2 fetches that many bytes around each
 * missed sector from device memory, fewer and larger DRAM requests for the same bytes.</li>
 * </ul>
 * 32-byte {@code ld.global.nc.v8.f32} loads would halve the load instructions, but ptxas accepts them only for
 * sm_100 and later, so the width stays 16 bytes on sm_90.
 */
public enum StreamLoad {
    NONE("none", "ld.global.nc.L1::no_allocate.v4.u32"),
    EVICT_FIRST("evict-first", "ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32"),
    PREFETCH_64("prefetch-64", "ld.global.nc.L1::no_allocate.L2::64B.v4.u32"),
    PREFETCH_128("prefetch-128", "ld.global.nc.L1::no_allocate.L2::128B.v4.u32"),
    PREFETCH_256("prefetch-256", "ld.global.nc.L1::no_allocate.L2::256B.v4.u32");

    private final String token;
    private final String instruction;

    StreamLoad(String token, String instruction) {
        this.token = token;
        this.instruction = instruction;
    }

    /** The option value: {@code none}, {@code evict-first}, {@code prefetch-128}, ... */
    public String token() {
        return token;
    }

    /** The PTX load instruction with its qualifiers. */
    public String instruction() {
        return instruction;
    }

    /** A C identifier suffix that tells kernels of different hints apart: empty for {@link #NONE}. */
    String identifierSuffix() {
        return this == NONE ? "" : "_" + token.replace('-', '_');
    }

    /** For labels: empty for {@link #NONE}, else {@code , hint=evict-first}. */
    public String labelSuffix() {
        return this == NONE ? "" : ", hint=" + token;
    }

    /** Option {@code hint=}: the listed hints in order, each once; {@link #NONE} alone by default. */
    public static List<StreamLoad> hints(PatternRequest request, String pattern) {
        List<StreamLoad> out = new ArrayList<>();
        for (String token : request.option("hint", NONE.token).split(",", -1)) {
            StreamLoad hint = fromToken(token.strip().toLowerCase(Locale.ROOT));
            if (hint == null) {
                throw new IllegalArgumentException(pattern + ": hint=" + token.strip() + " is not none, evict-first, prefetch-64, prefetch-128 or prefetch-256");
            }
            if (!out.contains(hint)) out.add(hint);
        }
        return out;
    }

    private static StreamLoad fromToken(String token) {
        for (StreamLoad h : values()) {
            if (h.token.equals(token)) return h;
        }
        return null;
    }

    /** The device function {@code load(Vec& x, const Vec* p)}: one 16-byte vector with this hint. */
    String loadFunction() {
        String target = "\"=r\"(r.x), \"=r\"(r.y), \"=r\"(r.z), \"=r\"(r.w) : \"l\"(p)";
        StringBuilder sb = new StringBuilder();
        sb.append("__device__ __forceinline__ void load(Vec& x, const Vec* p) {\n");
        sb.append("uint4 r;\n");
        if (this == EVICT_FIRST) {
            sb.append("unsigned long long policy;\n");
            sb.append("asm(\"createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\" : \"=l\"(policy));\n");
            sb.append("asm volatile(\"").append(instruction).append(" {%0,%1,%2,%3}, [%4], %5;\" : ").append(target).append(", \"l\"(policy));\n");
        } else {
            sb.append("asm volatile(\"").append(instruction).append(" {%0,%1,%2,%3}, [%4];\" : ").append(target).append(");\n");
        }
        sb.append("*reinterpret_cast<uint4*>(&x) = r;\n");
        sb.append("}\n");
        return sb.toString();
    }
}
