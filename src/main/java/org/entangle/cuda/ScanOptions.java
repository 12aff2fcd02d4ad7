package org.entangle.cuda;

import java.util.Objects;

/**
 * What a generated kernel computes: element type, operator, inclusive or exclusive, forward or backward, and
 * whether the scan is segmented by a bit mask of segment heads (Blelloch 1990: the operator lifted to
 * (flag, value) pairs, (f1, v1) ⊕ (f2, v2) = (f1 | f2, f2 ? v2 : v1 ⊕ v2); bit i of word i / 32 set means
 * element i starts a segment).
 *
 * <p>Backward scans run the same network on mirrored indices: element i of a backward scan is the combination
 * of elements i..end of its segment, and a segment of a backward scan ends (in scan order) where the next
 * element starts a new one.
 *
 * @param type      element type
 * @param operator  the operator
 * @param exclusive exclusive (element i gets the elements before it) rather than inclusive
 * @param backward  scan from the end of the array towards its start
 * @param segmented restart at every element whose flag bit is set
 */
public record ScanOptions(ElementType type, ScanOperator operator, boolean exclusive, boolean backward, boolean segmented) {

    /** The default: forward inclusive int32 sum. */
    public static final ScanOptions INT32_SUM = new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, false);

    public ScanOptions {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(operator, "operator");
    }

    public ScanOptions withType(ElementType t) {
        return new ScanOptions(t, operator, exclusive, backward, segmented);
    }

    public ScanOptions withOperator(ScanOperator o) {
        return new ScanOptions(type, o, exclusive, backward, segmented);
    }

    /** A short label such as {@code int32 add inclusive forward segmented}. */
    public String label() {
        return type.token() + " " + operator.token() + " " + (exclusive ? "exclusive" : "inclusive") + " "
                + (backward ? "backward" : "forward") + (segmented ? " segmented" : "");
    }
}
