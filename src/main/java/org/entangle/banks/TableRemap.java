package org.entangle.banks;

import java.util.Arrays;

/**
 * An index remapping given by a lookup table (the talk's "injective function" from index to slot), the form
 * {@link BankColouring} finds when no formula of {@link RemapSearch#grammar} removes every conflict. Indices
 * 0..n−1 go to the table's slots; an index past the table goes to its own slot after the table's footprint, so
 * a kernel whose buffers hold more lanes than the table still gets an injective map.
 *
 * <p>In CUDA the table is {@link #cArray(int) an array} named {@link #TABLE_NAME} and {@link #toC} looks it up.
 * It is a {@code static __device__ const} array, read through the L1 cache, not {@code __constant__}: the lanes
 * of a warp look up distinct entries, which constant memory would serialise.
 */
public final class TableRemap implements IndexRemap {

    /** The C name of the table. */
    public static final String TABLE_NAME = "BANK_SLOT";

    private final int[] slots;
    private final int tableFootprint;

    /** The remap sending index i &lt; slots.length to slots[i]; the slots must be distinct and non-negative. */
    public TableRemap(int[] slots) {
        this.slots = slots.clone();
        int max = -1;
        for (int s : slots) {
            if (s < 0) throw new IllegalArgumentException("slot " + s + " is negative");
            max = Math.max(max, s);
        }
        this.tableFootprint = max + 1;
    }

    /** The number of indices the table covers. */
    public int size() {
        return slots.length;
    }

    @Override
    public long map(long i) {
        return i < slots.length ? slots[(int) i] : tableFootprint + (i - slots.length);
    }

    @Override
    public boolean isIdentity() {
        for (int i = 0; i < slots.length; i++) if (slots[i] != i) return false;
        return true;
    }

    @Override
    public int expressionSize() {
        return slots.length;
    }

    @Override
    public String toC(String var) {
        return TABLE_NAME + "[" + var + "]";
    }

    /**
     * The table as a C definition with {@code entries} ≥ {@link #size()} entries (the entries past the table
     * follow {@link #map}): {@code static __device__ const unsigned short BANK_SLOT[n] = {…};}.
     */
    @Override
    public String cDefinition(int entries) {
        return cArray(entries);
    }

    /** {@link #cDefinition}: the table as a C array initialiser. */
    public String cArray(int entries) {
        if (entries < slots.length) throw new IllegalArgumentException(entries + " entries cannot hold a table of " + slots.length);
        long last = map(entries - 1L);
        String type = last < 65536 && tableFootprint <= 65536 ? "unsigned short" : "unsigned int";
        StringBuilder c = new StringBuilder("static __device__ const " + type + " " + TABLE_NAME + "[" + entries + "] = {");
        for (int i = 0; i < entries; i++) c.append(i == 0 ? "" : ",").append(map(i));
        return c.append("};").toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableRemap t && Arrays.equals(slots, t.slots);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(slots);
    }

    @Override
    public String toString() {
        return "table of " + slots.length + " slots (footprint " + tableFootprint + ")";
    }
}
